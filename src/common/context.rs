//! What every screen is handed: which screen and page it is on, the navigator, the player's
//! settings, and what the screens (and pages) hand to each other. The pages import this,
//! never the app shell (`app.rs`), which imports the pages.

use leptos::prelude::*;

use worlds_engine::BoardDef;

use crate::common::storage::{settings as stored_settings, LocalStore, Settings};

/// The screens a player can be on. Within a page, navigation is a signal, not a URL router;
/// a screen of another page (see [`Page`]) is opened by loading that page.
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
    /// The rooms this device holds a seat in.
    MyGames,
    /// A world or a game opened from a link.
    Shared,
    /// An invite to a table on another device, opened from its link (`#join=`).
    Join,
    /// A room on a room server, opened from its link (`#room=`).
    Room,
}

impl Screen {
    /// The name of a screen in an address (`index.html?open=lobby`) and in the HTML shell's
    /// menu (`data-open`).
    pub fn name(self) -> &'static str {
        match self {
            Screen::Menu => "menu",
            Screen::Lobby => "lobby",
            Screen::Play => "continue",
            Screen::SavedGames => "saves",
            Screen::BoardMaker => "board_maker",
            Screen::Statistics => "statistics",
            Screen::Settings => "settings",
            Screen::Help => "help",
            Screen::Credits => "credits",
            Screen::MyGames => "my_games",
            Screen::Shared | Screen::Join | Screen::Room => "menu",
        }
    }

    /// The screen a name opens (see [`Screen::name`]); for "continue", the app resumes the
    /// autosaved game first.
    pub fn from_name(name: &str) -> Option<Screen> {
        Some(match name {
            "menu" => Screen::Menu,
            "continue" => Screen::Play,
            "lobby" => Screen::Lobby,
            "saves" => Screen::SavedGames,
            "board_maker" => Screen::BoardMaker,
            "statistics" => Screen::Statistics,
            "settings" => Screen::Settings,
            "help" => Screen::Help,
            "credits" => Screen::Credits,
            "my_games" => Screen::MyGames,
            _ => return None,
        })
    }

    /// The page whose code shows this screen.
    pub fn page(self) -> Page {
        match self {
            Screen::BoardMaker => Page::Maker,
            Screen::Statistics => Page::Lab,
            _ => Page::Main,
        }
    }
}

/// The pages of the site, each with its own code: the game (menu, lobby, play, saves,
/// settings, help, links), the Board Maker and the statistics lab. A phone downloads the
/// Board Maker's and the lab's code only when a player opens them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    Main,
    Maker,
    Lab,
}

impl Page {
    /// Its address, relative to the site's folder.
    fn address(self, screen: Screen) -> String {
        match self {
            Page::Main if screen == Screen::Menu => "./".to_string(),
            Page::Main => format!("./?open={}", screen.name()),
            Page::Maker => "maker.html".to_string(),
            Page::Lab => "lab.html".to_string(),
        }
    }
}

thread_local! {
    /// Where page loads go instead of the address bar (the browser tests record them here).
    static PAGE_LOADS: std::cell::RefCell<Option<Vec<String>>> = const { std::cell::RefCell::new(None) };
}

/// From now on, page loads are recorded instead of made (for tests, which run in one page);
/// returns the addresses recorded so far.
pub fn record_page_loads() -> Vec<String> {
    PAGE_LOADS.with(|p| p.borrow_mut().get_or_insert_with(Vec::new).clone())
}

/// Loads another page of the site.
fn load_page(address: &str) {
    let recorded = PAGE_LOADS.with(|p| {
        p.borrow_mut()
            .as_mut()
            .map(|loads| loads.push(address.to_string()))
            .is_some()
    });
    if !recorded {
        let _ = window().location().assign(address);
    }
}

/// Handed to every screen through context: where to go next.
#[derive(Clone, Copy)]
pub struct Navigator {
    screen: RwSignal<Screen>,
    /// The page this navigator runs on, with what it hands to the next page; `None`: every
    /// screen is shown in place (the browser tests mount screens this way).
    page: Option<(Page, Shared)>,
    /// On the game page's light first code (`crate::game::front`): the screens it shows
    /// itself, and what hands every other screen of the page to the game's code.
    front: Option<FrontScreens>,
}

/// The screens the game page's light first code shows itself, and what hands it the others.
type FrontScreens = (fn(Screen) -> bool, Callback<Screen>);

impl Navigator {
    /// A navigator that shows every screen in place (tests mount screens with it).
    pub fn new(screen: RwSignal<Screen>) -> Navigator {
        Navigator {
            screen,
            page: None,
            front: None,
        }
    }

    /// The navigator of one page of the site: screens of other pages are opened by loading
    /// that page, with `shared` handed over through the tab's session storage.
    pub fn on_page(screen: RwSignal<Screen>, page: Page, shared: Shared) -> Navigator {
        Navigator {
            screen,
            page: Some((page, shared)),
            front: None,
        }
    }

