//! The app shell: which screen is showing, and the context the screens share.

use leptos::prelude::*;

use worlds_engine::BoardDef;

use crate::pages::{
    credits::Credits, help::Help, lobby::Lobby, menu::MainMenu, play::PlayScreen,
    saves::SavedGames, settings::SettingsPage,
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
            Screen::Shared => "menu",
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

/// The entry pressed in the HTML shell before the app started (`window.__mwPending`), or the
/// screen named in the address (`?open=lobby`, from another page), taken once.
fn take_shell_press() -> Option<String> {
    let window = window();
    let key = wasm_bindgen::JsValue::from_str("__mwPending");
    if let Some(value) = js_sys::Reflect::get(&window, &key)
        .ok()
        .and_then(|v| v.as_string())
    {
        let _ = js_sys::Reflect::delete_property(&window, &key);
        return Some(value);
    }
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
}

impl Navigator {
    /// A navigator that shows every screen in place (tests mount screens with it).
    pub fn new(screen: RwSignal<Screen>) -> Navigator {
        Navigator { screen, page: None }
    }

    /// The navigator of one page of the site: screens of other pages are opened by loading
    /// that page, with `shared` handed over through the tab's session storage.
    pub fn on_page(screen: RwSignal<Screen>, page: Page, shared: Shared) -> Navigator {
        Navigator {
            screen,
            page: Some((page, shared)),
        }
    }

    pub fn go(&self, to: Screen) {
        match self.page {
            Some((page, shared)) if to.page() != page => {
                crate::handoff::write(&shared, to);
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

/// What every page provides: its navigator, what the screens hand to each other (with what
/// the previous page handed over), and the player's settings with the theme they choose.
fn provide_page(page: Page, first: Screen) -> (RwSignal<Screen>, Shared) {
    let screen = RwSignal::new(first);
    let shared = Shared::default();
    crate::handoff::read(page, &shared);
    provide_context(shared);
    provide_context(Navigator::on_page(screen, page, shared));
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
    (screen, shared)
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
    // A menu entry pressed in the HTML shell before the app was ready opens now (as does a
    // screen named by another page).
    match pending.as_deref().and_then(Screen::from_name) {
        Some(Screen::Play) if session.resume_autosave() == Ok(true) => screen.set(Screen::Play),
        Some(Screen::Play) => {}
        Some(to) => nav.go(to),
        None => {}
    }
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
                Screen::Shared => view! { <crate::pages::shared::SharedLink /> }.into_any(),
                // Shown by their own pages (the navigator loads them).
                Screen::BoardMaker | Screen::Statistics => view! { <MainMenu /> }.into_any(),
            }}
        </main>
    }
}

/// A page that shows one screen (made once the page's context is provided).
fn one_screen_page<V: IntoView>(
    page: Page,
    screen: Screen,
    content: impl FnOnce() -> V,
) -> impl IntoView {
    provide_page(page, screen);
    let content = content();
    view! { <main id="app" class="app">{content}</main> }
}

/// The Board Maker's page (maker.html).
#[component]
pub fn MakerApp() -> impl IntoView {
    one_screen_page(Page::Maker, Screen::BoardMaker, || {
        view! { <crate::pages::board_maker::BoardMaker /> }
    })
}

/// The statistics lab's page (lab.html).
#[component]
pub fn LabApp() -> impl IntoView {
    one_screen_page(Page::Lab, Screen::Statistics, || {
        view! { <crate::pages::statistics::Statistics /> }
    })
}

/// Starts one page: the app takes over from the HTML shell that showed while the code
/// loaded, and tells the page it runs (for `make measure`, and so the service worker may
/// now cache the build).
pub fn start<F, N>(app: F)
where
    F: FnOnce() -> N + 'static,
    N: IntoView + 'static,
{
    console_error_panic_hook::set_once();
    if let Some(shell) = document().get_element_by_id("shell") {
        shell.remove();
    }
    leptos::mount::mount_to_body(app);
    let window = window();
    let _ = js_sys::Reflect::set(&window, &"__mwReady".into(), &true.into());
    if let Ok(start) = js_sys::Reflect::get(&window, &"__mwStartServiceWorker".into()) {
        if let Some(start) = wasm_bindgen::JsCast::dyn_ref::<js_sys::Function>(&start) {
            let _ = start.call0(&window);
        }
    }
}
