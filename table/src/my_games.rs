//! My games (issue 61): every room this device holds a seat in, as the main menu's list shows
//! it: how each stands for this device's player (its decision first), from the room's public
//! summary ([`crate::room::RoomSummary`]) or why there is none. No IO: the app asks the room
//! server and passes the answers in.

use worlds_engine::PlayerId;

use crate::clock::countdown;
use crate::room::RoomSummary;

/// How one room stands for this device's seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// The server has not answered yet.
    Asking,
    /// The game waits for this device's player.
    YourTurn,
    /// The game waits for another player (named).
    Waiting { on: String },
    /// The room waits for its start.
    NotStarted,
    /// The game is over (the winner named, if any).
    Over { winner: Option<String> },
    /// The room was closed, or no room has the code: the server's sentence.
    Closed { why: String },
    /// The server could not be asked: why.
    Unreachable { why: String },
}

/// One room of My games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MyGame {
    /// The room's code as shown (`K7QX-M2PD`).
    pub code: String,
    pub seat: PlayerId,
    pub title: String,
    pub board: String,
    pub standing: Standing,
    /// The turn timer's time left when the server answered (ms), while a clock runs.
    pub clock_left_ms: Option<u64>,
    pub round: u32,
}

impl MyGame {
    /// A room not asked about yet.
    pub fn asking(code: &str, seat: PlayerId) -> MyGame {
        MyGame {
            code: code.to_string(),
            seat,
            title: String::new(),
            board: String::new(),
            standing: Standing::Asking,
            clock_left_ms: None,
            round: 0,
        }
    }

    /// The room as its summary says, for this device's seat.
    pub fn from_summary(code: &str, seat: PlayerId, s: &RoomSummary) -> MyGame {
        let name = |p: PlayerId| {
            s.room
                .seats
                .get(p.index())
                .map_or_else(|| format!("Player {}", p.index() + 1), |x| x.name.clone())
        };
        let standing = if s.over {
            Standing::Over {
                winner: s.winner.map(name),
            }
        } else if !s.room.started {
            Standing::NotStarted
        } else {
            match s.to_act {
                Some(p) if p == seat => Standing::YourTurn,
                Some(p) => Standing::Waiting { on: name(p) },
                None => Standing::NotStarted,
            }
        };
        MyGame {
            code: code.to_string(),
            seat,
            title: s.room.title.clone(),
            board: s.room.board_name.clone(),
            standing,
            clock_left_ms: s.clock.filter(|_| !s.over).map(|c| c.left_ms),
            round: s.round,
        }
    }

    /// A room whose server answered with a refusal (closed, unknown): its sentence.
    pub fn closed(code: &str, seat: PlayerId, why: &str) -> MyGame {
        MyGame {
            standing: Standing::Closed {
                why: why.to_string(),
            },
            ..MyGame::asking(code, seat)
        }
    }

    /// A room whose server could not be asked.
    pub fn unreachable(code: &str, seat: PlayerId, why: &str) -> MyGame {
        MyGame {
            standing: Standing::Unreachable {
                why: why.to_string(),
            },
            ..MyGame::asking(code, seat)
        }
    }

    /// Where the room goes in the list: this device's decisions first, then games waiting
    /// on others, rooms not started, and last the ended and closed ones.
    pub fn rank(&self) -> u8 {
        match self.standing {
            Standing::YourTurn => 0,
            Standing::Waiting { .. } => 1,
            Standing::NotStarted => 2,
            Standing::Asking | Standing::Unreachable { .. } => 3,
            Standing::Over { .. } => 4,
            Standing::Closed { .. } => 5,
        }
    }

    /// How it stands, in words: "Your turn", "Waiting for Bea", "Closed: …".
    pub fn words(&self) -> String {
        let clock = self
            .clock_left_ms
            .map(|l| format!(" ({} left)", countdown(l)))
            .unwrap_or_default();
        match &self.standing {
            Standing::Asking => "Asking the room server…".into(),
            Standing::YourTurn => format!("Your turn{clock}"),
            Standing::Waiting { on } => format!("Waiting for {on}{clock}"),
            Standing::NotStarted => "Waiting for the start".into(),
            Standing::Over { winner: Some(w) } => format!("Ended: {w} won"),
            Standing::Over { winner: None } => "Ended".into(),
            Standing::Closed { why } => format!("Closed: {why}"),
            Standing::Unreachable { why } => why.clone(),
        }
    }

