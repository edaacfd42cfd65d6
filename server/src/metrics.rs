//! `GET /metrics`: what the server is doing, in Prometheus's text format.

use std::fmt::Write;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

use worlds_table::room::Refusal;

/// Why something was refused, as `worlds_refused_total` labels it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Too many messages, tries or sockets from one client or address.
    Rate,
    /// A message over the size limit.
    Size,
    /// An action out of turn, too late, or over the cap on moves in a turn.
    Turn,
    /// A message its connection's seat may not send.
    Seat,
    /// A room code that names no room (or a closed one).
    Code,
    /// A seat token the room does not know.
    Token,
    /// A room not opened: too many from one address, or the server is full.
    Rooms,
    /// A push subscription not kept: not `https://`, not on the internet, or unreadable.
    Push,
}

impl Refused {
    const ALL: [Refused; 8] = [
        Refused::Rate,
        Refused::Size,
        Refused::Turn,
        Refused::Seat,
        Refused::Code,
        Refused::Token,
        Refused::Rooms,
        Refused::Push,
    ];

    fn label(self) -> &'static str {
        match self {
            Refused::Rate => "rate",
            Refused::Size => "size",
            Refused::Turn => "turn",
            Refused::Seat => "seat",
            Refused::Code => "code",
            Refused::Token => "token",
            Refused::Rooms => "rooms",
            Refused::Push => "push",
        }
    }
}

impl From<Refusal> for Refused {
    fn from(r: Refusal) -> Refused {
        match r {
            Refusal::Rate => Refused::Rate,
            Refusal::Size => Refused::Size,
            Refusal::Turn => Refused::Turn,
            Refusal::Seat => Refused::Seat,
            Refusal::Token => Refused::Token,
            Refusal::Push => Refused::Push,
        }
    }
}

/// The upper bounds of `worlds_action_seconds`'s buckets.
const BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

/// The server's counters.
#[derive(Default)]
pub struct Metrics {
    actions: AtomicU64,
    refused: [AtomicU64; 8],
    connections: AtomicI64,
    slow: AtomicU64,
    buckets: [AtomicU64; 12],
    took_us: AtomicU64,
    took: AtomicU64,
    push_sent: AtomicU64,
    push_failed: AtomicU64,
    push_dropped: AtomicU64,
}

impl Metrics {
    pub fn actions(&self, n: u64) {
        self.actions.fetch_add(n, Ordering::Relaxed);
    }

    pub fn refused(&self, why: Refused) {
        let i = Refused::ALL.iter().position(|&r| r == why).unwrap_or(0);
        self.refused[i].fetch_add(1, Ordering::Relaxed);
    }

    pub fn refused_count(&self, why: Refused) -> u64 {
        let i = Refused::ALL.iter().position(|&r| r == why).unwrap_or(0);
        self.refused[i].load(Ordering::Relaxed)
    }

    pub fn socket_opened(&self) {
        self.connections.fetch_add(1, Ordering::Relaxed);
    }

    pub fn socket_closed(&self) {
        self.connections.fetch_sub(1, Ordering::Relaxed);
    }

    pub fn connections(&self) -> i64 {
        self.connections.load(Ordering::Relaxed)
    }

    /// A client that did not read what was sent to it was disconnected.
    pub fn slow_client(&self) {
        self.slow.fetch_add(1, Ordering::Relaxed);
    }

    /// A push a push service accepted.
    pub fn push_sent(&self) {
        self.push_sent.fetch_add(1, Ordering::Relaxed);
    }

    /// A push not delivered: refused, timed out, or its subscription gone.
    pub fn push_failed(&self) {
        self.push_failed.fetch_add(1, Ordering::Relaxed);
    }

    /// A push dropped because the push queue was full.
    pub fn push_dropped(&self) {
        self.push_dropped.fetch_add(1, Ordering::Relaxed);
    }

    /// Pushes accepted by a push service, and pushes not delivered (for tests).
    pub fn pushes(&self) -> (u64, u64) {
        (
            self.push_sent.load(Ordering::Relaxed),
            self.push_failed.load(Ordering::Relaxed),
        )
    }

    /// An action's time from its intent arriving to its confirmation being sent.
    pub fn action_took(&self, took: Duration) {
        let s = took.as_secs_f64();
        for (i, &bound) in BUCKETS.iter().enumerate() {
            if s <= bound {
                self.buckets[i].fetch_add(1, Ordering::Relaxed);
            }
        }
        self.took_us
            .fetch_add(took.as_micros() as u64, Ordering::Relaxed);
        self.took.fetch_add(1, Ordering::Relaxed);
    }

