//! The game menu (Menu in the header, or Esc): Resume, Save, Share game, Board statistics,
//! Help, Settings and Exit; and the Share dialog its "Share game" opens.

use leptos::prelude::*;
use worlds_engine::GameRecord;

use crate::common::context::{Navigator, Screen};
use crate::common::modal::Modal;
use crate::common::share::ShareDialog;
use crate::game::help::HelpPanel;
use crate::game::play::play_ui::PlayUi;
use crate::game::session::Session;
use crate::game::settings::SettingsPanel;

/// What the in-game menu shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum MenuView {
    Main,
    Help,
    Settings,
    ConfirmExit,
}

/// The game menu's own state, beside [`PlayUi::menu`] (whether it is open).
#[derive(Clone, Copy)]
pub struct GameMenuUi {
    view: RwSignal<MenuView>,
    /// Save's outcome: whether it worked, in words.
    save_message: RwSignal<Option<(bool, String)>>,
    /// The Share dialog of "Share game", with the link or why there is none.
    sharing: RwSignal<Option<Result<String, crate::common::error::AppError>>>,
}

impl GameMenuUi {
    pub fn new() -> Self {
        GameMenuUi {
            view: RwSignal::new(MenuView::Main),
            save_message: RwSignal::new(None),
            sharing: RwSignal::new(None),
        }
    }

    /// Opens the menu on its main list, without an old Save message.
    pub fn open(&self, ui: PlayUi) {
        self.view.set(MenuView::Main);
        self.save_message.set(None);
        ui.menu.set(true);
    }

    /// Whether the Share dialog is up (tracked).
    pub fn sharing(&self) -> bool {
        self.sharing.with(Option::is_some)
    }
}

impl Default for GameMenuUi {
    fn default() -> Self {
        Self::new()
    }
}

/// Esc opens (or closes) the game menu when no other dialog has taken it, while the
/// calling component lives.
pub fn esc_toggles_menu(ui: PlayUi, menu: GameMenuUi) {
    let esc = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && !ev.default_prevented() {
            if ui.menu.get_untracked() {
                ui.menu.set(false);
            } else {
                menu.open(ui);
            }
        }
    });
    on_cleanup(move || esc.remove());
}

/// The game menu while it is open, and the Share dialog.
#[component]
pub fn GameMenu(menu: GameMenuUi) -> impl IntoView {
    let ui = expect_context::<PlayUi>();
    let room = InRoom::here();
    let back = Callback::new(move |_| menu.view.set(MenuView::Main));
    let game_menu = move || {
        if !ui.menu.get() {
            return None;
        }
        let close = Callback::new(move |_| ui.menu.set(false));
        Some(view! {
            <Modal title="Game menu".to_string() on_close=close class="game-menu">
                {move || match menu.view.get() {
                    MenuView::Main => view! { <MainList menu=menu /> }.into_any(),
                    MenuView::Help => view! { <HelpPanel on_back=back /> }.into_any(),
                    MenuView::Settings => view! { <SettingsPanel on_back=back /> }.into_any(),
                    MenuView::ConfirmExit => view! { <ConfirmExit menu=menu /> }.into_any(),
                }}
            </Modal>
        })
    };
    let sharing = menu.sharing;
    view! {
        {game_menu}
        {move || sharing.get().map(|link| {
            // In a room, Share game shares the room everyone is in.
            let in_room = room.is_open();
            let (title, note) = if in_room {
                ("Share this room", "Whoever opens the room link joins this game: each player's own device goes back to their seat, and others may watch when the room's creator lets them.")
            } else {
                ("Share this game", "Whoever opens the link can continue the game from here on their own device, then send a link back.")
            };
            let hint = in_room.then(|| "The room's link: the game itself stays on the room server.".to_string());
            view! {
                <ShareDialog
                    title=title.to_string()
                    link=link
                    note=Some(note.to_string())
                    hint=hint
                    on_close=Callback::new(move |()| sharing.set(None))
                />
            }
        })}
    }
}

