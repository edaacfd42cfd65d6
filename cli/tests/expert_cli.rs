//! Issue 22 at the command line: `tournament --rotate` with the expert and confidence
//! intervals, and a closed stdout (`worlds ... | head`) ends the program quietly.

use std::io::Read;
use std::process::{Command, Stdio};

#[test]
fn a_rotated_tournament_reports_confidence_intervals() {
    let out = Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args([
            "tournament",
            "--games",
            "4",
            "--seats",
            "expert,balanced,cautious,random",
            "--rotate",
            "--round-cap",
            "30",
            "--format",
            "json",
        ])
        .output()
        .expect("the worlds binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let strategies = v["strategies"].as_array().expect("strategies");
    assert_eq!(strategies.len(), 4);
    for s in strategies {
        for field in ["strategy", "games_played", "wins", "win_rate"] {
            assert!(!s[field].is_null(), "{field} in {s}");
        }
        let (lo, rate, hi) = (
            s["ci_low"].as_f64().expect("ci_low"),
            s["win_rate"].as_f64().expect("win_rate"),
            s["ci_high"].as_f64().expect("ci_high"),
        );
        assert!(lo <= rate && rate <= hi && lo >= 0.0 && hi <= 1.0, "{s}");
    }
    let wins: u64 = strategies.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins, 4);
    assert_eq!(
        v["decided_by_bankruptcy"].as_u64().unwrap()
            + v["decided_by_round_limit"].as_u64().unwrap(),
        4
    );
}

#[test]
fn a_closed_stdout_ends_the_program_quietly() {
    // Plenty of output (one line per histogram bar and more); the reader goes away at once.
    let mut child = Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args(["tournament", "--games", "300", "--round-cap", "20"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the worlds binary runs");
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("stderr reads");
    child.wait().expect("it ends");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.is_empty(), "{err}");
}
