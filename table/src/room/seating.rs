//! Who sits where: a device entering with the seat token it keeps (or without one), a friend
//! joining (in the first seat left open for a friend, or a new one at the end), the creator
//! removing a seat, and devices without a seat watching the game when the creator lets them.

use worlds_engine::{PlayerId, Seat, SeatKind, Token};

use super::{
    seat_name, ConnId, Out, Refusal, Room, RoomMsg, RoomPresence, SeatSlot, CREATOR, MAX_SEATS,
};
use crate::host::SeatControl;
use crate::protocol::{clean_chat, PeerId};
use crate::rates::Rate;

impl Room {
    /// How a seat shows on every device.
    pub(super) fn presence(&self, seat: PlayerId) -> RoomPresence {
        let slot = &self.seats[seat.index()];
        if slot.is_open() {
            return RoomPresence::Open;
        }
        if slot.token.is_none() {
            return RoomPresence::Computer;
        }
        if let Some(host) = &self.host {
            if host.seat_control(seat) == Some(SeatControl::Computer) {
                return RoomPresence::ComputerPlaying;
            }
        }
        if self.conns.values().any(|c| c.seat == Some(seat)) {
            RoomPresence::Here
        } else {
            RoomPresence::Away
        }
    }

    /// A connection says who it is: with the seat token its device keeps (it then plays that
    /// seat), or without one (it watches, and may join while the room waits).
    pub(super) fn enter(&mut self, conn: ConnId, token: Option<String>) -> Vec<Out> {
        let mut out = Vec::new();
        if let Some(token) = token {
            let Some(s) = self
                .seats
                .iter()
                .position(|slot| slot.token.as_deref() == Some(token.as_str()))
                .map(PlayerId)
            else {
                return self.enter_unknown(conn);
            };
            out.extend(self.take_seat(conn, s));
        }
        let seated = self.conns.get(&conn).is_some_and(|c| c.seat.is_some());
        if let Some(c) = self.conns.get_mut(&conn) {
            c.entered = true;
        }
        out.extend(self.tell_all());
        if !seated {
            out.extend(self.watch_or_not(conn));
        }
        out.extend(self.clock_to(conn));
        out
    }

    /// A seat token the room does not know: the connection is told so, and watches (or may
    /// join while the room waits) as one without a token.
    fn enter_unknown(&mut self, conn: ConnId) -> Vec<Out> {
        let mut out = self.refuse(
            Refusal::Token,
            conn,
            "This device's seat is not in this room: you can watch, or join while the room waits.",
        );
        if let Some(c) = self.conns.get_mut(&conn) {
            c.entered = true;
        }
        out.push(Room::to(conn, &RoomMsg::Room(self.info())));
        out.extend(self.watch_or_not(conn));
        out
    }

    /// `conn`, holding seat `s`'s token, plays it.
    fn take_seat(&mut self, conn: ConnId, s: PlayerId) -> Vec<Out> {
        let mut out = Vec::new();
        // The same seat opened again elsewhere (another tab, the same link on
        // a new connection): the newest one plays it.
        for (&other, x) in self.conns.iter_mut() {
            if other != conn && x.seat == Some(s) {
                x.seat = None;
                out.push(Room::to(
                    other,
                    &RoomMsg::Denied {
                        reason: "Your seat is now played from another window.".into(),
                    },
                ));
            }
        }
        if let Some(c) = self.conns.get_mut(&conn) {
            c.seat = Some(s);
        }
        self.seats[s.index()].away_since = None;
        if let Some(host) = self.host.as_mut() {
            let o = host.peer_connected(PeerId(conn), s);
            out.extend(self.route(o));
        }
        out
    }

