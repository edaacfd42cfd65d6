//! Issues 22 and 42 at the command line: `tournament --rotate` with the expert and
//! confidence intervals, the expert's decision times (median, p95, p99) in `tournament` and
//! `bench-expert`, `--think-ms`, a seed repeating a tournament without it, and a closed
//! stdout (`worlds ... | head`) ends the program quietly.

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
            "--playouts",
            "24",
            "--horizon",
            "5",
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
    assert_eq!(v["expert"]["thinking"]["playouts"], 24);
    assert!(v["expert"]["thinking"]["think_ms"].is_null());
}

fn worlds(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args(args)
        .output()
        .expect("the worlds binary runs")
}

/// The decision times in a report: ordered, and some decisions weighed by play-outs.
fn check_times(v: &serde_json::Value) {
    let t = &v["expert"]["decision_times"];
    for part in ["all", "weighed"] {
        let ms = |f: &str| {
            t[part][f]
                .as_f64()
                .unwrap_or_else(|| panic!("{part}.{f} in {t}"))
        };
        assert!(
            0.0 <= ms("median_ms")
                && ms("median_ms") <= ms("p95_ms")
                && ms("p95_ms") <= ms("p99_ms")
                && ms("p99_ms") <= ms("max_ms"),
            "{t}"
        );
    }
    let all = t["decisions"].as_u64().expect("decisions");
    let weighed = t["weighed_decisions"].as_u64().expect("weighed decisions");
    assert!(weighed > 0 && weighed <= all, "{t}");
    assert!(t["playouts_per_weighed"].as_f64().expect("play-outs") > 0.0);
}

#[test]
fn a_tournament_with_a_time_per_decision_reports_the_decision_times() {
    let args = [
        "tournament",
        "--games",
        "2",
        "--seats",
        "expert,balanced,balanced",
        "--rotate",
        "--round-cap",
        "25",
        "--think-ms",
        "4",
        "--playouts",
        "60",
        "--horizon",
        "5",
    ];
    let out = worlds(&[&args[..], &["--format", "json"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["expert"]["thinking"]["think_ms"], 4);
    check_times(&v);
    let text = worlds(&args);
    assert!(text.status.success());
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("4 ms per decision that matters"), "{text}");
    for word in ["median", "p95", "p99", "95% CI (Wilson)"] {
        assert!(text.contains(word), "{word} in {text}");
    }
}

#[test]
fn without_a_time_per_decision_a_seed_repeats_the_tournament() {
    let run = || {
        let out = worlds(&[
            "tournament",
            "--games",
            "3",
            "--seats",
            "expert,balanced,cautious",
            "--rotate",
            "--round-cap",
            "25",
            "--seed",
            "9",
            "--playouts",
            "30",
            "--horizon",
            "5",
            "--format",
            "json",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        (
            v["strategies"].clone(),
            v["seats"].clone(),
            v["lengths"].clone(),
        )
    };
    assert_eq!(run(), run());
}

#[test]
fn bench_expert_reports_win_rates_with_intervals_and_decision_times() {
    let out = worlds(&[
        "bench-expert",
        "--games",
        "2",
        "--round-cap",
        "25",
        "--think-ms",
        "4",
        "--playouts",
        "60",
        "--horizon",
        "5",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let expert = v["strategies"]
        .as_array()
        .expect("strategies")
        .iter()
        .find(|s| s["strategy"] == "expert")
        .expect("the expert's row")
        .clone();
    assert!(expert["ci_low"].as_f64().unwrap() <= expert["win_rate"].as_f64().unwrap());
    assert!(expert["win_rate"].as_f64().unwrap() <= expert["ci_high"].as_f64().unwrap());
    assert_eq!(v["threads"], 1);
    check_times(&v);
}

#[test]
fn a_bad_time_per_decision_is_refused_in_one_line() {
    for args in [
        &["tournament", "--think-ms", "0"][..],
        &["bench-expert", "--think-ms", "soon"][..],
    ] {
        let out = worlds(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("think-ms"), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty());
    }
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
