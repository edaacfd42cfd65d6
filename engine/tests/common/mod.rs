//! Helpers for the rule scenario tests.
#![allow(dead_code)]

use serde_json::Value;
use worlds_engine::game::Player;
use worlds_engine::scenario::Scenario;
use worlds_engine::Game;

/// One rule, one test: a scenario and what must hold after it.
#[macro_export]
macro_rules! rule {
    ($name:ident, $scenario:expr, |$g:ident| $body:block) => {
        #[test]
        fn $name() {
            let $g = play($scenario);
            $body
        }
    };
}

/// Runs a scenario to its end.
pub fn play(v: Value) -> Game {
    let s: Scenario = serde_json::from_value(v).expect("a scenario");
    let out = s.run().expect("the scenario runs");
    assert_eq!(
        out.unapplied_actions, 0,
        "every explicit action was applied"
    );
    out.game
}

/// The game a scenario sets up, before any action.
pub fn start(v: Value) -> Game {
    let s: Scenario = serde_json::from_value(v).expect("a scenario");
    Game::new(s.setup().expect("setup")).expect("a game")
}

pub fn player<'a>(g: &'a Game, name: &str) -> &'a Player {
    g.players()
        .iter()
        .find(|p| p.name == name)
        .expect("a player")
}

pub fn cash(g: &Game, name: &str) -> i64 {
    player(g, name).cash
}

pub fn cash_of(g: &Game, id: usize) -> i64 {
    g.player(worlds_engine::PlayerId(id)).cash
}

pub fn pos(g: &Game, name: &str) -> usize {
    player(g, name).position
}

pub fn owner(g: &Game, square: &str) -> Option<String> {
    let i = g.board().index_of(square).expect("a square");
    g.square(i).owner.map(|o| g.player(o).name.clone())
}

pub fn has_event(g: &Game, kind: &str) -> bool {
    g.log().iter().any(|e| {
        serde_json::to_value(&e.event)
            .ok()
            .and_then(|v| v["event"].as_str().map(|s| s == kind))
            == Some(true)
    })
}
