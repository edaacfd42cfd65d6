//! The main menu (docs/PRODUCT.md section 2).

use leptos::prelude::*;

use crate::common::context::{Navigator, Screen};
use crate::common::error::AppError;
use crate::common::storage::{saves, LocalStore};
#[cfg(not(feature = "online"))]
use crate::game::handover::HandOver;

/// What a menu entry does when pressed.
#[derive(Clone, Copy)]
enum Opens {
    Screen(Screen),
    /// Resume the autosaved game.
    Continue,
}

const ENTRIES: [(&str, Opens); 8] = [
    ("Continue", Opens::Continue),
    ("Play", Opens::Screen(Screen::Lobby)),
    ("My games", Opens::Screen(Screen::MyGames)),
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
    menu_screen(move || crate::game::table::continue_game(table_ui).map(Resumed::here_if))
}

/// The main menu of the game's code without online play: Continue resumes a game played on
/// this device here, and hands a game played at a table or in a room to the code with it.
#[cfg(not(feature = "online"))]
#[component]
pub fn MainMenu() -> impl IntoView {
    let session = expect_context::<crate::game::session::Session>();
    let handover = expect_context::<HandOver>();
    view! {
        {menu_screen(move || continue_or_hand_over(session, handover))}
        {handover.status()}
    }
}

/// What Continue did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resumed {
    /// The autosaved game is loaded here: the game screen opens.
    Here,
    /// The page is handed to another of the game's codes, which opens the game.
    HandedOver,
    /// There is no game to continue.
    Nothing,
}

impl Resumed {
    /// A game loaded here (`true`) or none to load.
    pub fn here_if(loaded: bool) -> Resumed {
        if loaded {
            Resumed::Here
        } else {
            Resumed::Nothing
        }
    }
}

/// Continue in the game's code without online play: a game played on this device resumes
/// here; one played at a table or in a room is handed to the code with online play.
#[cfg(not(feature = "online"))]
pub fn continue_or_hand_over(
    session: crate::game::session::Session,
    handover: HandOver,
) -> Result<Resumed, AppError> {
    use crate::game::handover::Code;
    let code = Code::for_screen(Screen::Play);
    if code == Code::Online {
        handover.to(code, Screen::Play, None);
        return Ok(Resumed::HandedOver);
    }
    session.resume_autosave().map(Resumed::here_if)
}

/// The main menu, with what Continue does before it opens the game (`resume`). The lobby's
/// light first code (`crate::game::front`) leaves that to the game's code it hands the page
/// to (`Resumed::Here` there opens the game screen, which hands the page over).
pub fn menu_screen(
    resume: impl Fn() -> Result<Resumed, AppError> + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let nav = expect_context::<Navigator>();
    let problem = RwSignal::new(None::<String>);
    // "Continue" is offered when there is an autosave (a damaged one still shows the entry,
    // and pressing it says what is wrong).
    let autosave = LocalStore::open()
        .ok()
        .and_then(|s| match saves::autosave_summary(&s) {
            Ok(Some(summary)) => Some(summary.name),
            _ => s
                .get("autosave")
                .ok()
                .flatten()
                .map(|_| "a damaged game".to_string()),
        });
    let has_autosave = autosave.is_some();
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
                Opens::Continue => match resume() {
                    Ok(Resumed::Here) => nav.go(Screen::Play),
                    Ok(Resumed::HandedOver) => {}
                    Ok(Resumed::Nothing) => {
                        problem.set(Some("There is no game to continue.".into()))
                    }
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
