//! Opening a room, and what a server keeps of it to rebuild it on any server: its opening
//! ([`Room::opening`]), what changes as people sit down and play ([`RoomState`]) and its
//! actions ([`KeptAction`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use worlds_engine::{Action, Game, GameSetup, PlayerId, Seat, SeatKind};

use super::again::Again;
use super::push::SeatPush;
use super::{seat_name, Room, RoomCode, SeatSlot, CREATOR, MAX_SEATS};
use crate::clock::{TurnClock, TurnTimer};
use crate::host::Host;
use crate::protocol::clean_chat;
use crate::rates::Rate;
use crate::saved::HostRecord;

/// What opens a room (the body of `POST /api/rooms`): the lobby's board, rules and seats (the
/// creator's person seat first, the others in the lobby's order; its seed is not used).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct OpenRoom {
    pub title: String,
    pub setup: GameSetup,
    #[serde(default)]
    pub spectators: bool,
    /// Person seats (never the creator's, seat 0) left open for friends: each is taken, in
    /// order, by the next friend who joins by the link, with their own name, color and token.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub open_seats: Vec<PlayerId>,
    /// How long a player has to act (Off by default; see [`crate::clock`]).
    #[serde(default, skip_serializing_if = "TurnTimer::is_off")]
    pub turn_timer: TurnTimer,
}

/// A seat token handed to the device that holds the seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldSeat {
    pub seat: PlayerId,
    pub token: String,
}

/// Why a room could not be opened, in a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenError(pub String);

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OpenError {}

/// What a room server keeps of a room, apart from its opening ([`Room::opening`]) and its
/// actions ([`Room::actions_from`]): the part that changes as people sit down and play. With
/// the opening and the actions it is enough to rebuild the room on any server
/// ([`Room::restore`]): the engine is deterministic, so the game is its setup replayed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoomState {
    pub spectators: bool,
    /// Each seat and its token (`None` for a computer seat, and for a person seat still
    /// open for a friend).
    pub seats: Vec<(Seat, Option<String>)>,
    /// The game's seed once it has started.
    pub seed: Option<u64>,
    /// The host's own record: computers standing in, the intents it answered.
    pub host: Option<HostRecord>,
    /// The room Play again opened (see [`RoomInfo::next`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    /// The turn timer, its clock and each seat's misses.
    #[serde(default, skip_serializing_if = "TurnClock::is_unused")]
    pub clock: TurnClock,
    /// Each seat's push subscription, and the turn it was last pushed for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub push: Vec<SeatPush>,
}

/// One of a room's actions as a server keeps it: the action and, when it answered an intent
/// of a seat's device, that intent's id. Read back from an action alone too (as rooms were
/// kept before).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KeptAction {
    pub action: Action,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intent: Option<u32>,
}

impl KeptAction {
    /// Reads a kept action: `{"action": ..., "intent": 7}`, or an action alone.
    pub fn read(text: &str) -> Result<KeptAction, serde_json::Error> {
        serde_json::from_str::<KeptAction>(text).or_else(|_| {
            serde_json::from_str::<Action>(text).map(|action| KeptAction {
                action,
                intent: None,
            })
        })
    }
}

/// Whether a lobby's seats open a room: 1 to [`MAX_SEATS`] of them, the first a person's (the
/// creator's), and only other person seats left open for friends.
fn check_seats(setup: &GameSetup, open_seats: &[PlayerId]) -> Result<(), OpenError> {
    if setup.seats.is_empty() || setup.seats.len() > MAX_SEATS {
        return Err(OpenError(format!(
            "A room seats 1 to {MAX_SEATS} players to begin with."
        )));
    }
    if !matches!(setup.seats[0].kind, SeatKind::Human) {
        return Err(OpenError(
            "The first seat is the room creator's own: a person, not a computer.".into(),
        ));
    }
    if open_seats.iter().any(|&i| {
        i == CREATOR
            || !matches!(
                setup.seats.get(i.index()).map(|s| &s.kind),
                Some(SeatKind::Human)
            )
    }) {
        return Err(OpenError(
            "Only a person seat other than the creator's can be left open for a friend.".into(),
        ));
    }
    Ok(())
}

