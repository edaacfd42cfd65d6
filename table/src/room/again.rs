//! Play again: once a room's game is over, a new room with the same board, rules and seats,
//! which the server opens when a player asks ([`Room::take_play_again`]).

use worlds_engine::PlayerId;

use super::{ConnId, OpenRoom, Out, Refusal, Room, RoomCode, RoomMsg};

/// What Play again asks of the server: a new room opened from `request`, its person seats
/// holding `tokens` in order (the old room's, so each device keeps its seat).
#[derive(Debug, Clone)]
pub struct PlayAgain {
    pub request: OpenRoom,
    pub tokens: Vec<String>,
}

/// Where Play again stands in a finished room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum Again {
    #[default]
    NotAsked,
    /// A player asked: the server has yet to take the request ([`Room::take_play_again`]).
    Asked,
    /// The server is opening the new room.
    Opening,
}

impl Room {
    /// Play again from a seated device once the game is over: the first ask is handed to the
    /// server ([`Room::take_play_again`]); once the new room is open, each ask is answered
    /// with this room's state, which names it.
    pub(super) fn ask_play_again(&mut self, conn: ConnId, seat: Option<PlayerId>) -> Vec<Out> {
        if seat.is_none() {
            return self.refuse(
                Refusal::Seat,
                conn,
                "Only a player of this room can ask to play again.",
            );
        }
        if !self.game().is_some_and(|g| g.is_over()) {
            return Room::deny(
                conn,
                "The game is still going: Play again opens once it has ended.",
            );
        }
        if self.next.is_some() {
            return vec![Room::to(conn, &RoomMsg::Room(self.info()))];
        }
        if self.again == Again::NotAsked {
            self.again = Again::Asked;
        }
        Vec::new()
    }

    /// What a player's Play again asks the server to open, once: the same board, rules,
    /// watchers and seats, every person seat held by its token here.
    pub fn take_play_again(&mut self) -> Option<PlayAgain> {
        if self.again != Again::Asked || self.next.is_some() {
            return None;
        }
        self.again = Again::Opening;
        let setup = self.seated_setup();
        Some(PlayAgain {
            request: OpenRoom {
                title: self.title.clone(),
                setup,
                spectators: self.spectators,
                open_seats: Vec::new(),
                turn_timer: self.clock.timer,
            },
            tokens: self.seats.iter().filter_map(|s| s.token.clone()).collect(),
        })
    }

    /// The server opened the room Play again asked for: every device hears of it, and this
    /// room's link leads there from now on.
    pub fn played_again(&mut self, next: RoomCode) -> Vec<Out> {
        self.next = Some(next);
        self.again = Again::NotAsked;
        self.changes += 1;
        self.tell_all()
    }

    /// The server could not open the new room: the seated devices hear why, and may ask again.
    pub fn play_again_failed(&mut self, reason: &str) -> Vec<Out> {
        self.again = Again::NotAsked;
        let seated: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| c.seat.is_some())
            .map(|(&id, _)| id)
            .collect();
        seated
            .into_iter()
            .flat_map(|c| Room::deny(c, reason))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::testing::*;
    use crate::room::{ClientMsg, HeldSeat};
    use worlds_engine::bots::bot;
    use worlds_engine::ComputerStrategy;

    /// Ann's room with a one-round limit, played to its end (Ann's moves chosen by a
    /// computer on her device, sent as her intents).
    fn finished_with_ann() -> (Room, crate::guest::Guest, Vec<HeldSeat>) {
        let (mut room, held) = open(0);
        room.setup.rules.round_limit = Some(1);
        ann_enters(&mut room, &held);
        let mut ann = ann_starts(&mut room);
        let mut now = 20;
        for _ in 0..2_000 {
            let game = room.game().expect("started");
            if game.is_over() {
                break;
            }
            now += 10;
            let out = match game.actor() {
                Some(me) if me.0 == 0 => {
                    let action = bot(ComputerStrategy::Balanced).choose(game, me);
                    let intent = ann.intent(action).expect("Ann may act");
                    room.on_message(1, &intent.bytes, now, String::new)
                }
                _ => room.tick(now),
            };
            for reply in hear(&mut ann, &out, 1) {
                room.on_message(1, &reply, now, String::new);
            }
        }
        assert!(room.game().is_some_and(|g| g.is_over()), "the game ended");
        (room, ann, held)
    }

