//! The room's door (web/door.js, plain JavaScript a friend's device runs before the game's
//! code arrives) shows the same colors and tokens as the app's join form: its lists are
//! these, in this order, written out.

use worlds_models::pieces::{COLORS, TOKENS};

const DOOR: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/door.js"));

fn js_list(name: &str, pairs: &[(&str, &str)]) -> String {
    let items: Vec<String> = pairs
        .iter()
        .map(|(a, b)| format!("['{a}', '{b}']"))
        .collect();
    format!("const {name} = [{}];", items.join(", "))
}

#[test]
fn the_door_offers_the_apps_colors_and_tokens_in_their_order() {
    for expected in [js_list("COLORS", &COLORS), js_list("TOKENS", &TOKENS)] {
        assert!(
            DOOR.contains(&expected),
            "web/door.js should say:\n{expected}"
        );
    }
}
