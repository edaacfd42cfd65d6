//! Helpers shared by the browser tests: a fresh container, an empty app storage, and
//! finding buttons by their accessible name as a user does.
#![allow(dead_code)]

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlButtonElement, HtmlElement};

use monopoly_worlds::common::storage::LocalStore;

/// A new `<div>` appended to the page's body.
pub fn container() -> HtmlElement {
    let c: HtmlElement = document()
        .create_element("div")
        .expect("a div")
        .unchecked_into();
    document()
        .body()
        .expect("a body")
        .append_child(&c)
        .expect("append");
    c
}

/// Removes everything the app keeps under its prefix.
pub fn clear_app_storage() {
    // An earlier test's game may have an autosave due (written a frame after its last
    // action): it is written now, not into this test's storage.
    monopoly_worlds::game::autosave::flush_autosave();
    let store = LocalStore::open().expect("localStorage");
    for name in store.names().expect("names") {
        store.remove(&name).expect("remove");
    }
}

/// Every button whose accessible name (its aria-label, else its text) is `name`.
pub fn buttons(root: &HtmlElement, name: &str) -> Vec<HtmlButtonElement> {
    let list = root.query_selector_all("button").expect("buttons");
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| n.unchecked_into::<HtmlButtonElement>())
        .filter(|b| {
            let label = b
                .get_attribute("aria-label")
                .or_else(|| b.text_content())
                .unwrap_or_default();
            label.trim() == name
        })
        .collect()
}

/// The one button named `name`.
pub fn button(root: &HtmlElement, name: &str) -> HtmlButtonElement {
    let mut found = buttons(root, name);
    assert_eq!(found.len(), 1, "expected one button named {name:?}");
    found.remove(0)
}

pub fn text(root: &HtmlElement) -> String {
    root.text_content().unwrap_or_default()
}

/// Waits `ms` milliseconds of real time (timers, focus moved after a paint, the lab's
/// slices).
pub async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Lets Leptos apply the updates a click scheduled.
pub async fn settle() {
    for _ in 0..3 {
        leptos::task::tick().await;
    }
}

/// Mounts the play screen over a fresh session holding `setup`; animations off.
pub fn mount_play(
    setup: worlds_engine::GameSetup,
) -> (HtmlElement, monopoly_worlds::game::session::Session) {
    use monopoly_worlds::common::context::{Navigator, Screen, SettingsStore};
    use monopoly_worlds::common::storage::AnimationSpeed;
    use monopoly_worlds::game::play::PlayScreen;
    use monopoly_worlds::game::session::Session;
    clear_app_storage();
    let c = container();
    let session = Session::new();
    let s2 = session;
    leptos::mount::mount_to(c.clone(), move || {
        provide_context(Navigator::new(RwSignal::new(Screen::Play)));
        provide_context(s2);
        let settings = SettingsStore::load();
        settings
            .settings
            .update(|s| s.animation = AnimationSpeed::Off);
        provide_context(settings);
        s2.start("Test game", setup).expect("the game starts");
        view! { <PlayScreen /> }
    })
    .forget();
    (c, session)
}

/// A classic game for `seats` whose first throws show `rolls` (then the seeded dice).
pub fn classic_with(
    seats: Vec<worlds_engine::Seat>,
    rolls: &[[u8; 2]],
) -> worlds_engine::GameSetup {
    board_with(worlds_engine::Preset::Classic.board(), seats, rolls)
}

/// A game on `board` for `seats` whose first throws show `rolls` (then the seeded dice).
pub fn board_with(
    board: worlds_engine::Board,
    seats: Vec<worlds_engine::Seat>,
    rolls: &[[u8; 2]],
) -> worlds_engine::GameSetup {
    let mut setup = worlds_engine::GameSetup::new(board, seats, 42);
    setup.forced_rolls = rolls
        .iter()
        .enumerate()
        .map(|(i, d)| worlds_engine::game::ForcedRoll {
            at: i as u32,
            dice: d.to_vec(),
        })
        .collect();
    setup
}

/// The text field whose accessible name (`aria-label`) is `label`.
pub fn text_field(root: &HtmlElement, label: &str) -> web_sys::HtmlInputElement {
    root.query_selector(&format!("input[aria-label='{label}']"))
        .expect("query")
        .expect("the field")
        .unchecked_into()
}
