fn main() {
    console_error_panic_hook::set_once();
    // The HTML shell painted the menu while the code loaded: the app takes over from it.
    if let Some(shell) = leptos::prelude::document().get_element_by_id("shell") {
        shell.remove();
    }
    leptos::mount::mount_to_body(monopoly_worlds::App);
    // For the load measurement (`make measure`): the app is running.
    let _ = js_sys::Reflect::set(
        &leptos::prelude::window(),
        &"__mwReady".into(),
        &true.into(),
    );
}
