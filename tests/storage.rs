//! The storage layer against the real `localStorage` of headless Chromium: round trips of
//! every record type, the trash, damaged entries (listed, never deleted on their own) and a
//! full storage (filled for real until the browser refuses).
//!
//! Each test works under its own key prefix and clears it first, so tests never see each
//! other's entries.

#![allow(clippy::disallowed_methods)] // tests may sort as they like (clippy.toml)

use serde::{Deserialize, Serialize};
use serde_json::json;
use wasm_bindgen_test::*;
use worlds_engine::envelope::{self, EnvelopeError, ImportError, RecordKind};
use worlds_engine::{Action, BoardDef, BoardError, Game, GameSetup, PlayerId, Preset, Seat};

use monopoly_worlds::common::storage::settings::MAX_VOLUME;
use monopoly_worlds::common::storage::{
    damaged, saves, settings, worlds, AnimationSpeed, DamagedEntry, LocalStore, SaveSummary,
    SavedGame, Settings, StorageError, Theme,
};

wasm_bindgen_test_configure!(run_in_browser);

/// A store under `test-<tag>:`, emptied.
fn store(tag: &str) -> LocalStore {
    let store = LocalStore::open_with_prefix(&format!("test-{tag}:")).expect("localStorage");
    clear(&store);
    store
}

fn clear(store: &LocalStore) {
    for name in store.names().expect("names") {
        store.remove(&name).expect("remove");
    }
}

/// Every name and raw value under the store's prefix.
fn snapshot(store: &LocalStore) -> Vec<(String, String)> {
    store
        .names()
        .expect("names")
        .into_iter()
        .map(|n| {
            let v = store.get(&n).expect("get").expect("present");
            (n, v)
        })
        .collect()
}

fn named(def: BoardDef, name: &str) -> BoardDef {
    BoardDef {
        name: name.to_string(),
        ..def
    }
}

fn with_picture(def: BoardDef, picture: &str) -> BoardDef {
    BoardDef {
        picture: Some(picture.to_string()),
        ..def
    }
}

/// A board the engine refuses: 9 squares.
fn too_small() -> BoardDef {
    let mut def = named(Preset::Mini.board_def(), "Tiny");
    def.squares.truncate(9);
    def
}

/// A small stand-in for a game, for the generic saved-game functions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Token {
    round: u32,
    cash: Vec<i64>,
}

fn token(round: u32) -> Token {
    Token {
        round,
        cash: vec![1500, 1320],
    }
}

/// A real engine game, a few actions in.
fn real_game() -> Game {
    let seats: Vec<Seat> = ["Ann", "Bob"]
        .iter()
        .map(|n| serde_json::from_value(json!({ "name": n })).expect("a seat"))
        .collect();
    let mut game =
        Game::new(GameSetup::new(Preset::Mini.board(), seats, 7)).expect("a game starts");
    for _ in 0..6 {
        let actions = game.legal_actions();
        let action = actions
            .iter()
            .find(|a| matches!(a, Action::Roll))
            .or_else(|| actions.first())
            .cloned()
            .expect("something to do");
        game.apply(action).expect("a legal action");
    }
    game
}

// ---------------------------------------------------------------- raw store

#[wasm_bindgen_test]
fn the_raw_store_reads_writes_and_lists_only_its_prefix() {
    let a = store("raw-a");
    let b = store("raw-b");
    a.set("x", "1").expect("set");
    a.set("y:z", "2").expect("set");
    b.set("x", "other").expect("set");
    assert_eq!(a.get("x"), Ok(Some("1".to_string())));
    assert_eq!(a.get("missing"), Ok(None));
    assert_eq!(a.names(), Ok(vec!["x".to_string(), "y:z".to_string()]));
    assert_eq!(a.ids_in("y:"), Ok(vec!["z".to_string()]));
    assert_eq!(a.full_key("x"), "test-raw-a:x");
    a.remove("x").expect("remove");
    assert_eq!(a.get("x"), Ok(None));
    assert_eq!(b.get("x"), Ok(Some("other".to_string())));
    clear(&a);
    clear(&b);
}

#[wasm_bindgen_test]
fn the_app_store_uses_the_mw_prefix() {
    let app = LocalStore::open().expect("localStorage");
    assert_eq!(app.prefix(), "mw:");
    assert_eq!(app.full_key("world:abc"), "mw:world:abc");
}

#[wasm_bindgen_test]
fn ids_come_from_the_time_and_never_collide() {
    let s = store("ids");
    let first = worlds::save_new(&s, &Preset::Mini.board_def(), 1_700_000_000_000).expect("save");
    let second = worlds::save_new(&s, &Preset::Mini.board_def(), 1_700_000_000_000).expect("save");
    let third = worlds::save_new(&s, &Preset::Mini.board_def(), 1_700_000_000_000).expect("save");
    assert_eq!(first.id, "loyw3v28");
    assert_eq!(second.id, "loyw3v28-2");
    assert_eq!(third.id, "loyw3v28-3");
    clear(&s);
}

// ---------------------------------------------------------------- settings

