//! `worlds landing`, `exact`, `payback` and `tournament` run as a user runs them.

use std::process::Command;

fn worlds(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args(args)
        .output()
        .expect("the worlds binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = worlds(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).expect("the output is JSON")
}

fn f(v: &serde_json::Value) -> f64 {
    v.as_f64().expect("a number")
}

/// A ten-square board with a ten-sided die: 1/10 on every square by hand, Go To Jail's
/// tenth in jail.
const TINY: &str = r#"{
  "name": "Tiny",
  "squares": [
    {"name": "Go", "type": "start"},
    {"name": "Lot", "type": "property", "price": 100, "rents": [10]},
    {"name": "Road 2", "type": "road"},
    {"name": "Jail", "type": "jail"},
    {"name": "Road 4", "type": "road"},
    {"name": "Road 5", "type": "road"},
    {"name": "Road 6", "type": "road"},
    {"name": "Go To Jail", "type": "go_to_jail"},
    {"name": "Road 8", "type": "road"},
    {"name": "Road 9", "type": "road"}
  ],
  "rules": {"dice_count": 1, "dice_sides": 10, "extra_roll": {"kind": "none"},
            "jail": {"release": "doubles", "fine": 50, "max_tries": 1}}
}"#;

fn tiny_path() -> String {
    let path = std::env::temp_dir().join(format!("worlds-stats-tiny-{}.json", std::process::id()));
    std::fs::write(&path, TINY).expect("writes the board");
    path.to_string_lossy().into_owned()
}

