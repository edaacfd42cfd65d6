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

use crate::common::board_view::{BoardRing, SquareView};
use crate::common::context::{Navigator, Page, Screen};
use crate::common::page::provide_page_with;
use crate::game::handover::{game_progress, Code, HandOver};
use crate::game::lobby::{lobby_screen, HandedLobby, LobbyActions, LobbyParts, LobbyPress};
use crate::game::menu::{menu_screen, Resumed};

/// The screens the light code shows itself; every other screen of the page is the game's.
fn shows(screen: Screen) -> bool {
    matches!(screen, Screen::Menu | Screen::Lobby)
}

/// The board a new game starts on, drawn by this code while the game's code arrives: the
/// ring with every token on the first square, the game's title and the board's name, and how
/// much of the code has come.
#[derive(Clone)]
struct Preview {
    title: String,
    board: String,
    squares: Vec<SquareView>,
}

impl Preview {
    fn of(parts: &LobbyParts) -> Preview {
        let board = parts.board();
        let (title, squares) = parts
            .form
            .with_untracked(|f| (f.title.trim().to_string(), f.starting_squares(board.def())));
        Preview {
            title,
            board: board.name().to_string(),
            squares,
        }
    }

    /// Drawn as the play screen draws its board (its classes), so the game's code takes
    /// the page over with the board where it was.
    fn view(self, handover: HandOver) -> impl IntoView {
        let Preview {
            title,
            board,
            squares,
        } = self;
        view! {
            <section class="screen play preview" aria-label="Game" aria-busy="true">
                <header class="play-header">
                    <h1 class="play-title">{title}</h1>
                </header>
                <div class="play-layout">
                    <div class="play-board">
                        <BoardRing
                            squares=Signal::stored(squares)
                            label=board.clone()
                            zoomable=true
                            follow=Signal::stored(Some(0usize))
                        >
                            <p class="center-name">{board}</p>
                        </BoardRing>
                    </div>
                    // Where Roll dice will be (on a phone, in view below the board).
                    <aside class="play-side">
                        <div class="decision" id="decision">
                            <div class="action-bar">{handover.status()}</div>
                        </div>
                    </aside>
                </div>
            </section>
        }
    }
}

/// What the lobby's buttons do here: Start game, Open table and Play online hand the lobby
/// over (to the game's code with online play for the last two). Start game shows the board
/// (`preview`) while the game's code is still on its way.
fn front_actions(
    parts: LobbyParts,
    handover: HandOver,
    preview: RwSignal<Option<Preview>>,
) -> LobbyActions {
    let nav = expect_context::<Navigator>();
    let press = move |press: LobbyPress| {
        if let Some(lobby) = HandedLobby::of(&parts, press) {
            let arrived = game_progress().is_some_and(|p| p >= 100);
            if press == LobbyPress::Start && !arrived {
                preview.set(Some(Preview::of(&parts)));
            }
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

/// The lobby here (a component: made untracked, as the game page's is). While Start game's
/// code loads, the board it starts on is shown instead; the lobby stays, hidden, as filled
/// in, and comes back with the problem and Retry when the code could not be loaded.
#[component]
fn FrontLobby(handover: HandOver) -> impl IntoView {
    let preview = RwSignal::new(None::<Preview>);
    let previewing = move || handover.loading() && preview.with(Option::is_some);
    view! {
        <div class="lobby-holder" style:display=move || if previewing() { "none" } else { "contents" }>
            {lobby_screen(move |parts| front_actions(parts, handover, preview))}
        </div>
        {move || previewing().then(|| preview.get().map(|p| p.view(handover)))}
    }
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