impl Room {
    /// Opens a room from a lobby's setup. `tokens` gives each person seat its token (the
    /// server draws them at random). Returns the room and the tokens of the creator's seats.
    pub fn open(
        code: RoomCode,
        request: OpenRoom,
        mut tokens: impl FnMut() -> String,
        bot_delay_ms: u64,
        now: u64,
    ) -> Result<(Room, Vec<HeldSeat>), OpenError> {
        let OpenRoom {
            title,
            setup,
            spectators,
            open_seats,
            turn_timer,
        } = request;
        check_seats(&setup, &open_seats)?;
        let mut seats = Vec::new();
        let mut held = Vec::new();
        for (i, mut seat) in setup.seats.iter().cloned().enumerate() {
            let open = open_seats.contains(&PlayerId(i));
            seat.name = seat_name(&seat.name);
            if seat.name.is_empty() && open {
                seat.name = format!("Player {}", i + 1);
            }
            if seat.name.is_empty() {
                return Err(OpenError(format!("Player {} needs a name.", i + 1)));
            }
            seat.start = Default::default();
            let token = (matches!(seat.kind, SeatKind::Human) && !open).then(&mut tokens);
            if let Some(t) = &token {
                held.push(HeldSeat {
                    seat: PlayerId(i),
                    token: t.clone(),
                });
            }
            seats.push(SeatSlot {
                seat,
                token,
                away_since: Some(now),
                rate: Rate::default(),
            });
        }
        let title = {
            let t = seat_name(&title);
            if t.is_empty() {
                format!("{} game", setup.board.def().name)
            } else {
                clean_chat(&title)
            }
        };
        let mut setup = setup;
        setup.forced_rolls.clear();
        setup.deck_order = None;
        Ok((
            Room {
                code,
                title,
                spectators,
                setup,
                open_seats,
                seats,
                conns: BTreeMap::new(),
                host: None,
                now,
                last_bot: now,
                bot_delay_ms,
                empty_since: Some(now),
                notes: Vec::new(),
                refusals: Vec::new(),
                changes: 0,
                next: None,
                again: Again::NotAsked,
                clock: TurnClock::new(turn_timer),
                push: Vec::new(),
                push_orders: Vec::new(),
                push_seen: None,
                push_loopback: false,
            },
            held,
        ))
    }

    /// The room as it was opened (title and lobby setup, cleaned), kept once.
    pub fn opening(&self) -> OpenRoom {
        OpenRoom {
            title: self.title.clone(),
            setup: self.setup.clone(),
            spectators: self.spectators,
            open_seats: self.open_seats.clone(),
            turn_timer: self.clock.timer,
        }
    }

    /// What changes as people sit down and play (see [`RoomState`]).
    pub fn state(&self) -> RoomState {
        RoomState {
            spectators: self.spectators,
            seats: self
                .seats
                .iter()
                .map(|s| (s.seat.clone(), s.token.clone()))
                .collect(),
            seed: self.game().map(|g| g.setup().seed),
            host: self.host.as_ref().map(|h| h.record("")),
            next: self.next.as_ref().map(RoomCode::shown),
            clock: self.clock.clone(),
            push: self.push.clone(),
        }
    }

    /// A number that grows whenever what [`Room::state`] holds may have changed, so a server
    /// writes it again only then.
    pub fn state_version(&self) -> u64 {
        self.changes + self.host.as_ref().map_or(0, Host::record_version)
    }

    /// The game's actions from the `n`th on (none before the game starts).
    pub fn actions_from(&self, n: usize) -> &[Action] {
        self.game()
            .and_then(|g| g.history().get(n..))
            .unwrap_or(&[])
    }

    /// The game's actions from the `n`th on as a server keeps them: each with the intent of
    /// its seat's device it answered, so a room rebuilt from them applies no intent twice
    /// without the room's record being written again after every action.
    pub fn kept_actions_from(&self, n: usize) -> Vec<KeptAction> {
        let Some(host) = &self.host else {
            return Vec::new();
        };
        self.actions_from(n)
            .iter()
            .enumerate()
            .map(|(i, action)| KeptAction {
                action: action.clone(),
                intent: host.intent_of(n + i + 1),
            })
            .collect()
    }

