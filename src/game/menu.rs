//! The main menu (docs/PRODUCT.md section 2).

use leptos::prelude::*;

use crate::common::context::{Navigator, Screen};
use crate::common::storage::{saves, LocalStore};
use crate::game::handover::{Code, HandOver};

/// What a menu entry does when pressed.
#[derive(Clone, Copy)]
enum Opens {
    Screen(Screen),
    /// Resume the autosaved game.
    Continue,
}

const ENTRIES: [(&str, Opens); 7] = [
    ("Continue", Opens::Continue),
    ("Play", Opens::Screen(Screen::Lobby)),
    ("Board Maker", Opens::Screen(Screen::BoardMaker)),
    ("Statistics", Opens::Screen(Screen::Statistics)),
    ("Settings", Opens::Screen(Screen::Settings)),
    ("Help", Opens::Screen(Screen::Help)),
    ("Credits", Opens::Screen(Screen::Credits)),
];

/// The main menu of the game's page: Continue resumes the autosaved game here (at its table
/// or room again).
#[cfg(feature = "online")]
#[component]
pub fn MainMenu() -> impl IntoView {
    let table_ui = expect_context::<crate::game::table::TableUi>();
    menu_screen(move || crate::game::table::continue_game(table_ui), None)
}

/// The main menu of the game's code without online play: Continue resumes a game played on
/// this device here, and hands a game played at a table or in a room to the code with it.
#[cfg(not(feature = "online"))]
#[component]
pub fn MainMenu() -> impl IntoView {
    let session = expect_context::<crate::game::session::Session>();
    let handover = expect_context::<HandOver>();
    view! {
        {menu_screen(move || session.resume_autosave(), Some(handover))}
        {handover.status()}
    }
}

/// The main menu, with what Continue does before it opens the game: `resume` loads the
/// autosaved game (`Ok(false)`: there is none). The lobby's light first code
/// (`crate::game::front`) leaves that to the game's page, which it hands over to. With
/// `online_elsewhere`, a game played at a table or in a room is handed to the game's code
/// with online play instead.
pub fn menu_screen(
    resume: impl Fn() -> Result<bool, crate::common::error::AppError> + Copy + Send + Sync + 'static,
    online_elsewhere: Option<HandOver>,
) -> impl IntoView {
    let nav = expect_context::<Navigator>();
    let problem = RwSignal::new(None::<String>);
    // "Continue" is offered when there is an autosave (a damaged one still shows the entry,
    // and pressing it says what is wrong).
    let summary = LocalStore::open()
        .ok()
        .and_then(|s| saves::autosave_summary(&s).ok().flatten());
    let autosave = LocalStore::open().ok().and_then(|s| {
        summary.as_ref().map(|x| x.name.clone()).or_else(|| {
            s.get("autosave")
                .ok()
                .flatten()
                .map(|_| "a damaged game".to_string())
        })
    });
    let has_autosave = autosave.is_some();
    let at_table = summary.as_ref().is_some_and(|s| s.at_table);
    let buttons = ENTRIES
        .iter()
        .map(|&(label, opens)| {
            // The main button: Continue when a game is in progress, else Play (index.html's
            // shell does the same before the app starts).
            let primary = match opens {
                Opens::Continue => has_autosave,
                Opens::Screen(Screen::Lobby) => !has_autosave,
                Opens::Screen(_) => false,
            };
            let class = if primary {
                "menu-button primary"
            } else {
                "menu-button"
            };
            let enabled = match opens {
                Opens::Continue => has_autosave,
                Opens::Screen(_) => true,
            };
            let on_click = move |_| match opens {
                Opens::Screen(s) => nav.go(s),
                Opens::Continue if at_table && online_elsewhere.is_some() => {
                    if let Some(handover) = online_elsewhere {
                        handover.to(Code::Online, Screen::Play, None);
                    }
                }
                Opens::Continue => match resume() {
                    Ok(true) => nav.go(Screen::Play),
                    Ok(false) => problem.set(Some("There is no game to continue.".into())),
                    Err(e) => problem.set(Some(e.to_string())),
                },
            };
            let hint = match (opens, &autosave) {
                (Opens::Continue, Some(name)) => Some(format!("Resume {name}")),
                _ => None,
            };
            view! {
                <li>
                    <button
                        type="button"
                        class=class
                        disabled=!enabled
                        title=hint
                        aria-describedby=(!enabled).then_some("menu-soon")
                        on:click=on_click
                    >
                        {label}
                    </button>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="screen menu" aria-labelledby="menu-title">
            <h1 id="menu-title" class="menu-title">"Monopoly Worlds"</h1>
            <p class="menu-tagline">"Trade, build and bargain on any board you can imagine."</p>
            <nav class="menu-card" aria-label="Main menu">
                <ul class="menu-list">{buttons}</ul>
                {move || problem.get().map(|p| view! { <p class="problem" role="alert">{p}</p> })}
            </nav>
            {(!has_autosave)
                .then(|| {
                    view! {
                        <p id="menu-soon" class="menu-footer">
                            "Greyed-out entries are not available yet (Continue needs a game in progress)."
                        </p>
                    }
                })}
        </section>
    }
}
