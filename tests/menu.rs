//! Browser tests of the main menu, mounted in a real page in headless Chromium.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlButtonElement;

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts the whole app into a fresh container and returns that container.
fn mount_app() -> web_sys::HtmlElement {
    let document = document();
    let container: web_sys::HtmlElement = document
        .create_element("div")
        .expect("create a container")
        .unchecked_into();
    document
        .body()
        .expect("a body")
        .append_child(&container)
        .expect("append");
    leptos::mount::mount_to(container.clone(), monopoly_worlds::App).forget();
    container
}

/// The button whose visible text is exactly `name`, as a user finds it.
fn button(container: &web_sys::HtmlElement, name: &str) -> Option<HtmlButtonElement> {
    let buttons = container
        .query_selector_all("button")
        .expect("query buttons");
    (0..buttons.length())
        .filter_map(|i| buttons.item(i))
        .map(|node| node.unchecked_into::<HtmlButtonElement>())
        .find(|b| b.text_content().map(|t| t.trim().to_string()).as_deref() == Some(name))
}

#[wasm_bindgen_test]
fn the_menu_shows_every_entry_of_the_product() {
    let app = mount_app();
    for name in [
        "Continue",
        "Play",
        "Board Maker",
        "Statistics",
        "Settings",
        "Help",
        "Credits",
    ] {
        assert!(button(&app, name).is_some(), "no menu button named {name}");
    }
    let heading = app.query_selector("h1").expect("query").expect("a heading");
    assert_eq!(heading.text_content().as_deref(), Some("Monopoly Worlds"));
    app.remove();
}

#[wasm_bindgen_test]
async fn credits_opens_and_back_returns_to_the_menu() {
    let app = mount_app();
    button(&app, "Credits").expect("Credits button").click();
    leptos::task::tick().await;
    let heading = app.query_selector("h1").expect("query").expect("a heading");
    assert_eq!(heading.text_content().as_deref(), Some("Credits"));
    button(&app, "Back").expect("Back button").click();
    leptos::task::tick().await;
    assert!(
        button(&app, "Play").is_some(),
        "Back did not return to the menu"
    );
    app.remove();
}
