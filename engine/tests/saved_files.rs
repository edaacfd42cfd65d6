//! Files written before ids, buildings, Jokers, tokens and strategies became typed still
//! load: the saved games in `fixtures/` replay to the very state they were saved with, and
//! the exported world reads back as the same board.
//!
//! The fixtures were written by the version before those types (run this file with
//! `WORLDS_WRITE_FIXTURES=1` to write them again; only do that on purpose).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use worlds_engine::bots::play_out;
use worlds_engine::envelope::{self, RecordKind};
use worlds_engine::game::{ComputerStrategy, GameSetup, Seat, SeatStart, Token};
use worlds_engine::scenario::report;
use worlds_engine::{Board, BoardDef, Game, GameRecord, Preset};

/// A saved game as the app stores and exports it (`storage::saves::SavedGame`).
#[derive(Debug, Serialize, Deserialize)]
struct SavedGame {
    name: String,
    game: GameRecord,
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn seat(name: &str, token: &str, strategy: Option<&str>) -> Seat {
    let mut s = match strategy {
        Some(st) => Seat::computer(name, ComputerStrategy::from_name(st).expect("a strategy")),
        None => Seat::human(name),
    };
    s.token = Token::from_name(token);
    s.color = "#c0392b".to_string();
    s
}

/// A classic game with every kind of seat, tokens, a start with houses and a hotel and a
/// mortgage, played on by the computer players.
fn classic_game() -> Game {
    let board = Preset::Classic.board();
    let mut ann = seat("Ann", "dog", None);
    ann.start = SeatStart {
        owns: vec![1, 3, 5],
        mortgaged: vec![5],
        houses: vec![(1, 4), (3, 5)],
        ..SeatStart::default()
    };
    let seats = vec![
        ann,
        seat("Bob", "pawn:0", Some("balanced")),
        seat("Cy", "top hat", Some("cautious")),
        seat("Di", "", Some("random")),
    ];
    let mut game = Game::new(GameSetup::new(board, seats, 2024)).expect("a game");
    play_out(&mut game, 400);
    game
}

/// A game on the Worlds board (Jokers that move and that make a player wait).
fn worlds_game() -> Game {
    let board = Preset::Worlds.board();
    let seats = vec![
        seat("Eve", "cat", Some("balanced")),
        seat("Fay", "pawn:1", Some("random")),
        seat("Gus", "horse", Some("cautious")),
    ];
    let mut game = Game::new(GameSetup::new(board, seats, 77)).expect("a game");
    play_out(&mut game, 500);
    game
}

/// A world with Jokers of every kind, as the Board Maker exported it: the Worlds board of
/// the time, whose decks had no ranged card yet (issue 44 made Chance 12 and Community
/// Chest 6 ranges).
fn joker_world() -> BoardDef {
    use worlds_engine::cards::{CardDef, CardEffect};
    let mut def = Preset::Worlds.board().def().clone();
    def.name = "Jokers everywhere".to_string();
    if let Some(decks) = def.decks.as_mut() {
        decks.chance[11] = CardDef {
            text: "Lucky star: collect {c}50.".to_string(),
            effect: CardEffect::Collect { amount: 50.into() },
        };
        decks.community_chest[5] = CardDef {
            text: "Stardust found: collect {c}50.".to_string(),
            effect: CardEffect::Collect { amount: 50.into() },
        };
    }
    def
}

fn games() -> [(&'static str, Game); 2] {
    [
        ("save_classic", classic_game()),
        ("save_worlds", worlds_game()),
    ]
}

/// The report with every `text` field left out.
fn without_text(mut value: serde_json::Value) -> serde_json::Value {
    match &mut value {
        serde_json::Value::Object(map) => {
            map.remove("text");
            for v in map.values_mut() {
                *v = without_text(v.take());
            }
        }
        serde_json::Value::Array(items) => {
            for v in items.iter_mut() {
                *v = without_text(v.take());
            }
        }
        _ => {}
    }
    value
}

/// Writes the fixtures (only with `WORLDS_WRITE_FIXTURES=1`).
#[test]
fn write_fixtures_when_asked() {
    if std::env::var("WORLDS_WRITE_FIXTURES").ok().as_deref() != Some("1") {
        return;
    }
    std::fs::create_dir_all(fixture("")).expect("fixtures dir");
    for (name, game) in games() {
        let saved = SavedGame {
            name: name.to_string(),
            game: GameRecord::of(&game),
        };
        let text = envelope::encode(RecordKind::Save, &saved, 1_763_000_000_000).expect("encodes");
        std::fs::write(fixture(&format!("{name}.json")), text).expect("writes");
        let state = serde_json::to_string(&report(&game)).expect("report");
        std::fs::write(fixture(&format!("{name}.report.json")), state).expect("writes");
    }
    let text =
        envelope::encode(RecordKind::World, &joker_world(), 1_763_000_000_000).expect("encodes");
    std::fs::write(fixture("world_jokers.json"), text).expect("writes");
}

#[test]
fn saved_games_of_the_previous_version_load_and_replay_identically() {
    for name in ["save_classic", "save_worlds"] {
        let text = std::fs::read_to_string(fixture(&format!("{name}.json"))).expect("fixture");
        let saved: SavedGame = envelope::decode(RecordKind::Save, &text).expect("loads");
        let game = saved.game.replay().expect("replays");
        let want: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(fixture(&format!("{name}.report.json"))).expect("report"),
        )
        .expect("json");
        // The log's sentences (`text`) are narration, which may be worded better in a later
        // version; every number, event and id must be the same.
        assert_eq!(
            without_text(report(&game)),
            without_text(want),
            "{name}: the replayed game differs"
        );
        // Written again, the record is the same file.
        let again = envelope::encode(RecordKind::Save, &saved, 1_763_000_000_000).expect("encodes");
        assert_eq!(again, text, "{name}: the save is written differently now");
    }
}

#[test]
fn a_world_exported_by_the_previous_version_loads_unchanged() {
    let text = std::fs::read_to_string(fixture("world_jokers.json")).expect("fixture");
    let def: BoardDef = envelope::decode(RecordKind::World, &text).expect("loads");
    let board = Board::from_def(def.clone()).expect("a valid board");
    assert_eq!(def, joker_world());
    let again = envelope::encode(RecordKind::World, &def, 1_763_000_000_000).expect("encodes");
    assert_eq!(again, text, "the world is written differently now");
    // It plays.
    let seats = vec![
        seat("A", "", Some("balanced")),
        seat("B", "", Some("random")),
    ];
    let mut game = Game::new(GameSetup::new(board, seats, 3)).expect("a game");
    assert!(play_out(&mut game, 500) > 0);
}

/// The table game a guest's device saved before a public game had a type of its own (issue
/// 41): its copy of the game was a whole game with a stand-in generator (`"rng"`) and a seed
/// of 0. The setup it was played from (seed 77) is `guest_fixture_setup`.
fn guest_fixture_setup() -> GameSetup {
    let seats = vec![
        seat("Ann", "dog", None),
        seat("Bob", "car", Some("balanced")),
        seat("Cy", "top hat", Some("cautious")),
    ];
    GameSetup::new(Preset::Classic.board(), seats, 77)
}

#[test]
fn a_table_guests_save_of_the_previous_version_loads_as_a_public_game_that_follows_on() {
    let text = std::fs::read_to_string(fixture("save_table_guest.json")).expect("fixture");
    assert!(
        text.contains("\"rng\""),
        "the old save holds a stand-in generator"
    );
    let saved: SavedGame = serde_json::from_str(&text).expect("loads");
    let mut copy = saved.game.replay().expect("its public game comes back");
    assert!(copy.is_public());
    let want: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(fixture("save_table_guest.report.json")).expect("report"),
    )
    .expect("json");
    assert_eq!(without_text(report(&copy)), without_text(want));
    // It is the game as every player may know it, and it follows the real game on.
    let mut real = Game::replay(&guest_fixture_setup(), copy.history()).expect("replays");
    assert_eq!(copy, real.public_view());
    for _ in 0..80 {
        let Some(me) = real.actor() else { break };
        let action = worlds_engine::bots::bot(ComputerStrategy::Balanced).choose(&real, me);
        let entries = real.apply(action.clone()).expect("legal").to_vec();
        copy.follow(action, &entries).expect("follows");
    }
    assert_eq!(copy, real.public_view());
    // Saved again, its public game has no generator and no seed, and reads back the same.
    let again = serde_json::to_string(&GameRecord::of(&copy)).expect("writes");
    let v: serde_json::Value = serde_json::from_str(&again).expect("json");
    assert!(v["public"].get("rng").is_none(), "{}", &again[..200]);
    assert!(v["public"]["setup"].get("seed").is_none());
    let back: GameRecord = serde_json::from_str(&again).expect("reads");
    assert_eq!(back.replay(), Ok(copy));
}
