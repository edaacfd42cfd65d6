//! The server's log, through `tracing` (to standard error). Warnings are rate-limited by kind:
//! a flood of one kind (a client sending nonsense, a store that is down) is written once every
//! ten seconds with the count of those left out, so the log cannot fill a disk.

use std::collections::HashMap;
use std::fmt;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::lock;

/// Each kind of warning is written at most this often.
const EVERY: Duration = Duration::from_secs(10);

static THROTTLE: Mutex<Option<HashMap<&'static str, (Instant, u64)>>> = Mutex::new(None);

/// Starts the log (once; later calls do nothing).
pub fn init() {
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_target(false)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_max_level(tracing::Level::INFO)
        .try_init();
}

/// Something worth knowing (a room set aside, taken up, closed).
pub fn note(what: &str) {
    tracing::info!("{what}");
}

/// A warning of one `kind`, written unless one of its kind was written in the last ten
/// seconds (then counted and mentioned with the next one written).
pub fn warn(kind: &'static str, what: fmt::Arguments<'_>) {
    let now = Instant::now();
    let left_out = {
        let mut guard = lock(&THROTTLE);
        let seen = guard.get_or_insert_with(HashMap::new);
        match seen.get_mut(kind) {
            Some((last, skipped)) if now.duration_since(*last) < EVERY => {
                *skipped += 1;
                return;
            }
            Some((last, skipped)) => {
                *last = now;
                std::mem::take(skipped)
            }
            None => {
                seen.insert(kind, (now, 0));
                0
            }
        }
    };
    if left_out > 0 {
        tracing::warn!("{what} (and {left_out} more like it left out)");
    } else {
        tracing::warn!("{what}");
    }
}
