//! The app shell: which screen is showing, and the context the screens share.

use leptos::prelude::*;

use worlds_engine::BoardDef;

use crate::pages::{
    board_maker::BoardMaker, credits::Credits, help::Help, lobby::Lobby, menu::MainMenu,
    play::PlayScreen, saves::SavedGames, settings::SettingsPage, statistics::Statistics,
};
use crate::session::Session;
use crate::storage::{settings as stored_settings, LocalStore, Settings};

/// The screens a player can be on. Navigation is a signal, not a URL router: the game is a
/// single page served statically, and the back-stack is the screen's own "Back" button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Menu,
    /// Choose a board and seat the players.
    Lobby,
    Play,
    SavedGames,
    /// The Board Maker: the list of boards, and the editor.
    BoardMaker,
    /// The statistics lab (for [`Shared::lab_board`] when the editor sent one).
    Statistics,
    Settings,
    Help,
    Credits,
    /// A world or a game opened from a link.
    Shared,
}

impl Screen {
    /// The screen a menu entry of the HTML shell (index.html, `data-open`) opens.
    pub fn from_shell(name: &str) -> Option<Screen> {
        Some(match name {
            "lobby" => Screen::Lobby,
            "board_maker" => Screen::BoardMaker,
            "statistics" => Screen::Statistics,
            "settings" => Screen::Settings,
            "help" => Screen::Help,
            "credits" => Screen::Credits,
            _ => return None,
        })
    }
}

/// The entry pressed in the HTML shell before the app started (`window.__mwPending`),
/// taken once.
fn take_shell_press() -> Option<String> {
    let window = window();
    let key = wasm_bindgen::JsValue::from_str("__mwPending");
    let value = js_sys::Reflect::get(&window, &key).ok()?.as_string()?;
    let _ = js_sys::Reflect::delete_property(&window, &key);
    Some(value)
}

/// Handed to every screen through context: where to go next.
#[derive(Clone, Copy)]
pub struct Navigator {
    screen: RwSignal<Screen>,
}

impl Navigator {
    /// A navigator over a screen signal (the app makes one; tests mount screens with theirs).
    pub fn new(screen: RwSignal<Screen>) -> Navigator {
        Navigator { screen }
    }

    pub fn go(&self, to: Screen) {
        self.screen.set(to);
    }

    pub fn current(&self) -> Screen {
        self.screen.get()
    }
}

/// The player's settings, shared by every screen and written to storage when they change.
#[derive(Clone, Copy)]
pub struct SettingsStore {
    pub settings: RwSignal<Settings>,
    /// Why the settings could not be read or written, if so.
    pub problem: RwSignal<Option<String>>,
}

impl SettingsStore {
    /// The stored settings (defaults when there are none or they cannot be read).
    pub fn load() -> SettingsStore {
        let (settings, problem) = match LocalStore::open().and_then(|s| stored_settings::load(&s)) {
            Ok(s) => (s, None),
            Err(e) => (
                Settings::default(),
                Some(format!("Your settings could not be read: {e}")),
            ),
        };
        SettingsStore {
            settings: RwSignal::new(settings),
            problem: RwSignal::new(problem),
        }
    }

    /// Changes the settings and stores them.
    pub fn change(&self, f: impl FnOnce(&mut Settings)) {
        self.settings.update(f);
        let value = self.settings.get_untracked();
        let result = LocalStore::open()
            .and_then(|s| stored_settings::save(&s, &value, crate::session::now_ms()));
        self.problem.set(
            result
                .err()
                .map(|e| format!("Your settings were not saved: {e}")),
        );
    }
}

/// State the screens hand to each other.
#[derive(Clone, Copy)]
pub struct Shared {
    /// The board the statistics lab opens on (the editor sets it to the board being
    /// edited); `None`: the lab offers the presets and saved worlds.
    pub lab_board: RwSignal<Option<BoardDef>>,
    /// Where the statistics lab's Back button returns to.
    pub lab_back: RwSignal<Screen>,
    /// The board the lobby opens on (`world:<id>`), set by "Play this world".
    pub lobby_board: RwSignal<Option<String>>,
    /// The link the page was opened with (`world` or `game`, and its data).
    pub link: RwSignal<Option<(&'static str, String)>>,
    /// A world opened from a link that the player chose to play without saving it.
    pub link_world: RwSignal<Option<BoardDef>>,
}

impl Default for Shared {
    fn default() -> Self {
        Shared {
            lab_board: RwSignal::new(None),
            lab_back: RwSignal::new(Screen::Menu),
            lobby_board: RwSignal::new(None),
            link: RwSignal::new(None),
            link_world: RwSignal::new(None),
        }
    }
}

#[component]
pub fn App() -> impl IntoView {
    let pending = take_shell_press();
    let screen = RwSignal::new(Screen::Menu);
    provide_context(Navigator::new(screen));
    let session = Session::new();
    provide_context(session);
    // A menu entry pressed in the HTML shell before the app was ready opens now.
    match pending.as_deref() {
        Some("continue") if session.resume_autosave() == Ok(true) => screen.set(Screen::Play),
        Some("continue") => {}
        Some(other) => {
            if let Some(s) = Screen::from_shell(other) {
                screen.set(s);
            }
        }
        None => {}
    }
    let shared = Shared::default();
    provide_context(shared);
    // Opened from a shared link: show what it carries first.
    if let Some(link) = crate::share_link::opened_link() {
        shared.link.set(Some(link));
        screen.set(Screen::Shared);
    }
    // A link pasted into the address bar of an open tab changes only the fragment.
    let on_hash = window_event_listener(leptos::ev::hashchange, move |_| {
        if let Some(link) = crate::share_link::opened_link() {
            shared.link.set(Some(link));
            // Shown afresh even when a link was already open.
            screen.set(Screen::Menu);
            screen.set(Screen::Shared);
        }
    });
    on_cleanup(move || on_hash.remove());
    let settings = SettingsStore::load();
    provide_context(settings);
    // The theme is a data attribute on the root element, read by the CSS variables.
    Effect::new(move |_| {
        let theme = match settings.settings.get().theme {
            crate::storage::Theme::Light => "light",
            crate::storage::Theme::Dark => "dark",
        };
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("data-theme", theme);
        }
    });
    view! {
        <main id="app" class="app">
            {move || match screen.get() {
                Screen::Menu => view! { <MainMenu /> }.into_any(),
                Screen::Lobby => view! { <Lobby /> }.into_any(),
                Screen::Play => view! { <PlayScreen /> }.into_any(),
                Screen::SavedGames => view! { <SavedGames /> }.into_any(),
                Screen::BoardMaker => view! { <BoardMaker /> }.into_any(),
                Screen::Statistics => view! { <Statistics /> }.into_any(),
                Screen::Settings => view! { <SettingsPage back=Screen::Menu /> }.into_any(),
                Screen::Help => view! { <Help back=Screen::Menu /> }.into_any(),
                Screen::Credits => view! { <Credits /> }.into_any(),
                Screen::Shared => view! { <crate::pages::shared::SharedLink /> }.into_any(),
            }}
        </main>
    }
}
