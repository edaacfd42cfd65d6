//! `worlds serve`: the room server (the `worlds-server` crate): serves the built site and
//! hosts rooms, so friends anywhere play by one link.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::args::ServeArgs;
use crate::landing::{clean, in_range, refuse, BadArgs};

/// The shortest admin token taken: a guessable one would open the admin API to anyone.
const ADMIN_TOKEN_LEAST: usize = 16;

/// The admin API's token, from the file `--admin-token-file` names (without its line end).
fn admin_token(file: &str) -> Result<worlds_server::config::AdminToken, BadArgs> {
    let text = std::fs::read_to_string(file).map_err(|e| {
        BadArgs(format!(
            "--admin-token-file {}: cannot be read ({e})",
            clean(file)
        ))
    })?;
    let token = text.trim();
    if token.chars().count() < ADMIN_TOKEN_LEAST || token.chars().any(char::is_whitespace) {
        return Err(BadArgs(format!(
            "--admin-token-file {}: the token must be one word of at least {ADMIN_TOKEN_LEAST} characters (e.g. from openssl rand -hex 32)",
            clean(file)
        )));
    }
    Ok(worlds_server::config::AdminToken::new(token))
}

/// A refusal about a flag whose value came from its `WORLDS_` variable names the variable.
fn as_given(bad: BadArgs, from_env: &[(String, String)]) -> BadArgs {
    for (long, var) in from_env {
        let flag = format!("--{long}");
        let named = bad
            .0
            .strip_prefix(&flag)
            .filter(|rest| rest.starts_with([' ', ':']));
        if let Some(rest) = named {
            return BadArgs(format!("{var}{rest}"));
        }
    }
    bad
}

pub fn run(a: &ServeArgs) -> ExitCode {
    let parsed = (|| {
        // The numbers first: a bad one is wrong wherever the site is.
        let port = in_range("port", a.port, 0, 65_535)? as u16;
        let bot_delay_ms = in_range("bot-delay-ms", a.bot_delay_ms, 0, 60_000)?;
        let room_idle_days = in_range("room-idle-days", a.room_idle_days, 1, 3_650)?;
        let room_idle_minutes = a
            .room_idle_minutes
            .map(|m| in_range("room-idle-minutes", m, 1, 10_080))
            .transpose()?;
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
        // Checked here, not by clap: WORLDS_MEMORY=false would count as given there.
        if a.memory && a.redis.is_some() {
            return Err(BadArgs(
                "--memory and --redis name two places for the rooms: give one".into(),
            ));
        }
        let keep = match &a.redis {
            Some(url) if !url.starts_with("redis://") || url.len() <= "redis://".len() => {
                return Err(BadArgs(format!(
                    "--redis {}: give it as redis://HOST:PORT",
                    clean(url)
                )))
            }
            Some(url) => worlds_server::Keep::Redis(url.clone()),
            None if a.memory => worlds_server::Keep::Memory,
            None if a.data.trim().is_empty() => {
                return Err(BadArgs("--data takes a folder, e.g. worlds-data".into()))
            }
            None => worlds_server::Keep::Disk(PathBuf::from(&a.data)),
        };
        let trusted_proxies = a
            .trusted_proxy
            .iter()
            .map(|p| {
                p.parse().map_err(|_| {
                    BadArgs(format!(
                        "--trusted-proxy {}: give the proxy's IP address, e.g. 127.0.0.1",
                        clean(p)
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut config = worlds_server::Config::new(site, keep);
        config.bind = bind;
        config.port = port;
        config.bot_delay_ms = bot_delay_ms;
        config.idle_days(room_idle_days);
        if let Some(minutes) = room_idle_minutes {
            config.idle_minutes(minutes);
        }
        config.set_aside_seconds = set_aside_seconds;
        config.trusted_proxies = trusted_proxies;
        if let Some(contact) = &a.push_contact {
            if !(contact.starts_with("mailto:") || contact.starts_with("https://"))
                || contact.len() > 200
                || contact.chars().any(char::is_control)
            {
                return Err(BadArgs(format!(
                    "--push-contact {}: give a mailto: or https: URL, e.g. mailto:admin@example.com",
                    clean(contact)
                )));
            }
            config.push_contact = contact.clone();
        }
        config.push_allow_loopback = a.push_allow_loopback;
        config.limits.max_rooms = in_range("max-rooms", a.max_rooms, 1, 10_000_000)?;
        config.limits.rooms_per_minute =
            in_range("rooms-per-minute", a.rooms_per_minute, 1, 1_000_000)? as u32;
        config.limits.sockets_per_address = in_range(
            "max-sockets-per-address",
            a.max_sockets_per_address,
            1,
            1_000_000,
        )? as usize;
        config.drain_ms = in_range("drain-seconds", a.drain_seconds, 0, 60)? * 1000;
        config.admin_token = a.admin_token_file.as_deref().map(admin_token).transpose()?;
        Ok::<_, BadArgs>(config)
    })();
    let config = match parsed {
        Ok(c) => c,
        Err(bad) => return refuse("serve", as_given(bad, &a.from_env)),
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
