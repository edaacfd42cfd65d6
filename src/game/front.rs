//! The game page's light first code (bin `front`, the code `index.html` loads): the main
//! menu and the lobby, without the engine's game, the play screen or the table. A phone
//! downloads about a third of the game's code before the lobby can be used; the game's code
//! (bin `monopoly-worlds` without online play) is fetched in the background meanwhile, and
//! takes the page over when the player starts a game or opens any other screen of the page
//! (`web/loader.mjs`, `window.__mwLoadGame`); Open table, Play online, Continue of a game at
//! a table or in a room, and a link hand it to the game's code with online play instead
//! ([`crate::game::handover`]). The lobby is handed over as filled in, with the button
//! pressed, and the game's page carries the press out ([`crate::game::lobby::HandedLobby`]).

use leptos::prelude::*;

use crate::common::context::{Navigator, Page, Screen};
use crate::common::page::provide_page_with;
use crate::game::handover::{Code, HandOver};
use crate::game::lobby::{lobby_screen, HandedLobby, LobbyActions, LobbyParts, LobbyPress};
use crate::game::menu::{menu_screen, Resumed};

/// The screens the light code shows itself; every other screen of the page is the game's.
fn shows(screen: Screen) -> bool {
    matches!(screen, Screen::Menu | Screen::Lobby)
}

/// What the lobby's buttons do here: Start game, Open table and Play online hand the lobby
/// over (to the game's code with online play for the last two).
fn front_actions(parts: LobbyParts, handover: HandOver) -> LobbyActions {
    let nav = expect_context::<Navigator>();
    let press = move |press: LobbyPress| {
        if let Some(lobby) = HandedLobby::of(&parts, press) {
            lobby.hand_over(handover);
        }
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
        notes: ViewFn::from(move || handover.status()),
        dialog: ViewFn::default(),
    }
}

/// The lobby here (a component: made untracked, as the game page's is).
#[component]
fn FrontLobby(handover: HandOver) -> impl IntoView {
    lobby_screen(move |parts| front_actions(parts, handover))
}

/// The menu here: Continue hands the page to the game's code, which resumes the game (the
/// code with online play for a game at a table or in a room).
#[component]
fn FrontMenu(handover: HandOver) -> impl IntoView {
    view! {
        {menu_screen(|| Ok(Resumed::Here))}
        {handover.status()}
    }
}

/// The game page's light first code: the main menu and the lobby.
#[component]
pub fn Front() -> impl IntoView {
    let pending = crate::game::app::take_shell_press();
    let handover = HandOver::default();
    let to_game = Callback::new(move |to: Screen| handover.to(Code::for_screen(to), to, None));
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
    let open_link = move || {
        let hash = window().location().hash().unwrap_or_default();
        if hash.len() > 1 {
            handover.to(Code::for_link(&hash), Screen::Menu, None);
        }
    };
    open_link();
    let on_hash = window_event_listener(leptos::ev::hashchange, move |_| open_link());
    on_cleanup(move || on_hash.remove());
    view! {
        <main id="app" class="app">
            {move || match screen.get() {
                Screen::Lobby => view! { <FrontLobby handover /> }.into_any(),
                _ => view! { <FrontMenu handover /> }.into_any(),
            }}
        </main>
    }
}
