//! Whole games over a lossy in-memory network: a host and two guests, every seat played by
//! a bot from its own device's copy. Whatever the network does (drop, repeat, delay,
//! reorder; seeded, so every run is the same), every device ends with the game a single
//! device replays from the same actions, and nothing is applied twice.

mod common;

use std::collections::BTreeMap;

use common::*;
use worlds_engine::bots::bot;
use worlds_engine::{Action, ComputerStrategy, Game, GameRecord};
use worlds_table::guest::Guest;
use worlds_table::host::{Host, SeatControl};
use worlds_table::protocol::{state_hash, HostMsg, Outgoing, PeerId, Presence, To};
use worlds_table::TableEvent;

/// SplitMix64: a small seeded generator for the network's whims.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Node {
    Host,
    Guest(usize),
}

struct Packet {
    at: u64,
    from: Node,
    to: Node,
    bytes: Vec<u8>,
}

/// How bad the network is.
#[derive(Clone, Copy)]
struct Weather {
    drop: u64,
    dup: u64,
    max_delay: u64,
}

const CALM: Weather = Weather {
    drop: 0,
    dup: 0,
    max_delay: 0,
};

struct Net {
    rng: Rng,
    weather: Weather,
    queue: Vec<Packet>,
    /// Guests whose device is away: nothing reaches them or comes from them.
    away: Vec<bool>,
}

impl Net {
    fn post(&mut self, now: u64, from: Node, to: Node, bytes: Vec<u8>) {
        let w = self.weather;
        let copies = if self.rng.chance(w.drop) {
            0
        } else if self.rng.chance(w.dup) {
            2
        } else {
            1
        };
        for _ in 0..copies {
            let at = now + 1 + self.rng.below(w.max_delay + 1);
            self.queue.push(Packet {
                at,
                from,
                to,
                bytes: bytes.clone(),
            });
        }
    }

    /// The packets due now, in a shuffled order.
    fn due(&mut self, now: u64) -> Vec<Packet> {
        let (mut due, rest): (Vec<Packet>, Vec<Packet>) =
            self.queue.drain(..).partition(|p| p.at <= now);
        self.queue = rest;
        for i in (1..due.len()).rev() {
            let j = self.rng.below(i as u64 + 1) as usize;
            due.swap(i, j);
        }
        due
    }
}

/// A table: the host device (seat 0 a person played by a bot, seat 3 a computer), and
/// guests for seats 1 and 2.
struct Table {
    host: Host,
    guests: Vec<Option<Guest>>,
    seats: Vec<usize>,
    peers: Vec<PeerId>,
    net: Net,
    now: u64,
    /// Every Applied the host sent: seq -> (action, by_seat, intent, hash).
    applied: BTreeMap<u64, (Action, usize, Option<u32>, u64)>,
    host_events: Vec<TableEvent>,
    guest_events: Vec<Vec<TableEvent>>,
    /// Intents guests sent (repeats included).
    intents_sent: usize,
}

impl Table {
    fn new(seed: u64, weather: Weather) -> Table {
        Table::with_game(game(seed), seed, weather)
    }

    fn with_game(game: Game, seed: u64, weather: Weather) -> Table {
        let host = Host::new(game, TABLE, &[1, 2]).expect("a host");
        let mut t = Table {
            host,
            guests: vec![Some(Guest::new(TABLE, 1)), Some(Guest::new(TABLE, 2))],
            seats: vec![1, 2],
            peers: vec![PeerId(11), PeerId(12)],
            net: Net {
                rng: Rng(seed ^ 0x5eed),
                weather,
                queue: Vec::new(),
                away: vec![false, false],
            },
            now: 0,
            applied: BTreeMap::new(),
            host_events: Vec::new(),
            guest_events: vec![Vec::new(), Vec::new()],
            intents_sent: 0,
        };
        for i in 0..2 {
            t.join(i);
        }
        t
    }

