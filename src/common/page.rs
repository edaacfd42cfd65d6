//! What every page of the site does to start: the app takes over from the HTML shell, the
//! page provides its navigator, hand-offs and settings (see [`crate::common::context`]), and
//! a page with one screen shows it.

use leptos::prelude::*;

use crate::common::context::{Navigator, Page, Screen, SettingsStore, Shared};

/// What every page provides: its navigator, what the screens hand to each other (with what
/// the previous page handed over), and the player's settings with the theme they choose.
pub fn provide_page(page: Page, first: Screen) -> (RwSignal<Screen>, Shared) {
    provide_page_with(page, first, |screen, shared| {
        Navigator::on_page(screen, page, shared)
    })
}

/// [`provide_page`] with the page's own navigator (see [`Navigator::on_front`]).
pub fn provide_page_with(
    page: Page,
    first: Screen,
    navigator: impl FnOnce(RwSignal<Screen>, Shared) -> Navigator,
) -> (RwSignal<Screen>, Shared) {
    let screen = RwSignal::new(first);
    let shared = Shared::default();
    crate::common::context::take_handed(page, &shared);
    provide_context(shared);
    provide_context(navigator(screen, shared));
    let settings = SettingsStore::load();
    provide_context(settings);
    // The theme is a data attribute on the root element, read by the CSS variables.
    Effect::new(move |_| {
        let theme = match settings.settings.get().theme {
            crate::common::storage::Theme::Light => "light",
            crate::common::storage::Theme::Dark => "dark",
        };
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("data-theme", theme);
        }
    });
    (screen, shared)
}

/// A page that shows one screen (made once the page's context is provided).
pub fn one_screen_page<V: IntoView>(
    page: Page,
    screen: Screen,
    content: impl FnOnce() -> V,
) -> impl IntoView {
    provide_page(page, screen);
    let content = content();
    view! { <main id="app" class="app">{content}</main> }
}

/// Starts one page: the app takes over from the HTML shell that showed while the code
/// loaded, and tells the page it runs (for `make measure`, and so the service worker may
/// now cache the build).
pub fn start<F, N>(app: F)
where
    F: FnOnce() -> N + 'static,
    N: IntoView + 'static,
{
    let window = leave_shell();
    // The game page's light first code, or its game's code without online play, if one ran,
    // leaves the page to this code: its screen and everything it listens to go (see
    // `start_front`).
    call_page_function(&window, LEAVE_FRONT, true);
    call_page_function(&window, LEAVE_GAME, true);
    let Some(body) = document().body() else {
        return;
    };
    let handle = leptos::mount::mount_to(body, app);
    // The game's code without online play hands the page to the one with it the same way.
    let leave = wasm_bindgen::closure::Closure::once_into_js(move || drop(handle));
    let _ = js_sys::Reflect::set(&window, &LEAVE_GAME.into(), &leave);
    ready(&window, true);
}

/// Where the game page's light first code leaves a function that takes its screen away.
const LEAVE_FRONT: &str = "__mwLeaveFront";

/// Where a page's code leaves a function that takes its screen away, for the game's code
/// with online play taking the page over from the one without it.
const LEAVE_GAME: &str = "__mwLeaveGame";

/// Starts the game page's light first code (`crate::game::front`): as [`start`], and the
/// game's code, when it starts on the same page, takes the page over by calling
/// `window.__mwLeaveFront`, which unmounts this app (its screen, effects and listeners).
pub fn start_front<F, N>(app: F)
where
    F: FnOnce() -> N + 'static,
    N: IntoView + 'static,
{
    let window = leave_shell();
    let Some(body) = document().body() else {
        return;
    };
    let handle = leptos::mount::mount_to(body, app);
    let leave = wasm_bindgen::closure::Closure::once_into_js(move || drop(handle));
    let _ = js_sys::Reflect::set(&window, &LEAVE_FRONT.into(), &leave);
    // The service worker, which downloads every page's files, waits for the game's code
    // (web/loader.mjs starts it once that code is compiled), so the two do not share the
    // phone's bandwidth.
    ready(&window, false);
}

/// The page's code takes over from the HTML shell that showed while it loaded.
fn leave_shell() -> web_sys::Window {
    console_error_panic_hook::set_once();
    if let Some(shell) = document().get_element_by_id("shell") {
        shell.remove();
    }
    window()
}

/// Calls `window[name]()` when the page has such a function (`take`: removed first, so it is
/// called once).
fn call_page_function(window: &web_sys::Window, name: &str, take: bool) {
    let key = wasm_bindgen::JsValue::from_str(name);
    let Ok(value) = js_sys::Reflect::get(window, &key) else {
        return;
    };
    if take {
        let _ = js_sys::Reflect::delete_property(window, &key);
    }
    if let Some(function) = wasm_bindgen::JsCast::dyn_ref::<js_sys::Function>(&value) {
        let _ = function.call0(window);
    }
}

/// Takes `window[name]` when it is a string (a page's code reads what was left for it once).
pub fn take_page_string(name: &str) -> Option<String> {
    let window = window();
    let key = wasm_bindgen::JsValue::from_str(name);
    let value = js_sys::Reflect::get(&window, &key).ok()?.as_string()?;
    let _ = js_sys::Reflect::delete_property(&window, &key);
    Some(value)
}

/// Tells the page its app runs (for `make measure`), and, with `cache`, that the service
/// worker may now cache the build.
fn ready(window: &web_sys::Window, cache: bool) {
    let _ = js_sys::Reflect::set(window, &"__mwReady".into(), &true.into());
    if cache {
        call_page_function(window, "__mwStartServiceWorker", false);
    }
}