    /// The creator lets devices with the link but no seat watch the game, or stops them.
    pub(super) fn let_watchers(
        &mut self,
        conn: ConnId,
        seat: Option<PlayerId>,
        allow: bool,
    ) -> Vec<Out> {
        if let Some(refused) =
            self.creator_only(conn, seat, "Only the room's creator can say who may watch.")
        {
            return refused;
        }
        self.spectators = allow;
        let mut out = self.tell_all();
        if allow {
            out.extend(self.let_watch());
        } else {
            let watching: Vec<ConnId> = self
                .conns
                .iter()
                .filter(|(_, c)| c.watching)
                .map(|(&id, _)| id)
                .collect();
            for id in watching {
                if let Some(c) = self.conns.get_mut(&id) {
                    c.watching = false;
                }
                if let Some(host) = self.host.as_mut() {
                    host.watcher_disconnected(PeerId(id));
                }
                out.extend(Room::deny(
                    id,
                    "The room's creator stopped letting others watch.",
                ));
            }
        }
        out
    }

    /// A connection without a seat sits down (before the game starts), named, colored and with
    /// a token of its own: in the first seat left open for a friend, or a new one at the end.
    pub(super) fn join(
        &mut self,
        conn: ConnId,
        seat: Option<PlayerId>,
        asked: (String, String, String),
        mut tokens: impl FnMut() -> String,
    ) -> Vec<Out> {
        let (name, color, token) = asked;
        if self.started() {
            return self.refuse(
                Refusal::Seat,
                conn,
                "The game has started: nobody can sit down now.",
            );
        }
        if seat.is_some() {
            return self.refuse(Refusal::Seat, conn, "You already have a seat in this room.");
        }
        // The first seat open for a friend, or a new one at the end.
        let open = self.seats.iter().position(SeatSlot::is_open);
        let seat = match self.newcomer(open, &name, &color, &token) {
            Ok(seat) => seat,
            Err(reason) => return Room::deny(conn, &reason.to_string()),
        };
        let held = tokens();
        let slot = SeatSlot {
            seat,
            token: Some(held.clone()),
            away_since: None,
            rate: Rate::default(),
        };
        let s = PlayerId(match open {
            Some(s) => {
                self.seats[s] = slot;
                s
            }
            None => {
                self.seats.push(slot);
                self.seats.len() - 1
            }
        });
        if let Some(c) = self.conns.get_mut(&conn) {
            c.seat = Some(s);
            c.entered = true;
        }
        let mut out = vec![Room::to(
            conn,
            &RoomMsg::Seated {
                seat: s,
                token: held,
            },
        )];
        out.extend(self.tell_all());
        out
    }