#[wasm_bindgen_test]
fn settings_default_then_round_trip() {
    let s = store("settings");
    assert_eq!(settings::load(&s), Ok(Settings::default()));
    assert_eq!(
        Settings::default(),
        Settings {
            sound: true,
            volume: 80,
            animation: AnimationSpeed::Normal,
            theme: Theme::Light,
            stun_server: String::new(),
            room_server: String::new(),
            turn_alerts: false,
        }
    );
    let mine = Settings {
        sound: false,
        volume: 35,
        animation: AnimationSpeed::Fast,
        theme: Theme::Dark,
        stun_server: String::new(),
        room_server: String::new(),
        turn_alerts: false,
    };
    settings::save(&s, &mine, 10).expect("save");
    assert_eq!(settings::load(&s), Ok(mine.clone()));
    let raw = s.get("settings").expect("get").expect("stored");
    assert_eq!(
        raw,
        r#"{"kind":"settings","version":1,"saved_at":10,"data":{"sound":false,"volume":35,"animation":"fast","theme":"dark"}}"#
    );
    // Issue 21: a STUN server for play across networks is kept too.
    let stun = Settings {
        stun_server: "stun:stun.example.org:3478".to_string(),
        ..mine
    };
    settings::save(&s, &stun, 11).expect("save");
    assert_eq!(settings::load(&s), Ok(stun.clone()));
    // Issue 28: a room server for Play online from a static host is kept too.
    let mut rooms = stun;
    assert_eq!(
        rooms.set_room_server(" https://rooms.example.org:8443/ "),
        Ok(())
    );
    assert_eq!(rooms.room_server, "https://rooms.example.org:8443");
    settings::save(&s, &rooms, 12).expect("save");
    assert_eq!(settings::load(&s), Ok(rooms.clone()));
    // Issue 61: "Tell me when it's my turn" is kept, and left out of the record when off.
    let told = Settings {
        turn_alerts: true,
        ..rooms
    };
    settings::save(&s, &told, 13).expect("save");
    assert_eq!(settings::load(&s), Ok(told.clone()));
    let raw = s.get("settings").expect("get").expect("stored");
    assert!(raw.contains(r#""turn_alerts":true"#), "{raw}");
    clear(&s);
}

#[wasm_bindgen_test]
fn a_room_server_is_an_address_or_nothing_and_a_bad_one_changes_nothing() {
    let mut s = Settings::default();
    assert_eq!(s.set_room_server("http://127.0.0.1:8080"), Ok(()));
    assert_eq!(s.room_server, "http://127.0.0.1:8080");
    for bad in [
        "rooms.example.org",
        "ftp://rooms.example.org",
        "https://",
        "https://rooms.example.org/path",
        "https://a b",
        "javascript:alert(1)",
        "https://<b>x</b>",
    ] {
        let why = s.set_room_server(bad).expect_err(bad).to_string();
        assert!(why.contains("https://"), "{bad}: {why}");
        assert_eq!(
            s.room_server, "http://127.0.0.1:8080",
            "{bad} changed nothing"
        );
    }
    assert_eq!(s.set_room_server("  "), Ok(()));
    assert_eq!(s.room_server, "");
}

#[wasm_bindgen_test]
fn settings_fill_missing_fields_and_keep_the_volume_in_range() {
    let s = store("settings-range");
    s.set(
        "settings",
        r#"{"kind":"settings","version":1,"saved_at":1,"data":{"volume":250}}"#,
    )
    .expect("set");
    assert_eq!(
        settings::load(&s),
        Ok(Settings {
            volume: MAX_VOLUME,
            ..Settings::default()
        })
    );
    s.set(
        "settings",
        r#"{"kind":"settings","version":1,"saved_at":1,"data":{"volume":-5,"theme":"dark"}}"#,
    )
    .expect("set");
    assert_eq!(
        settings::load(&s),
        Ok(Settings {
            volume: 0,
            theme: Theme::Dark,
            ..Settings::default()
        })
    );
    let mut set = Settings::default();
    set.set_volume(1000);
    assert_eq!(set.volume, 100);
    set.set_volume(-1);
    assert_eq!(set.volume, 0);
    clear(&s);
}

// ---------------------------------------------------------------- worlds

#[wasm_bindgen_test]
fn a_world_round_trips_and_is_listed_with_its_thumbnail() {
    let s = store("worlds");
    let picture = "data:image/png;base64,iVBORw0KGgo=";
    let def = with_picture(named(Preset::Classic.board_def(), "Seaside"), picture);
    let saved = worlds::save_new(&s, &def, 1_000).expect("save");
    assert!(saved.playable);
    assert_eq!(worlds::load(&s, &saved.id), Ok(saved.clone()));
    assert_eq!(
        worlds::list(&s),
        Ok(vec![worlds::WorldSummary {
            id: saved.id.clone(),
            name: "Seaside".into(),
            updated_at: 1_000,
            picture: Some(picture.into()),
            playable: true,
        }])
    );
    // The newest first.
    let later =
        worlds::save_new(&s, &named(Preset::Mini.board_def(), "Later"), 2_000).expect("save");
    let names: Vec<String> = worlds::list(&s)
        .expect("list")
        .into_iter()
        .map(|w| w.name)
        .collect();
    assert_eq!(names, ["Later", "Seaside"]);
    assert_eq!(
        worlds::load(&s, "nope"),
        Err(StorageError::NotFound {
            key: "test-worlds:world:nope".into()
        })
    );
    assert_ne!(later.id, saved.id);
    clear(&s);
}

#[wasm_bindgen_test]
fn an_invalid_world_is_kept_as_a_draft() {
    let s = store("drafts");
    let saved = worlds::save_new(&s, &too_small(), 5).expect("a draft saves");
    assert!(!saved.playable);
    let raw = s
        .get(&format!("world:{}", saved.id))
        .expect("get")
        .expect("stored");
    assert!(
        raw.starts_with(r#"{"kind":"draft","version":1,"saved_at":5,"#),
        "{raw}"
    );
    let listed = worlds::list(&s).expect("list");
    assert_eq!(listed.len(), 1);
    assert!(!listed[0].playable);
    assert_eq!(worlds::load(&s, &saved.id).expect("load").def, too_small());
    // Fixing it and saving over makes it a playable world.
    let fixed = worlds::save_over(&s, &saved.id, &Preset::Mini.board_def(), 6).expect("save");
    assert!(fixed.playable);
    assert!(worlds::list(&s).expect("list")[0].playable);
    clear(&s);
}

#[wasm_bindgen_test]
fn save_over_rename_and_duplicate() {
    let s = store("edit");
    let saved = worlds::save_new(&s, &named(Preset::Mini.board_def(), "Town"), 1).expect("save");
    let changed = named(Preset::Mini.board_def(), "Town v2");
    let over = worlds::save_over(&s, &saved.id, &changed, 2).expect("save over");
    assert_eq!(over.id, saved.id);
    assert_eq!(worlds::load(&s, &saved.id).expect("load").def, changed);
    assert_eq!(worlds::list(&s).expect("list").len(), 1);

    let renamed = worlds::rename(&s, &saved.id, "<b>City</b>", 3).expect("rename");
    assert_eq!(renamed.def.name, "<b>City</b>");
    assert_eq!(worlds::load(&s, &saved.id).expect("load").updated_at, 3);

    let copy = worlds::duplicate(&s, &saved.id, 4).expect("duplicate");
    assert_ne!(copy.id, saved.id);
    assert_eq!(copy.def.name, "<b>City</b> (copy)");
    assert_eq!(worlds::list(&s).expect("list").len(), 2);
    // A copy of a name at the length limit still fits it.
    let long = "x".repeat(80);
    let long_world =
        worlds::save_new(&s, &named(Preset::Mini.board_def(), &long), 5).expect("save");
    let long_copy = worlds::duplicate(&s, &long_world.id, 6).expect("duplicate");
    assert_eq!(long_copy.def.name.chars().count(), 80);
    assert!(long_copy.playable);
    clear(&s);
}

#[wasm_bindgen_test]
fn delete_goes_to_the_trash_and_restore_brings_it_back() {
    let s = store("trash");
    let keep = worlds::save_new(&s, &named(Preset::Mini.board_def(), "Keep"), 1).expect("save");
    let gone = worlds::save_new(&s, &named(Preset::Campus.board_def(), "Gone"), 2).expect("save");
    let trash_id = worlds::delete(&s, &gone.id, 10).expect("delete");
    assert_eq!(trash_id, gone.id);
    let names: Vec<String> = worlds::list(&s)
        .expect("list")
        .into_iter()
        .map(|w| w.name)
        .collect();
    assert_eq!(names, ["Keep"]);
    assert_eq!(
        worlds::list_trash(&s),
        Ok(vec![worlds::TrashSummary {
            id: gone.id.clone(),
            name: "Gone".into(),
            deleted_at: 10,
            picture: None,
        }])
    );
    let restored = worlds::restore(&s, &trash_id, 20).expect("restore");
    assert_eq!(restored.id, gone.id);
    assert_eq!(restored.updated_at, 2, "keeps the time it was last saved");
    assert_eq!(restored.def, gone.def);
    assert_eq!(worlds::list_trash(&s), Ok(vec![]));
    assert_eq!(worlds::list(&s).expect("list").len(), 2);

    // Delete forever.
    let trash_id = worlds::delete(&s, &keep.id, 30).expect("delete");
    worlds::delete_forever(&s, &trash_id).expect("delete forever");
    assert_eq!(worlds::list_trash(&s), Ok(vec![]));
    assert_eq!(
        worlds::restore(&s, &trash_id, 40),
        Err(StorageError::NotFound {
            key: format!("test-trash:trash:{trash_id}")
        })
    );
    assert_eq!(
        worlds::delete_forever(&s, &trash_id),
        Err(StorageError::NotFound {
            key: format!("test-trash:trash:{trash_id}")
        })
    );
    clear(&s);
}

#[wasm_bindgen_test]
fn restoring_over_a_taken_id_picks_a_new_one() {
    let s = store("trash-clash");
    let w = worlds::save_new(&s, &named(Preset::Mini.board_def(), "First"), 100).expect("save");
    let trash_id = worlds::delete(&s, &w.id, 200).expect("delete");
    // The same id saved again meanwhile (another tab saving over it).
    worlds::save_over(&s, &w.id, &named(Preset::Mini.board_def(), "Second"), 300)
        .expect("save over");
    let restored = worlds::restore(&s, &trash_id, 400).expect("restore");
    assert_ne!(restored.id, w.id);
    let mut names: Vec<String> = worlds::list(&s)
        .expect("list")
        .into_iter()
        .map(|w| w.name)
        .collect();
    names.sort();
    assert_eq!(names, ["First", "Second"]);
    clear(&s);
}

#[wasm_bindgen_test]
fn export_then_import_gives_the_same_world() {
    let s = store("export");
    let def = named(Preset::Campus.board_def(), "Campus & <friends>");
    let file = worlds::export(&def, 77).expect("export");
    assert_eq!(envelope::import_board(file.as_bytes()), Ok(def.clone()));
    let imported = worlds::import(&s, file.as_bytes(), 88).expect("import");
    assert_eq!(imported.def, def);
    assert!(imported.playable);
    assert_eq!(
        worlds::list(&s).expect("list")[0].name,
        "Campus & <friends>"
    );
    assert_eq!(
        worlds::export_file_name("Campus & <friends>"),
        "campus-friends.json"
    );
    assert_eq!(worlds::export_file_name("<<>>"), "world.json");
    // A bare board file (the presets' format) imports too.
    let bare = worlds::import(&s, Preset::Mini.json().as_bytes(), 99).expect("import");
    assert_eq!(bare.def, Preset::Mini.board_def());
    clear(&s);
}

#[wasm_bindgen_test]
fn a_refused_import_says_why_and_changes_nothing() {
    let s = store("import-bad");
    worlds::save_new(&s, &Preset::Mini.board_def(), 1).expect("save");
    let before = snapshot(&s);

    let mut small = serde_json::to_value(Preset::Mini.board_def()).expect("json");
    small["squares"]
        .as_array_mut()
        .expect("squares")
        .truncate(5);
    let err = worlds::import(&s, small.to_string().as_bytes(), 2).expect_err("refused");
    assert_eq!(
        err,
        StorageError::BoardRefused(ImportError::InvalidBoard {
            problems: vec![BoardError::WrongSize { count: 5 }]
        })
    );
    assert_eq!(
        err.to_string(),
        "The board cannot be played; 1 problem:\n- The board has 5 squares; a board needs between 10 and 60."
    );
    let err = worlds::import(&s, b"{\"name\": ", 3).expect_err("refused");
    assert_eq!(
        err.to_string(),
        "The file is not valid JSON (line 1, column 9): the text ends too early (is it cut off?)."
    );
    let game_file = saves::export_game("A game", &token(1), 4).expect("export");
    assert_eq!(
        worlds::import(&s, game_file.as_bytes(), 5),
        Err(StorageError::BoardRefused(ImportError::NotABoardFile {
            found: RecordKind::Save
        }))
    );
    assert_eq!(snapshot(&s), before);
    clear(&s);
}

// ---------------------------------------------------------------- saved games

#[wasm_bindgen_test]
fn the_autosave_round_trips_a_real_game() {
    let s = store("autosave");
    assert_eq!(saves::read_autosave::<Game>(&s), Ok(None));
    assert_eq!(saves::autosave_summary(&s), Ok(None));
    let game = real_game();
    saves::write_autosave(&s, "Friday game", &game, 500).expect("autosave");
    assert_eq!(
        saves::read_autosave::<Game>(&s),
        Ok(Some(SavedGame {
            name: "Friday game".into(),
            game: game.clone(),
            table: None,
        }))
    );
    assert_eq!(
        saves::autosave_summary(&s),
        Ok(Some(SaveSummary {
            id: "autosave".into(),
            name: "Friday game".into(),
            saved_at: 500,
            at_table: false,
        }))
    );
    // Every action overwrites it.
    let mut next = game.clone();
    let action = next.legal_actions().first().cloned().expect("an action");
    next.apply(action).expect("legal");
    saves::write_autosave(&s, "Friday game", &next, 501).expect("autosave");
    assert_eq!(
        saves::read_autosave::<Game>(&s)
            .expect("read")
            .map(|g| g.game),
        Some(next)
    );
    saves::clear_autosave::<Game>(&s).expect("clear");
    assert_eq!(saves::read_autosave::<Game>(&s), Ok(None));
    clear(&s);
}

#[wasm_bindgen_test]
fn an_autosave_keeps_its_table_and_one_without_a_table_reads_as_before() {
    use worlds_table::invite::TableId;
    use worlds_table::saved::{HostRecord, RemoteSeatRecord, SavedTable};
    let s = store("autosave-table");
    let game = real_game();
    // Written by this version for a game on one device: no table field at all, so the
    // record reads as before tables were kept (and older versions read it).
    saves::write_autosave(&s, "Friday game", &game, 500).expect("autosave");
    let raw = s.get("autosave").expect("read").expect("there");
    assert!(!raw.contains("\"table\""), "no table written: {raw}");
    let back = saves::read_autosave::<Game>(&s)
        .expect("reads")
        .expect("there");
    assert_eq!(back.table, None);
    assert_eq!(back.game, game);
    // A host's autosave keeps its table.
    let table = SavedTable::Host(HostRecord {
        table: TableId([1, 2, 3, 4, 5, 6, 7, 8]),
        rules: "Classic rules".into(),
        seats: vec![RemoteSeatRecord {
            seat: PlayerId(1),
            computer: true,
            last_intent: 12,
            answered: vec![(11, 40), (12, 44)],
        }],
        chat: vec![worlds_table::saved::ChatLine {
            n: 1,
            from: PlayerId(1),
            text: "Good luck!".into(),
            at: 1_790_000_000_000,
            notice: false,
        }],
    });
    saves::write_autosave_at_table(&s, "Friday game", &game, Some(table.clone()), 501)
        .expect("autosave");
    let back = saves::read_autosave::<Game>(&s)
        .expect("reads")
        .expect("there");
    assert_eq!(back.table, Some(table));
    assert_eq!(back.game, game);
    // Its summary says so: Continue then opens the game's code with online play.
    let summary = saves::autosave_summary(&s).expect("reads").expect("there");
    assert!(summary.at_table);
    // A save exactly as the version before tables wrote it still loads.
    let before = envelope::encode(
        RecordKind::Save,
        &json!({ "name": "Old game", "game": serde_json::to_value(&game).expect("writes") }),
        300,
    )
    .expect("encodes");
    s.set("autosave", &before).expect("write");
    let old = saves::read_autosave::<Game>(&s)
        .expect("reads")
        .expect("there");
    assert_eq!((old.name.as_str(), old.table), ("Old game", None));
    let summary = saves::autosave_summary(&s).expect("reads").expect("there");
    assert!(!summary.at_table);
    // The summary skips the game and the table without reading them, but a save without its
    // game is still a damaged one.
    let no_game = envelope::encode(RecordKind::Save, &json!({ "name": "Half a game" }), 300)
        .expect("encodes");
    s.set("autosave", &no_game).expect("write");
    assert!(saves::autosave_summary(&s).is_err());
    clear(&s);
}

#[wasm_bindgen_test]
fn named_saves_list_load_delete() {
    let s = store("saves");
    let a = saves::save_new(&s, "Morning", &token(1), 100).expect("save");
    let b = saves::save_new(&s, "Evening", &token(9), 200).expect("save");
    assert_eq!(saves::list(&s), Ok(vec![b.clone(), a.clone()]));
    assert_eq!(
        saves::load::<Token>(&s, &a.id),
        Ok(SavedGame {
            name: "Morning".into(),
            game: token(1),
            table: None,
        })
    );
    let over = saves::save_over(&s, &a.id, "Morning (later)", &token(2), 300).expect("over");
    assert_eq!(over.id, a.id);
    assert_eq!(
        saves::load::<Token>(&s, &a.id).expect("load").game,
        token(2)
    );
    saves::delete(&s, &b.id).expect("delete");
    assert_eq!(saves::list(&s), Ok(vec![over]));
    assert_eq!(
        saves::delete(&s, &b.id),
        Err(StorageError::NotFound {
            key: format!("test-saves:save:{}", b.id)
        })
    );
    clear(&s);
}

#[wasm_bindgen_test]
fn saved_games_export_and_import() {
    let s = store("saves-file");
    let game = real_game();
    let saved = saves::save_new(&s, "Export me", &game, 100).expect("save");
    let file = saves::export::<Game>(&s, &saved.id).expect("export");
    clear(&s);
    let imported = saves::import::<Game>(&s, &file, 200).expect("import");
    assert_eq!(imported.name, "Export me");
    assert_eq!(
        saves::load::<Game>(&s, &imported.id).expect("load").game,
        game
    );

    // Refused files change nothing and say why.
    let before = snapshot(&s);
    let world_file = worlds::export(&Preset::Mini.board_def(), 1).expect("export");
    let err = saves::import::<Game>(&s, &world_file, 300).expect_err("refused");
    assert_eq!(
        err,
        StorageError::GameRefused(EnvelopeError::WrongKind {
            expected: RecordKind::Save,
            found: RecordKind::World
        })
    );
    assert_eq!(
        err.to_string(),
        "This file cannot be opened as a saved game. This is a saved world, not a saved game."
    );
    assert!(matches!(
        saves::import::<Game>(&s, "{\"kind\":\"save\"", 300),
        Err(StorageError::GameRefused(EnvelopeError::NotJson { .. }))
    ));
    let huge = "x".repeat(saves::MAX_GAME_FILE_BYTES + 1);
    assert_eq!(
        saves::import::<Game>(&s, &huge, 300),
        Err(StorageError::FileTooLarge {
            bytes: saves::MAX_GAME_FILE_BYTES + 1,
            limit: saves::MAX_GAME_FILE_BYTES
        })
    );
    assert_eq!(snapshot(&s), before);
    clear(&s);
}

// ---------------------------------------------------------------- damaged entries

#[wasm_bindgen_test]
fn damaged_entries_are_listed_with_their_reason_and_never_deleted() {
    let s = store("damaged");
    let good = worlds::save_new(&s, &Preset::Mini.board_def(), 1).expect("save");
    saves::save_new(&s, "Fine", &token(1), 2).expect("save");
    s.set("world:broken", "{\"kind\":\"world\",\"vers")
        .expect("set");
    s.set(
        "save:old",
        r#"{"kind":"save","version":9,"saved_at":1,"data":{}}"#,
    )
    .expect("set");
    s.set(
        "trash:t1",
        r#"{"kind":"world","version":1,"saved_at":1,"data":{}}"#,
    )
    .expect("set");
    s.set("settings", "not json at all").expect("set");
    s.set(
        "autosave",
        r#"{"kind":"save","version":1,"saved_at":1,"data":{"name":"x","game":{"round":"one"}}}"#,
    )
    .expect("set");
    s.set("mystery", "<script>alert(1)</script>").expect("set");
    let before = snapshot(&s);

    let found = damaged::scan::<Token>(&s).expect("scan");
    let expected = vec![
        DamagedEntry {
            key: "test-damaged:autosave".into(),
            what: "The game in progress (Continue resumes it)".into(),
            raw: r#"{"kind":"save","version":1,"saved_at":1,"data":{"name":"x","game":{"round":"one"}}}"#.into(),
            reason: "The saved game does not contain what Monopoly Worlds expects (line 1, column 80): wrong type: found the text \"one\", expected a whole number of 0 or more.".into(),
        },
        DamagedEntry {
            key: "test-damaged:mystery".into(),
            what: "An entry Monopoly Worlds does not use".into(),
            raw: "<script>alert(1)</script>".into(),
            reason: "Monopoly Worlds does not use an entry by this name.".into(),
        },
        DamagedEntry {
            key: "test-damaged:save:old".into(),
            what: "A saved game".into(),
            raw: r#"{"kind":"save","version":9,"saved_at":1,"data":{}}"#.into(),
            reason: "This saved game was written by a newer version of Monopoly Worlds (format 9; this version reads up to 1). Update the app to open it.".into(),
        },
        DamagedEntry {
            key: "test-damaged:settings".into(),
            what: "Your settings".into(),
            raw: "not json at all".into(),
            reason: "The entry is not valid JSON (line 1, column 2): a value was expected here.".into(),
        },
        DamagedEntry {
            key: "test-damaged:trash:t1".into(),
            what: "A board in the Board Maker's trash".into(),
            raw: r#"{"kind":"world","version":1,"saved_at":1,"data":{}}"#.into(),
            reason: "This is a saved world, not a world in the trash.".into(),
        },
        DamagedEntry {
            key: "test-damaged:world:broken".into(),
            what: "A board of yours from the Board Maker".into(),
            raw: "{\"kind\":\"world\",\"vers".into(),
            reason: "The entry is not valid JSON (line 1, column 21): the text ends in the middle of a text value (is it cut off?).".into(),
        },
    ];
    assert_eq!(found, expected);
    assert_eq!(
        found[5].export_file_name(),
        "test-damaged-world-broken.json"
    );

    // The lists carry on without them, and nothing was removed by looking.
    assert_eq!(worlds::list(&s).expect("list").len(), 1);
    assert_eq!(worlds::list(&s).expect("list")[0].id, good.id);
    assert_eq!(saves::list(&s).expect("list").len(), 1);
    assert_eq!(worlds::list_trash(&s), Ok(vec![]));
    assert!(matches!(
        settings::load(&s),
        Err(StorageError::Damaged { .. })
    ));
    assert!(matches!(
        saves::read_autosave::<Token>(&s),
        Err(StorageError::Damaged { .. })
    ));
    assert_eq!(snapshot(&s), before);

    // Saving over a damaged world is refused; clearing a damaged autosave leaves it.
    assert!(matches!(
        worlds::save_over(&s, "broken", &Preset::Mini.board_def(), 5),
        Err(StorageError::Damaged { .. })
    ));
    saves::clear_autosave::<Token>(&s).expect("clear");
    assert_eq!(snapshot(&s), before);

    // Delete only on request, one entry at a time; a good entry is refused.
    damaged::delete::<Token>(&s, "test-damaged:world:broken").expect("delete");
    assert_eq!(s.get("world:broken"), Ok(None));
    assert_eq!(damaged::scan::<Token>(&s).expect("scan").len(), 5);
    let good_key = format!("test-damaged:world:{}", good.id);
    assert_eq!(
        damaged::delete::<Token>(&s, &good_key),
        Err(StorageError::NotFound { key: good_key })
    );
    assert_eq!(
        damaged::delete::<Token>(&s, "mw:settings"),
        Err(StorageError::NotFound {
            key: "mw:settings".into()
        })
    );
    assert_eq!(worlds::list(&s).expect("list").len(), 1);
    clear(&s);
}

#[wasm_bindgen_test]
fn the_seats_a_device_holds_in_online_rooms_are_known_and_never_offered_for_deletion_unexplained() {
    use monopoly_worlds::common::storage::room_seats;
    use worlds_table::room::HeldSeat;
    let s = store("room-seats");
    let seat = |n: usize| HeldSeat {
        seat: worlds_engine::PlayerId(n),
        token: format!("{n:032x}"),
    };
    // What a phone that sat in a room keeps: listed as nothing damaged, read back.
    room_seats::keep(&s, "K7QXM2PD", seat(1), 1).expect("keep");
    assert_eq!(damaged::scan::<Token>(&s), Ok(vec![]));
    assert_eq!(room_seats::load(&s).get("K7QXM2PD"), Some(&seat(1)));
    assert_eq!(
        damaged::delete::<Token>(&s, "test-room-seats:room-seats"),
        Err(StorageError::NotFound {
            key: "test-room-seats:room-seats".into()
        }),
        "a good record cannot be deleted as damaged"
    );
    // Only the newest rooms are remembered.
    for n in 0..25 {
        room_seats::keep(&s, &format!("ROOM{n:04}"), seat(n), 2).expect("keep");
    }
    assert_eq!(room_seats::load(&s).len(), room_seats::MOST_ROOMS);
    // A damaged record says what it is, and a new seat copies it aside before writing.
    s.set("room-seats", "{\"kind\":\"settings\",").expect("set");
    let found = damaged::scan::<Token>(&s).expect("scan");
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].what,
        "Your seats in online rooms (they let this device back into its seat by the room's link)"
    );
    room_seats::keep(&s, "K7QXM2PD", seat(2), 3_000).expect("keep");
    let found = damaged::scan::<Token>(&s).expect("scan");
    let listed: Vec<(&str, &str)> = found
        .iter()
        .map(|d| (d.key.as_str(), d.what.as_str()))
        .collect();
    assert_eq!(
        listed,
        [(
            "test-room-seats:damaged:room-seats:3000",
            "A copy of your seats in online rooms, kept aside"
        )]
    );
    assert_eq!(room_seats::load(&s).get("K7QXM2PD"), Some(&seat(2)));
    clear(&s);
}

#[wasm_bindgen_test]
fn an_autosave_another_tab_damaged_after_this_page_wrote_it_is_still_kept_aside() {
    // This page writes the autosave after every action and does not read back what it
    // wrote itself; a text someone else left there is checked as before.
    let s = store("aside-tab");
    saves::write_autosave(&s, "g", &token(1), 1_000).expect("autosave");
    saves::write_autosave(&s, "g", &token(2), 1_001).expect("autosave");
    assert_eq!(damaged::scan::<Token>(&s).expect("scan"), vec![]);
    // Another tab (the same storage, not this page's store) leaves a damaged text.
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .expect("localStorage")
        .set_item("test-aside-tab:autosave", "{\"kind\":\"save\",")
        .expect("raw write");
    saves::write_autosave(&s, "g", &token(3), 1_002).expect("autosave");
    let found = damaged::scan::<Token>(&s).expect("scan");
    let keys: Vec<&str> = found.iter().map(|d| d.key.as_str()).collect();
    assert_eq!(keys, ["test-aside-tab:damaged:autosave:1002"]);
    assert_eq!(found[0].raw, "{\"kind\":\"save\",");
    // A damaged text written through the store itself is checked too.
    s.set("autosave", "garbage").expect("set");
    saves::write_autosave(&s, "g", &token(4), 1_003).expect("autosave");
    assert_eq!(damaged::scan::<Token>(&s).expect("scan").len(), 2);
    assert_eq!(
        saves::read_autosave::<Token>(&s)
            .expect("read")
            .map(|g| g.game),
        Some(token(4))
    );
    clear(&s);
}

#[wasm_bindgen_test]
fn a_damaged_record_is_kept_aside_before_a_new_one_replaces_it() {
    let s = store("aside");
    s.set("settings", "{\"kind\":\"settings\",").expect("set");
    s.set("autosave", "garbage").expect("set");
    let mine = Settings {
        theme: Theme::Dark,
        ..Settings::default()
    };
    settings::save(&s, &mine, 1_000).expect("save");
    assert_eq!(settings::load(&s), Ok(mine.clone()));
    saves::write_autosave(&s, "g", &token(3), 2_000).expect("autosave");
    assert_eq!(
        saves::read_autosave::<Token>(&s)
            .expect("read")
            .map(|g| g.game),
        Some(token(3))
    );
    let found = damaged::scan::<Token>(&s).expect("scan");
    let keys: Vec<&str> = found.iter().map(|d| d.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "test-aside:damaged:autosave:2000",
            "test-aside:damaged:settings:1000"
        ]
    );
    assert_eq!(found[0].raw, "garbage");
    assert_eq!(
        found[0].reason,
        "Kept aside when a newer copy of \"autosave\" was saved. The entry is not valid JSON (line 1, column 1): a value was expected here."
    );
    assert_eq!(found[1].raw, "{\"kind\":\"settings\",");
    // A good record being replaced is not copied.
    settings::save(&s, &Settings::default(), 3_000).expect("save");
    assert_eq!(damaged::scan::<Token>(&s).expect("scan").len(), 2);
    for entry in found {
        damaged::delete::<Token>(&s, &entry.key).expect("delete");
    }
    assert_eq!(damaged::scan::<Token>(&s), Ok(vec![]));
    clear(&s);
}

