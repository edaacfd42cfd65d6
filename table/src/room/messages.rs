//! What devices and the room say: a device's requests ([`ClientMsg`]), the room's answers
//! ([`RoomMsg`]) with the room as every device shows it ([`RoomInfo`]), and where the room's
//! bytes go.

use bytes::Bytes;
use serde::{Deserialize, Serialize};
use worlds_engine::tagged::TaggedDeserialize;
use worlds_engine::{PlayerId, SeatKind};

use super::{ConnId, Out, Room, RoomCode, CREATOR};
use crate::clock::{ClockShown, TurnTimer};
use crate::protocol::{Outgoing, PeerId, To};

/// What a device asks of the room.
#[derive(Debug, Clone, PartialEq, Serialize, TaggedDeserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message: the seat token this device keeps for the room, if any.
    Enter { token: Option<String> },
    /// Sit down (before the game starts).
    Join {
        name: String,
        color: String,
        token: String,
    },
    /// The creator removes a seat (before the game starts).
    Remove { seat: PlayerId },
    /// The creator starts the game.
    Start,
    /// The creator lets devices with the link but no seat watch the game (or not).
    Watchers { allow: bool },
    /// A seat away for 30 s is played by a computer until its player is back.
    LetComputerPlay { seat: PlayerId },
    /// Play again: once the game is over, a new room with the same board, rules and seats
    /// (each seat keeps its token, so each device sits in its old seat there).
    PlayAgain,
    /// The creator sets the turn timer (before the game starts).
    TurnTimer { timer: TurnTimer },
    /// A player a computer plays for (their time ran out three times in a row) plays again.
    ImBack,
    /// Tell this seat's player when it is their turn while no page of theirs is open (Web
    /// Push). A seated device that allowed notifications subscribes with the server's public
    /// key (`GET /api/push/key`) and sends what `PushSubscription.toJSON()` gives:
    /// `{"t":"push","subscription":{"endpoint":"https://…","expirationTime":null,
    /// "keys":{"p256dh":"…","auth":"…"}}}`. The room keeps one per seat (a newer one replaces
    /// it), through restarts; a watcher's, or one whose endpoint is not `https://` on the
    /// internet, is refused with a sentence (`denied`). Nothing is said when it is kept.
    Push {
        subscription: super::PushSubscription,
    },
    /// Stop telling me: `{"t":"stop_push"}` forgets the seat's subscription.
    StopPush,
}

/// A seat as every device shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomSeat {
    pub seat: PlayerId,
    pub name: String,
    pub color: String,
    pub token: String,
    /// A computer seat's strategy.
    pub computer: Option<String>,
    pub presence: RoomPresence,
    pub away_secs: u64,
}

/// How a room's seat shows on every device (written `"here"`, `"away"`, `"computer_playing"`,
/// `"computer"` or `"open"`). A table's seat (a host device's) has its own
/// [`crate::protocol::Presence`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomPresence {
    /// Its player's device is connected.
    Here,
    /// Its player's device is gone, and no computer plays for them.
    Away,
    /// A computer plays for its player until they are back.
    ComputerPlaying,
    /// A computer seat.
    Computer,
    /// A person seat open for a friend who joins by the link.
    Open,
}

impl RoomSeat {
    /// Whether the seat's device is gone (and no computer plays for it).
    pub fn is_away(&self) -> bool {
        self.presence == RoomPresence::Away
    }

    /// Whether the seat waits for a friend to join by the link.
    pub fn is_open(&self) -> bool {
        self.presence == RoomPresence::Open
    }
}

/// The room as every device shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomInfo {
    pub code: String,
    pub title: String,
    pub board_name: String,
    pub started: bool,
    pub creator_seat: PlayerId,
    pub spectators: bool,
    pub seats: Vec<RoomSeat>,
    /// The room its players went on to with Play again (its code as shown), once opened:
    /// this room's link leads there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    /// How long a player has to act (Off: no timer).
    #[serde(default, skip_serializing_if = "TurnTimer::is_off")]
    pub turn_timer: TurnTimer,
}

/// What the room says (a started game's messages are the host's own, [`crate::protocol::HostMsg`]).
#[derive(Debug, Clone, PartialEq, Serialize, TaggedDeserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum RoomMsg {
    Room(RoomInfo),
    Seated {
        seat: PlayerId,
        token: String,
    },
    Denied {
        reason: String,
    },
    Closed {
        reason: String,
    },
    /// A sentence from the room server's operator to every device ("Restarting in 5
    /// minutes"): plain text, shown in the feed and as a banner.
    Notice {
        text: String,
    },
    /// The turn timer's clock started for a seat (or stopped: `None`); only in a room with a
    /// turn timer.
    Clock {
        clock: Option<ClockShown>,
    },
}

impl Room {
    /// The room as every device shows it.
    pub fn info(&self) -> RoomInfo {
        RoomInfo {
            code: self.code.shown(),
            title: self.title.clone(),
            board_name: self.setup.board.def().name.clone(),
            started: self.started(),
            creator_seat: CREATOR,
            spectators: self.spectators,
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| (PlayerId(i), s))
                .map(|(i, s)| RoomSeat {
                    seat: i,
                    name: s.seat.name.clone(),
                    color: s.seat.color.clone(),
                    token: s.seat.token.name().into_owned(),
                    computer: match s.seat.kind {
                        SeatKind::Computer { strategy } => Some(strategy.name().to_string()),
                        SeatKind::Human => None,
                    },
                    presence: self.presence(i),
                    away_secs: s
                        .away_since
                        .filter(|_| self.presence(i) == RoomPresence::Away)
                        .map_or(0, |t| self.now.saturating_sub(t) / 1000),
                })
                .collect(),
            next: self.next.as_ref().map(RoomCode::shown),
            turn_timer: self.clock.timer,
        }
    }

    pub(super) fn msg(msg: &RoomMsg) -> Bytes {
        Bytes::from(serde_json::to_vec(msg).unwrap_or_default())
    }

    pub(super) fn to(conn: ConnId, msg: &RoomMsg) -> Out {
        Out::To(conn, Room::msg(msg))
    }

    pub(super) fn deny(conn: ConnId, reason: &str) -> Vec<Out> {
        vec![Room::to(
            conn,
            &RoomMsg::Denied {
                reason: reason.to_string(),
            },
        )]
    }

    /// The room's state to every connection.
    pub(super) fn tell_all(&self) -> Vec<Out> {
        let bytes = Room::msg(&RoomMsg::Room(self.info()));
        self.conns
            .keys()
            .map(|&c| Out::To(c, bytes.clone()))
            .collect()
    }

    /// Where the host's bytes go: a peer is a connection; "guests" are the seated ones.
    pub(super) fn route(&self, out: Vec<Outgoing>) -> Vec<Out> {
        let mut sent = Vec::new();
        for o in out {
            match o.to {
                To::Peer(PeerId(c)) => sent.push(Out::To(c, Bytes::from(o.bytes))),
                To::Guests => {
                    let bytes = Bytes::from(o.bytes);
                    for (&c, conn) in &self.conns {
                        if conn.seat.is_some() || conn.watching {
                            sent.push(Out::To(c, bytes.clone()));
                        }
                    }
                }
                To::Host => {}
            }
        }
        sent
    }
}