    /// Guest `i`'s channel opens: the host binds it, the guest says hello.
    fn join(&mut self, i: usize) {
        let out = self.host.peer_connected(self.peers[i], self.seats[i]);
        self.send_from_host(out);
        if let Some(g) = self.guests[i].as_mut() {
            let hello = g.hello();
            self.send_from_guest(i, vec![hello]);
        }
    }

    fn send_from_host(&mut self, out: Vec<Outgoing>) {
        for o in out {
            self.sniff(&o.bytes);
            let targets: Vec<usize> = match o.to {
                To::Guests => (0..self.peers.len())
                    .filter(|&i| self.host.peers().contains(&self.peers[i]))
                    .collect(),
                To::Peer(p) => self
                    .peers
                    .iter()
                    .position(|&q| q == p)
                    .into_iter()
                    .collect(),
                To::Host => panic!("the host never sends to itself"),
            };
            for i in targets {
                if !self.net.away[i] {
                    self.net
                        .post(self.now, Node::Host, Node::Guest(i), o.bytes.clone());
                }
            }
        }
    }

    fn send_from_guest(&mut self, i: usize, out: Vec<Outgoing>) {
        for o in out {
            assert_eq!(o.to, To::Host);
            if o.bytes.starts_with(br#"{"t":"intent""#) {
                self.intents_sent += 1;
            }
            if !self.net.away[i] {
                self.net.post(self.now, Node::Guest(i), Node::Host, o.bytes);
            }
        }
    }

    /// Records every Applied the host sends, and checks it never numbers two actions alike.
    fn sniff(&mut self, bytes: &[u8]) {
        if bytes.first() != Some(&b'{') {
            return;
        }
        if let Ok(HostMsg::Applied {
            seq,
            action,
            by_seat,
            intent,
            hash,
        }) = serde_json::from_slice::<HostMsg>(bytes)
        {
            let entry = (action, by_seat, intent, hash);
            if let Some(before) = self.applied.get(&seq) {
                assert_eq!(
                    before, &entry,
                    "seq {seq} sent twice with different content"
                );
            }
            self.applied.insert(seq, entry);
        }
    }

    /// One step of 20 ms: deliver, tick, let whoever is to act act.
    fn step(&mut self, bots: &Bots) {
        self.now += 20;
        for p in self.net.due(self.now) {
            match (p.from, p.to) {
                (Node::Guest(i), Node::Host) => {
                    if self.net.away[i] {
                        continue;
                    }
                    let out = self.host.on_message(self.peers[i], &p.bytes);
                    self.send_from_host(out);
                }
                (Node::Host, Node::Guest(i)) => {
                    if self.net.away[i] {
                        continue;
                    }
                    if let Some(g) = self.guests[i].as_mut() {
                        let out = g.on_message(&p.bytes);
                        self.send_from_guest(i, out);
                    }
                }
                _ => unreachable!(),
            }
        }
        if self.now.is_multiple_of(500) {
            let out = self.host.tick(self.now);
            self.send_from_host(out);
            for i in 0..self.guests.len() {
                if let Some(g) = self.guests[i].as_mut() {
                    let out = g.tick(self.now);
                    self.send_from_guest(i, out);
                }
            }
        }
        self.host_events.extend(self.host.drain_events());
        for (i, g) in self.guests.iter_mut().enumerate() {
            if let Some(g) = g {
                self.guest_events[i].extend(g.drain_events());
            }
        }
        // The host's device: its person (seat 0), its computer, and computers standing in.
        if let Some((seat, _)) = self.host.local_to_act() {
            let action = bots.choose(self.host.game(), seat);
            let out = self
                .host
                .apply_local(action)
                .expect("a bot's move is legal");
            self.send_from_host(out);
        }
        // Each guest plays its seat from its own copy when it believes it is its move.
        for i in 0..self.guests.len() {
            if self.net.away[i] {
                continue;
            }
            let Some(g) = self.guests[i].as_mut() else {
                continue;
            };
            if !g.my_move() {
                continue;
            }
            let Some(game) = g.game() else { continue };
            let action = bots.choose(game, g.seat());
            let out = g
                .intent(action)
                .expect("a bot's move passes the local check");
            self.send_from_guest(i, vec![out]);
        }
    }

