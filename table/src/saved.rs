//! What a device keeps of its table next to its autosaved game, so that a reload carries on
//! at the same table (issue 21: "If the host's page reloads, the host continues from its
//! autosave and re-invites").
//!
//! - The host keeps [`HostRecord`]: the table's id (every invite, reply and hello names it;
//!   keeping it keeps the table's identity), the seats played from other devices, which of
//!   them a computer plays for meanwhile, and per seat the last intents it answered (so an
//!   intent sent before the reload and sent again after it is answered again, never applied
//!   twice). The players' names, colors and tokens are in the game's setup.
//! - A guest keeps the table's id and its seat ([`SavedTable::Guest`]) next to the public game
//!   it holds (no dice to come, no order of undrawn cards): a new invite to the same table and
//!   seat shows that game until the host's welcome brings the game as it stands.
//!
//! The record is read from storage: untrusted. [`crate::host::Host::restore`] checks it
//! against the game and refuses it with a sentence ([`RestoreError`]) when it does not fit.

use serde::{Deserialize, Serialize};

use worlds_engine::tagged::TaggedDeserialize;
use worlds_engine::PlayerId;

use crate::invite::TableId;

/// Applied intents kept per seat in a [`HostRecord`] (the most recent).
/// How many chat lines a table keeps.
pub const KEPT_CHAT: usize = 50;

pub const KEPT_ANSWERS: usize = 32;

/// A device's table, as its autosave keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TaggedDeserialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum SavedTable {
    /// This device decides the game.
    Host(HostRecord),
    /// This device plays `seat` at the table `table`.
    Guest { table: TableId, seat: PlayerId },
    /// This device plays `seat` in the room `code` on a room server (its seat token is kept
    /// with the room's other seats of this device); `None`: it watches (written as
    /// [`crate::protocol::WATCHING`]).
    Room {
        code: String,
        #[serde(with = "crate::protocol::seat_or_watching")]
        seat: Option<PlayerId>,
    },
}

/// The host's table, as its autosave keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostRecord {
    pub table: TableId,
    /// The rule set's name as invites show it.
    #[serde(default)]
    pub rules: String,
    /// The seats played from other devices.
    pub seats: Vec<RemoteSeatRecord>,
    /// The table's last chat lines (at most [`KEPT_CHAT`]), oldest first, so a
    /// device that comes back (and a room server restarted) still has the conversation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chat: Vec<ChatLine>,
}

/// One chat line as the table keeps it: its number (1, 2, ... in the order said), the seat
/// that said it and its plain text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    pub n: u64,
    pub from: PlayerId,
    pub text: String,
    /// When it was said (ms since 1970 by the host's clock; 0: not known, kept before).
    #[serde(default, skip_serializing_if = "crate::protocol::is_zero")]
    pub at: u64,
    /// Said by the room itself about seat `from` ("Time ran out: a computer played for
    /// Bea"), not by its player.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub notice: bool,
}

impl HostRecord {
    /// Notes that `seat`'s intent `id` was applied as action `seq` (a room rebuilt from its
    /// kept actions): a seat played from another device answers it as applied, never twice.
    pub fn answered_at(&mut self, seat: PlayerId, id: u32, seq: u64) {
        let Some(s) = self.seats.iter_mut().find(|s| s.seat == seat) else {
            return;
        };
        if !s.answered.iter().any(|&(i, _)| i == id) {
            s.answered.push((id, seq));
            worlds_engine::sorting::sort_by_key(&mut s.answered, |&(_, q)| q);
            let extra = s.answered.len().saturating_sub(KEPT_ANSWERS);
            s.answered.drain(..extra);
        }
        s.last_intent = s.last_intent.max(id);
    }

    /// The seats played from other devices, in order.
    pub fn remote_seats(&self) -> Vec<PlayerId> {
        self.seats.iter().map(|s| s.seat).collect()
    }

    /// The seats a computer plays for until their player is back.
    pub fn stand_ins(&self) -> Vec<PlayerId> {
        self.seats
            .iter()
            .filter(|s| s.computer)
            .map(|s| s.seat)
            .collect()
    }
}

/// One seat played from another device.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RemoteSeatRecord {
    pub seat: PlayerId,
    /// A computer plays for this seat until its player is back.
    #[serde(default)]
    pub computer: bool,
    /// The highest intent id of this seat the host handled (applied or refused): any id at
    /// or below it that is not in `answered` is refused as too old, never applied.
    #[serde(default)]
    pub last_intent: u32,
    /// The last intents of this seat that were applied: (intent id, action number).
    #[serde(default)]
    pub answered: Vec<(u32, u64)>,
}

/// Why a saved table cannot be reopened (the game then goes on on this device alone).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RestoreError {
    /// The saved game's actions do not replay.
    Replay(String),
    /// A remote seat the game does not have, or one named twice.
    Seat(PlayerId),
    /// An answered intent that names an action the game does not have, or one of another
    /// seat.
    Answer { seat: PlayerId, seq: u64 },
}

impl std::fmt::Display for RestoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RestoreError::Replay(why) => {
                write!(f, "The saved table's game does not replay: {why}")
            }
            RestoreError::Seat(seat) => write!(
                f,
                "The saved table names seat {} for another device, which this game does not have.",
                seat.index() + 1
            ),
            RestoreError::Answer { seat, seq } => write!(
                f,
                "The saved table says seat {} made action {seq}, which this game does not show.",
                seat.index() + 1
            ),
        }
    }
}

impl std::error::Error for RestoreError {}
