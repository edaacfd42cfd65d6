//! A room server as an operator runs it (issue 64): `worlds serve` configured by its
//! environment (`WORLDS_PORT`, ...; a flag wins, a bad value is one line naming the variable),
//! `/readyz` on a data folder made read-only (503, and a sentence in the log), and
//! `worlds admin` against a real `worlds serve --admin-token-file`.

mod common;

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;

fn worlds() -> Command {
    Command::new(env!("CARGO_BIN_EXE_worlds"))
}

/// `worlds serve` with `env` added to its environment and these flags, once it listens on
/// `port`: the process and its first line.
fn serve_env(site: &Path, port: u16, env: &[(&str, &str)], flags: &[&str]) -> (Proc, String) {
    let mut child = worlds()
        .args(["serve", "--site", &site.display().to_string(), "--memory"])
        .args(flags)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("worlds serve starts");
    let mut line = String::new();
    if let Some(out) = child.stdout.take() {
        let mut out = std::io::BufReader::new(out);
        std::io::BufRead::read_line(&mut out, &mut line).expect("its first line");
    }
    wait_for_port(port, "worlds serve");
    (Proc::new(child), line)
}

/// `worlds serve` refused: its exit code and what it said on standard error.
fn refused(env: &[(&str, &str)], flags: &[&str]) -> (i32, String) {
    let dir = scratch("env-refused");
    let out = worlds()
        .args(["serve", "--site", &dir.display().to_string()])
        .args(flags)
        .envs(env.iter().copied())
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn every_serve_flag_reads_its_worlds_variable_and_the_help_names_each() {
    let out = worlds().args(["serve", "--help"]).output().expect("runs");
    let help = String::from_utf8_lossy(&out.stdout);
    for var in [
        "WORLDS_PORT",
        "WORLDS_BIND",
        "WORLDS_DATA",
        "WORLDS_REDIS",
        "WORLDS_TRUSTED_PROXY",
        "WORLDS_MAX_ROOMS",
        "WORLDS_ADMIN_TOKEN_FILE",
        "WORLDS_SITE",
        "WORLDS_MEMORY",
    ] {
        assert!(help.contains(&format!("env: {var}")), "{var} in {help}");
    }
    // The variable alone sets the port; a flag wins over it.
    let dir = scratch("env-port");
    let port = free_port();
    let (_server, line) = serve_env(&dir, port, &[("WORLDS_PORT", &port.to_string())], &[]);
    assert!(line.contains(&format!("127.0.0.1:{port}")), "{line}");
    let flag_port = free_port();
    let (_server, line) = serve_env(
        &dir,
        flag_port,
        &[("WORLDS_PORT", &port.to_string())],
        &["--port", &flag_port.to_string()],
    );
    assert!(line.contains(&format!("127.0.0.1:{flag_port}")), "{line}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Variables, flags, and what the refusal says.
type Case<'a> = (&'a [(&'a str, &'a str)], &'a [&'a str], &'a str);

#[test]
fn a_bad_value_in_a_variable_exits_2_with_one_line_naming_the_variable() {
    let cases: [Case; 7] = [
        (
            &[("WORLDS_PORT", "x")],
            &[],
            "WORLDS_PORT: 'x' is not a valid value",
        ),
        (
            &[("WORLDS_PORT", "70000")],
            &[],
            "WORLDS_PORT must be between 0 and 65535",
        ),
        (
            &[("WORLDS_TRUSTED_PROXY", "127.0.0.1,nope")],
            &[],
            "WORLDS_TRUSTED_PROXY nope: give the proxy's IP address",
        ),
        (&[("WORLDS_MEMORY", "maybe")], &[], "WORLDS_MEMORY: 'maybe'"),
        (
            &[("WORLDS_MEMORY", "false")],
            &["--redis", "foo"],
            "--redis foo: give it as redis://HOST:PORT",
        ),
        (
            &[],
            &["--memory", "--redis", "redis://127.0.0.1:1"],
            "--memory and --redis name two places",
        ),
        // The flag's own bad value is said under the flag's name.
        (
            &[("WORLDS_PORT", "8080")],
            &["--port", "x"],
            "--port: 'x' is not a valid value",
        ),
    ];
    for (env, flags, said) in cases {
        let (code, err) = refused(env, flags);
        assert_eq!(code, 2, "{env:?} {flags:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
        assert!(err.starts_with("worlds serve: "), "{err}");
        assert!(err.contains(said), "{said:?} in {err}");
    }
}

/// Makes `dir` read-only (as root, also immutable: root writes through permissions), or
/// writable again.
fn read_only(dir: &Path, yes: bool) {
    let shown = dir.display().to_string();
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let chattr = |flag: &str| {
        let done = Command::new("chattr").args([flag, &shown]).status();
        assert!(done.is_ok_and(|s| s.success()), "chattr {flag} {shown}");
    };
    if root && !yes {
        chattr("-i");
    }
    let mode = if yes { "0555" } else { "0755" };
    let chmod = Command::new("chmod").args([mode, &shown]).status();
    assert!(chmod.is_ok_and(|s| s.success()), "chmod {mode} {shown}");
    if root && yes {
        chattr("+i");
    }
}

/// `GET /readyz` until it answers `status`, within 10 s; its body then.
fn readyz_until(port: u16, status: u16) -> String {
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        let (now, body) = get(port, "/readyz");
        if now == status {
            return body;
        }
        assert!(
            Instant::now() < until,
            "/readyz still answers {now}: {body}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn a_read_only_data_folder_makes_readyz_503_with_the_reason_and_a_sentence_in_the_log() {
    let dir = scratch("ready-disk");
    let data = dir.join("data");
    let log = dir.join("serve.log");
    let port = free_port();
    let child = worlds()
        .args(["serve", "--site", &dir.display().to_string()])
        .args([
            "--port",
            &port.to_string(),
            "--data",
            &data.display().to_string(),
        ])
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("a log file"))
        .spawn()
        .expect("worlds serve starts");
    let _server = Proc::new(child);
    wait_for_port(port, "worlds serve");
    assert_eq!(readyz_until(port, 200), "ready");
    read_only(&data, true);
    let why = readyz_until(port, 503);
    read_only(&data, false);
    assert!(
        why.contains("the room database's folder") && why.contains("data"),
        "{why}"
    );
    let mut said = String::new();
    std::fs::File::open(&log)
        .and_then(|mut f| f.read_to_string(&mut said))
        .expect("the log");
    assert!(
        said.contains("not ready: the store takes no writes"),
        "{said}"
    );
    assert_eq!(
        readyz_until(port, 200),
        "ready",
        "ready again once writable"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn admin(port: u16, token_file: &Path, what: &[&str]) -> (i32, String, String) {
    let out = worlds()
        .args(["admin", "--url", &format!("http://127.0.0.1:{port}")])
        .args(["--token-file", &token_file.display().to_string()])
        .args(what)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn worlds_admin_lists_the_rooms_tells_every_device_and_closes_a_room_its_link_then_explains() {
    let dir = scratch("admin-cli");
    let token = dir.join("admin-token");
    std::fs::write(&token, "an-admin-token-for-the-cli-0123456789\n").expect("token");
    let wrong = dir.join("wrong-token");
    std::fs::write(&wrong, "not-the-admin-token-0123456789").expect("token");
    let port = free_port();
    let file = token.display().to_string();
    let (_server, _) = serve_env(
        &dir,
        port,
        &[("WORLDS_ADMIN_TOKEN_FILE", &file)],
        &["--port", &port.to_string()],
    );
    let (status, body) = post(port, "/api/rooms", &open_body());
    assert_eq!(status, 201, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).expect("json");
    let code = v["code"].as_str().expect("a code").to_string();

    let (exit, out, err) = admin(port, &token, &["rooms"]);
    assert_eq!(exit, 0, "{err}");
    assert!(out.contains(&code) && out.contains("Friday game"), "{out}");
    assert!(
        out.contains("Ann (away)") && out.contains("1 rooms"),
        "{out}"
    );
    let (exit, out, _) = admin(port, &token, &["rooms", "--format", "json"]);
    assert_eq!(exit, 0);
    let list: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(list[0]["code"], code.as_str());

    let (exit, out, err) = admin(
        port,
        &token,
        &["notice", "Restarting", "in", "5", "minutes"],
    );
    assert_eq!((exit, out.trim()), (0, "told 0 devices"), "{err}");

    let (exit, out, err) = admin(port, &token, &["close", &code, "--reason", "Moving house"]);
    assert_eq!(exit, 0, "{err}");
    assert!(out.contains("closed room"), "{out}");
    let (status, body) = get(port, &format!("/api/rooms/{code}"));
    assert_eq!(status, 410, "{body}");
    assert!(body.contains("operator: Moving house."), "{body}");

    // A wrong token: the server's refusal, exit 1; an https address: refused, exit 2.
    let (exit, _, err) = admin(port, &wrong, &["rooms"]);
    assert_eq!(exit, 1);
    assert!(err.contains("401") && err.contains("Bearer"), "{err}");
    let out = worlds()
        .args([
            "admin",
            "--url",
            "https://rooms.example",
            "--token-file",
            &file,
            "rooms",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("plain HTTP"));
    let _ = std::fs::remove_dir_all(&dir);
}

fn open_body() -> String {
    let setup = worlds_engine::GameSetup::new(
        worlds_engine::Preset::Classic.board(),
        vec![worlds_engine::Seat {
            color: "#d62828".into(),
            token: worlds_engine::Token::from_name("car"),
            ..worlds_engine::Seat::human("Ann")
        }],
        0,
    );
    serde_json::json!({ "title": "Friday game", "setup": setup, "spectators": false }).to_string()
}
