//! Seats are the engine's `PlayerId` in every message, save and clock, written as the bare
//! numbers they always were: frames from older devices and saves written before still read,
//! and what is written now reads the same on them. Each JSON text below is what the table
//! wrote when seats were plain numbers; each is read into its type and written back byte for
//! byte.

use serde::de::DeserializeOwned;
use serde::Serialize;
use worlds_engine::PlayerId;
use worlds_table::clock::{ClockShown, RunningClock};
use worlds_table::protocol::{GuestMsg, HostMsg, Presence, ReactionKind, WATCHING};
use worlds_table::saved::SavedTable;

/// Reads `json` as a `T`, checks what it read, and writes it back: the same text.
fn same_text<T: Serialize + DeserializeOwned>(json: &str, check: impl FnOnce(&T)) {
    let read: T = serde_json::from_str(json).unwrap_or_else(|e| panic!("{json} reads: {e}"));
    check(&read);
    let written = serde_json::to_string(&read).expect("writes");
    assert_eq!(written, json, "written back as it was");
}

#[test]
fn a_watchers_seat_is_still_written_as_u32_max() {
    assert_eq!(WATCHING, 4_294_967_295);
}

#[test]
fn messages_with_a_seat_write_it_as_a_bare_number() {
    same_text::<GuestMsg>(
        r#"{"t":"hello","table":"0102030405060708","seat":2,"last_seq":9,"hash":77}"#,
        |m| {
            assert!(matches!(
                m,
                GuestMsg::Hello {
                    seat: Some(PlayerId(2)),
                    ..
                }
            ))
        },
    );
    // A room's watcher says hello with no seat: the number every version wrote for it.
    same_text::<GuestMsg>(
        r#"{"t":"hello","table":"0102030405060708","seat":4294967295,"last_seq":0,"hash":0}"#,
        |m| assert!(matches!(m, GuestMsg::Hello { seat: None, .. })),
    );
    same_text::<HostMsg>(
        r#"{"t":"applied","seq":3,"action":{"action":"roll"},"by_seat":1,"intent":4,"entries":[],"hash":5}"#,
        |m| {
            assert!(matches!(
                m,
                HostMsg::Applied {
                    by_seat: PlayerId(1),
                    intent: Some(4),
                    ..
                }
            ))
        },
    );
    same_text::<HostMsg>(
        r#"{"t":"chat","from":2,"text":"Good luck!","n":3,"at":1790000000000}"#,
        |m| {
            assert!(matches!(
                m,
                HostMsg::Chat {
                    from: PlayerId(2),
                    n: 3,
                    ..
                }
            ))
        },
    );
    same_text::<HostMsg>(
        r#"{"t":"chat","from":0,"text":"Time ran out: a computer played for Ann.","n":4,"notice":true}"#,
        |m| {
            assert!(matches!(
                m,
                HostMsg::Chat {
                    from: PlayerId(0),
                    notice: true,
                    ..
                }
            ))
        },
    );
    same_text::<HostMsg>(r#"{"t":"reaction","from":1,"kind":"thumbs_up"}"#, |m| {
        assert_eq!(
            m,
            &HostMsg::Reaction {
                from: PlayerId(1),
                kind: ReactionKind::ThumbsUp
            }
        )
    });
    same_text::<HostMsg>(
        r#"{"t":"presence","seat":3,"state":"computer_playing"}"#,
        |m| {
            assert_eq!(
                m,
                &HostMsg::Presence {
                    seat: PlayerId(3),
                    state: Presence::ComputerPlaying
                }
            )
        },
    );
}

