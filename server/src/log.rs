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

/// A moment (ms since 1970) as a UTC date in words: "7 December 2026".
pub fn date(ms: u64) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    // Days since 1970 to a civil date (Howard Hinnant's `civil_from_days`).
    let z = (ms / 86_400_000) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{day} {} {year}", MONTHS[(month - 1) as usize])
}

#[cfg(test)]
mod tests {
    use super::date;

    #[test]
    fn dates_read_as_a_person_writes_them() {
        assert_eq!(date(0), "1 January 1970");
        assert_eq!(date(951_782_400_000), "29 February 2000");
        assert_eq!(date(1_796_666_400_000), "7 December 2026");
        assert_eq!(date(1_798_761_599_999), "31 December 2026");
    }
}