    #[test]
    fn play_again_is_asked_once_and_opens_a_room_with_the_same_seats_and_tokens() {
        let (mut room, _ann, held) = finished_with_ann();
        let out = send(&mut room, 1, &ClientMsg::PlayAgain, 5_000);
        assert!(out.is_empty(), "the server is asked, nothing is said yet");
        let again = room
            .take_play_again()
            .expect("the server is asked to open a room");
        assert!(
            room.take_play_again().is_none(),
            "asked once, however many press"
        );
        send(&mut room, 1, &ClientMsg::PlayAgain, 5_010);
        assert!(
            room.take_play_again().is_none(),
            "a second press while it opens"
        );
        assert_eq!(again.tokens, vec![held[0].token.clone()]);
        assert!(again.request.open_seats.is_empty());
        assert_eq!(again.request.title, "Ann's game");
        assert_eq!(
            again.request.setup.rules.round_limit,
            Some(1),
            "the same rules"
        );
        let names: Vec<&str> = again
            .request
            .setup
            .seats
            .iter()
            .map(|s| s.name.as_str())
            .collect();
        assert_eq!(names, ["Ann", "Cal"]);
        // The server opens it with the old tokens: Ann's device sits in her old seat.
        let mut tokens = again.tokens.clone().into_iter();
        let (mut next, seats) = Room::open(
            RoomCode::from_random([9, 9, 9, 9, 9]),
            again.request,
            move || tokens.next().unwrap_or_default(),
            0,
            6_000,
        )
        .expect("the new room opens");
        assert_eq!(seats, vec![held[0].clone()]);
        next.connect(7, 6_000);
        let out = send(
            &mut next,
            7,
            &ClientMsg::Enter {
                token: Some(held[0].token.clone()),
            },
            6_000,
        );
        assert_eq!(
            next.seat_of(7),
            Some(PlayerId(0)),
            "Ann is back in her seat"
        );
        assert!(said(&out, 7)
            .iter()
            .any(|m| matches!(m, RoomMsg::Room(i) if !i.started && i.seats[1].computer.is_some())));
        // The old room names the new one to every device, and keeps it through a restart.
        let out = room.played_again(next.code().clone());
        let shown = next.code().shown();
        assert!(said(&out, 1)
            .iter()
            .any(|m| matches!(m, RoomMsg::Room(i) if i.next.as_deref() == Some(shown.as_str()))));
        let restored = Room::restore(
            room.code().clone(),
            room.opening(),
            serde_json::from_str(&serde_json::to_string(&room.state()).expect("writes"))
                .expect("reads"),
            kept(&room),
            0,
            7_000,
        )
        .expect("restores");
        assert_eq!(restored.info().next.as_deref(), Some(shown.as_str()));
        // Pressed again later: answered with the room's state, which names the new room.
        let out = send(&mut room, 1, &ClientMsg::PlayAgain, 8_000);
        assert!(said(&out, 1)
            .iter()
            .any(|m| matches!(m, RoomMsg::Room(i) if i.next.is_some())));
        assert!(room.take_play_again().is_none());
    }

    #[test]
    fn play_again_is_refused_while_the_game_runs_and_to_a_device_without_a_seat() {
        let (mut room, _ann, _enter) = started_with_ann();
        let out = send(&mut room, 1, &ClientMsg::PlayAgain, 100);
        assert!(said(&out, 1).iter().any(|m| matches!(m,
            RoomMsg::Denied { reason } if reason.contains("still going"))));
        assert!(room.take_play_again().is_none());
        room.connect(2, 100);
        send(&mut room, 2, &ClientMsg::Enter { token: None }, 100);
        let out = send(&mut room, 2, &ClientMsg::PlayAgain, 110);
        assert!(said(&out, 2).iter().any(|m| matches!(m,
            RoomMsg::Denied { reason } if reason.contains("Only a player"))));
        assert!(room.take_play_again().is_none());
    }

    #[test]
    fn a_play_again_the_server_could_not_open_is_said_and_may_be_asked_again() {
        let (mut room, _ann, _held) = finished_with_ann();
        send(&mut room, 1, &ClientMsg::PlayAgain, 5_000);
        assert!(room.take_play_again().is_some());
        let out = room.play_again_failed("The room server cannot keep rooms just now.");
        assert!(said(&out, 1).iter().any(|m| matches!(m,
            RoomMsg::Denied { reason } if reason.contains("cannot keep rooms"))));
        send(&mut room, 1, &ClientMsg::PlayAgain, 5_100);
        assert!(room.take_play_again().is_some(), "asked again");
    }
}
