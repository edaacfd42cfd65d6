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
    assert_eq!(code, 2, "a bad file exits 2 (issue 11)");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("between 10 and 60"), "{err}");
    assert!(err.contains("start square"), "{err}");
}

#[test]
fn a_truncated_file_is_refused_without_a_panic() {
    let (code, _, err) = worlds(&["replay", "tests/scenarios/truncated.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("not a scenario file"), "{err}");
    assert!(!err.contains("panicked"));
}

#[test]
fn a_missing_file_and_bad_arguments_are_reported() {
    let (code, _, err) = worlds(&["replay", "tests/scenarios/no_such_file.json"]);
    assert_eq!(code, 2);
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

fn temp(name: &str, bytes: &[u8]) -> String {
    let path = std::env::temp_dir().join(format!("worlds-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).expect("writes");
    path.to_string_lossy().into_owned()
}

/// Issue 11, fault 6: every bad flag or file exits 2 with one clear line.
#[test]
fn bad_files_and_flags_exit_2_with_one_line() {
    let big = temp("big.json", &vec![b' '; 11 * 1024 * 1024]);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["replay", "tests/scenarios/no_such_file.json"],
            "cannot read",
        ),
        (
            vec!["replay", "tests/scenarios/truncated.json"],
            "not a scenario file",
        ),
        (vec!["replay", &big], "larger than 10 MB"),
        (vec!["replay", "/dev/zero"], "larger than 10 MB"),
        (vec!["replay", "tests/scenarios"], "directory"),
        (vec!["landing", "--board", "/dev/zero"], "larger than 10 MB"),
        (vec!["exact", "--board", &big], "larger than 10 MB"),
        (
            vec!["bench-games", "--players", "100000000"],
            "--players must be between",
        ),
        (
            vec!["bench-games", "--players", "1"],
            "--players must be between",
        ),
        (
            vec!["bench-games", "--games", "0"],
            "--games must be between",
        ),
        (vec!["bench-games", "--nope"], "bad argument"),
        (
            vec!["landing", "--players", "100000000"],
            "--players must be between",
        ),
        (vec!["fuzz", "--games", "x"], "--games"),
        (
            vec!["replay", "a.json", "--format", "xml"],
            "unknown format",
        ),
    ];
    for (args, message) in cases {
        let start = std::time::Instant::now();
        let (code, out, err) = worlds(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(start.elapsed().as_secs() < 20, "{args:?} took too long");
    }
    let _ = std::fs::remove_file(big);
}

/// Issue 11, fault 6: a UTF-8 byte-order mark is accepted.
#[test]
fn a_byte_order_mark_is_accepted() {
    let text = std::fs::read("tests/scenarios/rent_and_monopoly.json").expect("reads");
    let mut with_bom = "\u{feff}".as_bytes().to_vec();
    with_bom.extend(text);
    let path = temp("bom.json", &with_bom);
    let (code, out, err) = worlds(&["replay", &path, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["players"][0]["cash"], 492);
    let board = temp("bom-board.json", &{
        let mut b = "\u{feff}".as_bytes().to_vec();
        b.extend(worlds_engine_preset_json());
        b
    });
    let (code, _, err) = worlds(&["exact", "--board", &board]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(board);
}

fn worlds_engine_preset_json() -> Vec<u8> {
    std::fs::read("../engine/presets/mini.json").expect("the Mini preset")
}

/// Issue 11, fault 6: control characters in names are escaped on output, never printed raw.
#[test]
fn control_characters_are_escaped_on_output() {
    let scenario = serde_json::json!({
        "board": "classic",
        "players": [{"name": "Ann\u{1b}[2J\u{7}"}, {"name": "Bob"}]
    });
    let path = temp("ctl.json", scenario.to_string().as_bytes());
    let (code, out, err) = worlds(&["replay", &path]);
    assert_eq!(code, 2, "such a name is refused: {out}{err}");
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(err.contains("\\u{1b}"), "{err}");
    let (code, _, err) = worlds(&["nope\u{1b}[2J"]);
    assert_eq!(code, 2);
    assert!(!err.contains('\u{1b}'), "{err:?}");
    let _ = std::fs::remove_file(path);
}

/// Issue 28: every command explains itself with `--help` (exit 0, on standard output).
#[test]
fn every_command_has_its_help() {
    for command in [
        "replay",
        "bench-games",
        "landing",
        "exact",
        "payback",
        "tournament",
        "bench-expert",
        "bench-stats",
        "bench-movement",
        "serve",
        "fuzz",
        "load",
    ] {
        let (code, out, err) = worlds(&[command, "--help"]);
        assert_eq!(code, 0, "{command}: {err}");
        assert!(
            out.contains(&format!("Usage: worlds {command}")),
            "{command}: {out}"
        );
    }
    let (code, out, _) = worlds(&["serve", "--help"]);
    assert_eq!(code, 0);
    for flag in [
        "--site",
        "--bind",
        "--port",
        "--push-contact",
        "--push-allow-loopback",
    ] {
        assert!(out.contains(flag), "serve --help names {flag}: {out}");
    }
    assert!(
        out.contains("For tests only"),
        "--push-allow-loopback says it is for tests: {out}"
    );
    let (code, _, err) = worlds(&["serve", "--port", "70000"]);
    assert_eq!(code, 2);
    assert!(err.contains("--port must be between 0 and 65535"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}