    fn settled(&self) -> bool {
        self.host.game().is_over()
            && self
                .guests
                .iter()
                .flatten()
                .all(|g| g.seq() == self.host.seq() && g.pending() == 0)
    }

    /// Plays until the game is over and every device has all of it.
    fn play_out(&mut self, bots: &Bots, max_ms: u64) {
        while !self.settled() {
            assert!(
                self.now < max_ms,
                "not settled after {max_ms} ms: host at {} (over: {}), guests at {:?}",
                self.host.seq(),
                self.host.game().is_over(),
                self.guests
                    .iter()
                    .flatten()
                    .map(|g| g.seq())
                    .collect::<Vec<_>>()
            );
            self.step(bots);
        }
    }

    /// Every device holds the game a single device replays from the host's actions; every
    /// action was numbered once; remote seats' actions and only those answer an intent.
    fn check_agreement(&self) {
        let host_game = self.host.game();
        let actions = host_game.history();
        let alone = Game::replay(host_game.setup(), actions).expect("the actions replay");
        assert_eq!(&alone, host_game, "the host's game is the replayed one");
        let hash = state_hash(&alone);
        assert_eq!(self.host.hash(), hash);
        for g in self.guests.iter().flatten() {
            let gg = g.game().expect("the guest has the game");
            assert_eq!(gg.history(), actions, "seat {}: same actions", g.seat());
            assert_eq!(gg, &alone, "seat {}: same game", g.seat());
            assert_eq!(state_hash(gg), hash, "seat {}: same hash", g.seat());
        }
        // Every Applied seen numbers the action the host has at that place.
        let mut intents = BTreeMap::new();
        for (&seq, (action, by_seat, intent, _)) in &self.applied {
            assert_eq!(&actions[seq as usize - 1], action, "seq {seq}");
            assert_eq!(
                intent.is_some(),
                self.seats.contains(by_seat) && !self.computer_played(seq),
                "seq {seq}: only a remote seat's own moves answer an intent"
            );
            if let Some(id) = intent {
                if let Some(other) = intents.insert((*by_seat, *id), seq) {
                    panic!("intent {id} of seat {by_seat} applied twice: {other} and {seq}");
                }
            }
        }
        assert_eq!(
            self.applied.len(),
            actions.len(),
            "every action was announced"
        );
    }

    fn computer_played(&self, seq: u64) -> bool {
        self.applied
            .get(&seq)
            .is_some_and(|(_, by, intent, _)| self.seats.contains(by) && intent.is_none())
    }
}

/// The bots of every seat (all "balanced"; a computer standing in plays the same way).
struct Bots(Box<dyn worlds_engine::Strategy>);

impl Bots {
    fn new() -> Bots {
        Bots(bot(ComputerStrategy::Balanced))
    }
    fn choose(&self, game: &Game, seat: usize) -> Action {
        self.0.choose(game, worlds_engine::PlayerId(seat))
    }
}

const STORMY: Weather = Weather {
    drop: 12,
    dup: 8,
    max_delay: 300,
};

#[test]
fn a_whole_game_on_a_calm_network_ends_the_same_everywhere() {
    let bots = Bots::new();
    let mut t = Table::new(7, CALM);
    t.play_out(&bots, 3_600_000);
    t.check_agreement();
    eprintln!(
        "calm: {} actions in {} simulated seconds",
        t.host.seq(),
        t.now / 1000
    );
}

#[test]
fn whole_games_on_a_stormy_network_end_the_same_everywhere() {
    let bots = Bots::new();
    for seed in [1, 2, 3] {
        let mut t = Table::new(seed, STORMY);
        t.play_out(&bots, 3_600_000);
        t.check_agreement();
        let by_guests = t.applied.values().filter(|a| a.2.is_some()).count();
        let caught = t
            .guest_events
            .iter()
            .flatten()
            .filter(|e| matches!(e, TableEvent::Caught { .. }))
            .count();
        eprintln!(
            "seed {seed}: {} actions, {by_guests} by guests from {} intents sent, in {} simulated seconds; guests caught up after a gap {caught} times",
            t.host.seq(),
            t.intents_sent,
            t.now / 1000
        );
        assert!(by_guests > 50, "guests played");
        assert!(t.intents_sent > by_guests, "some intents were sent again");
        assert!(caught > 0, "some gaps were filled by a resync");
    }
}