#[wasm_bindgen_test]
fn hostile_stored_text_never_panics() {
    let s = store("hostile");
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let deep_data = format!(
        r#"{{"kind":"world","version":1,"saved_at":1,"data":{}{}}}"#,
        "{\"a\":".repeat(10_000),
        "}".repeat(10_000)
    );
    let huge_name = format!(
        r#"{{"kind":"world","version":1,"saved_at":1,"data":{{"name":"{}","squares":[]}}}}"#,
        "n".repeat(500_000)
    );
    let nested_aside = "damaged:".repeat(20_000);
    let hostile = [
        ("world:empty", String::new()),
        ("world:nul", "\0\0\0".to_string()),
        ("world:deep", deep),
        ("world:deepdata", deep_data),
        ("world:surrogate", r#"{"kind":"world\ud800"}"#.to_string()),
        (
            "world:bignum",
            r#"{"kind":"world","version":1e999}"#.to_string(),
        ),
        (
            "world:negver",
            r#"{"kind":"world","version":-1,"saved_at":1,"data":1}"#.to_string(),
        ),
        ("world:unicode", "\u{202e}\u{feff}🎲".to_string()),
        ("world:hugename", huge_name),
        ("save:array", "[]".to_string()),
        ("damaged:", "x".to_string()),
        ("damaged:::", "".to_string()),
        (nested_aside.as_str(), "x".to_string()),
        ("", "empty name".to_string()),
    ];
    for (name, text) in &hostile {
        s.set(name, text).expect("set");
    }
    let found = damaged::scan::<Game>(&s).expect("scan never fails on content");
    // All but the huge name: a board record with a 500 000-character name still reads (it
    // is the engine's checks that refuse such a board, when it is played or imported).
    let keys: Vec<String> = found.iter().map(|d| d.key.clone()).collect();
    assert_eq!(found.len(), hostile.len() - 1, "{keys:?}");
    assert!(!keys.contains(&"test-hostile:world:hugename".to_string()));
    for entry in &found {
        assert!(!entry.reason.is_empty(), "{}", entry.key);
        assert!(entry.reason.chars().count() < 600, "{}", entry.key);
    }
    let listed = worlds::list(&s).expect("list");
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].name.len(), 500_000);
    assert_eq!(saves::list(&s), Ok(vec![]));
    clear(&s);
}

