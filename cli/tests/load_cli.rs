//! Issue 30, point 3: `worlds load` against a real `worlds serve` on loopback, as an operator
//! runs them: rooms of computer clients over WebSockets, and the JSON fields it promises.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `worlds serve` on a free loopback port, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve() -> Server {
    let site = std::env::temp_dir().join(format!("worlds-load-site-{}", std::process::id()));
    std::fs::create_dir_all(&site).expect("a site folder");
    std::fs::write(
        site.join("index.html"),
        "<!doctype html><title>Monopoly Worlds</title>",
    )
    .expect("an index");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port");
    let child = Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args(["serve", "--site"])
        .arg(&site)
        .args(["--port", &port.to_string()])
        .args(["--memory", "--rooms-per-minute", "100000"])
        .args(["--max-sockets-per-address", "100000"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("worlds serve starts");
    let server = Server { child, port };
    let t0 = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(t0.elapsed() < Duration::from_secs(20), "the server listens");
        std::thread::sleep(Duration::from_millis(50));
    }
    server
}

#[test]
fn load_plays_rooms_of_clients_and_reports_its_fields() {
    let server = serve();
    let url = format!("ws://127.0.0.1:{}", server.port);
    let out = Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args([
            "load", "--url", &url, "--rooms", "3", "--seats", "3", "--rounds", "4", "--format",
            "json",
        ])
        .output()
        .expect("worlds load runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for field in [
        "rooms",
        "clients",
        "actions",
        "p50_ms",
        "p99_ms",
        "errors",
        "lost",
        "duplicates",
        "seconds",
        "bytes_received",
        "bytes_per_action_per_client",
        "server_cpu_seconds",
        "server_cpu_us_per_action",
    ] {
        assert!(v.get(field).is_some(), "{field} in {v}");
    }
    assert_eq!(v["rooms"], 3);
    assert_eq!(v["clients"], 9);
    assert!(v["actions"].as_u64().is_some_and(|a| a > 30), "{v}");
    assert_eq!(v["errors"], 0, "{v} {stderr}");
    assert_eq!(v["lost"], 0, "{v}");
    assert_eq!(v["duplicates"], 0, "{v}");
    let (p50, p99) = (
        v["p50_ms"].as_f64().unwrap_or(-1.0),
        v["p99_ms"].as_f64().unwrap_or(-1.0),
    );
    assert!(p50 > 0.0 && p99 >= p50, "{v}");
    // What the clients received is counted; without --server-pid the server is not measured.
    let per = v["bytes_per_action_per_client"].as_f64().unwrap_or(0.0);
    assert!(per > 0.0, "{v}");
    assert!(v["bytes_received"].as_u64().unwrap_or(0) > v["actions"].as_u64().unwrap_or(0));
    assert!(v["server_cpu_seconds"].is_null(), "{v}");
    assert!(v["server_cpu_us_per_action"].is_null(), "{v}");
}

#[test]
fn the_server_is_measured_by_its_pid_and_seats_think_before_each_move() {
    let server = serve();
    let url = format!("ws://127.0.0.1:{}", server.port);
    let pid = server.child.id().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args([
            "load",
            "--url",
            &url,
            "--rooms",
            "2",
            "--seats",
            "2",
            "--rounds",
            "2",
            "--think-ms",
            "60",
            "--server-pid",
            &pid,
            "--format",
            "json",
        ])
        .output()
        .expect("worlds load runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["errors"], 0, "{v} {stderr}");
    assert_eq!(v["think_ms"], 60, "{v}");
    let cpu = v["server_cpu_seconds"]
        .as_f64()
        .expect("the server's CPU seconds");
    let us = v["server_cpu_us_per_action"].as_f64().expect("per action");
    let actions = v["actions"].as_u64().unwrap_or(0);
    assert!(cpu >= 0.0 && actions > 10, "{v}");
    assert!((us - cpu * 1e6 / actions as f64).abs() <= 0.1 + cpu * 1e6 / actions as f64 * 0.01);
    // A room's seats act one at a time, and each thought at least 30 ms (60 ms less half)
    // before each of its moves: the two rooms play side by side.
    let seconds = v["seconds"].as_f64().unwrap_or(0.0);
    assert!(
        seconds >= (actions / 2) as f64 * 0.030,
        "{actions} actions in two rooms took {seconds} s: {v}"
    );
}

#[test]
fn load_refuses_a_server_pid_it_cannot_read() {
    let out = Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args([
            "load",
            "--url",
            "ws://127.0.0.1:1",
            "--server-pid",
            "4000000000",
        ])
        .output()
        .expect("worlds load runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--server-pid") && err.contains("/proc/4000000000/stat"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// One figure of the server's `/metrics` (`name` with its labels as written).
fn metric(port: u16, name: &str) -> Option<f64> {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.write_all(b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .ok()?;
    let mut text = String::new();
    s.read_to_string(&mut text).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.trim().parse().ok())
}

#[test]
fn clients_that_drop_and_rejoin_by_their_seat_tokens_lose_nothing() {
    let server = serve();
    let url = format!("ws://127.0.0.1:{}", server.port);
    let out = Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args([
            "load",
            "--url",
            &url,
            "--rooms",
            "2",
            "--seats",
            "3",
            "--rounds",
            "6",
            "--drop-every",
            "5",
            "--format",
            "json",
        ])
        .output()
        .expect("worlds load runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(v["rejoins"].as_u64().is_some_and(|r| r >= 6), "{v}");
    assert_eq!(v["games"], 2, "{v}");
    assert_eq!(v["errors"], 0, "{v} {stderr}");
    assert_eq!(v["lost"], 0, "{v}");
    assert_eq!(v["duplicates"], 0, "{v}");
    // Its seats keep to the room's rate, so none of their messages was dropped.
    let rate = r#"worlds_refused_total{kind="rate"}"#;
    assert_eq!(metric(server.port, rate), Some(0.0), "{v}");
}

#[test]
fn load_refuses_a_bad_url_with_one_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args(["load", "--url", "http://127.0.0.1:1"])
        .output()
        .expect("worlds load runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("must start with ws://"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}
