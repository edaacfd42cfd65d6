//! Message rates: how many messages one sender may send in a window, the one measure for a
//! room's connections and seats ([`crate::room`]) and a host's peers ([`crate::host`]).
//!
//! A [`Rate`] counts what the messages of a window cost (1 each; [`WHOLE_GAME_COST`] for
//! one asking for the whole game) against [`MESSAGES_PER_WINDOW`]. A room's windows are
//! [`WINDOW_MS`] of its clock ([`Rate::count`]); a host's are the time between two of its
//! ticks, which the app calls about every 500 ms ([`Rate::new_window`], [`Rate::take`]). Over
//! the limit a message is dropped; several windows over it in a row (or one far over it) are a
//! flood, which a room answers by closing the connection.

/// Messages one sender may send in one window (of [`WINDOW_MS`] in a room, between two ticks
/// on a host).
pub const MESSAGES_PER_WINDOW: u32 = 40;
/// A room's window of messages (ms).
pub const WINDOW_MS: u64 = 500;
/// Windows in a row over the limit before a connection is closed.
pub const FLOOD_WINDOWS: u32 = 3;
/// What a message asking for the whole game (a hello, a resync) costs of a rate: it sends the
/// most.
pub const WHOLE_GAME_COST: u32 = 8;

/// Messages counted against a rate: what the current window's cost so far, and how many
/// windows in a row went over the limit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Rate {
    window_start: u64,
    in_window: u32,
    flooded_windows: u32,
}

/// What the rate says of one more message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Within the rate: handle it.
    Take,
    /// Over the rate: drop it.
    Drop,
    /// Several windows over the rate, or one far over it: a flood.
    Flood,
}

impl Rate {
    /// A rate whose first window starts at `now` (ms).
    pub fn starting(now: u64) -> Rate {
        Rate {
            window_start: now,
            ..Rate::default()
        }
    }

    /// One more message costing `cost` at `now` (ms), in windows of [`WINDOW_MS`]: a room's
    /// count.
    pub fn count(&mut self, now: u64, cost: u32) -> Verdict {
        if now.saturating_sub(self.window_start) >= WINDOW_MS {
            self.new_window(now);
        }
        self.take(cost)
    }

    /// A new window starts at `now` (ms): a host's tick. A window that ended over the limit
    /// is one more in a row; one within it starts the row afresh.
    pub fn new_window(&mut self, now: u64) {
        if self.in_window > MESSAGES_PER_WINDOW {
            self.flooded_windows += 1;
        } else {
            self.flooded_windows = 0;
        }
        self.window_start = now;
        self.in_window = 0;
    }

    /// One more message costing `cost` in the current window.
    pub fn take(&mut self, cost: u32) -> Verdict {
        self.in_window = self.in_window.saturating_add(cost);
        if self.in_window <= MESSAGES_PER_WINDOW {
            return Verdict::Take;
        }
        // Several windows over the limit, or one far over it: a flood.
        if self.flooded_windows + 1 >= FLOOD_WINDOWS
            || self.in_window > MESSAGES_PER_WINDOW * FLOOD_WINDOWS
        {
            Verdict::Flood
        } else {
            Verdict::Drop
        }
    }

    /// A message already taken turned out to cost `more` (a host's resync): charged to the
    /// current window.
    pub fn charge(&mut self, more: u32) {
        self.in_window = self.in_window.saturating_add(more);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_holds_its_messages_worth_and_the_next_window_starts_afresh() {
        let mut rate = Rate::starting(1_000);
        for _ in 0..MESSAGES_PER_WINDOW {
            assert_eq!(rate.count(1_000, 1), Verdict::Take);
        }
        assert_eq!(rate.count(1_499, 1), Verdict::Drop, "one too many");
        assert_eq!(rate.count(1_500, 1), Verdict::Take, "a new window");
    }

    #[test]
    fn a_message_asking_for_the_whole_game_costs_more() {
        let mut rate = Rate::starting(0);
        for _ in 0..MESSAGES_PER_WINDOW / WHOLE_GAME_COST {
            assert_eq!(rate.count(10, WHOLE_GAME_COST), Verdict::Take);
        }
        assert_eq!(rate.count(11, 1), Verdict::Drop);
    }

    #[test]
    fn windows_over_the_limit_in_a_row_are_a_flood_and_one_within_it_forgives() {
        let mut rate = Rate::starting(0);
        let over = |rate: &mut Rate, at: u64| {
            (0..=MESSAGES_PER_WINDOW)
                .map(|_| rate.count(at, 1))
                .last()
                .expect("messages")
        };
        assert_eq!(over(&mut rate, 0), Verdict::Drop);
        assert_eq!(over(&mut rate, 500), Verdict::Drop);
        assert_eq!(over(&mut rate, 1_000), Verdict::Flood, "the third in a row");
        let mut rate = Rate::starting(0);
        over(&mut rate, 0);
        over(&mut rate, 500);
        assert_eq!(rate.count(1_000, 1), Verdict::Take, "a quiet window");
        assert_eq!(
            over(&mut rate, 1_500),
            Verdict::Drop,
            "the row starts again"
        );
    }

    #[test]
    fn one_window_far_over_the_limit_is_a_flood() {
        let mut rate = Rate::starting(0);
        let verdicts: Vec<Verdict> = (0..=MESSAGES_PER_WINDOW * FLOOD_WINDOWS)
            .map(|_| rate.count(0, 1))
            .collect();
        assert_eq!(
            verdicts.iter().position(|&v| v == Verdict::Flood),
            Some((MESSAGES_PER_WINDOW * FLOOD_WINDOWS) as usize)
        );
        assert!(verdicts[MESSAGES_PER_WINDOW as usize..verdicts.len() - 1]
            .iter()
            .all(|&v| v == Verdict::Drop));
    }

    #[test]
    fn a_hosts_windows_are_its_ticks_and_a_resync_is_charged_after_it_was_taken() {
        let mut rate = Rate::default();
        assert_eq!(rate.take(1), Verdict::Take);
        // Whatever the clock says, the window lasts until the next tick.
        rate.charge(MESSAGES_PER_WINDOW - 1);
        assert_ne!(rate.take(1), Verdict::Take, "the window is spent");
        rate.new_window(10_000_000);
        assert_eq!(rate.take(1), Verdict::Take, "a tick refills it");
        // A charge past the limit spends the window, no more.
        rate.charge(10 * WHOLE_GAME_COST);
        assert_ne!(rate.take(1), Verdict::Take);
        rate.new_window(10_000_500);
        assert_eq!(rate.take(1), Verdict::Take);
    }
}
