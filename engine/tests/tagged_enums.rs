//! The internally tagged enums (`#[serde(tag = ...)]`: squares, card effects, rules, seats,
//! actions, phases, events and money reasons) are read by `TaggedDeserialize` instead of
//! serde's buffering derive; the files stay the same.
//!
//! - Files written by the version before that change (`fixtures/current_*`: a save, a world,
//!   a whole game state with its log, and a world link) load and are written again byte for
//!   byte. Run this file with `WORLDS_WRITE_FIXTURES=1` to write them again (only on purpose).
//! - Every enum reads back what it writes, with the tag first (as serde writes it) and with
//!   the tag last or in the middle (a file written by hand: the buffered path).
//! - Unknown variants, a missing tag and unknown fields are refused with serde's words.

#![allow(clippy::disallowed_methods)] // tests may sort as they like (clippy.toml)

use std::path::PathBuf;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use worlds_engine::bots::play_out;
use worlds_engine::envelope::{self, RecordKind};
use worlds_engine::game::{ComputerStrategy, GameSetup, Seat};
use worlds_engine::{share, BoardDef, Game, GameRecord, Preset};

/// A saved game as the app stores and exports it (`storage::saves::SavedGame`).
#[derive(Debug, Serialize, Deserialize)]
struct SavedGame {
    name: String,
    game: GameRecord,
}

const TAGS: [&str; 5] = ["type", "action", "phase", "kind", "event"];
const WHEN: u64 = 1_763_000_000_000;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn read(name: &str) -> String {
    std::fs::read_to_string(fixture(name)).expect("fixture")
}

/// A classic game of four computer players (trades and auctions on in the classic rules),
/// played far enough for auctions, trades, jail, buildings and debts.
fn game(preset: Preset, seed: u64, actions: usize) -> Game {
    let seats = vec![
        Seat::computer(
            "Ann",
            ComputerStrategy::from_name("balanced").expect("a strategy"),
        ),
        Seat::computer(
            "Bob",
            ComputerStrategy::from_name("cautious").expect("a strategy"),
        ),
        Seat::computer(
            "Cy",
            ComputerStrategy::from_name("random").expect("a strategy"),
        ),
        Seat::human("Di"),
    ];
    let mut game = Game::new(GameSetup::new(preset.board(), seats, seed)).expect("a game");
    play_out(&mut game, actions);
    game
}

/// JSON text of `value` with each object's keys in the given order: the tag keys last
/// (`tag_first == false`) or first, the others as serde_json sorts them.
fn write_with_tags(value: &Value, tag_first: bool, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort_by_key(|k| TAGS.contains(&k.as_str()) != tag_first);
            out.push('{');
            for (i, k) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&serde_json::to_string(k).expect("a key"));
                out.push(':');
                write_with_tags(&map[k.as_str()], tag_first, out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_with_tags(v, tag_first, out);
            }
            out.push(']');
        }
        other => out.push_str(&serde_json::to_string(other).expect("a value")),
    }
}

/// `value` reads back from its own JSON, from JSON with every tag last, and from a
/// `serde_json::Value` (keys sorted: the tag anywhere).
fn round_trips<T>(value: &T)
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let text = serde_json::to_string(value).expect("writes");
    let back: T = serde_json::from_str(&text).expect("reads its own file");
    assert_eq!(&back, value);
    let tree = serde_json::to_value(value).expect("a value");
    for tag_first in [true, false] {
        let mut moved = String::new();
        write_with_tags(&tree, tag_first, &mut moved);
        let back: T = serde_json::from_str(&moved)
            .unwrap_or_else(|e| panic!("reads with tags first = {tag_first}: {e}\n{moved}"));
        assert_eq!(&back, value, "tags first = {tag_first}");
    }
    let back: T = serde_json::from_value(tree).expect("reads from a value");
    assert_eq!(&back, value);
}

/// Writes the fixtures (only with `WORLDS_WRITE_FIXTURES=1`).
#[test]
fn write_fixtures_when_asked() {
    if std::env::var("WORLDS_WRITE_FIXTURES").ok().as_deref() != Some("1") {
        return;
    }
    let classic = game(Preset::Classic, 11, 3000);
    let saved = SavedGame {
        name: "current".to_string(),
        game: GameRecord::of(&classic),
    };
    let text = envelope::encode(RecordKind::Save, &saved, WHEN).expect("encodes");
    std::fs::write(fixture("current_save.json"), text).expect("writes");
    let worlds = game(Preset::Worlds, 12, 1500);
    let state = serde_json::to_string(&worlds).expect("a game state");
    std::fs::write(fixture("current_game_state.json"), state).expect("writes");
    let world = Preset::Campus.board().def().clone();
    let text = envelope::encode(RecordKind::World, &world, WHEN).expect("encodes");
    std::fs::write(fixture("current_world.json"), &text).expect("writes");
    std::fs::write(
        fixture("current_world_link.txt"),
        share::fragment("world", &text),
    )
    .expect("writes");
}

