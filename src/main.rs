fn main() {
    console_error_panic_hook::set_once();
    // The HTML shell painted the menu while the code loaded: the app takes over from it.
    if let Some(shell) = leptos::prelude::document().get_element_by_id("shell") {
        shell.remove();
    }
    leptos::mount::mount_to_body(monopoly_worlds::App);
    let window = leptos::prelude::window();
    // For the load measurement (`make measure`): the app is running.
    let _ = js_sys::Reflect::set(&window, &"__mwReady".into(), &true.into());
    // Now the service worker may cache the build (index.html registers it).
    if let Ok(start) = js_sys::Reflect::get(&window, &"__mwStartServiceWorker".into()) {
        if let Some(start) = wasm_bindgen::JsCast::dyn_ref::<js_sys::Function>(&start) {
            let _ = start.call0(&window);
        }
    }
}
