//! The storage envelope and board import: every damaged or hostile input is refused with
//! the exact problem, in words a player can read, and never panics.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use worlds_engine::board::{BoardDef, BoardError};
use worlds_engine::envelope::{
    decode, decode_envelope, encode, import_board, read_header, Envelope, EnvelopeError, Header,
    ImportError, RecordKind, MAX_IMPORT_BYTES,
};
use worlds_engine::Preset;

/// A small record type standing in for settings or a saved game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Note {
    title: String,
    count: u32,
}

fn note() -> Note {
    Note {
        title: "hello".into(),
        count: 3,
    }
}

fn mini() -> Value {
    serde_json::from_str(Preset::Mini.json()).expect("mini parses")
}

fn import_value(v: &Value) -> Result<BoardDef, ImportError> {
    import_board(v.to_string().as_bytes())
}

fn decode_note(text: &str) -> Result<Note, EnvelopeError> {
    decode::<Note>(RecordKind::Settings, text)
}

// ---------------------------------------------------------------- round trips

#[test]
fn every_kind_round_trips_with_its_time() {
    for kind in RecordKind::ALL {
        let text = encode(kind, &note(), 1_700_000_000_123).expect("encodes");
        let env: Envelope<Note> = decode_envelope(&[kind], &text).expect("decodes");
        assert_eq!(
            env,
            Envelope {
                kind,
                version: 1,
                saved_at: 1_700_000_000_123,
                data: note()
            }
        );
        assert_eq!(
            read_header(&text),
            Ok(Header {
                kind,
                version: 1,
                saved_at: 1_700_000_000_123
            })
        );
    }
}

#[test]
fn the_envelope_is_the_documented_json() {
    let text = encode(RecordKind::World, &json!({"a": 1}), 42).expect("encodes");
    assert_eq!(
        text,
        r#"{"kind":"world","version":1,"saved_at":42,"data":{"a":1}}"#
    );
}

#[test]
fn a_record_of_any_listed_kind_is_accepted() {
    let text = encode(RecordKind::Draft, &note(), 7).expect("encodes");
    let env: Envelope<Note> =
        decode_envelope(&[RecordKind::World, RecordKind::Draft], &text).expect("decodes");
    assert_eq!(env.kind, RecordKind::Draft);
}

#[test]
fn unknown_fields_around_the_envelope_are_ignored() {
    // A later version may add fields to the envelope itself; this one must still read it.
    let text = r#"{"kind":"settings","version":1,"saved_at":5,"checksum":"abc","data":{"title":"hello","count":3}}"#;
    assert_eq!(decode_note(text), Ok(note()));
}

#[test]
fn a_board_record_round_trips_every_preset() {
    for p in Preset::ALL {
        let def = p.board_def();
        let text = encode(RecordKind::World, &def, 1).expect("encodes");
        assert_eq!(decode::<BoardDef>(RecordKind::World, &text), Ok(def));
    }
}

#[test]
fn data_that_cannot_be_json_is_refused_when_writing() {
    let mut map = HashMap::new();
    map.insert((1, 2), "tuple keys have no JSON form");
    assert_eq!(
        encode(RecordKind::Save, &map, 1),
        Err(EnvelopeError::Unwritable {
            kind: RecordKind::Save,
            reason: "key must be a string".into()
        })
    );
}

// ---------------------------------------------------------------- damaged records

#[test]
fn an_empty_record() {
    assert_eq!(decode_note(""), Err(EnvelopeError::Empty));
    assert_eq!(decode_note(" \n\t "), Err(EnvelopeError::Empty));
    assert_eq!(EnvelopeError::Empty.to_string(), "The entry is empty.");
}