#[test]
fn a_save_written_before_reads_and_is_written_the_same() {
    let text = read("current_save.json");
    let saved: SavedGame = envelope::decode(RecordKind::Save, &text).expect("loads");
    let game = saved.game.replay().expect("replays");
    assert!(game.log().len() > 100, "a game with a history");
    let again = envelope::encode(RecordKind::Save, &saved, WHEN).expect("encodes");
    assert_eq!(again, text, "the save is written differently now");
    round_trips(&saved.game);
}

#[test]
fn a_game_state_written_before_reads_and_is_written_the_same() {
    let text = read("current_game_state.json");
    let game: Game = serde_json::from_str(&text).expect("loads");
    assert_eq!(serde_json::to_string(&game).expect("writes"), text);
    round_trips(&game);
    // Every log entry's event and every phase kind the game went through.
    round_trips(&game.log().to_vec());
    round_trips(game.phase());
}

#[test]
fn a_world_and_its_link_written_before_read_the_same() {
    let text = read("current_world.json");
    let def: BoardDef = envelope::decode(RecordKind::World, &text).expect("loads");
    assert_eq!(&def, Preset::Campus.board().def());
    let again = envelope::encode(RecordKind::World, &def, WHEN).expect("encodes");
    assert_eq!(again, text, "the world is written differently now");
    let link = read("current_world_link.txt");
    let (key, data) = share::parse_fragment(&link).expect("a link");
    assert_eq!(key, "world");
    assert_eq!(share::read_world(data).expect("reads"), def);
    round_trips(&def);
}

#[test]
fn every_tagged_enum_reads_back_with_the_tag_anywhere() {
    for preset in [
        Preset::Classic,
        Preset::Mini,
        Preset::Campus,
        Preset::Worlds,
    ] {
        // Squares, card effects (both square forms) and both rule enums.
        let board = preset.board();
        round_trips(board.def());
        let g = game(preset, 5, 800);
        // Seats (human and computer), actions, phases, events and money reasons.
        round_trips(g.setup());
        round_trips(&GameRecord::of(&g));
        round_trips(&g);
    }
}