#[test]
fn landing_json_has_the_squares_in_board_order_and_the_totals() {
    let v = json(&[
        "landing",
        "--board",
        "classic",
        "--games",
        "20",
        "--turns",
        "50",
        "--players",
        "2",
        "--seed",
        "3",
        "--count",
        "turns",
        "--decks",
        "random",
        "--jail",
        "leave",
        "--format",
        "json",
    ]);
    let squares = v["squares"].as_array().expect("squares");
    assert_eq!(squares.len(), 40);
    for (i, s) in squares.iter().enumerate() {
        assert_eq!(s["index"], i);
        assert!(s["name"].is_string() && s["count"].is_u64() && s["frequency"].is_f64());
    }
    assert_eq!(squares[39]["name"], "Boardwalk");
    assert_eq!(v["turns"], 20 * 50 * 2);
    assert!(v["rolls"].as_u64().expect("rolls") >= 2000);
    let total: u64 = squares
        .iter()
        .map(|s| s["count"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(total, 2000, "one count per turn under 'turns'");
    let jail = &squares[10];
    assert_eq!(
        jail["count"].as_u64(),
        Some(
            v["in_jail"]["count"].as_u64().unwrap_or(0)
                + v["just_visiting"]["count"].as_u64().unwrap_or(0)
        )
    );
    assert!(
        (f(&jail["frequency"])
            - f(&v["in_jail"]["frequency"])
            - f(&v["just_visiting"]["frequency"]))
        .abs()
            < 1e-12
    );
    assert_eq!(squares[30]["count"], 0);
    // Seeded: the same command gives the same answer.
    let again = json(&[
        "landing",
        "--board",
        "classic",
        "--games",
        "20",
        "--turns",
        "50",
        "--players",
        "2",
        "--seed",
        "3",
        "--count",
        "turns",
        "--decks",
        "random",
        "--jail",
        "leave",
        "--format",
        "json",
    ]);
    assert_eq!(v, again);
}

#[test]
fn exact_on_a_tiny_board_gives_the_hand_solution() {
    let path = tiny_path();
    for count in ["rolls", "turns"] {
        for jail in ["stay", "leave"] {
            let v = json(&[
                "exact", "--board", &path, "--count", count, "--jail", jail, "--format", "json",
            ]);
            let squares = v["squares"].as_array().expect("squares");
            let want = [0.1, 0.1, 0.1, 0.2, 0.1, 0.1, 0.1, 0.0, 0.1, 0.1];
            for (s, w) in squares.iter().zip(want) {
                assert!(
                    (f(&s["probability"]) - w).abs() < 1e-12,
                    "{count} {jail}: {s}"
                );
            }
            assert!((f(&v["in_jail"]) - 0.1).abs() < 1e-12);
            assert!((f(&v["just_visiting"]) - 0.1).abs() < 1e-12);
            assert!((f(&v["rolls_per_turn"]) - 1.0).abs() < 1e-12);
        }
    }
    let _ = std::fs::remove_file(path);
}

#[test]
fn exact_classic_is_a_distribution() {
    let v = json(&[
        "exact", "--board", "classic", "--count", "rolls", "--jail", "stay", "--format", "json",
    ]);
    let squares = v["squares"].as_array().expect("squares");
    assert_eq!(squares.len(), 40);
    let sum: f64 = squares.iter().map(|s| f(&s["probability"])).sum();
    assert!((sum - 1.0).abs() < 1e-12);
    assert!(f(&v["rolls_per_turn"]) > 1.0);
    assert!(v["in_jail"].as_f64().is_some());
}

#[test]
fn text_output_shows_two_tables_and_a_bar_chart() {
    let (code, out, err) = worlds(&["landing", "--games", "5", "--turns", "20"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("By frequency, highest first:"));
    assert!(out.contains("In board order:"));
    assert!(out.contains("Bar chart (frequency):"));
    assert!(out.contains("Jail (in jail)") && out.contains("Jail (just visiting)"));
    assert!(out.contains('#'));
    let (code, out, _) = worlds(&["exact", "--board", "campus"]);
    assert_eq!(code, 0);
    assert!(out.contains("By probability, highest first:") && out.contains("In board order:"));
}

#[test]
fn tournament_json_reports_win_rates_lengths_and_bankruptcies() {
    let v = json(&[
        "tournament",
        "--board",
        "mini",
        "--games",
        "6",
        "--seats",
        "balanced,cautious,random",
        "--seed",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(v["games"], 6);
    let seats = v["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 3);
    assert_eq!(seats[2]["strategy"], "random");
    let wins: u64 = seats.iter().map(|s| s["wins"].as_u64().unwrap_or(0)).sum();
    assert_eq!(wins, 6);
    let rates: f64 = seats.iter().map(|s| f(&s["win_rate"])).sum();
    assert!((rates - 1.0).abs() < 1e-12);
    assert!(v["strategies"].is_array());
    assert!(v["lengths"]["histogram"].is_array());
    assert!(v["lengths"]["median"].is_number());
    assert!(v["bankruptcies"].is_u64());
}

#[test]
fn payback_json_lists_lots_and_groups() {
    let v = json(&["payback", "--board", "classic", "--format", "json"]);
    assert_eq!(v["lots"].as_array().map(|l| l.len()), Some(28));
    assert!(v["groups"].as_array().is_some_and(|g| g.len() == 10));
    assert!(v["convention"]
        .as_str()
        .is_some_and(|c| c.contains("per opponent turn")));
}

#[test]
fn bad_flags_and_values_exit_with_code_2_and_a_message() {
    let cases: &[(&[&str], &str)] = &[
        (&["landing", "--games", "many"], "--games"),
        (&["landing", "--games", "0"], "--games must be between"),
        (&["landing", "--count", "visits"], "unknown count 'visits'"),
        (
            &["landing", "--decks", "stacked"],
            "unknown decks 'stacked'",
        ),
        (
            &["landing", "--jail", "forever"],
            "unknown jail strategy 'forever'",
        ),
        (&["landing", "--board", "no-such-board"], "neither a preset"),
        (&["landing", "--format", "xml"], "unknown format 'xml'"),
        (&["landing", "--colour", "red"], "unknown option --colour"),
        (&["landing", "--turns"], "--turns needs a value"),
        (&["exact", "--count", "sometimes"], "unknown count"),
        (&["exact", "--games", "5"], "unknown option --games"),
        (
            &["tournament", "--seats", "balanced,sneaky"],
            "unknown strategy 'sneaky'",
        ),
        (&["tournament", "--seats", "balanced"], "1 seats given"),
        (&["tournament", "--games", "-3"], "--games"),
        (&["payback", "--jail", "x"], "unknown jail strategy"),
    ];
    for (args, message) in cases {
        let (code, out, err) = worlds(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn an_invalid_board_file_is_refused_with_its_problems() {
    let path = std::env::temp_dir().join(format!("worlds-stats-bad-{}.json", std::process::id()));
    std::fs::write(&path, r#"{"name": "Bad", "squares": []}"#).expect("writes");
    let p = path.to_string_lossy().into_owned();
    let (code, _, err) = worlds(&["exact", "--board", &p]);
    assert_eq!(code, 2);
    assert!(err.contains("between 10 and 60"), "{err}");
    std::fs::write(&path, "not json").expect("writes");
    let (code, _, err) = worlds(&["landing", "--board", &p]);
    assert_eq!(code, 2);
    assert!(err.contains("not a board file"), "{err}");
    let _ = std::fs::remove_file(path);
}