#[test]
fn a_guest_that_reloads_gets_what_it_missed_and_a_computer_plays_meanwhile() {
    let bots = Bots::new();
    let mut t = Table::new(11, STORMY);
    // Play a while.
    while t.host.seq() < 120 {
        t.step(&bots);
    }
    // Cal's page reloads: the device is gone, with its game saved.
    let saved = GameRecord::of(
        t.guests[1]
            .as_ref()
            .and_then(Guest::game)
            .expect("has a game"),
    );
    t.guests[1] = None;
    t.net.away[1] = true;
    let out = t.host.peer_disconnected(t.peers[1]);
    t.send_from_host(out);
    assert_eq!(t.host.presence(2), Some(Presence::Reconnecting));
    // "Let a computer play for Cal."
    let out = t.host.set_seat_control(2, SeatControl::Computer);
    t.send_from_host(out);
    assert_eq!(t.host.presence(2), Some(Presence::ComputerPlaying));
    let at_reload = t.host.seq();
    while t.host.seq() < at_reload + 80 && !t.host.game().is_over() {
        t.step(&bots);
    }
    assert!(t.host.seq() > saved.actions.len() as u64);
    // Cal is back on a new channel, from the saved game.
    t.net.away[1] = false;
    t.peers[1] = PeerId(22);
    t.guests[1] = Some(Guest::resume(TABLE, 2, &saved).expect("the saved game replays"));
    t.guest_events[1].clear();
    t.join(1);
    for _ in 0..400 {
        t.step(&bots);
        if t.host_events
            .iter()
            .any(|e| e == &TableEvent::SeatBack { seat: 2 })
        {
            break;
        }
    }
    assert!(
        t.host_events.contains(&TableEvent::SeatBack { seat: 2 }),
        "the host is told Cal is back"
    );
    let out = t.host.set_seat_control(2, SeatControl::Remote);
    t.send_from_host(out);
    t.play_out(&bots, 3_600_000);
    t.check_agreement();
    // The computer played for Cal while away.
    assert!(t
        .applied
        .range(at_reload + 1..)
        .any(|(_, (_, by, intent, _))| *by == 2 && intent.is_none()));
    // The reloaded guest caught up with a resync from its saved actions, not a welcome.
    let events = &t.guest_events[1];
    let caught = events
        .iter()
        .position(|e| matches!(e, TableEvent::Caught { .. }))
        .expect("caught up");
    assert!(
        !events[..caught]
            .iter()
            .any(|e| matches!(e, TableEvent::Joined { .. })),
        "no whole game was needed: {:?}",
        &events[..caught]
    );
}

#[test]
fn a_board_with_pictures_arrives_in_parts_over_a_stormy_network() {
    // A pawn picture of 300 KB: the welcome is several parts, some of them lost.
    let mut def = worlds_engine::Preset::Classic.board_def();
    def.pawns.push(worlds_engine::board::PawnDef {
        name: "Kite".to_string(),
        picture: format!("data:image/png;base64,{}", "QUJD".repeat(75_000)),
    });
    let board = worlds_engine::Board::from_def(def).expect("a valid board");
    let mut s = setup(21);
    s.board = std::sync::Arc::new(board);
    let game = Game::new(s).expect("a valid setup");
    let bots = Bots::new();
    let mut t = Table::with_game(game, 21, STORMY);
    t.play_out(&bots, 3_600_000);
    t.check_agreement();
    let joins = t
        .guest_events
        .iter()
        .flatten()
        .filter(|e| matches!(e, TableEvent::Joined { .. }))
        .count();
    assert_eq!(joins, 2, "each guest put its welcome together once");
    for g in t.guests.iter().flatten() {
        assert_eq!(g.game().map(|g| g.board().def().pawns.len()), Some(1));
    }
}