#[test]
fn unknown_variants_missing_tags_and_unknown_fields_are_refused_as_before() {
    use worlds_engine::{Action, SquareKind};
    let e = serde_json::from_str::<SquareKind>(r#"{"type":"castle","price":1}"#)
        .expect_err("no such square");
    assert!(
        e.to_string()
            .starts_with("unknown variant `castle`, expected one of `start`"),
        "{e}"
    );
    // The same with the tag last (the buffered path).
    let e = serde_json::from_str::<SquareKind>(r#"{"price":1,"type":"castle"}"#)
        .expect_err("no such square");
    assert!(e.to_string().contains("unknown variant `castle`"), "{e}");
    let e = serde_json::from_str::<SquareKind>(r#"{"price":1}"#).expect_err("no tag");
    assert!(e.to_string().starts_with("missing field `type`"), "{e}");
    let e = serde_json::from_str::<SquareKind>(r#"{}"#).expect_err("no tag");
    assert!(e.to_string().starts_with("missing field `type`"), "{e}");
    let e = serde_json::from_str::<SquareKind>(r#"{"type":"railroad","rents":[1]}"#)
        .expect_err("no price");
    assert!(e.to_string().starts_with("missing field `price`"), "{e}");
    let e = serde_json::from_str::<SquareKind>(r#""start""#).expect_err("not a map");
    assert!(
        e.to_string().starts_with(
            "invalid type: string \"start\", expected internally tagged enum SquareKind"
        ),
        "{e}"
    );
    // Actions deny unknown fields, as before.
    let e = serde_json::from_str::<Action>(r#"{"action":"bid","amount":5,"extra":1}"#)
        .expect_err("an unknown field");
    assert!(e.to_string().starts_with("unknown field `extra`"), "{e}");
    let e = serde_json::from_str::<Action>(r#"{"amount":5,"extra":1,"action":"bid"}"#)
        .expect_err("an unknown field");
    assert!(e.to_string().contains("unknown field `extra`"), "{e}");
    // A second tag is refused (serde's derive said "duplicate field"; with the tag first it
    // is now an unknown field of the variant, for the enums that deny unknown fields).
    let e = serde_json::from_str::<Action>(r#"{"action":"bid","amount":5,"action":"roll"}"#)
        .expect_err("two tags");
    assert!(e.to_string().starts_with("unknown field `action`"), "{e}");
    let e = serde_json::from_str::<Action>(r#"{"amount":5,"action":"bid","action":"roll"}"#)
        .expect_err("two tags");
    assert!(e.to_string().contains("duplicate field `action`"), "{e}");
    // A variant without data ignores other keys, as serde's derive did.
    let a: Action = serde_json::from_str(r#"{"action":"roll","note":1}"#).expect("a roll");
    assert_eq!(a, Action::Roll);
    let a: Action = serde_json::from_str(r#"{"note":1,"action":"roll"}"#).expect("a roll");
    assert_eq!(a, Action::Roll);
    let s: SquareKind =
        serde_json::from_str(r#"{"type":"tax","amount":200}"#).expect("defaults apply");
    assert_eq!(
        s,
        SquareKind::Tax {
            amount: 200,
            percent: 0,
            percent_on_double: None
        }
    );
}

#[test]
fn a_square_is_named_by_its_index_or_its_name() {
    use worlds_engine::cards::SquareRef;
    for (text, want) in [
        ("3", SquareRef::Index(3)),
        (r#""Boardwalk""#, SquareRef::Name("Boardwalk".into())),
    ] {
        let r: SquareRef = serde_json::from_str(text).expect("reads");
        assert_eq!(r, want);
        assert_eq!(serde_json::to_string(&r).expect("writes"), text);
        let v: SquareRef = serde_json::from_value(serde_json::from_str(text).expect("json"))
            .expect("reads from a value");
        assert_eq!(v, want);
    }
    for bad in ["-1", "1.5", "true", "[1]", "{}", "null"] {
        let e = serde_json::from_str::<SquareRef>(bad).expect_err("neither index nor name");
        assert!(
            e.to_string().contains("expected a square's index or name"),
            "{bad}: {e}"
        );
    }
}

#[test]
fn a_log_entry_reads_its_event_in_any_order_and_refuses_what_serde_refused() {
    use worlds_engine::{Event, LogEntry};
    let g = game(Preset::Classic, 3, 200);
    let entry = g
        .log()
        .iter()
        .find(|e| matches!(e.event, Event::Rolled { .. }))
        .expect("a roll")
        .clone();
    let read = |text: &str| serde_json::from_str::<LogEntry>(text);
    let written = serde_json::to_string(&entry).expect("writes");
    assert!(
        written.starts_with(r#"{"round":"#) && written.contains(r#""cash":"#),
        "the entry's fields first: {written}"
    );
    // The event's tag before the entry's fields, in the middle of them, and last.
    let Value::Object(map) = serde_json::to_value(&entry).expect("a value") else {
        panic!("an object")
    };
    for order in [
        [
            "event", "dice", "round", "player", "total", "position", "cash", "double",
        ],
        [
            "round", "dice", "player", "event", "position", "cash", "total", "double",
        ],
        [
            "dice", "total", "double", "round", "player", "position", "cash", "event",
        ],
    ] {
        let mut moved = serde_json::Map::new();
        for key in order {
            moved.insert(key.to_string(), map[key].clone());
        }
        let text = Value::Object(moved).to_string();
        assert_eq!(read(&text).expect("reads"), entry, "{text}");
    }
    // An unknown field is ignored, before the tag or after it, as serde's flatten did.
    let with_note = written.replacen(r#""event""#, r#""note":1,"event""#, 1);
    assert_eq!(read(&with_note).expect("reads"), entry);
    let e = read(r#"{"player":0,"position":5,"cash":1500,"event":"turn_ended"}"#)
        .expect_err("no round");
    assert!(e.to_string().starts_with("missing field `round`"), "{e}");
    let e =
        read(r#"{"event":"turn_ended","round":1,"player":0,"position":5}"#).expect_err("no cash");
    assert!(e.to_string().starts_with("missing field `cash`"), "{e}");
    let e = read(r#"{"round":1,"player":0,"position":5,"cash":1500}"#).expect_err("no event");
    assert!(e.to_string().starts_with("missing field `event`"), "{e}");
    let e = read(r#"{"round":1,"total":3,"player":0,"position":5,"cash":1500}"#)
        .expect_err("no event, out of order");
    assert!(e.to_string().starts_with("missing field `event`"), "{e}");
    let e = read(r#"{"round":1,"round":2,"player":0,"position":5,"cash":1,"event":"turn_ended"}"#)
        .expect_err("two rounds");
    assert!(e.to_string().starts_with("duplicate field `round`"), "{e}");
    let e = read(r#"{"round":1,"event":"turn_ended","player":0,"position":5,"cash":1,"round":2}"#)
        .expect_err("two rounds");
    assert!(e.to_string().contains("duplicate field `round`"), "{e}");
    // The event's own errors keep serde's words, and the place in the file when in order.
    let e = read(r#"{"round":1,"player":0,"position":5,"cash":1,"event":"flew"}"#)
        .expect_err("no such event");
    assert!(e.to_string().starts_with("unknown variant `flew`"), "{e}");
    assert_eq!(e.column(), 58, "{e}");
    let e = read(r#"{"event":"moved","from":1,"round":1,"player":0,"position":5,"cash":1}"#)
        .expect_err("no `to`");
    assert!(e.to_string().starts_with("missing field `to`"), "{e}");
}
