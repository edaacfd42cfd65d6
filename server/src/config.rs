//! How the server runs: the `worlds serve` flags.

use std::net::IpAddr;
use std::path::PathBuf;

/// Where rooms are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Keep {
    /// In this process's memory: lost when it stops (tests; `--memory`).
    Memory,
    /// On disk, in an embedded database in this folder (`--data`, the default).
    Disk(PathBuf),
    /// In Redis (`--redis redis://HOST:PORT`), shared by several nodes.
    Redis(String),
}

/// The limits that keep a server up when it is on the internet. Each refusal is a sentence
/// for the person and a count in `/metrics`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Rooms one address may open per minute (`--rooms-per-minute`).
    pub rooms_per_minute: u32,
    /// Rooms kept at once, in all (`--max-rooms`).
    pub max_rooms: u64,
    /// Wrong room codes or seat tokens one address may try per minute.
    pub tries_per_minute: u32,
    /// Sockets one address may hold open (`--max-sockets-per-address`).
    pub sockets_per_address: usize,
    /// Sockets one room takes (seats, their second windows, watchers).
    pub sockets_per_room: usize,
    /// A socket must say which seat it is within this long (ms).
    pub first_message_ms: u64,
    /// The server pings each socket this often (ms) ...
    pub ping_ms: u64,
    /// ... and closes one it has heard nothing from (not even a pong) for this long (ms).
    pub silence_ms: u64,
    /// Messages waiting for one socket, at most: a client that does not read is disconnected
    /// (it rejoins by its seat token).
    pub queue: usize,
    /// A message taking longer than this (ms) to be written to a socket ends that socket.
    pub write_ms: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            rooms_per_minute: 10,
            max_rooms: 10_000,
            tries_per_minute: 20,
            sockets_per_address: 100,
            sockets_per_room: 32,
            first_message_ms: 10_000,
            ping_ms: 20_000,
            silence_ms: 60_000,
            queue: 256,
            write_ms: 10_000,
        }
    }
}

/// VAPID's contact (`sub`) when `--push-contact` names none: the project's page, where a push
/// service's operator can reach whoever runs this software.
pub const DEFAULT_CONTACT: &str = "https://github.com/monopoly-worlds";

const MINUTE_MS: u64 = 60_000;
const DAY_MS: u64 = 24 * 60 * MINUTE_MS;

/// How the server runs (the `worlds serve` flags).
#[derive(Debug, Clone)]
pub struct Config {
    pub site: PathBuf,
    pub bind: IpAddr,
    pub port: u16,
    /// The pause before each computer move (ms), so people can follow.
    pub bot_delay_ms: u64,
    /// A room without an action or a device in it for this long is closed (ms; 30 days by
    /// default: `--room-idle-days`, or `--room-idle-minutes` for tests).
    pub room_idle_ms: u64,
    /// A room nobody is connected to leaves this server's memory after this long (the store
    /// keeps it, and whichever node a visitor reaches takes it up again), so memory follows
    /// the rooms people are in, not every room opened in the last half hour.
    pub set_aside_seconds: u64,
    /// Where rooms are kept.
    pub keep: Keep,
    /// Reverse proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`).
    pub trusted_proxies: Vec<IpAddr>,
    pub limits: Limits,
    /// VAPID's contact (`sub`) in every push (`--push-contact`: a `mailto:` or `https:` URL;
    /// [`DEFAULT_CONTACT`] by default).
    pub push_contact: String,
    /// Push subscriptions to `http://127.0.0.1:PORT` are kept and sent to
    /// (`--push-allow-loopback`: tests only, so a test's own endpoint receives the push).
    pub push_allow_loopback: bool,
    /// After a stop, `/readyz` answers 503 for at least this long (ms) before the server
    /// stops listening, so a load balancer's checks see it going (`--drain-seconds`).
    pub drain_ms: u64,
    /// The admin API's token (`--admin-token-file`); without one there is no admin API.
    pub admin_token: Option<AdminToken>,
}

/// The admin API's token, kept as its SHA-256 digest: a request's token is hashed too and the
/// two digests compared in constant time, so neither the token's length nor how much of it a
/// guess got right shows in how long the answer takes.
#[derive(Clone, PartialEq, Eq)]
pub struct AdminToken([u8; 32]);

impl AdminToken {
    pub fn new(token: &str) -> AdminToken {
        AdminToken(digest(token))
    }

    /// Whether `given` is the token (in time independent of where they differ).
    pub fn matches(&self, given: &str) -> bool {
        let given = digest(given);
        self.0
            .iter()
            .zip(given.iter())
            .fold(0u8, |diff, (a, b)| diff | (a ^ b))
            == 0
    }
}

fn digest(text: &str) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes()).into()
}

/// Never the token, not even its digest, in a log.
impl std::fmt::Debug for AdminToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AdminToken(hidden)")
    }
}

impl Config {
    /// The defaults of `worlds serve` for a site folder, with rooms kept in `keep`.
    pub fn new(site: PathBuf, keep: Keep) -> Config {
        Config {
            site,
            bind: IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            bot_delay_ms: 700,
            room_idle_ms: 30 * DAY_MS,
            set_aside_seconds: 60,
            keep,
            trusted_proxies: Vec::new(),
            limits: Limits::default(),
            push_contact: DEFAULT_CONTACT.to_string(),
            push_allow_loopback: false,
            drain_ms: 2_000,
            admin_token: None,
        }
    }
}

impl Config {
    /// Rooms are closed after `days` without an action or a device in them.
    pub fn idle_days(&mut self, days: u64) {
        self.room_idle_ms = days.saturating_mul(DAY_MS);
    }

    /// Rooms are closed after `minutes` without an action or a device in them (tests).
    pub fn idle_minutes(&mut self, minutes: u64) {
        self.room_idle_ms = minutes.saturating_mul(MINUTE_MS);
    }

    /// The idle time as a closed room's link says it: "30 days", "1 day", "5 minutes".
    pub fn idle_words(&self) -> String {
        let (n, unit) = if self.room_idle_ms >= DAY_MS && self.room_idle_ms.is_multiple_of(DAY_MS) {
            (self.room_idle_ms / DAY_MS, "day")
        } else {
            (self.room_idle_ms.div_ceil(MINUTE_MS), "minute")
        };
        format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rooms_are_kept_for_30_days_by_default_and_the_idle_time_is_said_in_words() {
        let mut c = Config::new(PathBuf::from("dist"), Keep::Memory);
        assert_eq!(c.room_idle_ms, 30 * 24 * 3_600_000);
        assert_eq!(c.idle_words(), "30 days");
        c.idle_days(1);
        assert_eq!(c.idle_words(), "1 day");
        c.idle_minutes(5);
        assert_eq!(c.room_idle_ms, 300_000);
        assert_eq!(c.idle_words(), "5 minutes");
        c.idle_minutes(1);
        assert_eq!(c.idle_words(), "1 minute");
    }

    #[test]
    fn the_admin_token_matches_itself_only_and_is_never_printed() {
        let token = AdminToken::new("a-long-random-admin-token");
        assert!(token.matches("a-long-random-admin-token"));
        assert!(!token.matches("a-long-random-admin-tokeN"));
        assert!(!token.matches("a-long-random-admin-token "));
        assert!(!token.matches(""));
        assert_eq!(format!("{token:?}"), "AdminToken(hidden)");
    }
}
