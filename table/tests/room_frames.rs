//! What the devices of a room receive, read frame by frame as they arrive (parts put back
//! together): two players who play from their own devices (one of them drops and comes back
//! with its token, the other asks for the whole game again) and a watcher. Issue 41: no
//! frame holds a field named `rng` or `seed` (nor dice or cards fixed in advance), at any
//! depth, while every kind of message that carries the game is among them.

mod common;

use std::collections::{BTreeMap, VecDeque};

use worlds_engine::bots::bot;
use worlds_engine::{ComputerStrategy, GameSetup, PlayerId, Preset, Seat, Token};
use worlds_table::clock::TurnTimer;
use worlds_table::guest::Guest;
use worlds_table::protocol::{secret_field, GuestMsg, Reassembler, PART_TAG};
use worlds_table::room::{seat_token, ClientMsg, ConnId, OpenRoom, Out, Room, RoomCode};

const ANN: ConnId = 1;
const BEA: ConnId = 2;
const WATCHER: ConnId = 3;
/// Bea's device once it came back.
const BEA_AGAIN: ConnId = 4;

/// Ann (a person, the creator), Cal (a computer); Bea joins by the link.
fn open() -> (Room, String) {
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
    setup.rules.round_limit = Some(12);
    let mut n = 0u8;
    let (room, held) = Room::open(
        RoomCode::from_random([7, 1, 2, 3, 4]),
        OpenRoom {
            title: "Ann's game".into(),
            setup,
            spectators: true,
            open_seats: Vec::new(),
            turn_timer: TurnTimer::Off,
        },
        move || {
            n += 1;
            seat_token([n; 16])
        },
        0,
        0,
    )
    .expect("a room");
    (room, held[0].token.clone())
}

/// Every frame the room sent, by connection, as JSON, and what each device answers.
#[derive(Default)]
struct Devices {
    guests: BTreeMap<ConnId, Guest>,
    parts: BTreeMap<ConnId, Reassembler>,
    /// Every message received, by connection: its `t`.
    heard: BTreeMap<ConnId, Vec<String>>,
    /// Messages from the devices to the room, not sent yet.
    to_room: VecDeque<(ConnId, Vec<u8>)>,
}

impl Devices {
    /// Reads what the room sent: every frame is checked for a secret field; each player's
    /// device handles its frames and plays its seat with a computer's choice.
    fn receive(&mut self, out: Vec<Out>) {
        for o in out {
            let Out::To(conn, bytes) = o else { continue };
            let whole = if bytes.first() == Some(&PART_TAG) {
                match self.parts.entry(conn).or_default().push(&bytes) {
                    Ok(Some(whole)) => whole,
                    Ok(None) => continue,
                    Err(why) => panic!("a damaged part to {conn}: {why}"),
                }
            } else {
                bytes.to_vec()
            };
            let value: serde_json::Value = serde_json::from_slice(&whole).expect("JSON");
            if let Some(key) = secret_field(&value) {
                panic!("a field {key} reached a client");
            }
            let t = value["t"].as_str().unwrap_or_default().to_string();
            self.heard.entry(conn).or_default().push(t);
            if let Some(g) = self.guests.get_mut(&conn) {
                for reply in g.on_message(&bytes) {
                    self.to_room.push_back((conn, reply.bytes));
                }
            }
        }
        let bot = bot(ComputerStrategy::Balanced);
        for (&conn, g) in self.guests.iter_mut() {
            if !g.my_move() {
                continue;
            }
            let Some(action) = g
                .game()
                .and_then(|game| Some(bot.choose(game, game.actor()?)))
            else {
                continue;
            };
            if let Ok(o) = g.intent(action) {
                self.to_room.push_back((conn, o.bytes));
            }
        }
    }

    /// Hands the room what the devices said, and reads its answers, until nothing is left.
    fn settle(&mut self, room: &mut Room, now: u64) {
        while let Some((conn, bytes)) = self.to_room.pop_front() {
            let out = room.on_message(conn, &bytes, now, || seat_token([9; 16]));
            self.receive(out);
        }
    }

