//! The game page's app: which of its screens shows, a menu entry pressed in the HTML shell
//! before the code arrived, and links opened from outside.

use leptos::prelude::*;

use crate::common::context::{Navigator, Page, Screen};
use crate::common::page::provide_page;
use crate::game::session::Session;
use crate::game::{
    credits::Credits, help::Help, lobby::Lobby, menu::MainMenu, play::PlayScreen,
    saves::SavedGames, settings::SettingsPage,
};

/// The entry pressed in the HTML shell before the app started (`window.__mwPending`), or the
/// screen named in the address (`?open=lobby`, from another page), taken once.
pub(crate) fn take_shell_press() -> Option<String> {
    if let Some(value) = crate::common::page::take_page_string("__mwPending") {
        return Some(value);
    }
    let window = window();
    let search = window.location().search().ok()?;
    let params: Vec<&str> = search.trim_start_matches('?').split('&').collect();
    let name = params
        .iter()
        .find_map(|pair| pair.strip_prefix("open="))?
        .to_string();
    // Read once: a reload shows the menu, as for every screen of this page. Other parameters
    // (`?seed=`) stay.
    let rest: Vec<&str> = params
        .into_iter()
        .filter(|p| !p.starts_with("open=") && !p.is_empty())
        .collect();
    let location = window.location();
    let path = format!(
        "{}{}{}{}",
        location.pathname().unwrap_or_else(|_| "/".into()),
        if rest.is_empty() { "" } else { "?" },
        rest.join("&"),
        location.hash().unwrap_or_default()
    );
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
    Some(name)
}

/// The game's page (index.html): the menu, the lobby, the game, saved games, settings, help,
/// credits and links.
#[component]
pub fn App() -> impl IntoView {
    let pending = take_shell_press();
    let (screen, shared) = provide_page(Page::Main, Screen::Menu);
    let session = Session::new();
    provide_context(session);
    let nav = expect_context::<Navigator>();
    let online = Online::new(session, nav);
    // A menu entry pressed in the HTML shell before the app was ready opens now (as does a
    // screen named by another page).
    match pending.as_deref().and_then(Screen::from_name) {
        Some(Screen::Play) if online.continue_game() == Ok(true) => screen.set(Screen::Play),
        Some(Screen::Play) => {}
        // Start game pressed in the light first code's lobby: the game, at once.
        Some(Screen::Lobby) if crate::game::lobby::start_handed_game(session) => {
            screen.set(Screen::Play)
        }
        Some(to) => nav.go(to),
        None => {}
    }
    if let Some(to) = online.read_link() {
        screen.set(to);
    }
    // Opened from a shared link: show what it carries first.
    if let Some(link) = crate::common::share_link::opened_link() {
        shared.link.set(Some(link));
        screen.set(Screen::Shared);
    }
    // A link pasted into the address bar of an open tab changes only the fragment.
    let on_hash = window_event_listener(leptos::ev::hashchange, move |_| {
        if let Some(to) = online.read_link() {
            // The join screen is shown afresh even when it was already open (the room's
            // screen follows the room it enters).
            if to != Screen::Room {
                screen.set(Screen::Menu);
            }
            screen.set(to);
            return;
        }
        if let Some(link) = crate::common::share_link::opened_link() {
            shared.link.set(Some(link));
            // Shown afresh even when a link was already open.
            screen.set(Screen::Menu);
            screen.set(Screen::Shared);
        }
    });
    on_cleanup(move || on_hash.remove());
    view! {
        <main id="app" class="app">
            {move || match screen.get() {
                Screen::Menu => view! { <MainMenu /> }.into_any(),
                Screen::Lobby => view! { <Lobby /> }.into_any(),
                Screen::Play => view! { <PlayScreen /> }.into_any(),
                Screen::SavedGames => view! { <SavedGames /> }.into_any(),
                Screen::Settings => view! { <SettingsPage back=Screen::Menu /> }.into_any(),
                Screen::Help => view! { <Help back=Screen::Menu /> }.into_any(),
                Screen::Credits => view! { <Credits /> }.into_any(),
                Screen::Shared => view! { <crate::game::shared::SharedLink /> }.into_any(),
                Screen::Join | Screen::Room | Screen::MyGames => {
                    online.screen(screen.get_untracked())
                }
                // Shown by their own pages (the navigator loads them).
                Screen::BoardMaker | Screen::Statistics => view! { <MainMenu /> }.into_any(),
            }}
        </main>
    }
}

