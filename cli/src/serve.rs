//! `worlds serve`: the room server (the `worlds-server` crate): serves the built site and
//! hosts rooms, so friends anywhere play by one link.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::landing::{refuse, BadArgs, Flags};

pub const USAGE: &str =
    "usage: worlds serve [--site DIR] [--bind ADDR] [--port N] [--bot-delay-ms N]
                    [--room-idle-minutes N]
  defaults: --site dist --bind 127.0.0.1 --port 8080 --bot-delay-ms 700 --room-idle-minutes 30
  Serves the built site (make build writes dist/) and hosts rooms: GET /healthz answers ok,
  POST /api/rooms opens a room, /api/rooms/CODE/ws is its WebSocket. The server holds each
  room's game; rooms live in memory. --bot-delay-ms is the pause before each computer move.";

pub fn run(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let parsed = (|| {
        let f = Flags::parse(
            args,
            &["site", "bind", "port", "bot-delay-ms", "room-idle-minutes"],
        )?;
        let site = PathBuf::from(f.get("site").unwrap_or("dist"));
        if !site.join("index.html").is_file() {
            return Err(BadArgs(format!(
                "--site {}: no index.html there (run make build first)",
                site.display()
            )));
        }
        let bind =
            f.get("bind").unwrap_or("127.0.0.1").parse().map_err(|_| {
                BadArgs("--bind takes an IP address, e.g. 127.0.0.1 or 0.0.0.0".into())
            })?;
        Ok::<_, BadArgs>(worlds_server::Config {
            site,
            bind,
            port: f.number("port", 8080, 0, 65_535)? as u16,
            bot_delay_ms: f.number("bot-delay-ms", 700, 0, 60_000)?,
            room_idle_minutes: f.number("room-idle-minutes", 30, 1, 10_080)?,
        })
    })();
    let config = match parsed {
        Ok(c) => c,
        Err(bad) => return refuse("serve", USAGE, bad),
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("worlds serve: could not start: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(worlds_server::serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("worlds serve: {e}");
            ExitCode::from(1)
        }
    }
}
