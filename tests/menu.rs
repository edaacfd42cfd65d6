//! Browser tests of the main menu, mounted in a real page in headless Chromium.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlButtonElement;

wasm_bindgen_test_configure!(run_in_browser);

mod common;

use monopoly_worlds::common::storage::LocalStore;

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
        "My games",
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
    // Issue 31, point 10: who made the game, not only the tools.
    let text = app.text_content().unwrap_or_default();
    assert!(text.contains("Made by"), "{text}");
    assert!(text.contains("The Monopoly Worlds project"), "{text}");
    assert!(text.contains("contributors"), "{text}");
    button(&app, "Back").expect("Back button").click();
    leptos::task::tick().await;
    assert!(
        button(&app, "Play").is_some(),
        "Back did not return to the menu"
    );
    app.remove();
}

/// Issue 20, point 12: with a game in progress Continue is the main button and the sentence
/// about greyed-out entries is gone; without one, Play is the main button and it is shown.
#[wasm_bindgen_test]
async fn continue_is_the_main_button_when_a_game_is_in_progress() {
    common::clear_app_storage();
    let app = mount_app();
    leptos::task::tick().await;
    let play = button(&app, "Play").expect("Play");
    let cont = button(&app, "Continue").expect("Continue");
    assert!(play.class_list().contains("primary"));
    assert!(!cont.class_list().contains("primary"));
    assert!(cont.disabled());
    assert!(common::text(&app).contains("Greyed-out entries"));
    app.remove();

    let store = LocalStore::open().expect("store");
    // Even a damaged autosave shows Continue (pressing it says what is wrong).
    store.set("autosave", "{ not json").expect("write");
    let app = mount_app();
    leptos::task::tick().await;
    let play = button(&app, "Play").expect("Play");
    let cont = button(&app, "Continue").expect("Continue");
    assert!(!cont.disabled());
    assert!(
        cont.class_list().contains("primary"),
        "Continue is the main button"
    );
    assert!(!play.class_list().contains("primary"), "Play is not");
    assert_eq!(
        app.query_selector_all(".menu-button.primary")
            .expect("q")
            .length(),
        1
    );
    let all = common::text(&app);
    assert!(!all.contains("Greyed-out"), "{all}");
    assert!(!all.contains("not available yet"), "{all}");
    app.remove();
    common::clear_app_storage();
}

/// Issue 31, point 9: Back after a change in Settings asks Keep changes or Revert; Revert puts
/// the settings back as they were, and the full-screen button names what it will do.
#[wasm_bindgen_test]
async fn settings_back_after_a_change_asks_to_keep_or_revert() {
    common::clear_app_storage();
    let app = mount_app();
    button(&app, "Settings").expect("Settings button").click();
    leptos::task::tick().await;
    assert!(
        button(&app, "Full screen").is_some(),
        "not in full screen yet"
    );
    // Back with nothing changed goes straight back.
    button(&app, "Back").expect("Back").click();
    leptos::task::tick().await;
    assert!(button(&app, "Play").is_some(), "back at the menu");
    button(&app, "Settings").expect("Settings button").click();
    leptos::task::tick().await;
    let theme = || {
        monopoly_worlds::common::storage::settings::load(&LocalStore::open().expect("store"))
            .expect("settings")
            .theme
    };
    let selects = app.query_selector_all("select").expect("selects");
    let select: web_sys::HtmlSelectElement = (0..selects.length())
        .filter_map(|i| selects.item(i))
        .map(|n| n.unchecked_into::<web_sys::HtmlSelectElement>())
        .find(|s| {
            s.parent_element()
                .and_then(|p| p.text_content())
                .is_some_and(|t| t.contains("Theme"))
        })
        .expect("the Theme field");
    select.set_value("Dark");
    select
        .dispatch_event(&web_sys::Event::new("change").expect("an event"))
        .expect("dispatch");
    leptos::task::tick().await;
    assert_eq!(theme(), monopoly_worlds::common::storage::Theme::Dark);
    button(&app, "Back").expect("Back").click();
    leptos::task::tick().await;
    assert!(button(&app, "Keep changes").is_some(), "Back asks first");
    button(&app, "Revert").expect("Revert").click();
    leptos::task::tick().await;
    assert_eq!(
        theme(),
        monopoly_worlds::common::storage::Theme::Light,
        "reverted"
    );
    assert!(button(&app, "Play").is_some(), "and back at the menu");
    app.remove();
    common::clear_app_storage();
}