    /// The seat a newcomer asks for (to sit in `open`, or at the end), or why not in a
    /// sentence.
    fn newcomer(
        &self,
        open: Option<usize>,
        name: &str,
        color: &str,
        token: &str,
    ) -> Result<Seat, SeatRefused> {
        if open.is_none() && self.seats.len() >= MAX_SEATS {
            return Err(SeatRefused::Full);
        }
        let name = seat_name(name);
        if name.is_empty() {
            return Err(SeatRefused::NoName);
        }
        let max = usize::from(self.setup.rules.max_players);
        if open.is_none() && self.seats.len() >= max.min(MAX_SEATS) {
            return Err(SeatRefused::FullForBoard);
        }
        // What a seat still open holds is the lobby's stand-in, not a person's.
        let taken = || self.seats.iter().filter(|s| !s.is_open());
        if taken().any(|s| s.seat.name.eq_ignore_ascii_case(&name)) {
            return Err(SeatRefused::NameTaken(name));
        }
        let color: String = color
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '#')
            .take(16)
            .collect();
        if color.is_empty() || taken().any(|s| s.seat.color.eq_ignore_ascii_case(&color)) {
            return Err(SeatRefused::ColorTaken);
        }
        let token = Token::from_name(&clean_chat(token));
        if token.is_none() || taken().any(|s| s.seat.token == token) {
            return Err(SeatRefused::TokenTaken);
        }
        Ok(Seat {
            name,
            token,
            color,
            kind: SeatKind::Human,
            start: Default::default(),
        })
    }

    /// The creator removes seat `gone` (before the game starts): the seats after it move up.
    pub(super) fn remove_seat(
        &mut self,
        conn: ConnId,
        seat: Option<PlayerId>,
        gone: PlayerId,
    ) -> Vec<Out> {
        if let Some(refused) =
            self.creator_only(conn, seat, "Only the room's creator can remove a seat.")
        {
            return refused;
        }
        if self.started() {
            return Room::deny(conn, "The game has started: seats stay as they are.");
        }
        if gone == CREATOR || gone.index() >= self.seats.len() {
            return Room::deny(conn, "There is no such seat to remove.");
        }
        self.seats.remove(gone.index());
        let mut out = Vec::new();
        for (&c, x) in self.conns.iter_mut() {
            match x.seat {
                Some(s) if s == gone => {
                    x.seat = None;
                    out.push(Room::to(
                        c,
                        &RoomMsg::Denied {
                            reason: "The room's creator removed your seat.".into(),
                        },
                    ));
                }
                Some(s) if s > gone => x.seat = Some(PlayerId(s.index() - 1)),
                _ => {}
            }
        }
        // Seats after the removed one moved up: their devices are told their new
        // number with their token.
        for (&c, x) in &self.conns {
            if let Some(s) = x.seat.filter(|&s| s >= gone) {
                if let Some(token) = self.seats[s.index()].token.clone() {
                    out.push(Room::to(c, &RoomMsg::Seated { seat: s, token }));
                }
            }
        }
        out.extend(self.tell_all());
        out
    }

    /// A seatless connection that entered a started game watches it if the room allows it, or
    /// is told why not.
    fn watch_or_not(&mut self, conn: ConnId) -> Vec<Out> {
        if !self.started() {
            return Vec::new();
        }
        if !self.spectators {
            return Room::deny(
                conn,
                "The game has started, and this room's creator does not let others watch.",
            );
        }
        self.let_watch()
    }

    /// Seatless connections that entered watch the game, if the room allows it: each is
    /// welcomed with the game (after the room message that says it started).
    pub(super) fn let_watch(&mut self) -> Vec<Out> {
        if !self.spectators {
            return Vec::new();
        }
        let Some(host) = self.host.as_mut() else {
            return Vec::new();
        };
        let mut welcomes = Vec::new();
        for (&c, x) in self.conns.iter_mut() {
            if x.entered && x.seat.is_none() && !x.watching {
                x.watching = true;
                welcomes.extend(host.watcher_connected(PeerId(c)));
            }
        }
        self.route(welcomes)
    }
}