    /// A player's device says hello to the game, as a browser does once it has started.
    fn hello(&mut self, room: &Room, conn: ConnId, seat: PlayerId) {
        let mut g = Guest::new(room.code().table_id(), seat);
        self.to_room.push_back((conn, g.hello().bytes));
        self.guests.insert(conn, g);
    }

    fn count(&self, conn: ConnId, t: &str) -> usize {
        self.heard
            .get(&conn)
            .map_or(0, |h| h.iter().filter(|x| *x == t).count())
    }
}

fn msg(m: &ClientMsg) -> Vec<u8> {
    serde_json::to_vec(m).expect("writes")
}

#[test]
fn no_device_of_a_room_receives_a_generator_or_a_seed() {
    let (mut room, ann_token) = open();
    let mut d = Devices::default();
    for conn in [ANN, BEA, WATCHER] {
        room.connect(conn, 0);
    }
    d.to_room.push_back((
        ANN,
        msg(&ClientMsg::Enter {
            token: Some(ann_token),
        }),
    ));
    d.to_room
        .push_back((BEA, msg(&ClientMsg::Enter { token: None })));
    d.to_room.push_back((
        BEA,
        msg(&ClientMsg::Join {
            name: "Bea".into(),
            color: "#1d4ed8".into(),
            token: "boot".into(),
        }),
    ));
    d.to_room
        .push_back((WATCHER, msg(&ClientMsg::Enter { token: None })));
    d.settle(&mut room, 0);
    let bea_token = room.state().seats[2].1.clone().expect("Bea's seat is held");
    d.to_room.push_back((ANN, msg(&ClientMsg::Start)));
    d.settle(&mut room, 0);
    assert!(room.started());
    d.hello(&room, ANN, PlayerId(0));
    d.hello(&room, BEA, PlayerId(2));
    let mut now = 0;
    let mut came_back = false;
    let mut asked_again = false;
    while !room.game().is_some_and(|g| g.is_over()) {
        now += 100;
        assert!(now < 3_600_000, "the game ends");
        let out = room.tick(now);
        d.receive(out);
        d.settle(&mut room, now);
        let seq = room.game().map_or(0, |g| g.history().len());
        // Bea's device drops and comes back with its token on a new connection.
        if !came_back && seq > 40 {
            came_back = true;
            d.guests.remove(&BEA);
            let out = room.disconnect(BEA, now);
            d.receive(out);
            room.connect(BEA_AGAIN, now);
            d.to_room.push_back((
                BEA_AGAIN,
                msg(&ClientMsg::Enter {
                    token: Some(bea_token.clone()),
                }),
            ));
            d.hello(&room, BEA_AGAIN, PlayerId(2));
            d.settle(&mut room, now);
        }
        // Ann's device asks for the whole game again.
        if !asked_again && seq > 80 {
            asked_again = true;
            let ask = GuestMsg::ResyncRequest { from_seq: 0 };
            d.to_room
                .push_back((ANN, serde_json::to_vec(&ask).expect("writes")));
            d.settle(&mut room, now);
        }
    }
    assert!(came_back && asked_again);
    // Every message that carries the game was read: the welcomes on starting, on coming
    // back and on asking again (the watcher's too), and each action as it was applied.
    assert!(d.count(ANN, "welcome") >= 2, "{:?}", d.heard[&ANN]);
    assert!(d.count(BEA, "welcome") >= 1 && d.count(BEA_AGAIN, "welcome") >= 1);
    assert!(d.count(WATCHER, "welcome") >= 1);
    let actions = room.game().map_or(0, |g| g.history().len());
    assert!(actions > 100, "a whole game: {actions} actions");
    assert!(d.count(WATCHER, "applied") > 100);
    assert!(d.count(ANN, "room") >= 1 && d.count(ANN, "applied") > 100);
    // What the room itself keeps still has the game's seed (it replays from it).
    assert!(room.state().seed.is_some());
}
