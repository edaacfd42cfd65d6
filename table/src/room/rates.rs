//! A room's message rates ([`crate::rates`]): each seat's messages count against the seat's
//! rate whichever connection sends them, and a seatless connection's against its own; a
//! message asking for the whole game costs more, and a connection that floods is closed.

use serde::Deserialize;

use super::{ConnId, Out, Refusal, Room};
use crate::rates::{Verdict, WHOLE_GAME_COST};

/// What one message costs of a seat's rate: [`WHOLE_GAME_COST`] for one asking for the whole
/// game, 1 for any other. A well-behaved client (`worlds load`) paces itself by it.
pub fn message_cost(bytes: &[u8]) -> u32 {
    if asks_whole_game(bytes) {
        WHOLE_GAME_COST
    } else {
        1
    }
}

/// Whether a message asks for the whole game (a hello or a resync request).
fn asks_whole_game(bytes: &[u8]) -> bool {
    #[derive(Deserialize)]
    struct Tag<'a> {
        #[serde(borrow)]
        t: std::borrow::Cow<'a, str>,
    }
    serde_json::from_slice::<Tag>(bytes).is_ok_and(|m| m.t == "hello" || m.t == "resync_request")
}

impl Room {
    /// Counts a message of `conn` against its rate: `None` when it is within the rate, else
    /// what to send instead of handling it (nothing for a message dropped; a sentence and the
    /// close for a flood).
    pub(super) fn over_rate(&mut self, conn: ConnId, bytes: &[u8], now: u64) -> Option<Vec<Out>> {
        let Some(c) = self.conns.get_mut(&conn) else {
            return Some(Vec::new());
        };
        // The rate: a window's worth of messages (a seat's count stays with the seat, and a
        // message asking for the whole game costs more); several windows over it close the
        // connection (the room plays on).
        let cost = message_cost(bytes);
        let rate = match c.seat {
            Some(s) => &mut self.seats[s.index()].rate,
            None => &mut c.rate,
        };
        match rate.count(self.now, cost) {
            Verdict::Take => None,
            Verdict::Drop => {
                self.refusals.push(Refusal::Rate);
                Some(Vec::new())
            }
            Verdict::Flood => {
                let mut out = self.refuse(
                    Refusal::Rate,
                    conn,
                    "Too many messages: this connection is closed.",
                );
                out.push(Out::Close(conn));
                out.extend(self.disconnect(conn, now));
                Some(out)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::MAX_MESSAGE_BYTES;
    use crate::room::testing::*;
    use crate::room::{ClientMsg, RoomMsg};

    #[test]
    fn a_flooding_connection_is_closed_and_the_room_plays_on() {
        let (mut room, held) = open(0);
        ann_enters(&mut room, &held);
        room.connect(2, 0);
        let mut closed = false;
        for i in 0..5_000u64 {
            let out = room.on_message(2, b"{\"t\":\"ping\"}", i, String::new);
            if out.contains(&Out::Close(2)) {
                closed = true;
                break;
            }
        }
        assert!(closed, "the flood ends with a sentence and a close");
        assert_eq!(room.connections(), 1);
        let too_long = vec![b'{'; MAX_MESSAGE_BYTES + 1];
        let out = room.on_message(1, &too_long, 6_000, String::new);
        assert!(matches!(&said(&out, 1)[0], RoomMsg::Denied { .. }));
    }

    #[test]
    fn asking_for_the_whole_game_costs_more_and_entering_again_does_not_refill_the_budget() {
        let (mut room, held) = open(0);
        let enter = ClientMsg::Enter {
            token: Some(held[0].token.clone()),
        };
        room.connect(1, 0);
        send(&mut room, 1, &enter, 0);
        let hello = br#"{"t":"hello","table":"0000000000000000","seat":0,"last_seq":0,"hash":0}"#;
        // One window holds 40 messages' worth: a hello costs 8, so the fifth is the last.
        for _ in 0..5 {
            room.on_message(1, hello, 10, String::new);
        }
        assert!(room.take_refusals().is_empty());
        room.on_message(1, hello, 11, String::new);
        assert_eq!(
            room.take_refusals(),
            vec![Refusal::Rate],
            "the sixth is over the rate"
        );
        // Entering again with the token, in the same window: the seat's count goes on.
        room.disconnect(1, 12);
        room.connect(2, 12);
        send(&mut room, 2, &enter, 12);
        room.on_message(2, hello, 13, String::new);
        assert_eq!(
            room.take_refusals(),
            vec![Refusal::Rate],
            "a new connection does not start the seat's count afresh"
        );
        // The next window, it may ask again.
        room.on_message(2, hello, 600, String::new);
        assert!(room.take_refusals().is_empty());
        // A token the room does not know is counted as such.
        room.connect(3, 700);
        send(
            &mut room,
            3,
            &ClientMsg::Enter {
                token: Some("00".repeat(16)),
            },
            700,
        );
        assert_eq!(room.take_refusals(), vec![Refusal::Token]);
    }
}
