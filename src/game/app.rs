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
    // The room's connection, shared by the room's screens and the table's (for table talk).
    let room = crate::game::room::RoomConn::default();
    let table_ui = crate::game::table::TableUi::new(session, nav, room);
    provide_context(table_ui);
    let room_ui = crate::game::room::RoomUi::new(session, nav, table_ui.talk(), room);
    provide_context(room_ui);
    // Opened at a room link (`#room=CODE`): the room's waiting room, then its game.
    let read_room = move || {
        let hash = window().location().hash().unwrap_or_default();
        let Some(code) = hash.strip_prefix("#room=") else {
            return false;
        };
        crate::game::room::enter_room(room_ui, code);
        true
    };
    // Opened from an invite to a table (`#join=…`): the join screen, whatever it carries.
    let invite = RwSignal::new(
        None::<Result<worlds_table::invite::Invite, worlds_table::invite::InviteError>>,
    );
    // Opened from a reply link on the host's own device (`#reply=…`): handed to the waiting
    // room open in another tab.
    let reply_handed = RwSignal::new(None::<bool>);
    let read_reply = move || {
        let hash = window().location().hash().unwrap_or_default();
        if !hash.starts_with("#reply=") {
            return false;
        }
        crate::common::share_link::clear_opened_link();
        reply_handed.set(None);
        crate::game::table::hand_reply_to_waiting_room(hash, move |taken| {
            reply_handed.set(Some(taken))
        });
        true
    };
    let read_invite = move || {
        let hash = window().location().hash().unwrap_or_default();
        if !hash.starts_with("#join=") {
            return false;
        }
        let minutes = u32::try_from(crate::common::clock::now_ms() / 60_000).unwrap_or(u32::MAX);
        invite.set(Some(worlds_table::invite::parse_invite(&hash, minutes)));
        crate::common::share_link::clear_opened_link();
        true
    };
    // A menu entry pressed in the HTML shell before the app was ready opens now (as does a
    // screen named by another page).
    match pending.as_deref().and_then(Screen::from_name) {
        Some(Screen::Play) if crate::game::table::continue_game(table_ui) == Ok(true) => {
            screen.set(Screen::Play)
        }
        Some(Screen::Play) => {}
        // Start game pressed in the light first code's lobby: the game, at once.
        Some(Screen::Lobby) if crate::game::lobby::start_handed_game(session) => {
            screen.set(Screen::Play)
        }
        Some(to) => nav.go(to),
        None => {}
    }
    if read_invite() {
        screen.set(Screen::Join);
    }
    if read_room() {
        screen.set(Screen::Room);
    }
    if read_reply() {
        screen.set(Screen::Join);
    }
    // Opened from a shared link: show what it carries first.
    if let Some(link) = crate::common::share_link::opened_link() {
        shared.link.set(Some(link));
        screen.set(Screen::Shared);
    }
    // A link pasted into the address bar of an open tab changes only the fragment.
    let on_hash = window_event_listener(leptos::ev::hashchange, move |_| {
        if read_room() {
            screen.set(Screen::Room);
            return;
        }
        if read_invite() || read_reply() {
            screen.set(Screen::Menu);
            screen.set(Screen::Join);
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
                Screen::Join => match invite.get_untracked() {
                    Some(inv) => view! { <crate::game::table::views::JoinTable ui=table_ui invite=inv /> }.into_any(),
                    None => view! { <crate::game::table::views::ReplyHandedOver taken=reply_handed /> }.into_any(),
                },
                Screen::Room => view! { <crate::game::room::views::RoomScreen ui=room_ui /> }.into_any(),
                // Shown by their own pages (the navigator loads them).
                Screen::BoardMaker | Screen::Statistics => view! { <MainMenu /> }.into_any(),
            }}
        </main>
    }
}