/// Online play on the game's page: a table's and a room's connections and screens, and the
/// links that open them (an invite, a room, a reply).
#[cfg(feature = "online")]
#[derive(Clone, Copy)]
struct Online {
    table_ui: crate::game::table::TableUi,
    room_ui: crate::game::room::RoomUi,
    /// Opened from an invite to a table (`#join=…`): the join screen, whatever it carries.
    invite:
        RwSignal<Option<Result<worlds_table::invite::Invite, worlds_table::invite::InviteError>>>,
    /// Opened from a reply link on the host's own device (`#reply=…`): handed to the waiting
    /// room open in another tab.
    reply_handed: RwSignal<Option<bool>>,
}

#[cfg(feature = "online")]
impl Online {
    fn new(session: Session, nav: Navigator) -> Online {
        // The room's connection, shared by the room's screens and the table's (for table
        // talk).
        let room = crate::game::room::RoomConn::default();
        let table_ui = crate::game::table::TableUi::new(session, nav, room);
        provide_context(table_ui);
        let room_ui = crate::game::room::RoomUi::new(session, nav, table_ui.talk(), room);
        provide_context(room_ui);
        crate::game::room::alert::watch_turns(room_ui);
        Online {
            table_ui,
            room_ui,
            invite: RwSignal::new(None),
            reply_handed: RwSignal::new(None),
        }
    }

    /// Continue: the autosaved game, at its table or room again.
    fn continue_game(self) -> Result<bool, crate::common::error::AppError> {
        crate::game::table::continue_game(self.table_ui)
    }

    /// The screen a table's, room's or reply's link in the fragment opens, if it holds one.
    fn read_link(self) -> Option<Screen> {
        let hash = window().location().hash().unwrap_or_default();
        if let Some(code) = hash.strip_prefix("#room=") {
            // The room's waiting room, then its game.
            crate::game::room::enter_room(self.room_ui, code);
            return Some(Screen::Room);
        }
        if hash.starts_with("#join=") {
            let minutes =
                u32::try_from(crate::common::clock::now_ms() / 60_000).unwrap_or(u32::MAX);
            self.invite
                .set(Some(worlds_table::invite::parse_invite(&hash, minutes)));
            crate::common::share_link::clear_opened_link();
            return Some(Screen::Join);
        }
        if hash.starts_with("#reply=") {
            crate::common::share_link::clear_opened_link();
            let reply_handed = self.reply_handed;
            reply_handed.set(None);
            crate::game::table::hand_reply_to_waiting_room(hash, move |taken| {
                reply_handed.set(Some(taken))
            });
            return Some(Screen::Join);
        }
        None
    }

    /// The join screen, the room's screen and My games.
    fn screen(self, screen: Screen) -> AnyView {
        match (screen, self.invite.get_untracked()) {
            (Screen::MyGames, _) => view! { <crate::game::my_games::MyGames /> }.into_any(),
            (Screen::Room, _) => {
                view! { <crate::game::room::views::RoomScreen ui=self.room_ui /> }.into_any()
            }
            (_, Some(inv)) => {
                view! { <crate::game::table::views::JoinTable ui=self.table_ui invite=inv /> }
                    .into_any()
            }
            (_, None) => view! {
                <crate::game::table::views::ReplyHandedOver taken=self.reply_handed />
            }
            .into_any(),
        }
    }
}

/// Online play on the game's code without it: a table's, room's or reply's link, and
/// Continue of a game played at a table or in a room, hand the page to the code with it.
#[cfg(not(feature = "online"))]
#[derive(Clone, Copy)]
struct Online {
    session: Session,
    handover: crate::game::handover::HandOver,
}

#[cfg(not(feature = "online"))]
impl Online {
    fn new(session: Session, _nav: Navigator) -> Online {
        let handover = crate::game::handover::HandOver::default();
        provide_context(handover);
        Online { session, handover }
    }

    /// Continue: a game played on this device resumes here; one played at a table or in a
    /// room is handed to the code with online play (`Ok(false)` here).
    fn continue_game(self) -> Result<bool, crate::common::error::AppError> {
        crate::game::menu::continue_or_hand_over(self.session, self.handover)
            .map(|r| r == crate::game::menu::Resumed::Here)
    }

    /// A table's, room's or reply's link in the fragment: handed to the code with online
    /// play (which opens it as it starts).
    fn read_link(self) -> Option<Screen> {
        let hash = window().location().hash().unwrap_or_default();
        let code = crate::game::handover::Code::for_link(&hash);
        if code == crate::game::handover::Code::Online {
            self.handover.to(code, Screen::Menu, None);
        }
        None
    }

    /// Never shown here: My games is handed to the code with online play (a room's and a
    /// table's screens come by their links); the menu, with what the hand-over says.
    fn screen(self, screen: Screen) -> AnyView {
        if screen == Screen::MyGames {
            self.handover
                .to(crate::game::handover::Code::Online, screen, None);
        }
        view! { <MainMenu /> }.into_any()
    }
}
