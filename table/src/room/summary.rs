//! A room as anyone with its code may read it (`GET /api/rooms/{code}`; a device's My games):
//! what every device of the room is shown, and whose decision the game waits for. Nothing in
//! it is secret: no seat token, seed or deck.

use serde::{Deserialize, Serialize};
use worlds_engine::{Game, PlayerId};

use super::{Room, RoomInfo};
use crate::clock::ClockShown;

/// A room's public summary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomSummary {
    #[serde(flatten)]
    pub room: RoomInfo,
    /// The seat the game waits for; `None` before the start and once the game is over.
    pub to_act: Option<PlayerId>,
    /// The turn timer's clock running now (the time left when this was made).
    pub clock: Option<ClockShown>,
    /// The game is over.
    pub over: bool,
    /// The winner of a finished game.
    pub winner: Option<PlayerId>,
    /// The game's round (0 before the start).
    pub round: u32,
    /// Actions played so far.
    pub actions: u64,
}

impl Room {
    /// The room's public summary now.
    pub fn summary(&self) -> RoomSummary {
        let game = self.game();
        let over = game.is_some_and(Game::is_over);
        RoomSummary {
            room: self.info(),
            to_act: game.filter(|g| !g.is_over()).and_then(Game::actor),
            clock: self.clock_shown(),
            over,
            winner: game.and_then(Game::winner),
            round: game.map_or(0, Game::round),
            actions: game.map_or(0, |g| g.history().len() as u64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn a_rooms_summary_says_whose_decision_it_is_and_holds_no_secret() {
        let (room, _ann, _enter) = started_with_ann();
        let s = room.summary();
        assert!(s.room.started && !s.over);
        assert_eq!(s.to_act, room.game().and_then(Game::actor));
        assert_eq!(s.round, 1);
        let json = serde_json::to_string(&s).expect("writes");
        for secret in ["seed", "rng", "deck", "\"token\":\"0"] {
            assert!(!json.contains(secret), "{secret} in {json}");
        }
        let back: RoomSummary = serde_json::from_str(&json).expect("reads");
        assert_eq!(back, s);
    }
}
