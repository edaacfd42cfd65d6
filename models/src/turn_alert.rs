//! "Your turn" while the page is hidden (issue 61): when a decision becomes this device's
//! while its page is not seen, the tab's title says so (with a sound and, if the player
//! allowed it, a system notification) until the page is seen again. This model decides when;
//! the room's code only shows it.

/// The tab's title while a decision waits for this device's player and the page is hidden.
pub const YOUR_TURN_TITLE: &str = "(Your turn) Monopoly Worlds";

/// The title of the system notification for a room: "Your turn — Ann's game".
pub fn notification_title(room_title: &str) -> String {
    let room = room_title.trim();
    if room.is_empty() {
        "Your turn — Monopoly Worlds".to_string()
    } else {
        format!("Your turn — {room}")
    }
}

/// Whether a decision is this device's, and whether the player has been told.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TurnAlert {
    /// The game waits for this device's seat.
    mine: bool,
    /// The title says "(Your turn)" now.
    titled: bool,
}

/// What the page does after a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AlertStep {
    /// Nothing.
    Nothing,
    /// Say it: the title, the sound, the notification.
    Alert,
    /// The page is seen: the title as it was.
    Restore,
}

impl TurnAlert {
    /// The game changed: `mine` whether it now waits for this device's seat, `hidden`
    /// whether the page is hidden. Alerts once when a decision becomes this device's while
    /// hidden (not again for each step of the same turn).
    pub fn on_game(&mut self, mine: bool, hidden: bool) -> AlertStep {
        let became_mine = mine && !self.mine;
        self.mine = mine;
        if became_mine && hidden && !self.titled {
            self.titled = true;
            AlertStep::Alert
        } else {
            AlertStep::Nothing
        }
    }

    /// The page's visibility changed.
    pub fn on_visibility(&mut self, hidden: bool) -> AlertStep {
        if !hidden && self.titled {
            self.titled = false;
            AlertStep::Restore
        } else {
            AlertStep::Nothing
        }
    }

    /// Whether the title says "(Your turn)" now.
    pub fn titled(&self) -> bool {
        self.titled
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_that_becomes_mine_while_the_page_is_hidden_is_said_once() {
        let mut a = TurnAlert::default();
        assert_eq!(a.on_game(false, true), AlertStep::Nothing, "Ann's turn");
        assert_eq!(a.on_game(true, true), AlertStep::Alert, "now Bea's");
        assert!(a.titled());
        assert_eq!(
            a.on_game(true, true),
            AlertStep::Nothing,
            "the next step of the same turn says nothing more"
        );
        assert_eq!(a.on_visibility(false), AlertStep::Restore, "seen again");
        assert!(!a.titled());
        assert_eq!(a.on_visibility(false), AlertStep::Nothing);
    }

    #[test]
    fn nothing_is_said_while_the_page_is_seen_and_the_next_turn_is_said_again() {
        let mut a = TurnAlert::default();
        assert_eq!(a.on_game(true, false), AlertStep::Nothing, "seen: no alert");
        assert_eq!(
            a.on_visibility(true),
            AlertStep::Nothing,
            "hidden in the middle of a turn already seen"
        );
        assert_eq!(a.on_game(true, true), AlertStep::Nothing);
        assert_eq!(a.on_game(false, true), AlertStep::Nothing, "Ann plays");
        assert_eq!(a.on_game(true, true), AlertStep::Alert, "Bea's next turn");
        assert_eq!(
            a.on_game(false, true),
            AlertStep::Nothing,
            "a computer played for her meanwhile"
        );
        assert_eq!(
            a.on_game(true, true),
            AlertStep::Nothing,
            "still unseen: the title already says it"
        );
        assert_eq!(a.on_visibility(false), AlertStep::Restore);
    }

    #[test]
    fn the_notification_names_the_room() {
        assert_eq!(notification_title("Ann's game"), "Your turn — Ann's game");
        assert_eq!(notification_title("  "), "Your turn — Monopoly Worlds");
    }
}