    /// The text `GET /metrics` answers.
    pub fn render(&self, rooms_open: usize, rooms_kept: u64) -> String {
        let mut t = String::new();
        let n = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let _ = writeln!(
            t,
            "# HELP worlds_rooms_open Rooms this server runs now (in memory)."
        );
        let _ = writeln!(t, "# TYPE worlds_rooms_open gauge");
        let _ = writeln!(t, "worlds_rooms_open {rooms_open}");
        let _ = writeln!(
            t,
            "# HELP worlds_rooms_kept Rooms kept in the store (open or set aside)."
        );
        let _ = writeln!(t, "# TYPE worlds_rooms_kept gauge");
        let _ = writeln!(t, "worlds_rooms_kept {rooms_kept}");
        let _ = writeln!(t, "# HELP worlds_connections WebSockets open now.");
        let _ = writeln!(t, "# TYPE worlds_connections gauge");
        let _ = writeln!(t, "worlds_connections {}", self.connections().max(0));
        let _ = writeln!(
            t,
            "# HELP worlds_actions_total Game actions applied and kept."
        );
        let _ = writeln!(t, "# TYPE worlds_actions_total counter");
        let _ = writeln!(t, "worlds_actions_total {}", n(&self.actions));
        let _ = writeln!(t, "# HELP worlds_refused_total Requests refused, by why.");
        let _ = writeln!(t, "# TYPE worlds_refused_total counter");
        for (r, c) in Refused::ALL.iter().zip(&self.refused) {
            let _ = writeln!(t, "worlds_refused_total{{kind=\"{}\"}} {}", r.label(), n(c));
        }
        let _ = writeln!(
            t,
            "# HELP worlds_slow_clients_total Sockets ended because their client did not read."
        );
        let _ = writeln!(t, "# TYPE worlds_slow_clients_total counter");
        let _ = writeln!(t, "worlds_slow_clients_total {}", n(&self.slow));
        let _ = writeln!(t, "# HELP worlds_action_seconds From an intent arriving to its confirmation being sent (kept first).");
        let _ = writeln!(t, "# TYPE worlds_action_seconds histogram");
        for (bound, c) in BUCKETS.iter().zip(&self.buckets) {
            let _ = writeln!(t, "worlds_action_seconds_bucket{{le=\"{bound}\"}} {}", n(c));
        }
        let _ = writeln!(
            t,
            "worlds_action_seconds_bucket{{le=\"+Inf\"}} {}",
            n(&self.took)
        );
        let _ = writeln!(
            t,
            "worlds_action_seconds_sum {}",
            n(&self.took_us) as f64 / 1e6
        );
        let _ = writeln!(t, "worlds_action_seconds_count {}", n(&self.took));
        render_pushes(
            &mut t,
            [&self.push_sent, &self.push_failed, &self.push_dropped].map(n),
        );
        t
    }
}

/// The push counters: sent, failed, dropped.
fn render_pushes(t: &mut String, [sent, failed, dropped]: [u64; 3]) {
    for (name, help, count) in [
        (
            "worlds_push_sent_total",
            "Turn pushes a push service accepted.",
            sent,
        ),
        (
            "worlds_push_failed_total",
            "Turn pushes not delivered (refused, timed out, subscription gone).",
            failed,
        ),
        (
            "worlds_push_dropped_total",
            "Turn pushes dropped because the push queue was full.",
            dropped,
        ),
    ] {
        let _ = writeln!(t, "# HELP {name} {help}");
        let _ = writeln!(t, "# TYPE {name} counter");
        let _ = writeln!(t, "{name} {count}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_format_has_every_series_with_its_counts() {
        let m = Metrics::default();
        m.actions(3);
        m.refused(Refused::Token);
        m.refused(Refused::Token);
        m.action_took(Duration::from_millis(7));
        m.action_took(Duration::from_millis(300));
        m.socket_opened();
        let t = m.render(2, 5);
        for line in [
            "worlds_rooms_open 2",
            "worlds_rooms_kept 5",
            "worlds_connections 1",
            "worlds_actions_total 3",
            "worlds_refused_total{kind=\"token\"} 2",
            "worlds_refused_total{kind=\"size\"} 0",
            "worlds_action_seconds_bucket{le=\"0.005\"} 0",
            "worlds_action_seconds_bucket{le=\"0.01\"} 1",
            "worlds_action_seconds_bucket{le=\"0.5\"} 2",
            "worlds_action_seconds_bucket{le=\"+Inf\"} 2",
            "worlds_action_seconds_count 2",
            "worlds_push_sent_total 0",
            "worlds_refused_total{kind=\"push\"} 0",
        ] {
            assert!(t.lines().any(|l| l == line), "{line} in\n{t}");
        }
    }
}