// ---------------------------------------------------------------- a full storage

/// Fills `localStorage` until even a short write fails. Returns the store holding the filler.
fn fill_storage() -> LocalStore {
    let filler = store("fill");
    let mut chunk = 1usize << 20;
    let mut i = 0;
    let mut filled = 0;
    while chunk >= 1 {
        let text = "x".repeat(chunk);
        match filler.set(&format!("{i}"), &text) {
            Ok(()) => {
                i += 1;
                filled += chunk;
            }
            Err(e) => {
                assert!(e.is_full(), "filling failed otherwise: {e:?}");
                chunk /= 2;
            }
        }
        assert!(i < 100_000, "localStorage never filled up");
    }
    // Browsers give a site megabytes: a smaller total means something else refused.
    assert!(filled > 1 << 20, "only {filled} characters fitted");
    // A new key costs its own length too: grow an existing value until not one more
    // character fits.
    let mut first = filler.get("0").expect("get").expect("a filler value");
    for step in [8, 4, 2, 1] {
        loop {
            let longer = format!("{first}{}", "x".repeat(step));
            match filler.set("0", &longer) {
                Ok(()) => first = longer,
                Err(e) => {
                    assert!(e.is_full(), "filling failed otherwise: {e:?}");
                    break;
                }
            }
        }
    }
    filler
}

