//! Forged, malformed, oversized, repeated and out-of-turn messages change nothing.

mod common;

use common::*;
use worlds_engine::bots::bot;
use worlds_engine::{Action, ComputerStrategy, PlayerId};
use worlds_table::guest::{Guest, IntentError};
use worlds_table::host::{Host, LocalError, SeatControl, MAX_MESSAGES_PER_TICK};
use worlds_table::invite::TableId;
use worlds_table::protocol::{
    read_host, HostMsg, Outgoing, PeerId, To, MAX_MESSAGE_BYTES, PART_TAG,
};
use worlds_table::TableEvent;

const BEA: PeerId = PeerId(1);
const CAL: PeerId = PeerId(2);

/// A host with Bea (seat 1) and Cal (seat 2) connected and welcomed, on a perfect pipe.
fn table() -> (Host, Guest, Guest) {
    let mut host = Host::new(game(5), TABLE, &[PlayerId(1), PlayerId(2)]).expect("a host");
    let mut bea = Guest::new(TABLE, PlayerId(1));
    let mut cal = Guest::new(TABLE, PlayerId(2));
    host.peer_connected(BEA, PlayerId(1));
    host.peer_connected(CAL, PlayerId(2));
    let hello = bea.hello();
    deliver(&mut host, &mut bea, &mut cal, BEA, hello);
    let hello = cal.hello();
    deliver(&mut host, &mut bea, &mut cal, CAL, hello);
    assert!(bea.game().is_some() && cal.game().is_some());
    host.drain_events();
    (host, bea, cal)
}

/// Sends one guest message to the host and everything that follows, to quiet.
fn deliver(host: &mut Host, bea: &mut Guest, cal: &mut Guest, from: PeerId, msg: Outgoing) {
    let mut to_host = vec![(from, msg.bytes)];
    while !to_host.is_empty() {
        let mut back = Vec::new();
        for (from, bytes) in to_host.drain(..) {
            back.extend(host.on_message(from, &bytes));
        }
        spread(bea, cal, back, &mut to_host);
    }
}

fn spread(
    bea: &mut Guest,
    cal: &mut Guest,
    out: Vec<Outgoing>,
    to_host: &mut Vec<(PeerId, Vec<u8>)>,
) {
    for o in out {
        let targets: Vec<PeerId> = match o.to {
            To::Guests => vec![BEA, CAL],
            To::Peer(p) => vec![p],
            To::Host => unreachable!(),
        };
        for p in targets {
            let g = if p == BEA { &mut *bea } else { &mut *cal };
            for r in g.on_message(&o.bytes) {
                to_host.push((p, r.bytes));
            }
        }
    }
}

/// Plays the host's seats with bots until seat `seat` is to act.
fn until_turn_of(host: &mut Host, bea: &mut Guest, cal: &mut Guest, seat: usize) {
    let b = bot(ComputerStrategy::Balanced);
    for _ in 0..500 {
        if host.game().actor() == Some(PlayerId(seat)) {
            return;
        }
        let (s, _) = host.local_to_act().expect("the host's seats act first");
        let action = b.choose(host.game(), s);
        let out = host.apply_local(action).expect("legal");
        let mut to_host = Vec::new();
        spread(bea, cal, out, &mut to_host);
        assert!(to_host.is_empty());
    }
    panic!("seat {seat} never came to act");
}

fn dropped(host: &mut Host) -> Vec<String> {
    host.drain_events()
        .into_iter()
        .filter_map(|e| match e {
            TableEvent::Dropped { reason, .. } => Some(reason),
            _ => None,
        })
        .collect()
}

fn refusal(out: &[Outgoing]) -> (u32, String) {
    assert_eq!(out.len(), 1, "one answer: {out:?}");
    match read_host(&out[0].bytes, false) {
        Ok(HostMsg::Refused { intent, reason }) => (intent, reason),
        other => panic!("not a refusal: {other:?}"),
    }
}

