//! What the room's tests share: a room Ann opened, what the room said to a connection, Ann
//! entering and starting the game, and her device hearing it.

use worlds_engine::{ComputerStrategy, GameSetup, PlayerId, Preset, Seat, Token};

use super::{
    seat_token, ClientMsg, ConnId, HeldSeat, KeptAction, OpenRoom, Out, Room, RoomCode, RoomMsg,
};
use crate::clock::TurnTimer;

pub(super) fn open(bot_delay: u64) -> (Room, Vec<HeldSeat>) {
    let mut setup = GameSetup::new(
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
    setup.seed = 5;
    let mut n = 0u8;
    Room::open(
        RoomCode::from_random([1, 2, 3, 4, 5]),
        OpenRoom {
            title: "Ann's game".into(),
            setup,
            spectators: false,
            open_seats: Vec::new(),
            turn_timer: TurnTimer::Off,
        },
        move || {
            n += 1;
            seat_token([n; 16])
        },
        bot_delay,
        0,
    )
    .expect("a room")
}

pub(super) fn said(out: &[Out], conn: ConnId) -> Vec<RoomMsg> {
    out.iter()
        .filter_map(|o| match o {
            Out::To(c, b) if *c == conn => serde_json::from_slice(b).ok(),
            _ => None,
        })
        .collect()
}

/// The room's actions through JSON, as a server keeps them.
pub(super) fn kept(room: &Room) -> Vec<KeptAction> {
    room.kept_actions_from(0)
        .iter()
        .map(|a| KeptAction::read(&serde_json::to_string(a).expect("writes")).expect("reads"))
        .collect()
}

pub(super) fn send(room: &mut Room, conn: ConnId, msg: &ClientMsg, now: u64) -> Vec<Out> {
    let bytes = serde_json::to_vec(msg).expect("writes");
    room.on_message(conn, &bytes, now, || seat_token([9; 16]))
}

/// Ann, the creator, in on connection 1 with her seat token; the message she entered with.
pub(super) fn ann_enters(room: &mut Room, held: &[HeldSeat]) -> ClientMsg {
    room.connect(1, 0);
    let enter = ClientMsg::Enter {
        token: Some(held[0].token.clone()),
    };
    send(room, 1, &enter, 0);
    enter
}

/// Ann starts the game, and her device (a guest on connection 1) hears the whole of it.
pub(super) fn ann_starts(room: &mut Room) -> crate::guest::Guest {
    send(room, 1, &ClientMsg::Start, 0);
    let mut ann = crate::guest::Guest::new(room.code.table_id(), PlayerId(0));
    let out = room.on_message(1, &ann.hello().bytes, 10, String::new);
    hear(&mut ann, &out, 1);
    ann
}

/// A started room whose creator, Ann, is in on connection 1 with the whole game: the
/// room, Ann's device and the message that enters with her seat token.
pub(super) fn started_with_ann() -> (Room, crate::guest::Guest, ClientMsg) {
    let (mut room, held) = open(0);
    let enter = ann_enters(&mut room, &held);
    let ann = ann_starts(&mut room);
    (room, ann, enter)
}

/// What a device's guest makes of the bytes the room sent it.
pub(super) fn hear(guest: &mut crate::guest::Guest, out: &[Out], conn: ConnId) -> Vec<Vec<u8>> {
    let mut replies = Vec::new();
    for o in out {
        if let Out::To(c, b) = o {
            if *c == conn && serde_json::from_slice::<RoomMsg>(b).is_err() {
                replies.extend(guest.on_message(b).into_iter().map(|o| o.bytes));
            }
        }
    }
    replies
}