    /// Whether the room is gone or ended, so Forget is offered.
    pub fn forgettable(&self) -> bool {
        matches!(
            self.standing,
            Standing::Closed { .. } | Standing::Over { .. }
        )
    }
}

/// Sorts rooms as My games lists them (by [`MyGame::rank`], then by code).
pub fn in_order(games: &mut [MyGame]) {
    worlds_engine::sorting::sort_by(games, |a, b| {
        a.rank().cmp(&b.rank()).then_with(|| a.code.cmp(&b.code))
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{ClockShown, TurnTimer};
    use crate::room::{RoomInfo, RoomPresence, RoomSeat};

    fn summary(started: bool, to_act: Option<usize>, over: bool) -> RoomSummary {
        let seat = |i: usize, name: &str| RoomSeat {
            seat: PlayerId(i),
            name: name.into(),
            color: "#d62828".into(),
            token: "car".into(),
            computer: None,
            presence: RoomPresence::Here,
            away_secs: 0,
        };
        RoomSummary {
            room: RoomInfo {
                code: "K7QX-M2PD".into(),
                title: "Ann's game".into(),
                board_name: "Classic".into(),
                started,
                creator_seat: PlayerId(0),
                spectators: false,
                seats: vec![seat(0, "Ann"), seat(1, "Bea")],
                next: None,
                turn_timer: TurnTimer::Day1,
            },
            to_act: to_act.map(PlayerId),
            clock: to_act.map(|p| ClockShown {
                seat: PlayerId(p),
                left_ms: 5 * 3_600_000,
                total_ms: 86_400_000,
            }),
            over,
            winner: over.then_some(PlayerId(1)),
            round: 7,
            actions: 40,
        }
    }

    #[test]
    fn a_room_says_whose_turn_it_is_for_this_devices_seat_with_the_time_left() {
        let bea = PlayerId(1);
        let mine = MyGame::from_summary("K7QX-M2PD", bea, &summary(true, Some(1), false));
        assert_eq!(mine.standing, Standing::YourTurn);
        assert_eq!(mine.words(), "Your turn (5:00:00 left)");
        assert_eq!(
            (mine.title.as_str(), mine.board.as_str()),
            ("Ann's game", "Classic")
        );
        let theirs = MyGame::from_summary("K7QX-M2PD", bea, &summary(true, Some(0), false));
        assert_eq!(theirs.words(), "Waiting for Ann (5:00:00 left)");
        let waiting = MyGame::from_summary("K7QX-M2PD", bea, &summary(false, None, false));
        assert_eq!(waiting.words(), "Waiting for the start");
        let over = MyGame::from_summary("K7QX-M2PD", bea, &summary(true, None, true));
        assert_eq!(over.words(), "Ended: Bea won");
        assert!(over.forgettable() && !mine.forgettable());
    }

    #[test]
    fn your_turn_comes_first_and_closed_rooms_last_with_forget() {
        let bea = PlayerId(1);
        let mut games = vec![
            MyGame::closed("AAAA-AAAA", bea, "This room was closed on 1 May 2026."),
            MyGame::from_summary("BBBB-BBBB", bea, &summary(true, Some(0), false)),
            MyGame::unreachable("CCCC-CCCC", bea, "The room server did not answer."),
            MyGame::from_summary("DDDD-DDDD", bea, &summary(true, Some(1), false)),
        ];
        in_order(&mut games);
        let codes: Vec<&str> = games.iter().map(|g| g.code.as_str()).collect();
        assert_eq!(codes, ["DDDD-DDDD", "BBBB-BBBB", "CCCC-CCCC", "AAAA-AAAA"]);
        assert_eq!(
            games[3].words(),
            "Closed: This room was closed on 1 May 2026."
        );
        assert!(games[3].forgettable());
    }
}