fn intent(id: u32, seq_seen: u64, action: &Action) -> Vec<u8> {
    let action = serde_json::to_string(action).expect("writes");
    format!(r#"{{"t":"intent","id":{id},"seq_seen":{seq_seen},"action":{action}}}"#).into_bytes()
}

#[test]
fn out_of_turn_and_for_another_seat_are_refused_and_change_nothing() {
    let (mut host, _bea, _cal) = table();
    let (seq, hash) = (host.seq(), host.hash());
    // Ann (seat 0, at the host) is to act: Bea may not roll.
    let out = host.on_message(BEA, &intent(1, seq, &Action::Roll));
    assert_eq!(out[0].to, To::Peer(BEA), "only Bea hears of it");
    let (id, reason) = refusal(&out);
    assert_eq!(id, 1);
    assert_eq!(reason, "It is Ann's move, not yours.");
    // Nor resign for Ann.
    let out = host.on_message(
        BEA,
        &intent(
            2,
            seq,
            &Action::Resign {
                player: PlayerId(0),
            },
        ),
    );
    assert_eq!(refusal(&out).1, "You can only resign for yourself.");
    // Nor claim Cal's seat on her channel.
    let forged_hello =
        format!(r#"{{"t":"hello","table":"{TABLE}","seat":2,"last_seq":0,"hash":0}}"#);
    assert!(host.on_message(BEA, forged_hello.as_bytes()).is_empty());
    assert!(dropped(&mut host)
        .iter()
        .any(|r| r.contains("seat 2 on the channel of seat 1")));
    assert_eq!((host.seq(), host.hash()), (seq, hash));
    assert!(!host.game().players()[0].bankrupt);
}

#[test]
fn malformed_oversized_unknown_and_wrong_table_messages_are_dropped() {
    let (mut host, _bea, _cal) = table();
    let (seq, hash) = (host.seq(), host.hash());
    let cases: Vec<(PeerId, Vec<u8>, &str)> = vec![
        (BEA, b"{\"t\":\"intent\",\"id\":".to_vec(), "not a message"),
        (BEA, b"<script>alert(1)</script>".to_vec(), "not a message"),
        (
            BEA,
            br#"{"t":"intent","id":9,"seq_seen":0,"action":{"action":"teleport"}}"#.to_vec(),
            "not a message",
        ),
        (
            BEA,
            br#"{"t":"chat","text":"hi","html":"<b>x</b>"}"#.to_vec(),
            "not a message",
        ),
        (BEA, vec![b'{'; MAX_MESSAGE_BYTES + 1], "bytes"),
        (
            BEA,
            vec![PART_TAG, 0, 0, 0, 1, 0, 0, 0, 1, b'{'],
            "never sends parts",
        ),
        (
            BEA,
            format!(
                r#"{{"t":"hello","table":"{}","seat":1,"last_seq":0,"hash":0}}"#,
                TableId([7; 8])
            )
            .into_bytes(),
            "another table",
        ),
        (
            PeerId(99),
            intent(1, seq, &Action::Roll),
            "bound to no seat",
        ),
    ];
    for (from, bytes, why) in cases {
        let out = host.on_message(from, &bytes);
        assert!(out.is_empty(), "{why}: nothing is sent back");
        let reasons = dropped(&mut host);
        assert!(
            reasons.len() == 1 && reasons[0].contains(why),
            "expected a drop for '{why}', got {reasons:?}"
        );
        assert_eq!((host.seq(), host.hash()), (seq, hash));
    }
}

#[test]
fn a_repeated_intent_is_applied_once_and_answered_again() {
    let (mut host, mut bea, mut cal) = table();
    until_turn_of(&mut host, &mut bea, &mut cal, 1);
    assert_eq!(bea.seq(), host.seq());
    let msg = bea.intent(Action::Roll).expect("Bea's move");
    let seq = host.seq();
    let first = host.on_message(BEA, &msg.bytes);
    assert_eq!(host.seq(), seq + 1);
    assert_eq!(first[0].to, To::Guests);
    let again = host.on_message(BEA, &msg.bytes);
    assert_eq!(host.seq(), seq + 1, "not applied twice");
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].to, To::Peer(BEA), "the answer again, to Bea alone");
    assert_eq!(again[0].bytes, first[0].bytes, "the same Applied");
    // Bea applies it once, though it came twice.
    for o in first.iter().chain(&again) {
        assert!(bea.on_message(&o.bytes).is_empty());
    }
    assert_eq!(bea.seq(), host.seq());
    assert_eq!(bea.pending(), 0);
}