/// Why a newcomer cannot sit down, in the words the room says back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum SeatRefused {
    #[error("The room is full.")]
    Full,
    #[error("Write your name first.")]
    NoName,
    #[error("The room is full for this board.")]
    FullForBoard,
    #[error("Someone here is called {0} already.")]
    NameTaken(String),
    #[error("That color is taken: choose another.")]
    ColorTaken,
    #[error("That token is taken: choose another.")]
    TokenTaken,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TurnTimer;
    use crate::room::testing::*;
    use crate::room::{seat_token, ClientMsg, HeldSeat, OpenError, OpenRoom, RoomCode, RoomState};
    use worlds_engine::{ComputerStrategy, GameSetup, Preset};

    #[test]
    fn a_friend_joins_the_creator_starts_and_a_device_without_the_token_cannot_take_a_seat() {
        let (mut room, held) = open(0);
        assert_eq!(held.len(), 1, "one token: the creator's person seat");
        room.connect(1, 0);
        let out = send(
            &mut room,
            1,
            &ClientMsg::Enter {
                token: Some(held[0].token.clone()),
            },
            0,
        );
        assert!(
            matches!(said(&out, 1).last(), Some(RoomMsg::Room(i)) if i.seats[0].presence == RoomPresence::Here)
        );
        // A friend without a token watches, then joins.
        room.connect(2, 0);
        send(&mut room, 2, &ClientMsg::Enter { token: None }, 0);
        let join = ClientMsg::Join {
            name: "<b>Bea</b>".into(),
            color: "#1d4ed8".into(),
            token: "boot".into(),
        };
        let out = send(&mut room, 2, &join, 0);
        let Some(RoomMsg::Seated {
            seat: PlayerId(2),
            token,
        }) = said(&out, 2).first().cloned()
        else {
            panic!("seated: {out:?}");
        };
        assert_eq!(
            room.info().seats[2].name,
            "<b>Bea</b>",
            "kept as text, never HTML"
        );
        // Only the creator starts, and removes.
        let out = send(&mut room, 2, &ClientMsg::Start, 0);
        assert!(matches!(&said(&out, 2)[0], RoomMsg::Denied { .. }));
        assert!(!room.started());
        // A device with a wrong token cannot take Bea's seat.
        room.connect(3, 0);
        let out = send(
            &mut room,
            3,
            &ClientMsg::Enter {
                token: Some("f".repeat(32)),
            },
            0,
        );
        assert!(matches!(&said(&out, 3)[0], RoomMsg::Denied { .. }));
        let out = send(&mut room, 3, &join, 0);
        assert!(
            matches!(&said(&out, 3)[0], RoomMsg::Denied { reason } if reason.contains("called"))
        );
        let out = send(&mut room, 1, &ClientMsg::Start, 0);
        assert!(room.started());
        assert!(said(&out, 2)
            .iter()
            .any(|m| matches!(m, RoomMsg::Room(i) if i.started)));
        // Bea's device comes back on a new connection with her token: her seat.
        room.disconnect(2, 1000);
        assert_eq!(room.info().seats[2].presence, RoomPresence::Away);
        room.connect(4, 2000);
        send(&mut room, 4, &ClientMsg::Enter { token: Some(token) }, 2000);
        assert_eq!(room.info().seats[2].presence, RoomPresence::Here);
    }

    /// Ann's lobby: Ann, a second person (left open for a friend), and Cal, a computer.
    fn open_with_a_seat_for_a_friend() -> (Room, Vec<HeldSeat>) {
        let seat = |name: &str, color: &str, token: &str| Seat {
            color: color.into(),
            token: Token::from_name(token),
            ..Seat::human(name)
        };
        let setup = GameSetup::new(
            Preset::Classic.board(),
            vec![
                seat("Ann", "#d62828", "dog"),
                seat("Player 2", "#1d4ed8", "car"),
                Seat {
                    color: "#15803d".into(),
                    token: Token::from_name("boot"),
                    ..Seat::computer("Cal", ComputerStrategy::Balanced)
                },
            ],
            0,
        );
        let mut n = 0u8;
        Room::open(
            RoomCode::from_random([1, 2, 3, 4, 5]),
            OpenRoom {
                title: "Ann's game".into(),
                setup,
                spectators: false,
                open_seats: vec![PlayerId(1)],
                turn_timer: TurnTimer::Off,
            },
            move || {
                n += 1;
                seat_token([n; 16])
            },
            0,
            0,
        )
        .expect("a room")
    }

    #[test]
    fn a_person_seat_left_open_waits_for_the_first_friend_who_joins_and_keeps_its_place() {
        let (mut room, held) = open_with_a_seat_for_a_friend();
        assert_eq!(held.len(), 1, "the creator holds only her own seat");
        let presence: Vec<RoomPresence> =
            room.info().seats.into_iter().map(|s| s.presence).collect();
        assert_eq!(
            presence,
            [
                RoomPresence::Away,
                RoomPresence::Open,
                RoomPresence::Computer
            ]
        );
        // Written as before (issue 41: the JSON every device reads is unchanged).
        assert_eq!(
            serde_json::to_value(&presence).expect("writes"),
            serde_json::json!(["away", "open", "computer"])
        );
        // Seats are the engine's player ids, written as their bare numbers as before.
        let info = serde_json::to_value(room.info()).expect("writes");
        assert_eq!(
            (&info["creator_seat"], &info["seats"][1]["seat"]),
            (&serde_json::json!(0), &serde_json::json!(1))
        );
        assert_eq!(
            serde_json::from_str::<ClientMsg>(r#"{"t":"remove","seat":1}"#).ok(),
            Some(ClientMsg::Remove { seat: PlayerId(1) })
        );
        assert_eq!(
            serde_json::to_string(&held[0]).expect("writes"),
            format!(r#"{{"seat":0,"token":"{}"}}"#, held[0].token)
        );
        room.connect(1, 0);
        let enter = |token: &str| ClientMsg::Enter {
            token: Some(token.to_string()),
        };
        send(&mut room, 1, &enter(&held[0].token), 0);
        // Start waits for the open seat, and says so.
        let out = send(&mut room, 1, &ClientMsg::Start, 0);
        assert!(
            matches!(&said(&out, 1)[0], RoomMsg::Denied { reason } if reason == "Seat 2 is still open for a friend: wait for them to join by the link, or remove the seat."),
            "{out:?}"
        );
        assert!(!room.started());
        // A friend with the lobby's stand-in color and token (nobody holds them) sits in the
        // open seat, in the lobby's order, before the computer.
        room.connect(2, 0);
        send(&mut room, 2, &ClientMsg::Enter { token: None }, 0);
        let bea = ClientMsg::Join {
            name: "Bea".into(),
            color: "#1d4ed8".into(),
            token: "car".into(),
        };
        let out = send(&mut room, 2, &bea, 0);
        assert!(
            matches!(
                said(&out, 2).first(),
                Some(RoomMsg::Seated {
                    seat: PlayerId(1),
                    ..
                })
            ),
            "{out:?}"
        );
        let seats = room.info().seats;
        assert_eq!(
            (seats[1].name.as_str(), seats[1].presence),
            ("Bea", RoomPresence::Here)
        );
        assert_eq!(seats[2].name, "Cal");
        // No seat is open now: the next friend sits at the end, and a taken color is refused.
        room.connect(3, 0);
        send(&mut room, 3, &ClientMsg::Enter { token: None }, 0);
        let same_color = ClientMsg::Join {
            name: "Cy".into(),
            color: "#1d4ed8".into(),
            token: "iron".into(),
        };
        let out = send(&mut room, 3, &same_color, 0);
        assert!(
            matches!(&said(&out, 3)[0], RoomMsg::Denied { reason } if reason == "That color is taken: choose another.")
        );
        let cy = ClientMsg::Join {
            name: "Cy".into(),
            color: "#7e22ce".into(),
            token: "iron".into(),
        };
        let out = send(&mut room, 3, &cy, 0);
        assert!(matches!(
            said(&out, 3).first(),
            Some(RoomMsg::Seated {
                seat: PlayerId(3),
                ..
            })
        ));
        send(&mut room, 1, &ClientMsg::Start, 0);
        assert!(room.started());
        let names: Vec<String> = room
            .game()
            .expect("started")
            .players()
            .iter()
            .map(|p| p.name.clone())
            .collect();
        assert_eq!(names, ["Ann", "Bea", "Cal", "Cy"]);
    }

    #[test]
    fn an_open_seat_may_be_removed_is_kept_open_by_a_restart_and_is_never_the_creators() {
        let (mut room, held) = open_with_a_seat_for_a_friend();
        // Kept as it is by the server's record.
        let opening: OpenRoom =
            serde_json::from_str(&serde_json::to_string(&room.opening()).expect("writes"))
                .expect("reads");
        assert_eq!(opening.open_seats, [PlayerId(1)]);
        let state: RoomState =
            serde_json::from_str(&serde_json::to_string(&room.state()).expect("writes"))
                .expect("reads");
        let again = Room::restore(
            room.code().clone(),
            opening.clone(),
            state,
            Vec::new(),
            0,
            0,
        )
        .expect("restores");
        assert_eq!(again.info().seats[1].presence, RoomPresence::Open);
        // The creator removes it and starts with the computer.
        ann_enters(&mut room, &held);
        send(&mut room, 1, &ClientMsg::Remove { seat: PlayerId(1) }, 0);
        assert_eq!(room.info().seats.len(), 2);
        send(&mut room, 1, &ClientMsg::Start, 0);
        assert!(room.started());
        // Seat 0 (the creator's) or a computer's cannot be left open.
        for open_seats in [0, 2, 7].map(|s| vec![PlayerId(s)]) {
            let refused = Room::open(
                RoomCode::from_random([1, 2, 3, 4, 6]),
                OpenRoom {
                    open_seats,
                    ..opening.clone()
                },
                || seat_token([1; 16]),
                0,
                0,
            );
            assert_eq!(
                refused.err(),
                Some(OpenError(
                    "Only a person seat other than the creator's can be left open for a friend."
                        .into()
                ))
            );
        }
    }

    #[test]
    fn a_device_without_a_seat_watches_the_game_only_when_the_creator_lets_it() {
        use crate::guest::Guest;
        let (mut room, held) = open(0);
        let table = room.code.table_id();
        ann_enters(&mut room, &held);
        let mut ann = ann_starts(&mut room);
        assert!(ann.game().is_some(), "Ann has the game");

        // A device with the link and no token: the room does not let others watch.
        let mut stranger = Guest::watching(table);
        room.connect(5, 20);
        let out = send(&mut room, 5, &ClientMsg::Enter { token: None }, 20);
        assert!(said(&out, 5).iter().any(
            |m| matches!(m, RoomMsg::Denied { reason } if reason.contains("does not let others watch"))
        ));
        hear(&mut stranger, &out, 5);
        assert!(stranger.game().is_none(), "nothing of the game reaches it");
        // Only the creator says who may watch.
        let out = send(&mut room, 5, &ClientMsg::Watchers { allow: true }, 30);
        assert!(matches!(&said(&out, 5)[0], RoomMsg::Denied { .. }));
        assert!(!room.info().spectators);
        // The creator lets others watch: the stranger is welcomed and sees each move.
        let out = send(&mut room, 1, &ClientMsg::Watchers { allow: true }, 40);
        assert!(room.info().spectators);
        hear(&mut stranger, &out, 5);
        let watched = stranger.game().map(|g| g.history().len());
        assert_eq!(watched, Some(0));
        assert!(
            stranger.game().is_some_and(|g| g.is_public()),
            "the public view"
        );
        let roll = ann
            .intent(worlds_engine::Action::Roll)
            .expect("Ann may roll");
        let out = room.on_message(1, &roll.bytes, 50, String::new);
        hear(&mut ann, &out, 1);
        hear(&mut stranger, &out, 5);
        assert_eq!(
            stranger.game().map(|g| g.history().len()),
            ann.game().map(|g| g.history().len())
        );
        assert!(stranger.game().is_some_and(|g| !g.history().is_empty()));
        // Whatever a watcher sends changes nothing.
        let before = room.info();
        let sneaky = stranger.intent(worlds_engine::Action::EndTurn);
        if let Ok(o) = sneaky {
            let out = room.on_message(5, &o.bytes, 60, String::new);
            assert!(said(&out, 1).is_empty() && !out.iter().any(|o| matches!(o, Out::To(1, _))));
        }
        assert_eq!(room.info(), before);
        // The creator stops it: the watcher is told so.
        let out = send(&mut room, 1, &ClientMsg::Watchers { allow: false }, 70);
        assert!(said(&out, 5)
            .iter()
            .any(|m| matches!(m, RoomMsg::Denied { .. })));
        room.disconnect(5, 80);
        assert_eq!(room.connections(), 1);
    }
}