/// The menu's main list, with Save's outcome below it.
#[component]
fn MainList(menu: GameMenuUi) -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    let nav = expect_context::<Navigator>();
    let shared = use_context::<crate::common::context::Shared>();
    let room = InRoom::here();
    let save = move |_| {
        let title = session.title.get_untracked();
        menu.save_message
            .set(Some(match session.save_named(&title) {
                Ok(()) => (true, format!("Saved as “{title}”.")),
                Err(e) => (false, e.to_string()),
            }));
    };
    let share = move |_| {
        let title = session.title.get_untracked();
        let record = session
            .game
            .with_untracked(|g| g.as_ref().map(GameRecord::of));
        let link = match (room.link(), record) {
            (Some(link), _) => Ok(link),
            (None, Some(r)) => crate::common::share_link::game_link(&title, &r),
            (None, None) => Err(crate::common::error::AppError::NoGame(
                crate::common::error::Doing::Sharing,
            )),
        };
        ui.menu.set(false);
        menu.sharing.set(Some(link));
    };
    let statistics = move |_| {
        // The lab opens on this game's board; its Back returns here (the game is saved
        // after every move).
        if let Some(shared) = shared {
            let board = session
                .game
                .with_untracked(|g| g.as_ref().map(|g| g.board().def().clone()));
            shared.lab_board.set(board);
            shared.lab_back.set(Screen::Play);
        }
        ui.menu.set(false);
        nav.go(Screen::Statistics);
    };
    let show = move |v: MenuView| move |_: leptos::ev::MouseEvent| menu.view.set(v);
    view! {
        <div class="menu-list">
            <button type="button" class="menu-button primary" on:click=move |_| ui.menu.set(false)>"Resume"</button>
            <button type="button" class="menu-button" on:click=save>"Save"</button>
            <button type="button" class="menu-button" on:click=share>"Share game"</button>
            <button type="button" class="menu-button" on:click=statistics>"Board statistics"</button>
            <button type="button" class="menu-button" on:click=show(MenuView::Help)>"Help"</button>
            <button type="button" class="menu-button" on:click=show(MenuView::Settings)>"Settings"</button>
            <button type="button" class="menu-button" on:click=show(MenuView::ConfirmExit)>"Exit"</button>
        </div>
        {move || menu.save_message.get().map(|(ok, m)| view! {
            <p class=if ok { "notice" } else { "problem" } role="status">{m}</p>
        })}
    }
}

/// "Leave this game?", with Exit game and Stay.
#[component]
fn ConfirmExit(menu: GameMenuUi) -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    let nav = expect_context::<Navigator>();
    let room = InRoom::here();
    let exit = move |_| {
        ui.menu.set(false);
        // In a room, leaving tells the others (this device's seat shows as away, as for a
        // closed tab); Continue enters the room afresh.
        room.leave();
        session.close();
        nav.go(Screen::Menu);
    };
    view! {
        <p>"Leave this game? It stays saved: Continue on the main menu resumes it."</p>
        <div class="button-row">
            <button type="button" class="menu-button danger" on:click=exit>"Exit game"</button>
            <button type="button" class="menu-button" on:click=move |_| menu.view.set(MenuView::Main)>"Stay"</button>
        </div>
    }
}

/// The room this game is played in, if it is (taken when a component is made: the game
/// menu's entries for a room).
#[derive(Clone, Copy)]
struct InRoom {
    #[cfg(feature = "online")]
    ui: Option<crate::game::room::RoomUi>,
}

impl InRoom {
    fn here() -> InRoom {
        InRoom {
            #[cfg(feature = "online")]
            ui: use_context::<crate::game::room::RoomUi>(),
        }
    }

    /// Whether the game is played in a room (its connection open).
    fn is_open(self) -> bool {
        #[cfg(feature = "online")]
        return self.ui.is_some_and(|r| r.conn.is_open());
        #[cfg(not(feature = "online"))]
        false
    }

    /// The room's link, while the game is played in one.
    fn link(self) -> Option<String> {
        #[cfg(feature = "online")]
        return self.ui.filter(|r| r.conn.is_open()).and_then(|r| {
            r.info.with_untracked(|i| {
                i.as_ref().map(|i| {
                    crate::common::room_server::room_link(&crate::game::room::show_code(&i.code))
                })
            })
        });
        #[cfg(not(feature = "online"))]
        None
    }

    /// Leaves the room, if the game is played in one: the others see this device's seat
    /// away.
    fn leave(self) {
        #[cfg(feature = "online")]
        if let Some(r) = self.ui.filter(|r| r.conn.is_open()) {
            crate::game::room::leave_room_and_link(r.conn);
        }
    }
}
