//! The game page's light first code (bin `front`, the code `index.html` loads): the main
//! menu and the lobby, without the engine's game, the play screen or the table. A phone
//! downloads about a third of the game's code before the lobby can be used; the game's code
//! (bin `monopoly-worlds`) is fetched in the background meanwhile, and takes the page over
//! when the player starts a game or opens any other screen of the page (`web/loader.mjs`,
//! `window.__mwLoadGame`). The lobby is handed over as filled in, with the button pressed,
//! and the game's page carries the press out ([`crate::game::lobby::HandedLobby`]).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::common::context::{Navigator, Page, Screen};
use crate::common::error::CodeNotLoaded;
use crate::common::page::provide_page_with;
use crate::game::lobby::{
    lobby_screen, HandedLobby, LobbyActions, LobbyParts, LobbyPress, HANDED_LOBBY,
};
use crate::game::menu::menu_screen;

/// The screens the light code shows itself; every other screen of the page is the game's.
fn shows(screen: Screen) -> bool {
    matches!(screen, Screen::Menu | Screen::Lobby)
}

/// The hand-over to the game's code: `None` before it, `Some(Ok(()))` while the game's code
/// loads, `Some(Err(why))` when it could not be loaded.
type Opening = RwSignal<Option<Result<(), CodeNotLoaded>>>;

/// What was handed over last (for Retry).
type LastHandOver = StoredValue<Option<(Screen, Option<HandedLobby>)>>;

/// Hands the page to the game's code, which opens `screen` (the lobby, when it is handed
/// with it, as filled in, and carries out its press).
fn hand_over(screen: Screen, lobby: Option<HandedLobby>, opening: Opening, last: LastHandOver) {
    if matches!(opening.get_untracked(), Some(Ok(()))) {
        return;
    }
    last.set_value(Some((screen, lobby.clone())));
    let window = window();
    let _ = js_sys::Reflect::set(&window, &"__mwPending".into(), &screen.name().into());
    match lobby.and_then(|l| serde_json::to_string(&l).ok()) {
        Some(text) => {
            let _ = js_sys::Reflect::set(&window, &HANDED_LOBBY.into(), &text.into());
        }
        None => {
            let _ = js_sys::Reflect::delete_property(&window, &HANDED_LOBBY.into());
        }
    }
    let promise = js_sys::Reflect::get(&window, &"__mwLoadGame".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|load| load.call0(&window).ok())
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
    let Some(promise) = promise else {
        opening.set(Some(Err(CodeNotLoaded { why: None })));
        return;
    };
    opening.set(Some(Ok(())));
    leptos::task::spawn_local(async move {
        // Loaded: the game's code has taken the page over and this app is gone.
        if let Err(e) = wasm_bindgen_futures::JsFuture::from(promise).await {
            let why = e
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
                .or_else(|| e.as_string())
                .unwrap_or_else(|| "The code did not arrive.".into());
            opening.try_set(Some(Err(CodeNotLoaded { why: Some(why) })));
        }
    });
}

/// Said when the game's code could not be loaded.
const NOT_LOADED: &str =
    "The game could not be loaded. Check your connection and try again. Nothing you chose is lost.";

/// How much of the game's code has arrived, in percent (`web/loader.mjs` announces it).
fn game_progress() -> Option<u32> {
    js_sys::Reflect::get(&window(), &"__mwGameProgress".into())
        .ok()?
        .as_f64()
        .map(|p| p.clamp(0.0, 100.0) as u32)
}