#[wasm_bindgen_test]
fn a_full_storage_refuses_writes_and_keeps_the_previous_values() {
    let s = store("quota");
    let world = worlds::save_new(&s, &named(Preset::Mini.board_def(), "Before"), 1).expect("save");
    saves::write_autosave(&s, "game", &token(1), 2).expect("autosave");
    let old_settings = Settings {
        volume: 10,
        ..Settings::default()
    };
    settings::save(&s, &old_settings, 3).expect("settings");
    let before = snapshot(&s);

    let filler = fill_storage();
    // Bigger than any room left: a picture of 64 KB.
    let picture = format!("data:image/png;base64,{}", "A".repeat(64 * 1024));
    let bigger = with_picture(named(Preset::Mini.board_def(), "After"), &picture);
    let later = 1_700_000_000_000;
    let save_over = worlds::save_over(&s, &world.id, &bigger, later);
    let save_new = worlds::save_new(&s, &bigger, later + 1);
    let autosave = saves::write_autosave(&s, "game", &token(2), later + 2);
    let new_settings = settings::save(
        &s,
        &Settings {
            volume: 90,
            ..Settings::default()
        },
        later + 3,
    );
    let delete = worlds::delete(&s, &world.id, later + 4);
    let after = snapshot(&s);
    // Clean up before asserting, so a failure leaves room for the other tests.
    clear(&filler);

    let full = StorageError::Full {
        key: format!("test-quota:world:{}", world.id),
    };
    assert_eq!(save_over.as_ref().err(), Some(&full));
    assert_eq!(
        full.to_string(),
        "There is not enough room left in the browser's storage to save this. Nothing was changed: the previous copy is still there. Delete saved games or worlds you no longer need, then try again."
    );
    assert!(
        save_new.as_ref().is_err_and(|e| e.is_full()),
        "{save_new:?}"
    );
    assert_eq!(
        autosave,
        Err(StorageError::Full {
            key: "test-quota:autosave".into()
        })
    );
    assert_eq!(
        new_settings,
        Err(StorageError::Full {
            key: "test-quota:settings".into()
        })
    );
    assert!(delete.as_ref().is_err_and(|e| e.is_full()), "{delete:?}");
    // Every previous value is intact, and nothing new was left behind.
    assert_eq!(after, before);
    assert_eq!(
        worlds::load(&s, &world.id).expect("load").def.name,
        "Before"
    );
    assert_eq!(settings::load(&s), Ok(old_settings));

    // With room again, the same save goes through.
    let saved = worlds::save_over(&s, &world.id, &bigger, 20).expect("room again");
    assert_eq!(saved.def.name, "After");
    clear(&s);
}