#[test]
fn a_stale_intent_and_one_for_a_seat_a_computer_plays_are_refused() {
    let (mut host, mut bea, mut cal) = table();
    until_turn_of(&mut host, &mut bea, &mut cal, 1);
    let seq = host.seq();
    // Seen before Ann's last moves: the game moved on since.
    let out = host.on_message(BEA, &intent(40, seq - 1, &Action::Roll));
    assert!(refusal(&out).1.contains("moved on"));
    let out = host.on_message(BEA, &intent(41, seq + 5, &Action::Roll));
    assert!(refusal(&out).1.contains("ahead"));
    // A computer plays for Bea: her device may not move.
    host.set_seat_control(PlayerId(1), SeatControl::Computer);
    let out = host.on_message(BEA, &intent(42, seq, &Action::Roll));
    assert!(refusal(&out).1.contains("computer"));
    assert_eq!(host.seq(), seq);
    // ... but the host's device may, for her.
    assert!(host.apply_local(Action::Roll).is_ok());
}

#[test]
fn the_host_cannot_move_for_a_remote_seat() {
    let (mut host, mut bea, mut cal) = table();
    until_turn_of(&mut host, &mut bea, &mut cal, 1);
    let seq = host.seq();
    assert_eq!(
        host.apply_local(Action::Roll),
        Err(LocalError::NotLocal { seat: PlayerId(1) })
    );
    assert_eq!(host.seq(), seq);
    // The guest's own check stops a move that is not hers, before it travels.
    assert_eq!(cal.intent(Action::Roll), Err(IntentError::NotYourMove));
}

