//! The room's door (web/door.js, plain JavaScript a friend's device runs before the game's
//! code arrives) reads a room's turn timer as the app does.

use worlds_table::clock::TurnTimer;

const DOOR: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/door.js"));

#[test]
fn the_door_names_each_turn_timer_as_the_app_does() {
    for timer in TurnTimer::ALL.into_iter().filter(|t| !t.is_off()) {
        let written = serde_json::to_string(&timer).expect("a timer is written as a string");
        let expected = format!("{}: '{}'", written.replace('"', "'"), timer.label());
        assert!(
            DOOR.contains(&expected),
            "web/door.js should say {expected}"
        );
    }
}
