//! Turn-based rooms (issue 61): a turn timer of an hour or a day, its clock moved rather than
//! waited for. A room nobody is in says when it must be woken ([`Room::wakes_at`]), its
//! clock goes on through a restart in the middle of the day, and when the day is up a
//! computer plays the turn, as with the short timers.

use worlds_engine::{ComputerStrategy, Game, GameSetup, PlayerId, Preset, Seat, Token};
use worlds_table::clock::TurnTimer;
use worlds_table::guest::Guest;
use worlds_table::room::{seat_token, ClientMsg, ConnId, KeptAction, OpenRoom, Room, RoomCode};

const ANN: ConnId = 1;
const HOUR: u64 = 3_600_000;
const DAY: u64 = 24 * HOUR;
/// The server's wall clock when the room opens (ms since 1970).
const T0: u64 = 1_796_666_400_000;

/// Ann (a person, the creator) and Cal (a computer), with `timer`.
fn open(timer: TurnTimer) -> (Room, String) {
    let setup = GameSetup::new(
        Preset::Classic.board(),
        vec![
            Seat {
                color: "#d62828".into(),
                token: Token::from_name("car"),
                ..Seat::human("Ann")
            },
            Seat {
                color: "#15803d".into(),
                token: Token::from_name("dog"),
                ..Seat::computer("Cal", ComputerStrategy::Balanced)
            },
        ],
        0,
    );
    let mut n = 0u8;
    let (room, held) = Room::open(
        RoomCode::from_random([3, 1, 4, 1, 5]),
        OpenRoom {
            title: "A turn a day".into(),
            setup,
            spectators: false,
            open_seats: Vec::new(),
            turn_timer: timer,
        },
        move || {
            n += 1;
            seat_token([n; 16])
        },
        0,
        T0,
    )
    .expect("a room");
    (room, held[0].token.clone())
}

fn send(room: &mut Room, msg: &ClientMsg, now: u64) {
    let bytes = serde_json::to_vec(msg).expect("writes");
    room.on_message(ANN, &bytes, now, || seat_token([9; 16]));
}

/// Ann enters, starts the game and her device says hello; then she closes her page.
fn started_and_left(timer: TurnTimer) -> Room {
    let (mut room, token) = open(timer);
    room.connect(ANN, T0);
    send(&mut room, &ClientMsg::Enter { token: Some(token) }, T0);
    assert_eq!(
        room.wakes_at(),
        None,
        "nothing to wake for before the start"
    );
    send(&mut room, &ClientMsg::Start, T0);
    let mut ann = Guest::new(room.code().table_id(), PlayerId(0));
    room.on_message(ANN, &ann.hello().bytes, T0, String::new);
    room.tick(T0);
    room.disconnect(ANN, T0 + 1_000);
    room
}

/// The room as a server rebuilds it from what it kept (through JSON), at `now`.
fn restarted(room: &Room, now: u64) -> Room {
    let state = serde_json::from_str(&serde_json::to_string(&room.state()).expect("writes"))
        .expect("reads");
    let actions: Vec<KeptAction> = room
        .kept_actions_from(0)
        .iter()
        .map(|a| KeptAction::read(&serde_json::to_string(a).expect("writes")).expect("reads"))
        .collect();
    Room::restore(room.code().clone(), room.opening(), state, actions, 0, now).expect("restores")
}

fn actor(room: &Room) -> Option<PlayerId> {
    room.game().and_then(Game::actor)
}

#[test]
fn a_day_long_clock_goes_on_through_a_restart_and_a_computer_plays_when_the_day_is_up() {
    let room = started_and_left(TurnTimer::Day1);
    let shown = room.clock_shown().expect("Ann's clock runs");
    assert_eq!((shown.seat, shown.total_ms), (PlayerId(0), DAY));
    assert_eq!(
        room.wakes_at(),
        Some(T0 + DAY),
        "set aside, the room is to be woken when Ann's day is up"
    );

    // The server restarts half a day later: the clock goes on where it was.
    let mut room = restarted(&room, T0 + 12 * HOUR);
    assert_eq!(room.turn_timer(), TurnTimer::Day1);
    assert_eq!(
        room.clock_shown().map(|c| (c.seat, c.left_ms)),
        Some((PlayerId(0), 12 * HOUR))
    );
    assert_eq!(room.wakes_at(), Some(T0 + DAY), "the same deadline");

    room.tick(T0 + DAY - 1);
    assert!(
        room.actions_from(0).is_empty(),
        "nothing before the day is up"
    );
    room.tick(T0 + DAY);
    assert!(
        !room.actions_from(0).is_empty(),
        "a computer played Ann's turn"
    );
    assert_eq!(room.misses_of(PlayerId(0)), 1);
    assert_ne!(actor(&room), Some(PlayerId(0)));
    assert_eq!(
        room.wakes_at(),
        Some(T0 + DAY),
        "Cal has moves to make: set aside now, the room is due at once"
    );

    // Cal plays, then Ann has a new day.
    let mut now = T0 + DAY;
    while actor(&room) != Some(PlayerId(0)) {
        now += 1;
        room.tick(now);
        assert!(now < T0 + DAY + 1_000, "Cal's turn ends");
    }
    let shown = room.clock_shown().expect("Ann's next clock");
    assert_eq!((shown.seat, shown.left_ms), (PlayerId(0), DAY));
    assert_eq!(room.wakes_at(), Some(now + DAY));
}

#[test]
fn an_hour_long_clock_wakes_the_room_after_an_hour_and_nothing_wakes_a_room_without_a_timer() {
    let room = started_and_left(TurnTimer::Hour1);
    assert_eq!(room.clock_shown().map(|c| c.total_ms), Some(HOUR));
    assert_eq!(room.wakes_at(), Some(T0 + HOUR));

    let mut off = started_and_left(TurnTimer::Off);
    assert_eq!(off.clock_shown(), None);
    assert_eq!(
        off.wakes_at(),
        None,
        "a room without a timer waits for its players"
    );
    off.tick(T0 + 30 * DAY);
    assert!(off.actions_from(0).is_empty(), "and nobody plays for them");
}

#[test]
fn a_room_whose_people_all_have_a_computer_playing_for_them_is_not_woken() {
    let mut room = started_and_left(TurnTimer::Hour1);
    let mut now = T0;
    // Ann misses three turns in a row: a computer plays her seat until she is back.
    for _ in 0..3 {
        now = room.wakes_at().expect("a deadline").max(now + 1);
        room.tick(now);
        while room.clock_shown().is_none() && room.wakes_at().is_some() {
            now += 1;
            room.tick(now);
        }
    }
    assert_eq!(room.misses_of(PlayerId(0)), 3);
    assert_eq!(
        room.wakes_at(),
        None,
        "nobody waits for this room: it stays set aside until someone comes"
    );
}
