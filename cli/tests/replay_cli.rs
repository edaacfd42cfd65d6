//! `worlds replay` run as a user runs it: the built binary on scenario files.

use std::process::Command;

fn worlds(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the worlds binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json_of(path: &str) -> serde_json::Value {
    let (code, out, err) = worlds(&["replay", path, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("the output is JSON")
}

#[test]
fn an_auction_after_a_decline_sells_to_the_highest_bidder() {
    let v = json_of("tests/scenarios/auction_after_decline.json");
    let players = v["players"].as_array().expect("players");
    assert_eq!(players[0]["name"], "Ann");
    assert_eq!(players[0]["cash"], 1500);
    assert_eq!(players[0]["square"], "Baltic Avenue");
    assert_eq!(players[0]["position"], 3);
    assert_eq!(players[1]["cash"], 1475);
    assert_eq!(
        players[1]["properties"],
        serde_json::json!(["Baltic Avenue"])
    );
    assert_eq!(players[1]["in_jail"], false);
    assert_eq!(players[1]["bankrupt"], false);
    assert_eq!(v["round"], 1);
    let events: Vec<&str> = v["log"]
        .as_array()
        .expect("log")
        .iter()
        .filter_map(|e| e["event"].as_str())
        .collect();
    assert!(events.contains(&"declined"));
    assert!(events.contains(&"auction_won"));
}

#[test]
fn rent_is_doubled_on_a_whole_unimproved_group_and_properties_are_in_board_order() {
    let v = json_of("tests/scenarios/rent_and_monopoly.json");
    assert_eq!(v["players"][0]["cash"], 492);
    assert_eq!(
        v["players"][1]["properties"],
        serde_json::json!(["Mediterranean Avenue", "Baltic Avenue", "Reading Railroad"])
    );
    assert_eq!(v["round"], 2);
}

#[test]
fn the_default_format_is_a_table_and_a_log() {
    let (code, out, _) = worlds(&["replay", "tests/scenarios/rent_and_monopoly.json"]);
    assert_eq!(code, 0);
    assert!(out.contains("player"));
    assert!(out.contains("Ann"));
    assert!(out.contains("$492"));
    assert!(out.contains("log:"));
    assert!(out.contains("Ann paid $8 rent for Baltic Avenue to Bob"));
}

#[test]
fn a_broken_board_is_refused_with_every_problem() {
    let (code, out, err) = worlds(&["replay", "tests/scenarios/bad_board.json"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.contains("between 10 and 60"), "{err}");
    assert!(err.contains("start square"), "{err}");
}

#[test]
fn a_truncated_file_is_refused_without_a_panic() {
    let (code, _, err) = worlds(&["replay", "tests/scenarios/truncated.json"]);
    assert_eq!(code, 1);
    assert!(err.contains("not a scenario file"), "{err}");
    assert!(!err.contains("panicked"));
}

#[test]
fn a_missing_file_and_bad_arguments_are_reported() {
    let (code, _, err) = worlds(&["replay", "tests/scenarios/no_such_file.json"]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read"), "{err}");
    let (code, _, err) = worlds(&["replay"]);
    assert_eq!(code, 2);
    assert!(err.contains("usage"), "{err}");
    let (code, _, _) = worlds(&[
        "replay",
        "tests/scenarios/rent_and_monopoly.json",
        "--format",
        "xml",
    ]);
    assert_eq!(code, 2);
}

#[test]
fn bench_games_reports_games_per_second() {
    let (code, out, err) = worlds(&["bench-games", "--games", "3", "--board", "mini"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("games/s"), "{out}");
}

/// Issue 15: the Campus examples and the jail case, as `worlds replay` plays them.
#[test]
fn campus_bonus_squares_do_nothing_after_a_bonus_and_max_face_jail_has_a_try_limit() {
    // (file, Ann's cash, position, in jail, Bob's cash)
    let cases = [
        ("campus_bonus_then_chest_2.json", 1200, 14, false, 1000),
        ("campus_bonus_then_go_to_jail.json", 1200, 12, false, 1000),
        ("campus_bonus_then_chance_1.json", 1200, 2, false, 1000),
        ("campus_bonus_then_chance_2.json", 1200, 10, false, 1000),
        ("campus_max_face_jail_tries.json", 950, 7, false, 1000),
    ];
    for (file, cash, position, in_jail, bob) in cases {
        let v = json_of(&format!("tests/scenarios/{file}"));
        let ann = &v["players"][0];
        assert_eq!(ann["cash"], cash, "{file}");
        assert_eq!(ann["position"], position, "{file}");
        assert_eq!(ann["in_jail"], in_jail, "{file}");
        assert_eq!(v["players"][1]["cash"], bob, "{file}");
    }
}