#[test]
fn a_flood_is_cut_at_the_budget_without_stalling() {
    let (mut host, _bea, _cal) = table();
    host.tick(0); // a fresh budget (the hello spent one)
    let mut answered = 0;
    for _ in 0..200 {
        answered += host.on_message(BEA, br#"{"t":"ping"}"#).len();
    }
    assert_eq!(answered as u32, MAX_MESSAGES_PER_TICK);
    host.tick(500);
    assert!(dropped(&mut host)
        .iter()
        .any(|r| r.contains("over the limit")));
    // After the tick, Bea is heard again.
    assert_eq!(host.on_message(BEA, br#"{"t":"ping"}"#).len(), 1);
}

#[test]
fn a_message_before_hello_is_dropped() {
    let (mut host, _bea, _cal) = table();
    // A new channel for Bea's seat (her device reconnected) has not said hello yet.
    host.peer_connected(PeerId(7), PlayerId(1));
    assert!(host
        .on_message(PeerId(7), &intent(1, 0, &Action::Roll))
        .is_empty());
    assert!(dropped(&mut host)
        .iter()
        .any(|r| r.contains("before hello")));
    // The old channel is forgotten.
    assert!(!host.peers().contains(&BEA));
}

#[test]
fn a_guest_refuses_forged_or_broken_host_messages() {
    let (mut host, mut bea, mut cal) = table();
    until_turn_of(&mut host, &mut bea, &mut cal, 1);
    let seq = bea.seq();
    let game_before = bea.game().cloned();
    for bytes in [
        b"garbage".to_vec(),
        vec![b'{'; MAX_MESSAGE_BYTES + 10],
        br#"{"t":"chat","from":0,"text":"hi","extra":true}"#.to_vec(),
    ] {
        assert!(bea.on_message(&bytes).is_empty());
    }
    assert_eq!(bea.game().cloned(), game_before);
    // An Applied whose hash disagrees: Bea asks for the whole game again.
    let wrong = serde_json::to_vec(&HostMsg::Applied {
        seq: seq + 1,
        action: Action::Roll,
        by_seat: PlayerId(1),
        intent: None,
        entries: Vec::new(),
        hash: 12345,
    })
    .expect("writes");
    let out = bea.on_message(&wrong);
    assert_eq!(out.len(), 1);
    assert!(String::from_utf8_lossy(&out[0].bytes).contains(r#""last_seq":0"#));
    assert!(bea
        .drain_events()
        .iter()
        .any(|e| matches!(e, TableEvent::OutOfStep { .. })));
    // The host's welcome puts her right.
    let mut to_host = Vec::new();
    let back = host.on_message(BEA, &out[0].bytes);
    spread(&mut bea, &mut cal, back, &mut to_host);
    assert_eq!(bea.game().cloned(), Some(host.game().public_view()));
    assert!(bea.my_move());
}

#[test]
fn a_rejoining_hello_with_a_forged_or_too_large_number_gets_no_partial_game() {
    let (mut host, mut bea, mut cal) = table();
    until_turn_of(&mut host, &mut bea, &mut cal, 1);
    let (seq, hash) = (host.seq(), host.hash());
    assert!(seq > 0);
    for (n, last_seq) in [(0u32, seq + 1), (1, u64::MAX), (2, 1 << 53)] {
        // Bea's device on a new channel claims more of the game than the table has.
        let peer = PeerId(100 + n);
        host.peer_connected(peer, PlayerId(1));
        let hello = format!(
            r#"{{"t":"hello","table":"{TABLE}","seat":1,"last_seq":{last_seq},"hash":{hash}}}"#
        );
        let out = host.on_message(peer, hello.as_bytes());
        let reasons = dropped(&mut host);
        assert!(
            reasons.iter().any(|r| r.contains("claiming")),
            "the claim is refused with a sentence: {reasons:?}"
        );
        assert_eq!((host.seq(), host.hash()), (seq, hash), "nothing changed");
        // What it gets is the whole game, never a part of it.
        let mut fresh = Guest::new(TABLE, PlayerId(1));
        for o in out.iter().filter(|o| o.to == To::Peer(peer)) {
            if o.bytes.first() != Some(&PART_TAG) {
                assert!(
                    matches!(read_host(&o.bytes, false), Ok(HostMsg::Welcome { .. })),
                    "the whole game for a forged number"
                );
            }
            fresh.on_message(&o.bytes);
        }
        assert!(fresh.drain_events().contains(&TableEvent::Joined { seq }));
        assert_eq!(
            fresh.game().map(worlds_table::protocol::state_hash),
            Some(hash)
        );
    }
    // The right number with another hash: the whole game too, and said why.
    host.peer_connected(PeerId(120), PlayerId(1));
    let hello = format!(
        r#"{{"t":"hello","table":"{TABLE}","seat":1,"last_seq":{seq},"hash":{}}}"#,
        hash ^ 1
    );
    let out = host.on_message(PeerId(120), hello.as_bytes());
    assert!(dropped(&mut host).iter().any(|r| r.contains("differs")));
    assert!(!out.is_empty());
    assert_eq!((host.seq(), host.hash()), (seq, hash));
}

/// Issue 38: a guest whose copy of the game went wrong (here a damaged welcome gave it a
/// player with $1000 the table never paid, under a hash of its own that agrees with it) is
/// found out by the next action's hash, asks for the whole game, is healed by it, and plays
/// on in step with the host: never stuck.
#[test]
fn a_guest_whose_copy_went_wrong_is_healed_by_the_whole_game_and_plays_on() {
    use worlds_engine::{Game, PublicGame};
    use worlds_table::protocol::state_hash;
    let (mut host, mut bea, mut cal) = table();
    until_turn_of(&mut host, &mut bea, &mut cal, 1);
    let seq = host.seq();
    // The damaged game, and the hash of its own state.
    let mut damaged = serde_json::to_value(host.game().public_game()).expect("writes");
    let cash = damaged["players"][0]["cash"].as_i64().expect("cash");
    damaged["players"][0]["cash"] = (cash + 1000).into();
    let damaged: PublicGame = serde_json::from_value(damaged).expect("a game");
    let wrong_hash = state_hash(&Game::try_from(damaged.clone()).expect("a copy"));
    let forged = serde_json::to_vec(&HostMsg::Welcome {
        seat: Some(PlayerId(1)),
        last_intent: 0,
        game: Box::new(damaged),
        hash: wrong_hash,
        presence: bea.presence().to_vec(),
        chat: Vec::new(),
    })
    .expect("writes");
    assert!(bea.on_message(&forged).is_empty());
    let copy = bea.game().expect("a copy");
    assert_eq!(copy.history().len() as u64, seq);
    assert_ne!(state_hash(copy), host.hash(), "Bea's copy went wrong");
    assert_eq!(copy.player(PlayerId(0)).cash, cash + 1000);
    bea.drain_events();

    // Play on: the first action after it shows the copy out of step; Bea asks for the whole
    // game (a hello without one), and the host's welcome heals her.
    let b = bot(ComputerStrategy::Balanced);
    let mut healed_at = None;
    for step in 0..400u64 {
        if host.game().is_over() {
            break;
        }
        // Time passes (each device's message budget is per tick).
        let out = host.tick(1_000 + step * 100);
        let mut to_host = Vec::new();
        spread(&mut bea, &mut cal, out, &mut to_host);
        assert!(to_host.is_empty());
        if let Some((s, _)) = host.local_to_act() {
            let action = b.choose(host.game(), s);
            let out = host.apply_local(action).expect("legal");
            let mut to_host = Vec::new();
            spread(&mut bea, &mut cal, out, &mut to_host);
            for (from, bytes) in to_host {
                let out = host.on_message(from, &bytes);
                let mut more = Vec::new();
                spread(&mut bea, &mut cal, out, &mut more);
                assert!(more.is_empty());
            }
        } else {
            let guest = if bea.my_move() { &mut bea } else { &mut cal };
            assert!(
                guest.my_move(),
                "someone can act: never stuck (actor {:?}, host at {}, bea at {} with {} pending, cal at {})",
                host.game().actor(),
                host.seq(),
                bea.seq(),
                bea.pending(),
                cal.seq()
            );
            let seat = guest.seat().expect("a seat");
            let action = b.choose(guest.game().expect("a game"), seat);
            let msg = guest.intent(action).expect("legal in its copy");
            let from = if seat == PlayerId(1) { BEA } else { CAL };
            deliver(&mut host, &mut bea, &mut cal, from, msg);
        }
        let events = bea.drain_events();
        if events
            .iter()
            .any(|e| matches!(e, TableEvent::OutOfStep { .. }))
        {
            assert!(healed_at.is_none(), "found out once");
            assert!(
                events
                    .iter()
                    .any(|e| matches!(e, TableEvent::Joined { .. })),
                "the whole game came at once: {events:?}"
            );
            healed_at = Some(host.seq());
        }
        if healed_at.is_some() {
            let copy = bea.game().expect("a copy");
            assert_eq!(state_hash(copy), host.hash(), "healed");
        }
    }
    let healed_at = healed_at.expect("the damage was found");
    assert_eq!(healed_at, seq + 1, "by the very next action");
    assert!(host.seq() > healed_at + 20, "and the game went on");
    let view = host.game().public_view();
    assert_eq!(bea.game(), Some(&view));
    assert_eq!(cal.game(), Some(&view));
}

/// Issue 38: a guest that missed an action (a gap) asks for what follows its own, and gets
/// only the actions it lacks, told as they were, and a pong: not the whole game.
#[test]
fn a_guest_that_missed_an_action_gets_only_the_actions_it_lacks() {
    use worlds_table::protocol::state_hash;
    let (mut host, mut bea, mut cal) = table();
    let b = bot(ComputerStrategy::Balanced);
    // One action both get (asking for the actions after none is asking for the whole game).
    let (s, _) = host.local_to_act().expect("the host's seat acts first");
    let out = host.apply_local(b.choose(host.game(), s)).expect("legal");
    let mut to_host = Vec::new();
    spread(&mut bea, &mut cal, out, &mut to_host);
    let had = bea.seq();
    assert_eq!(had, 1);
    let mut both = Vec::new();
    while let Some((s, _)) = host.local_to_act().filter(|_| both.len() < 3) {
        let out = host.apply_local(b.choose(host.game(), s)).expect("legal");
        both.push(out);
    }
    let n = both.len() as u64;
    assert!(n >= 2, "the host's seats made {n} moves in a row");
    // Bea misses all but the last of them; Cal gets them all.
    for out in &both {
        spread(
            &mut cal,
            &mut Guest::new(TABLE, PlayerId(1)),
            out.clone(),
            &mut to_host,
        );
    }
    let last = both.pop().expect("two or more");
    let asked: Vec<Outgoing> = last.iter().flat_map(|o| bea.on_message(&o.bytes)).collect();
    assert_eq!(asked.len(), 1, "{asked:?}");
    let ask = String::from_utf8_lossy(&asked[0].bytes).to_string();
    assert_eq!(ask, format!(r#"{{"t":"resync_request","from_seq":{had}}}"#));
    assert!(!bea.my_move() || bea.seq() == had);
    let answer = host.on_message(BEA, &asked[0].bytes);
    let kinds: Vec<String> = answer
        .iter()
        .map(|o| match read_host(&o.bytes, false) {
            Ok(HostMsg::Applied { seq, .. }) => format!("applied {seq}"),
            Ok(HostMsg::Pong { seq }) => format!("pong {seq}"),
            other => format!("{other:?}").chars().take(20).collect(),
        })
        .collect();
    let mut want: Vec<String> = (had + 1..=had + n)
        .map(|s| format!("applied {s}"))
        .collect();
    want.push(format!("pong {}", had + n));
    assert_eq!(kinds, want);
    assert!(answer.iter().all(|o| o.to == To::Peer(BEA)));
    for o in &answer {
        assert!(bea.on_message(&o.bytes).is_empty());
    }
    assert_eq!(bea.seq(), host.seq());
    assert_eq!(state_hash(bea.game().expect("a game")), host.hash());
    assert!(bea.drain_events().contains(&TableEvent::Caught {
        from: had,
        seq: had + n
    }));
    // Nothing left asked: her next move is hers to make when it comes.
    assert!(bea
        .tick(10_000)
        .iter()
        .all(|o| !String::from_utf8_lossy(&o.bytes).contains("resync")));
}

#[test]
fn building_and_selling_in_a_loop_stops_at_the_cap_with_a_sentence_and_the_turn_goes_on() {
    use worlds_engine::game::SeatStart;
    use worlds_engine::{Game, GameSetup, Preset, Seat, SquareId};
    use worlds_table::host::MAX_MANAGING_PER_TURN;
    // Bea (seat 0, on another device) holds the dark purples, and buildings sell back at
    // their whole price: building and selling would cost her nothing, for ever.
    let mut rules = Preset::Classic.board().rules().clone();
    rules.building_sell_percent = 100;
    let mut setup = GameSetup::new(
        Preset::Classic.board(),
        vec![
            Seat {
                start: SeatStart {
                    cash: Some(5_000),
                    owns: vec![1, 3],
                    ..SeatStart::default()
                },
                ..Seat::human("Bea")
            },
            Seat::human("Ann"),
        ],
        3,
    );
    setup.rules = rules;
    let mut host =
        Host::new(Game::new(setup).expect("a game"), TABLE, &[PlayerId(0)]).expect("a host");
    let mut bea = Guest::new(TABLE, PlayerId(0));
    host.peer_connected(BEA, PlayerId(0));
    let to_bea = |host: &mut Host, bea: &mut Guest, bytes: &[u8]| {
        let mut back = host.on_message(BEA, bytes);
        let mut answers = Vec::new();
        while let Some(o) = back.pop() {
            answers.extend(bea.on_message(&o.bytes));
        }
        answers
    };
    let hello = bea.hello();
    to_bea(&mut host, &mut bea, &hello.bytes);
    let mut refused = None;
    for i in 0..(2 * MAX_MANAGING_PER_TURN + 10) {
        // Ticks refill the messages' budget.
        host.tick(i as u64 * 1_000);
        let action = if i % 2 == 0 {
            Action::Build {
                square: SquareId(1),
            }
        } else {
            Action::SellBuilding {
                square: SquareId(1),
            }
        };
        let intent = bea.intent(action).expect("Bea's move");
        to_bea(&mut host, &mut bea, &intent.bytes);
        if let Some(TableEvent::Refused { reason, .. }) = host
            .drain_events()
            .into_iter()
            .find(|e| matches!(e, TableEvent::Refused { .. }))
        {
            refused = Some((i, reason));
            break;
        }
    }
    let (at, reason) = refused.expect("the loop is stopped");
    assert_eq!(at, MAX_MANAGING_PER_TURN, "stopped at the cap, not before");
    assert!(reason.contains("end your turn"), "{reason}");
    assert_eq!(host.game().history().len(), MAX_MANAGING_PER_TURN);
    // The turn goes on: rolling (a move that is no building) is still hers to make.
    host.tick(1_000_000);
    let roll = bea.intent(Action::Roll).expect("a roll");
    to_bea(&mut host, &mut bea, &roll.bytes);
    assert!(host.game().history().len() > MAX_MANAGING_PER_TURN);
}