#[test]
fn a_welcome_names_its_seat_or_a_watchers_number() {
    use worlds_engine::{Game, GameSetup, Preset, Seat};
    let setup = GameSetup::new(
        Preset::Classic.board(),
        vec![Seat::human("Ann"), Seat::human("Bea")],
        4,
    );
    let game = Game::new(setup).expect("a game").public_game();
    for (seat, number) in [(Some(PlayerId(1)), 1u64), (None, WATCHING)] {
        let welcome = HostMsg::Welcome {
            seat,
            last_intent: 0,
            game: Box::new(game.clone()),
            hash: 1,
            presence: vec![Presence::Local, Presence::Connected],
            chat: Vec::new(),
        };
        let json = serde_json::to_value(&welcome).expect("writes");
        assert_eq!(json["seat"], serde_json::json!(number));
        let back: HostMsg = serde_json::from_value(json).expect("reads");
        assert!(matches!(back, HostMsg::Welcome { seat: s, .. } if s == seat));
    }
}

#[test]
fn a_saved_table_writes_its_seats_as_bare_numbers() {
    same_text::<SavedTable>(
        r#"{"role":"guest","table":"0102030405060708","seat":2}"#,
        |t| {
            assert!(matches!(
                t,
                SavedTable::Guest {
                    seat: PlayerId(2),
                    ..
                }
            ))
        },
    );
    same_text::<SavedTable>(r#"{"role":"room","code":"QWERTYUP","seat":1}"#, |t| {
        assert!(matches!(
            t,
            SavedTable::Room {
                seat: Some(PlayerId(1)),
                ..
            }
        ))
    });
    // A room's watcher keeps the room with no seat (Continue goes back to watch).
    same_text::<SavedTable>(
        r#"{"role":"room","code":"QWERTYUP","seat":4294967295}"#,
        |t| assert!(matches!(t, SavedTable::Room { seat: None, .. })),
    );
    same_text::<SavedTable>(
        r#"{"role":"host","table":"0102030405060708","rules":"Classic rules","seats":[{"seat":1,"computer":true,"last_intent":4,"answered":[[4,17]]},{"seat":2,"computer":false,"last_intent":0,"answered":[]}],"chat":[{"n":1,"from":2,"text":"hi","at":5},{"n":2,"from":1,"text":"Time ran out","notice":true}]}"#,
        |t| {
            let SavedTable::Host(record) = t else {
                panic!("a host's table");
            };
            assert_eq!(record.remote_seats(), vec![PlayerId(1), PlayerId(2)]);
            assert_eq!(record.stand_ins(), vec![PlayerId(1)]);
            assert_eq!(record.chat[0].from, PlayerId(2));
        },
    );
    // Saved before the fields with defaults existed: still read.
    let old: SavedTable =
        serde_json::from_str(r#"{"role":"host","table":"0102030405060708","seats":[{"seat":3}]}"#)
            .expect("reads");
    let SavedTable::Host(record) = old else {
        panic!("a host's table");
    };
    assert_eq!(record.remote_seats(), vec![PlayerId(3)]);
}

#[test]
fn a_turn_clock_writes_its_seat_as_a_bare_number() {
    same_text::<ClockShown>(r#"{"seat":1,"left_ms":23000,"total_ms":30000}"#, |c| {
        assert_eq!(c.seat, PlayerId(1))
    });
    same_text::<RunningClock>(
        r#"{"seat":2,"seq":40,"deadline_ms":1790000030000,"total_ms":30000}"#,
        |c| assert_eq!(c.seat, PlayerId(2)),
    );
}

#[test]
fn a_seat_number_reads_as_a_usize_did_and_a_negative_one_is_refused() {
    // Larger than any usize on a 32-bit device (refused there, as a usize refused it), and
    // not the watcher's number; the host then finds no such seat.
    let too_big = r#"{"t":"hello","table":"0102030405060708","seat":18446744073709551615,"last_seq":0,"hash":0}"#;
    let read = serde_json::from_str::<GuestMsg>(too_big);
    if cfg!(target_pointer_width = "64") {
        assert!(
            matches!(read, Ok(GuestMsg::Hello { seat: Some(PlayerId(n)), .. }) if n == usize::MAX)
        );
    } else {
        assert!(read.is_err());
    }
    assert!(serde_json::from_str::<GuestMsg>(
        r#"{"t":"hello","table":"0102030405060708","seat":-1,"last_seq":0,"hash":0}"#
    )
    .is_err());
}