    /// The navigator of the game page's light first code: it shows the screens `shows`
    /// accepts, hands the game page's other screens to `hand_over` (which starts the game's
    /// code on this page), and loads the other pages as [`Navigator::on_page`] does.
    pub fn on_front(
        screen: RwSignal<Screen>,
        shared: Shared,
        shows: fn(Screen) -> bool,
        hand_over: Callback<Screen>,
    ) -> Navigator {
        Navigator {
            screen,
            page: Some((Page::Main, shared)),
            front: Some((shows, hand_over)),
        }
    }

    pub fn go(&self, to: Screen) {
        if let Some((shows, hand_over)) = self.front {
            if to.page() == Page::Main && !shows(to) {
                hand_over.run(to);
                return;
            }
        }
        match self.page {
            Some((page, shared)) if to.page() != page => {
                hand_over(&shared, to);
                load_page(&to.page().address(to));
            }
            _ => self.screen.set(to),
        }
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
    pub problem: RwSignal<Option<crate::common::error::AppError>>,
}

impl SettingsStore {
    /// The stored settings (defaults when there are none or they cannot be read).
    pub fn load() -> SettingsStore {
        let (settings, problem) = match LocalStore::open().and_then(|s| stored_settings::load(&s)) {
            Ok(s) => (s, None),
            Err(e) => (
                Settings::default(),
                Some(crate::common::error::AppError::SettingsUnread(e)),
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
            .and_then(|s| stored_settings::save(&s, &value, crate::common::clock::now_ms()));
        self.problem.set(
            result
                .err()
                .map(crate::common::error::AppError::SettingsNotSaved),
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
    pub lobby_board: RwSignal<Option<crate::common::boards::BoardChoice>>,
    /// The link the page was opened with (a world or a game, and its data).
    pub link: RwSignal<Option<crate::common::share_link::ShareLink>>,
    /// A world opened from a link that the player chose to play without saving it.
    pub link_world: RwSignal<Option<BoardDef>>,
    /// The lobby's seats and round limit as last set on this page, so Back then Play again
    /// finds them (the game's code also keeps them in storage, for the next visit).
    pub lobby_seats: RwSignal<Option<worlds_models::lobby::LastSetup>>,
}

impl Default for Shared {
    fn default() -> Self {
        Shared {
            lab_board: RwSignal::new(None),
            lab_back: RwSignal::new(Screen::Menu),
            lobby_board: RwSignal::new(None),
            link: RwSignal::new(None),
            link_world: RwSignal::new(None),
            lobby_seats: RwSignal::new(None),
        }
    }
}

// What one page of the site hands to the next (see [`Page`]): the board the lab opens on and
// where its Back button returns, and the board the lobby opens on. It is kept in the tab's
// session storage, so a reload of the lab shows the same board again.

const HANDOFF_KEY: &str = "mw:handoff";

#[derive(serde::Serialize, serde::Deserialize, Default)]
struct Handoff {
    #[serde(default)]
    lab_board: Option<BoardDef>,
    #[serde(default)]
    lab_back: Option<String>,
    #[serde(default)]
    lobby_board: Option<crate::common::boards::BoardChoice>,
}

fn session_storage() -> Option<web_sys::Storage> {
    window().session_storage().ok().flatten()
}

/// Keeps `value` as JSON under `key` in the tab's session storage, which outlives a page load.
/// When it cannot (no session storage, too large), nothing is kept under `key` and this says
/// false.
pub(crate) fn keep_for_tab<T: serde::Serialize>(key: &str, value: &T) -> bool {
    let Some(storage) = session_storage() else {
        return false;
    };
    let kept = serde_json::to_string(value)
        .ok()
        .is_some_and(|text| storage.set_item(key, &text).is_ok());
    if !kept {
        let _ = storage.remove_item(key);
    }
    kept
}

/// What [`keep_for_tab`] kept under `key` (`None` when nothing readable is there); `take`
/// removes it.
pub(crate) fn read_for_tab<T: serde::de::DeserializeOwned>(key: &str, take: bool) -> Option<T> {
    let storage = session_storage()?;
    let text = storage.get_item(key).ok().flatten();
    if take {
        let _ = storage.remove_item(key);
    }
    serde_json::from_str(&text?).ok()
}

/// Writes what the page opening `to` needs. A tab without session storage (or a board too
/// large for it) opens the next page plain.
pub fn hand_over(shared: &Shared, to: Screen) {
    let handoff = Handoff {
        lab_board: (to == Screen::Statistics)
            .then(|| shared.lab_board.get_untracked())
            .flatten(),
        lab_back: Some(shared.lab_back.get_untracked().name().to_string()),
        lobby_board: shared.lobby_board.get_untracked(),
    };
    keep_for_tab(HANDOFF_KEY, &handoff);
}

/// Reads what the previous page handed to `page` into `shared`. The game's page takes it
/// once; the lab keeps it, so a reload shows the same board.
pub fn take_handed(page: Page, shared: &Shared) {
    let Some(handoff) = read_for_tab::<Handoff>(HANDOFF_KEY, page == Page::Main) else {
        return;
    };
    match page {
        Page::Main => shared.lobby_board.set(handoff.lobby_board),
        Page::Lab => {
            shared.lab_board.set(handoff.lab_board);
            if let Some(back) = handoff.lab_back.as_deref().and_then(Screen::from_name) {
                shared.lab_back.set(back);
            }
        }
        Page::Maker => {}
    }
}