#[test]
fn a_truncated_record() {
    assert_eq!(
        decode_note(r#"{"kind":"settings","version":1,"saved_at":5,"data":{"title":"hel"#),
        Err(EnvelopeError::NotJson {
            line: 1,
            column: 64,
            reason: "the text ends in the middle of a text value (is it cut off?)".into()
        })
    );
}

#[test]
fn a_record_cut_after_an_opening_brace() {
    let err = decode_note("{").expect_err("refused");
    assert_eq!(
        err,
        EnvelopeError::NotJson {
            line: 1,
            column: 1,
            reason: "the text ends in the middle of an object (is it cut off?)".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "The entry is not valid JSON (line 1, column 1): the text ends in the middle of an object (is it cut off?)."
    );
}

#[test]
fn plain_text_is_not_json() {
    assert_eq!(
        decode_note("hello world"),
        Err(EnvelopeError::NotJson {
            line: 1,
            column: 1,
            reason: "a value was expected here".into()
        })
    );
}

#[test]
fn garbage_after_the_record() {
    let text = format!(
        "{}}}",
        encode(RecordKind::Settings, &note(), 1).expect("encodes")
    );
    assert_eq!(
        decode_note(&text),
        Err(EnvelopeError::NotJson {
            line: 1,
            column: 80,
            reason: "there is more text after the end of the JSON".into()
        })
    );
}

#[test]
fn json_that_is_not_an_object() {
    for text in ["5", "[1, 2, 3]", "\"world\"", "null", "true"] {
        assert_eq!(decode_note(text), Err(EnvelopeError::NotARecord), "{text}");
    }
}

#[test]
fn a_bare_board_where_a_record_is_expected() {
    assert_eq!(
        decode::<BoardDef>(RecordKind::World, Preset::Mini.json()),
        Err(EnvelopeError::MissingField { field: "kind" })
    );
}

#[test]
fn each_missing_envelope_field_is_named() {
    let cases = [
        (r#"{"version":1,"saved_at":1,"data":{}}"#, "kind"),
        (r#"{"kind":"settings","saved_at":1,"data":{}}"#, "version"),
        (r#"{"kind":"settings","version":1,"data":{}}"#, "saved_at"),
        (r#"{"kind":"settings","version":1,"saved_at":1}"#, "data"),
    ];
    for (text, field) in cases {
        assert_eq!(
            decode_note(text),
            Err(EnvelopeError::MissingField { field }),
            "{text}"
        );
    }
    assert_eq!(
        EnvelopeError::MissingField { field: "data" }.to_string(),
        "The entry has no \"data\"; every Monopoly Worlds record has one."
    );
}

#[test]
fn envelope_fields_of_the_wrong_type() {
    let cases = [
        (r#"{"kind":5,"version":1,"saved_at":1,"data":{}}"#, "kind"),
        (
            r#"{"kind":null,"version":1,"saved_at":1,"data":{}}"#,
            "kind",
        ),
        (
            r#"{"kind":"settings","version":"1","saved_at":1,"data":{}}"#,
            "version",
        ),
        (
            r#"{"kind":"settings","version":0,"saved_at":1,"data":{}}"#,
            "version",
        ),
        (
            r#"{"kind":"settings","version":-1,"saved_at":1,"data":{}}"#,
            "version",
        ),
        (
            r#"{"kind":"settings","version":1.5,"saved_at":1,"data":{}}"#,
            "version",
        ),
        (
            r#"{"kind":"settings","version":1e300,"saved_at":1,"data":{}}"#,
            "version",
        ),
        (
            r#"{"kind":"settings","version":1,"saved_at":-1,"data":{}}"#,
            "saved_at",
        ),
        (
            r#"{"kind":"settings","version":1,"saved_at":"today","data":{}}"#,
            "saved_at",
        ),
    ];
    for (text, field) in cases {
        assert_eq!(
            decode_note(text),
            Err(EnvelopeError::BadField { field }),
            "{text}"
        );
    }
}

#[test]
fn an_unknown_kind() {
    let err = decode_note(r#"{"kind":"castle","version":1,"saved_at":1,"data":{}}"#)
        .expect_err("refused");
    assert_eq!(
        err,
        EnvelopeError::UnknownKind {
            found: "castle".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "The entry is of a kind Monopoly Worlds does not know (\"castle\")."
    );
    // Kinds are exact names: no case folding.
    assert_eq!(
        decode_note(r#"{"kind":"Settings","version":1,"saved_at":1,"data":{}}"#),
        Err(EnvelopeError::UnknownKind {
            found: "Settings".into()
        })
    );
}

#[test]
fn a_huge_unknown_kind_is_quoted_short() {
    let text = format!(
        r#"{{"kind":"{}","version":1,"saved_at":1,"data":{{}}}}"#,
        "x".repeat(100_000)
    );
    assert_eq!(
        decode_note(&text),
        Err(EnvelopeError::UnknownKind {
            found: "x".repeat(40)
        })
    );
}

#[test]
fn a_record_of_the_wrong_kind() {
    let text = encode(RecordKind::Save, &note(), 1).expect("encodes");
    let err = decode::<Note>(RecordKind::World, &text).expect_err("refused");
    assert_eq!(
        err,
        EnvelopeError::WrongKind {
            expected: RecordKind::World,
            found: RecordKind::Save
        }
    );
    assert_eq!(err.to_string(), "This is a saved game, not a saved world.");
}

#[test]
fn a_record_from_a_future_version() {
    let err = decode_note(
        r#"{"kind":"settings","version":2,"saved_at":1,"data":{"title":"x","count":1,"new":true}}"#,
    )
    .expect_err("refused");
    assert_eq!(
        err,
        EnvelopeError::NewerVersion {
            kind: RecordKind::Settings,
            found: 2,
            supported: 1
        }
    );
    assert_eq!(
        err.to_string(),
        "This settings record was written by a newer version of Monopoly Worlds (format 2; this version reads up to 1). Update the app to open it."
    );
    assert_eq!(
        decode_note(&format!(
            r#"{{"kind":"settings","version":{},"saved_at":1,"data":{{}}}}"#,
            u64::MAX
        )),
        Err(EnvelopeError::NewerVersion {
            kind: RecordKind::Settings,
            found: u64::MAX,
            supported: 1
        })
    );
}

#[test]
fn data_of_the_wrong_shape() {
    let err =
        decode_note(r#"{"kind":"settings","version":1,"saved_at":1,"data":{"title":7,"count":1}}"#)
            .expect_err("refused");
    assert_eq!(
        err,
        EnvelopeError::DataMismatch {
            kind: RecordKind::Settings,
            line: 1,
            column: 61,
            reason: "wrong type: found the number 7, expected text".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "The settings record does not contain what Monopoly Worlds expects (line 1, column 61): wrong type: found the number 7, expected text."
    );
}

#[test]
fn data_that_is_null_or_missing_a_field() {
    assert_eq!(
        decode_note(r#"{"kind":"settings","version":1,"saved_at":1,"data":null}"#),
        Err(EnvelopeError::DataMismatch {
            kind: RecordKind::Settings,
            line: 1,
            column: 55,
            reason: "wrong type: found null, expected an object".into()
        })
    );
    assert_eq!(
        decode_note(r#"{"kind":"settings","version":1,"saved_at":1,"data":{"title":"x"}}"#),
        Err(EnvelopeError::DataMismatch {
            kind: RecordKind::Settings,
            line: 1,
            column: 64,
            reason: "missing field \"count\"".into()
        })
    );
}

#[test]
fn numbers_too_big_for_their_field() {
    assert_eq!(
        decode_note(r#"{"kind":"settings","version":1,"saved_at":1,"data":{"title":"x","count":4294967296}}"#),
        Err(EnvelopeError::DataMismatch {
            kind: RecordKind::Settings,
            line: 1,
            column: 82,
            reason: "value out of range: found the number 4294967296, expected a whole number of 0 or more".into()
        })
    );
    assert_eq!(
        decode_note(
            r#"{"kind":"settings","version":1,"saved_at":1,"data":{"title":"x","count":1e999}}"#
        ),
        Err(EnvelopeError::NotJson {
            line: 1,
            column: 77,
            reason: "a number is too large".into()
        })
    );
}

#[test]
fn deeply_nested_data_is_refused_without_overflowing_the_stack() {
    let deep = format!(
        r#"{{"kind":"settings","version":1,"saved_at":1,"data":{}{}}}"#,
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    // Free-form data (a JSON value) hits the nesting limit...
    assert_eq!(
        decode::<Value>(RecordKind::Settings, &deep),
        Err(EnvelopeError::TooDeep)
    );
    // ...typed data is refused at the first level that has the wrong type.
    assert_eq!(
        decode_note(&deep),
        Err(EnvelopeError::DataMismatch {
            kind: RecordKind::Settings,
            line: 1,
            column: 52,
            reason: "wrong type: found a list, expected text".into()
        })
    );
    // Deep nesting around the envelope is skipped, not recursed into.
    let deep_objects = format!("{}1{}", r#"{"a":"#.repeat(50_000), "}".repeat(50_000));
    assert_eq!(
        decode_note(&deep_objects),
        Err(EnvelopeError::MissingField { field: "kind" })
    );
}

#[test]
fn raw_control_characters_and_lone_surrogates() {
    assert_eq!(
        decode_note("{\"kind\":\"settings\",\"version\":1,\"saved_at\":1,\"data\":{\"title\":\"a\0b\",\"count\":1}}"),
        Err(EnvelopeError::NotJson {
            line: 1,
            column: 62,
            reason: "a text value contains a control character".into()
        })
    );
    assert_eq!(
        decode_note(
            r#"{"kind":"settings","version":1,"saved_at":1,"data":{"title":"\ud800","count":1}}"#
        ),
        Err(EnvelopeError::NotJson {
            line: 1,
            column: 68,
            reason: "a text value has a broken \\u escape".into()
        })
    );
}

#[test]
fn escaped_nul_and_markup_are_kept_verbatim() {
    let tricky = Note {
        title: "a\u{0}b <script>alert('x')</script> &amp; \u{202e}".into(),
        count: 1,
    };
    let text = encode(RecordKind::Settings, &tricky, 1).expect("encodes");
    assert_eq!(decode_note(&text), Ok(tricky));
}

#[test]
fn a_duplicated_envelope_field_is_not_a_record() {
    assert_eq!(
        decode_note(r#"{"kind":"settings","kind":"world","version":1,"saved_at":1,"data":{}}"#),
        Err(EnvelopeError::NotARecord)
    );
}

#[test]
fn a_long_echoed_value_is_cut_short_in_the_reason() {
    let text = format!(
        r#"{{"kind":"settings","version":1,"saved_at":1,"data":{{"title":"x","count":"{}"}}}}"#,
        "9".repeat(1_000_000)
    );
    match decode_note(&text) {
        Err(EnvelopeError::DataMismatch { reason, .. }) => {
            assert!(reason.chars().count() <= 203, "{} chars", reason.len());
            assert!(reason.starts_with("wrong type: found the text \"999"));
            assert!(reason.ends_with("..."));
        }
        other => panic!("expected a data mismatch, got {other:?}"),
    }
}

// ---------------------------------------------------------------- imported board files

#[test]
fn every_preset_imports_as_itself() {
    for p in Preset::ALL {
        assert_eq!(
            import_board(p.json().as_bytes()),
            Ok(p.board_def()),
            "{}",
            p.id()
        );
    }
}

#[test]
fn an_exported_world_imports() {
    let def = Preset::Campus.board_def();
    let exported = encode(RecordKind::World, &def, 1_700_000_000_000).expect("encodes");
    assert_eq!(import_board(exported.as_bytes()), Ok(def));
}

#[test]
fn a_byte_order_mark_is_allowed() {
    let mut bytes = "\u{feff}".as_bytes().to_vec();
    bytes.extend_from_slice(Preset::Mini.json().as_bytes());
    assert_eq!(import_board(&bytes), Ok(Preset::Mini.board_def()));
}

#[test]
fn an_empty_file() {
    assert_eq!(import_board(b""), Err(ImportError::Empty));
    assert_eq!(import_board(b"  \r\n "), Err(ImportError::Empty));
    assert_eq!(import_board("\u{feff}".as_bytes()), Err(ImportError::Empty));
    assert_eq!(ImportError::Empty.to_string(), "The file is empty.");
}

#[test]
fn a_three_megabyte_file() {
    let mut board = mini();
    board["picture"] = json!(format!(
        "data:image/png;base64,{}",
        "A".repeat(3 * 1024 * 1024)
    ));
    let bytes = board.to_string().into_bytes();
    let err = import_board(&bytes).expect_err("refused");
    assert_eq!(
        err,
        ImportError::TooLarge {
            bytes: bytes.len(),
            limit: MAX_IMPORT_BYTES
        }
    );
    assert_eq!(
        err.to_string(),
        "The file is 3 MB; a board file may be at most 2 MB."
    );
}

#[test]
fn a_file_exactly_at_the_size_limit_is_read() {
    let text = Preset::Mini.json();
    let mut bytes = text.as_bytes().to_vec();
    bytes.resize(MAX_IMPORT_BYTES, b' ');
    assert_eq!(import_board(&bytes), Ok(Preset::Mini.board_def()));
    bytes.push(b' ');
    let err = import_board(&bytes).expect_err("one byte too many");
    assert_eq!(
        err,
        ImportError::TooLarge {
            bytes: MAX_IMPORT_BYTES + 1,
            limit: MAX_IMPORT_BYTES
        }
    );
    assert_eq!(
        err.to_string(),
        "The file is just over 2 MB; a board file may be at most 2 MB."
    );
}

#[test]
fn invalid_utf8() {
    let mut bytes = br#"{"name": "Caf"#.to_vec();
    bytes.push(0xE9); // Latin-1 "é", not UTF-8
    bytes.extend_from_slice(br#"", "squares": []}"#);
    let err = import_board(&bytes).expect_err("refused");
    assert_eq!(err, ImportError::NotText { offset: 13 });
    assert_eq!(
        err.to_string(),
        "The file is not a text file (it has binary content at byte 13)."
    );
}

#[test]
fn a_utf16_file() {
    let bytes: Vec<u8> = std::iter::once(0xFEFFu16)
        .chain(Preset::Mini.json().encode_utf16())
        .flat_map(|u| u.to_le_bytes())
        .collect();
    assert_eq!(
        import_board(&bytes),
        Err(ImportError::NotText { offset: 0 })
    );
}

#[test]
fn a_picture_file_renamed_to_json() {
    let png = [
        0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D,
    ];
    assert_eq!(import_board(&png), Err(ImportError::NotText { offset: 0 }));
}

#[test]
fn nul_bytes() {
    let text = Preset::Mini.json().replacen("Home", "Ho\0me", 1);
    let at = text.find('\0').expect("has a NUL");
    assert_eq!(
        import_board(text.as_bytes()),
        Err(ImportError::NotText { offset: at })
    );
}

#[test]
fn truncated_json() {
    let text = Preset::Mini.json();
    let cut = &text[..text.len() / 2];
    let last_line = cut.lines().count();
    match import_board(cut.as_bytes()) {
        Err(ImportError::NotJson { line, reason, .. }) => {
            assert_eq!(line, last_line);
            assert!(reason.contains("(is it cut off?)"), "{reason}");
        }
        other => panic!("expected a JSON error, got {other:?}"),
    }
    assert_eq!(
        import_board(br#"{"name": "x", "squares": ["#),
        Err(ImportError::NotJson {
            line: 1,
            column: 26,
            reason: "the text ends in the middle of a list (is it cut off?)".into()
        })
    );
}

#[test]
fn json_syntax_errors_say_where() {
    let err = import_board(b"{\n  \"name\": \"x\",\n  squares: []\n}").expect_err("refused");
    assert_eq!(
        err,
        ImportError::NotJson {
            line: 3,
            column: 3,
            reason: "a field name must be in double quotes".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "The file is not valid JSON (line 3, column 3): a field name must be in double quotes."
    );
    assert_eq!(
        import_board(br#"{"name": "x", "squares": [],}"#),
        Err(ImportError::NotJson {
            line: 1,
            column: 29,
            reason: "there is a comma before a closing bracket".into()
        })
    );
}

#[test]
fn a_board_file_that_is_not_an_object() {
    assert_eq!(
        import_board(b"[1, 2, 3]"),
        Err(ImportError::NotABoard {
            line: 1,
            column: 1,
            reason: "a board is an object, but the file holds a list".into()
        })
    );
    assert_eq!(
        import_board(b"42"),
        Err(ImportError::NotABoard {
            line: 1,
            column: 1,
            reason: "a board is an object, but the file holds a number".into()
        })
    );
}

#[test]
fn wrong_types_in_a_board() {
    let mut board = mini();
    board["squares"][3]["price"] = json!("60");
    let text = serde_json::to_string_pretty(&board).expect("json");
    let err = import_board(text.as_bytes()).expect_err("refused");
    assert_eq!(
        err,
        ImportError::NotABoard {
            line: 68,
            column: 5,
            reason: "wrong type: found the text \"60\", expected a whole number".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "The file is JSON, but not a Monopoly Worlds board (line 68, column 5): wrong type: found the text \"60\", expected a whole number."
    );
}

#[test]
fn a_missing_field_in_a_board() {
    assert_eq!(
        import_board(br#"{"squares": []}"#),
        Err(ImportError::NotABoard {
            line: 1,
            column: 15,
            reason: "missing field \"name\"".into()
        })
    );
}

#[test]
fn an_unknown_field_in_a_board() {
    let mut board = mini();
    board["colour"] = json!("red");
    match import_value(&board) {
        Err(ImportError::NotABoard { reason, .. }) => assert!(
            reason.starts_with("unknown field \"colour\", expected one of \"name\""),
            "{reason}"
        ),
        other => panic!("expected a schema error, got {other:?}"),
    }
}

#[test]
fn an_unknown_square_type() {
    let mut board = mini();
    board["squares"][1]["type"] = json!("castle");
    match import_value(&board) {
        Err(ImportError::NotABoard { reason, .. }) => assert!(
            reason.starts_with("unknown type \"castle\", expected one of \"start\""),
            "{reason}"
        ),
        other => panic!("expected a schema error, got {other:?}"),
    }
}

#[test]
fn huge_numbers() {
    // Beyond any integer type: a number JSON itself cannot hold.
    assert_eq!(
        import_board(
            br#"{"name":"x","squares":[{"name":"a","type":"property","price":1e400,"rents":[1]}]}"#
        ),
        Err(ImportError::NotJson {
            line: 1,
            column: 66,
            reason: "a number is too large".into()
        })
    );
    // Beyond 64 bits.
    assert_eq!(
        import_board(br#"{"name":"x","squares":[{"name":"a","type":"property","price":99999999999999999999,"rents":[1]}]}"#),
        Err(ImportError::NotABoard {
            line: 1,
            column: 94,
            reason: "wrong type: found the number 1e+20, expected a whole number".into()
        })
    );
    // Fits in 64 bits, but no board may hold such an amount.
    let mut board = mini();
    board["squares"][3]["price"] = json!(i64::MAX);
    assert_eq!(
        import_value(&board),
        Err(ImportError::InvalidBoard {
            problems: vec![BoardError::BadPrice {
                square: 3,
                name: "Old Kent Road".into()
            }]
        })
    );
}

#[test]
fn a_negative_count() {
    let mut board = mini();
    board["squares"][10]["percent"] = json!(-10);
    match import_value(&board) {
        Err(ImportError::NotABoard { reason, .. }) => assert_eq!(
            reason,
            "value out of range: found the number -10, expected a whole number of 0 or more"
        ),
        other => panic!("expected a schema error, got {other:?}"),
    }
}

#[test]
fn deep_nesting_in_a_board_file() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert_eq!(import_board(deep.as_bytes()), Err(ImportError::TooDeep));
    assert_eq!(
        ImportError::TooDeep.to_string(),
        "The file is nested too deeply to be a board."
    );
    // Inside a square, where the square type is read through a buffered map.
    let mut board = mini();
    let mut nested = json!(1);
    for _ in 0..200 {
        nested = json!([nested]);
    }
    board["squares"][1]["extra"] = nested;
    assert_eq!(import_value(&board), Err(ImportError::TooDeep));
}

#[test]
fn a_board_with_five_squares() {
    let mut board = mini();
    board["squares"]
        .as_array_mut()
        .expect("squares")
        .truncate(5);
    let err = import_value(&board).expect_err("refused");
    assert_eq!(
        err,
        ImportError::InvalidBoard {
            problems: vec![BoardError::WrongSize { count: 5 }]
        }
    );
    assert_eq!(
        err.to_string(),
        "The board cannot be played; 1 problem:\n- The board has 5 squares; a board needs between 10 and 60."
    );
}

#[test]
fn a_board_without_a_start_square() {
    let mut board = mini();
    board["squares"][0] = json!({"name": "Home", "type": "road"});
    assert_eq!(
        import_value(&board),
        Err(ImportError::InvalidBoard {
            problems: vec![BoardError::FirstSquareNotStart]
        })
    );
}

#[test]
fn every_problem_is_listed() {
    let mut board = mini();
    board["name"] = json!("   ");
    board["squares"][0] = json!({"name": "Home", "type": "road"});
    board["squares"][4]["name"] = json!("Old Kent Road");
    board["groups"] = json!([{"name": "red", "color": "crimson"}]);
    let err = import_value(&board).expect_err("refused");
    assert_eq!(
        err,
        ImportError::InvalidBoard {
            problems: vec![
                BoardError::EmptyBoardName,
                BoardError::BadGroupColor {
                    name: "red".into(),
                    color: "crimson".into()
                },
                BoardError::FirstSquareNotStart,
                BoardError::DuplicateLotName {
                    square: 4,
                    name: "Old Kent Road".into()
                },
            ]
        }
    );
    assert_eq!(
        err.to_string(),
        "The board cannot be played; 4 problems:\n\
         - The board needs a name.\n\
         - The group \"red\" has the color \"crimson\"; use a hex color such as #1fb25a.\n\
         - The first square must be the start square.\n\
         - \"Old Kent Road\" (square 5) has the same name as another lot; lots need distinct names."
    );
}

#[test]
fn markup_in_names_is_kept_as_text() {
    let mut board = mini();
    let board_name = "<script>alert('board')</script>";
    let square_name = "<img src=x onerror=alert(1)> & \"Lane\"";
    board["name"] = json!(board_name);
    board["squares"][3]["name"] = json!(square_name);
    let def = import_value(&board).expect("a valid board");
    assert_eq!(def.name, board_name);
    assert_eq!(def.squares[3].name, square_name);
}

#[test]
fn an_exported_saved_game_is_not_a_board() {
    let text = encode(RecordKind::Save, &note(), 1).expect("encodes");
    let err = import_board(text.as_bytes()).expect_err("refused");
    assert_eq!(
        err,
        ImportError::NotABoardFile {
            found: RecordKind::Save
        }
    );
    assert_eq!(err.to_string(), "This file is a saved game, not a board.");
}

#[test]
fn an_exported_world_from_a_newer_version() {
    let text = format!(
        r#"{{"kind":"world","version":3,"saved_at":1,"data":{}}}"#,
        Preset::Mini.json()
    );
    assert_eq!(
        import_board(text.as_bytes()),
        Err(ImportError::Record(EnvelopeError::NewerVersion {
            kind: RecordKind::World,
            found: 3,
            supported: 1
        }))
    );
}

#[test]
fn an_exported_record_of_an_unknown_kind() {
    assert_eq!(
        import_board(br#"{"kind":"castle","version":1,"saved_at":1,"data":{}}"#),
        Err(ImportError::Record(EnvelopeError::UnknownKind {
            found: "castle".into()
        }))
    );
}

#[test]
fn an_exported_world_with_damaged_data() {
    assert_eq!(
        import_board(br#"{"kind":"world","version":1,"saved_at":1,"data":{"name":true}}"#),
        Err(ImportError::Record(EnvelopeError::DataMismatch {
            kind: RecordKind::World,
            line: 1,
            column: 60,
            reason: "wrong type: found true, expected text".into()
        }))
    );
}

#[test]
fn an_exported_draft_is_still_validated() {
    let mut def = Preset::Mini.board_def();
    def.squares.truncate(9);
    let text = encode(RecordKind::Draft, &def, 1).expect("encodes");
    assert_eq!(
        import_board(text.as_bytes()),
        Err(ImportError::InvalidBoard {
            problems: vec![BoardError::WrongSize { count: 9 }]
        })
    );
}

#[test]
fn a_picture_that_is_not_an_image() {
    let mut board = mini();
    board["picture"] = json!("javascript:alert(1)");
    assert_eq!(
        import_value(&board),
        Err(ImportError::InvalidBoard {
            problems: vec![BoardError::BadPicture {
                what: "the board".into(),
                square: None
            }]
        })
    );
}

#[test]
fn a_pawn_picture_with_a_script_url() {
    let mut board = mini();
    board["pawns"] = json!([{ "name": "Sneaky", "picture": "javascript:alert(document.cookie)" }]);
    assert_eq!(
        import_value(&board),
        Err(ImportError::InvalidBoard {
            problems: vec![BoardError::BadPicture {
                what: "the pawn \"Sneaky\"".into(),
                square: None
            }]
        })
    );
}

#[test]
fn a_square_picture_from_another_site() {
    // A remote picture would let a board file phone home from every player's browser.
    let mut board = mini();
    board["squares"][3]["picture"] = json!("https://tracker.example/pixel.png");
    let name = board["squares"][3]["name"]
        .as_str()
        .expect("a name")
        .to_string();
    assert_eq!(
        import_value(&board),
        Err(ImportError::InvalidBoard {
            problems: vec![BoardError::BadPicture {
                what: format!("\"{name}\""),
                square: Some(3)
            }]
        })
    );
}

#[test]
fn a_card_sending_players_to_a_square_that_is_not_there() {
    let mut board: Value = serde_json::from_str(Preset::Worlds.json()).expect("worlds parses");
    let squares = board["squares"].as_array_mut().expect("squares");
    let boardwalk = squares
        .iter()
        .position(|s| s["name"] == "Boardwalk")
        .expect("the template has Boardwalk");
    squares[boardwalk]["name"] = json!("Ocean Drive");
    let Err(ImportError::InvalidBoard { problems }) = import_value(&board) else {
        panic!("a card pointing nowhere must be refused");
    };
    assert!(problems.iter().all(|p| matches!(
        p,
        BoardError::CardTargetMissing { target, .. } if target == "\"Boardwalk\""
    )));
    assert!(!problems.is_empty());
}
