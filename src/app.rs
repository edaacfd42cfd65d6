//! The app shell: the three pages of the site (the game, the Board Maker, the lab), what each
//! provides to its screens (see [`crate::context`]), and which screen is showing.

use leptos::prelude::*;

use crate::context::{Navigator, Page, Screen, SettingsStore, Shared};
use crate::pages::{
    credits::Credits, help::Help, lobby::Lobby, menu::MainMenu, play::PlayScreen,
    saves::SavedGames, settings::SettingsPage,
};
use crate::session::Session;

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

/// What every page provides: its navigator, what the screens hand to each other (with what
/// the previous page handed over), and the player's settings with the theme they choose.
fn provide_page(page: Page, first: Screen) -> (RwSignal<Screen>, Shared) {
    let screen = RwSignal::new(first);
    let shared = Shared::default();
    crate::context::take_handed(page, &shared);
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