/// While the game's code loads (with how much has arrived), and when it could not be loaded
/// (with Retry, which takes the focus).
fn opening_status(opening: Opening, last: LastHandOver) -> impl IntoView {
    let progress = RwSignal::new(game_progress());
    let on_progress =
        window_event_listener_untyped("mwgameprogress", move |_| progress.set(game_progress()));
    on_cleanup(move || on_progress.remove());
    let retry = move |_| {
        opening.set(None);
        if let Some((screen, lobby)) = last.get_value() {
            hand_over(screen, lobby, opening, last);
        }
    };
    let retry_button = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if let Some(button) = retry_button.get() {
            let _ = button.focus();
        }
    });
    let waiting = move || match progress.get() {
        Some(p) if p < 100 => format!("Opening the game… {p}%"),
        _ => "Opening the game…".to_string(),
    };
    move || match opening.get() {
        None => None,
        Some(Ok(())) => Some(view! { <p class="hint" role="status">{waiting}</p> }.into_any()),
        Some(Err(why)) => Some(
            view! {
                <div class="problem" role="alert">
                    <p>{NOT_LOADED}</p>
                    <p class="hint">{why.to_string()}</p>
                    <button
                        type="button"
                        class="menu-button primary"
                        node_ref=retry_button
                        on:click=retry
                    >
                        "Retry"
                    </button>
                </div>
            }
            .into_any(),
        ),
    }
}

/// What the lobby's buttons do here: Start game, Open table and Play online hand the lobby
/// over.
fn front_actions(parts: LobbyParts, opening: Opening, last: LastHandOver) -> LobbyActions {
    let nav = expect_context::<Navigator>();
    let press = move |press: LobbyPress| {
        if !parts.problems.get_untracked().is_empty() {
            return;
        }
        let lobby = HandedLobby {
            board: parts.board_id(),
            form: parts.form.get_untracked(),
            press,
            turn_timer: parts.turn_timer.get_untracked(),
        };
        hand_over(Screen::Lobby, Some(lobby), opening, last);
    };
    LobbyActions {
        start: Callback::new(move |()| press(LobbyPress::Start)),
        open_table: Callback::new(move |()| press(LobbyPress::OpenTable)),
        play_online: Callback::new(move |()| press(LobbyPress::PlayOnline)),
        online: crate::common::room_server::room_server(),
        saved_games: Callback::new(move |()| nav.go(Screen::SavedGames)),
        back: Callback::new(move |()| nav.go(Screen::Menu)),
        table_open: Signal::stored(false),
        all_connected: Signal::stored(false),
        notes: ViewFn::from(move || opening_status(opening, last)),
        dialog: ViewFn::default(),
    }
}

/// The lobby here (a component: made untracked, as the game page's is).
#[component]
fn FrontLobby(opening: Opening, last: LastHandOver) -> impl IntoView {
    lobby_screen(move |parts| front_actions(parts, opening, last))
}

/// The menu here: Continue hands the page to the game's code, which resumes the game.
#[component]
fn FrontMenu(opening: Opening, last: LastHandOver) -> impl IntoView {
    view! {
        {menu_screen(|| Ok(true))}
        {opening_status(opening, last)}
    }
}

/// The game page's light first code: the main menu and the lobby.
#[component]
pub fn Front() -> impl IntoView {
    let pending = crate::game::app::take_shell_press();
    let opening: Opening = RwSignal::new(None);
    let last: LastHandOver = StoredValue::new(None);
    let to_game = Callback::new(move |to: Screen| hand_over(to, None, opening, last));
    let (screen, _) = provide_page_with(Page::Main, Screen::Menu, |screen, shared| {
        Navigator::on_front(screen, shared, shows, to_game)
    });
    // A menu entry pressed in the HTML shell before this code arrived opens now.
    if let Some(to) = pending.as_deref().and_then(Screen::from_name) {
        expect_context::<Navigator>().go(to);
    }
    // A link (an invite, a world, a game) is the game's code's to open: it reads the
    // fragment when it starts. web/loader.mjs loads that code at once for a page opened with
    // one; a link pasted into the address bar of this tab changes only the fragment, maybe
    // before this code ran.
    let link_opened = || window().location().hash().is_ok_and(|h| h.len() > 1);
    if link_opened() {
        to_game.run(Screen::Menu);
    }
    let on_hash = window_event_listener(leptos::ev::hashchange, move |_| {
        if link_opened() {
            to_game.run(Screen::Menu);
        }
    });
    on_cleanup(move || on_hash.remove());
    view! {
        <main id="app" class="app">
            {move || match screen.get() {
                Screen::Lobby => view! { <FrontLobby opening last /> }.into_any(),
                _ => view! { <FrontMenu opening last /> }.into_any(),
            }}
        </main>
    }
}