    /// Rebuilds a room a server kept ([`Room::opening`], [`Room::state`] and the game's
    /// actions), with nobody connected yet: every person seat shows as away until its device
    /// comes back. A record that does not replay is refused with a sentence.
    pub fn restore(
        code: RoomCode,
        opening: OpenRoom,
        state: RoomState,
        actions: Vec<KeptAction>,
        bot_delay_ms: u64,
        now: u64,
    ) -> Result<Room, OpenError> {
        if state.seats.is_empty() || state.seats.len() > MAX_SEATS {
            return Err(OpenError("The room's record has no seats.".into()));
        }
        let seats: Vec<SeatSlot> = state
            .seats
            .into_iter()
            .map(|(seat, token)| SeatSlot {
                seat,
                token,
                away_since: Some(now),
                rate: Rate::default(),
            })
            .collect();
        let clock = state.clock;
        let host = match (state.seed, state.host) {
            (Some(seed), Some(mut record)) => {
                let mut setup = opening.setup.clone();
                setup.seats = seats.iter().map(|s| s.seat.clone()).collect();
                setup.seed = seed;
                let mut game = Game::new(setup).map_err(|e| OpenError(e.to_string()))?;
                for (i, kept) in actions.into_iter().enumerate() {
                    let by_seat = crate::host::seat_of(&game, &kept.action);
                    game.apply(kept.action).map_err(|e| {
                        OpenError(format!("The room's action {} does not replay: {e}", i + 1))
                    })?;
                    if let (Some(id), Some(seat)) = (kept.intent, by_seat) {
                        record.answered_at(seat, id, i as u64 + 1);
                    }
                }
                let mut host =
                    Host::restore(game, &record).map_err(|e| OpenError(e.to_string()))?;
                host.seats_back_by_press();
                host.tick(now);
                Some(host)
            }
            _ => None,
        };
        Ok(Room {
            code,
            title: opening.title,
            spectators: state.spectators,
            setup: opening.setup,
            open_seats: opening.open_seats,
            seats,
            conns: BTreeMap::new(),
            host,
            now,
            last_bot: now,
            bot_delay_ms,
            empty_since: Some(now),
            notes: Vec::new(),
            refusals: Vec::new(),
            changes: 0,
            next: state.next.as_deref().and_then(RoomCode::parse),
            again: Again::NotAsked,
            clock,
            push: state.push,
            push_orders: Vec::new(),
            push_seen: None,
            push_loopback: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::testing::*;
    use crate::room::{ClientMsg, Out, RoomPresence};

    #[test]
    fn a_room_rebuilt_from_its_opening_state_and_actions_is_the_same_room() {
        let (mut room, held) = open(0);
        ann_enters(&mut room, &held);
        room.connect(2, 0);
        let join = ClientMsg::Join {
            name: "Bea".into(),
            color: "#1d4ed8".into(),
            token: "boot".into(),
        };
        send(&mut room, 2, &join, 0);
        // Before the game: the seats, through JSON as a server keeps them.
        let through = |room: &Room| {
            let opening: OpenRoom =
                serde_json::from_str(&serde_json::to_string(&room.opening()).expect("writes"))
                    .expect("reads");
            let state: RoomState =
                serde_json::from_str(&serde_json::to_string(&room.state()).expect("writes"))
                    .expect("reads");
            let actions = kept(room);
            Room::restore(room.code().clone(), opening, state, actions, 0, 5_000).expect("restores")
        };
        let waiting = through(&room);
        assert!(!waiting.started());
        assert_eq!(waiting.info().seats.len(), 3);
        assert_eq!(
            waiting.info().seats[2].presence,
            RoomPresence::Away,
            "nobody connected yet"
        );
        send(&mut room, 1, &ClientMsg::Start, 0);
        // Bea is away for long enough that a computer plays for her; the computers move.
        room.disconnect(2, 1_000);
        send(
            &mut room,
            1,
            &ClientMsg::LetComputerPlay { seat: PlayerId(2) },
            40_000,
        );
        // Ann leaves too, and Bea's device (back without a word to the game) lets a computer
        // play for her, so the game moves with nobody at it.
        room.disconnect(1, 40_000);
        let bea = waiting.state().seats[2].1.clone();
        room.connect(3, 40_000);
        send(&mut room, 3, &ClientMsg::Enter { token: bea }, 40_000);
        let out = send(
            &mut room,
            3,
            &ClientMsg::LetComputerPlay { seat: PlayerId(0) },
            75_000,
        );
        assert_eq!(
            room.info().seats[0].presence,
            RoomPresence::ComputerPlaying,
            "{:?}",
            said(&out, 3)
        );
        for t in 0..50 {
            room.tick(75_000 + t * 500);
        }
        let game = room.game().expect("started");
        assert!(!game.history().is_empty());
        let again = through(&room);
        let replayed = again.game().expect("started again");
        assert_eq!(replayed.history(), game.history());
        assert_eq!(
            crate::protocol::state_hash(replayed),
            crate::protocol::state_hash(game)
        );
        assert_eq!(
            again.info().seats[2].presence,
            RoomPresence::ComputerPlaying
        );
        assert_eq!(again.state(), room.state());
        // The actions after a point are the ones a server appends.
        let n = game.history().len();
        assert!(room.actions_from(n).is_empty());
        assert_eq!(room.actions_from(n - 1).len(), 1);
    }

    #[test]
    fn an_intent_applied_before_a_restart_is_not_applied_again_though_the_record_was_not_rewritten()
    {
        use crate::guest::Guest;
        let (mut room, mut ann, enter) = started_with_ann();
        let table = room.code.table_id();
        // What the server wrote last: the record before Ann's roll.
        let before = room.state();
        let version = room.state_version();
        let roll = ann.intent(Action::Roll).expect("Ann may roll");
        room.on_message(1, &roll.bytes, 20, String::new);
        assert_eq!(room.actions_from(0).len(), 1, "the roll was applied");
        assert_eq!(
            room.state_version(),
            version,
            "an applied intent is kept with its action"
        );
        let alone = serde_json::to_string(&Action::Roll).expect("writes");
        assert_eq!(
            KeptAction::read(&alone).ok(),
            Some(KeptAction {
                action: Action::Roll,
                intent: None
            }),
            "an action kept alone (as rooms were) reads back without an intent"
        );
        assert!(
            room.kept_actions_from(0)[0].intent.is_some(),
            "the roll is kept with its intent"
        );
        // The server restarts from the record before the roll and the actions kept since.
        let state: RoomState =
            serde_json::from_str(&serde_json::to_string(&before).expect("writes")).expect("reads");
        let mut again = Room::restore(
            room.code().clone(),
            room.opening(),
            state,
            kept(&room),
            0,
            5_000,
        )
        .expect("restores");
        assert_eq!(again.state(), room.state(), "the record is whole again");
        // Ann's page never heard the answer and sends the same intent again.
        again.connect(2, 100);
        send(&mut again, 2, &enter, 100);
        let mut back = Guest::new(table, PlayerId(0));
        again.on_message(2, &back.hello().bytes, 105, String::new);
        let out = again.on_message(2, &roll.bytes, 110, String::new);
        let told: Vec<String> = out
            .iter()
            .filter_map(|o| match o {
                Out::To(2, b) => Some(String::from_utf8_lossy(b).into_owned()),
                _ => None,
            })
            .collect();
        assert!(
            told.iter().any(|m| m.contains(r#""t":"applied""#)),
            "answered as applied: {told:?}"
        );
        assert!(
            !told.iter().any(|m| m.contains(r#""t":"refused""#)),
            "not refused as a new intent: {told:?}"
        );
        assert_eq!(
            again.actions_from(0).len(),
            1,
            "the roll is not applied a second time"
        );
    }

    #[test]
    fn the_room_keeps_its_chat_through_a_restart_and_a_device_back_sees_each_line_once() {
        use crate::guest::Guest;
        use crate::TableEvent;
        let (mut room, mut ann, enter) = started_with_ann();
        let table = room.code.table_id();
        // The room's clock, which stamps each line with when it was said.
        room.tick(1_790_000_000_000);
        ann.drain_events();
        let version = room.state_version();
        for (i, line) in ["Good luck!", "Boardwalk is mine"].iter().enumerate() {
            let said = ann.chat(line).expect("a line");
            let out = room.on_message(1, &said.bytes, 20 + i as u64, String::new);
            hear(&mut ann, &out, 1);
        }
        let chat = |events: Vec<TableEvent>| -> Vec<String> {
            events
                .into_iter()
                .filter_map(|e| match e {
                    TableEvent::Chat {
                        from: PlayerId(0),
                        text,
                        at,
                    } => {
                        assert_eq!(at, 1_790_000_000_000, "{text}: said then");
                        Some(text)
                    }
                    _ => None,
                })
                .collect()
        };
        assert_eq!(
            chat(ann.drain_events()),
            ["Good luck!", "Boardwalk is mine"]
        );
        assert!(room.state_version() > version, "the record changed");
        // The server restarts: the room is rebuilt from what it kept.
        let state: RoomState =
            serde_json::from_str(&serde_json::to_string(&room.state()).expect("writes"))
                .expect("reads");
        let actions = kept(&room);
        let mut again = Room::restore(
            room.code().clone(),
            room.opening(),
            state,
            actions,
            0,
            5_000,
        )
        .expect("restores");
        // Ann's page reloaded too: a new device for her seat hears the conversation once.
        let mut back = Guest::new(table, PlayerId(0));
        again.connect(7, 100);
        send(&mut again, 7, &enter, 100);
        let out = again.on_message(7, &back.hello().bytes, 110, String::new);
        hear(&mut back, &out, 7);
        assert!(back.game().is_some());
        assert_eq!(
            chat(back.drain_events()),
            ["Good luck!", "Boardwalk is mine"]
        );
        // A second welcome (a resync) does not repeat it.
        let out = again.on_message(7, &back.hello().bytes, 120, String::new);
        hear(&mut back, &out, 7);
        assert!(chat(back.drain_events()).is_empty());
    }
}
