//! What every page of the site does to start: the app takes over from the HTML shell, the
//! page provides its navigator, hand-offs and settings (see [`crate::common::context`]), and
//! a page with one screen shows it.

use leptos::prelude::*;

use crate::common::context::{Navigator, Page, Screen, SettingsStore, Shared};

/// What every page provides: its navigator, what the screens hand to each other (with what
/// the previous page handed over), and the player's settings with the theme they choose.
pub fn provide_page(page: Page, first: Screen) -> (RwSignal<Screen>, Shared) {
    let screen = RwSignal::new(first);
    let shared = Shared::default();
    crate::common::context::take_handed(page, &shared);
    provide_context(shared);
    provide_context(Navigator::on_page(screen, page, shared));
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
