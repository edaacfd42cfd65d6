//! `worlds serve`: the room server (the `worlds-server` crate): serves the built site and
//! hosts rooms, so friends anywhere play by one link.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::args::ServeArgs;
use crate::landing::{clean, in_range, refuse, BadArgs};

pub fn run(a: &ServeArgs) -> ExitCode {
    let parsed = (|| {
        // The numbers first: a bad one is wrong wherever the site is.
        let port = in_range("port", a.port, 0, 65_535)? as u16;
        let bot_delay_ms = in_range("bot-delay-ms", a.bot_delay_ms, 0, 60_000)?;
        let room_idle_minutes = in_range("room-idle-minutes", a.room_idle_minutes, 1, 10_080)?;
        let set_aside_seconds = in_range("set-aside-seconds", a.set_aside_seconds, 1, 86_400)?;
        let bind = a
            .bind
            .parse()
            .map_err(|_| BadArgs("--bind takes an IP address, e.g. 127.0.0.1 or 0.0.0.0".into()))?;
        let site = PathBuf::from(&a.site);
        if !site.join("index.html").is_file() {
            return Err(BadArgs(format!(
                "--site {}: no index.html there (run make build first)",
                clean(&a.site)
            )));
        }
        let redis = match &a.redis {
            Some(url) if !url.starts_with("redis://") || url.len() <= "redis://".len() => {
                return Err(BadArgs(format!(
                    "--redis {}: give it as redis://HOST:PORT",
                    clean(url)
                )))
            }
            other => other.clone(),
        };
        Ok::<_, BadArgs>(worlds_server::Config {
            site,
            bind,
            port,
            bot_delay_ms,
            room_idle_minutes,
            set_aside_seconds,
            redis,
        })
    })();
    let config = match parsed {
        Ok(c) => c,
        Err(bad) => return refuse("serve", bad),
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
