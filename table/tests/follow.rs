//! Issue 38: a client is sent what happened (an action and its log entries), not the whole
//! game. Its public copy (no generator, no seed) applies each action with the dice, cards and
//! ranged amounts the entries show, and must keep exactly the real game's state hash and
//! legal actions, over many seeded games on every preset and a board of ranged cards, through
//! cards, jail, auctions, trades, debts and bankruptcies.

use serde_json::json;
use worlds_engine::bots::bot;
use worlds_engine::{
    Action, Board, BoardDef, ComputerStrategy, Event, Game, GameSetup, LogEntry, Phase, PlayerId,
    Preset, PublicGame, Seat, SeatKind,
};
use worlds_table::protocol::state_hash;

/// SplitMix64: the test's own choices (who resigns), seeded.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % n.max(1)
    }
}

/// The classic board with ranged cards in both decks ("collect between $20 and $200", a move
/// of 1 to 3 squares back...).
fn ranged_classic() -> Board {
    let mut def: serde_json::Value =
        serde_json::to_value(Preset::Classic.board().def()).expect("writes");
    let ranges = [
        (
            "chance",
            0,
            json!({"kind": "collect", "amount": {"from": 20, "to": 200}}),
        ),
        (
            "chance",
            1,
            json!({"kind": "pay", "amount": {"from": 10, "to": 150}}),
        ),
        (
            "chance",
            2,
            json!({"kind": "move_by", "steps": {"from": -3, "to": -1}}),
        ),
        (
            "chance",
            3,
            json!({"kind": "move_by", "steps": {"from": 1, "to": 3}}),
        ),
        (
            "community_chest",
            0,
            json!({"kind": "pay_each_player", "amount": {"from": 5, "to": 60}}),
        ),
        (
            "community_chest",
            1,
            json!({"kind": "collect_from_each_player", "amount": {"from": 5, "to": 60}}),
        ),
        (
            "community_chest",
            2,
            json!({"kind": "collect", "amount": {"from": 1, "to": 300}}),
        ),
    ];
    for (deck, i, effect) in ranges {
        def["decks"][deck][i] = json!({"text": format!("Ranged {deck} {i}"), "effect": effect});
    }
    let def: BoardDef = serde_json::from_value(def).expect("a board definition");
    Board::from_def(def).expect("a valid board")
}

/// Seats for game `n`: 2 to 5, people and every computer strategy but the expert (slow).
fn seats(n: u64) -> Vec<Seat> {
    let kinds = [
        None,
        Some(ComputerStrategy::Balanced),
        Some(ComputerStrategy::Random),
        Some(ComputerStrategy::Cautious),
        None,
    ];
    let count = 2 + (n % 4) as usize;
    (0..count)
        .map(|i| {
            let name = format!("P{i}");
            match kinds[(i + n as usize) % kinds.len()] {
                Some(s) => Seat::computer(&name, s),
                None => Seat::human(&name),
            }
        })
        .collect()
}

/// What the games went through (the test shows it covered each).
#[derive(Default, Debug)]
struct Seen {
    actions: u64,
    cards: u64,
    ranged: u64,
    jail: u64,
    auctions: u64,
    trades: u64,
    debts: u64,
    bankruptcies: u64,
    games_over: u64,
}

impl Seen {
    fn note(&mut self, entries: &[LogEntry], after: &Game) {
        self.actions += 1;
        for e in entries {
            match &e.event {
                Event::CardDrawn { amount, .. } => {
                    self.cards += 1;
                    self.ranged += u64::from(amount.is_some());
                }
                Event::SentToJail => self.jail += 1,
                Event::AuctionStarted { .. } => self.auctions += 1,
                Event::TradeAccepted { .. } => self.trades += 1,
                Event::Bankrupt { .. } => self.bankruptcies += 1,
                _ => {}
            }
        }
        if matches!(after.phase(), Phase::RaiseCash { .. }) {
            self.debts += 1;
        }
        if after.is_over() {
            self.games_over += 1;
        }
    }
}

/// The next action of the real game: the seat's strategy (a person's seat plays balanced),
/// now and then a resignation.
fn choose(real: &Game, rng: &mut Rng) -> Option<Action> {
    let me = real.actor()?;
    if real.active_players().len() > 2 && rng.below(300) == 0 {
        return Some(Action::Resign { player: me });
    }
    let strategy = match &real.player(me).kind {
        SeatKind::Computer { strategy } => *strategy,
        _ => ComputerStrategy::Balanced,
    };
    Some(bot(strategy).choose(real, me))
}

/// As the wire carries it: written and read back.
fn by_wire<T: serde::Serialize + serde::de::DeserializeOwned>(value: &T) -> T {
    serde_json::from_slice(&serde_json::to_vec(value).expect("writes")).expect("reads")
}

/// Plays `real` on for at most `max` actions with a public copy following it.
fn follow_game(mut real: Game, seed: u64, max: usize, seen: &mut Seen) {
    let mut rng = Rng(seed);
    let mut copy = Game::try_from(by_wire(&real.public_game())).expect("a welcome");
    for n in 0..max {
        let Some(action) = choose(&real, &mut rng) else {
            break;
        };
        let entries = real.apply(action.clone()).expect("a bot's move").to_vec();
        let entries: Vec<LogEntry> = by_wire(&entries);
        copy.follow(by_wire(&action), &entries)
            .unwrap_or_else(|e| panic!("seed {seed}, action {n} ({action:?}): {e}"));
        seen.note(&entries, &real);
        assert_eq!(
            state_hash(&copy),
            state_hash(&real),
            "seed {seed}, action {n}"
        );
        assert_eq!(
            copy.legal_actions(),
            real.legal_actions(),
            "seed {seed}, action {n}"
        );
        assert_eq!(copy.actor(), real.actor());
        if n % 97 == 0 {
            // The whole copy is the game as every player may know it, and a welcome now
            // (what a rejoining client gets) brings the very same copy.
            let view = real.public_view();
            assert_eq!(copy, view, "seed {seed}, action {n}");
            let welcome: PublicGame = by_wire(&real.public_game());
            assert_eq!(Game::try_from(welcome), Ok(view));
        }
    }
    assert_eq!(copy, real.public_view(), "seed {seed}: at the end");
    assert_eq!(copy.net_worth_history(), real.net_worth_history());
}

#[test]
fn a_public_copy_keeps_the_real_games_hash_and_legal_actions_through_many_games() {
    let mut seen = Seen::default();
    let boards = [
        Preset::Classic.board(),
        Preset::Mini.board(),
        Preset::Campus.board(),
        Preset::Worlds.board(),
        ranged_classic(),
    ];
    for seed in 1..=6u64 {
        for (b, board) in boards.iter().enumerate() {
            let n = seed * 5 + b as u64;
            let mut setup = GameSetup::new(board.clone(), seats(n), n * 7919);
            // Half the games short of cash: debts, forced sales and bankruptcies come sooner.
            if seed % 2 == 0 {
                setup.rules.starting_cash = 400;
            }
            setup.rules.round_limit = Some(40);
            let real = Game::new(setup).expect("a game");
            follow_game(real, n, 700, &mut seen);
        }
    }
    eprintln!("{seen:?}");
    assert!(seen.actions > 10_000, "{seen:?}");
    assert!(seen.cards > 100 && seen.ranged > 10, "{seen:?}");
    assert!(seen.jail > 20 && seen.auctions > 20, "{seen:?}");
    assert!(seen.trades > 5 && seen.debts > 5, "{seen:?}");
    assert!(seen.bankruptcies > 10 && seen.games_over > 5, "{seen:?}");
}

#[test]
fn a_copy_given_other_entries_refuses_them_and_stays_as_it_was() {
    let setup = GameSetup::new(ranged_classic(), seats(3), 12);
    let mut real = Game::new(setup).expect("a game");
    let mut copy = real.public_view();
    let mut rng = Rng(5);
    // Play on until a ranged card is drawn, then offer the copy another amount for it.
    for _ in 0..5_000 {
        let action = choose(&real, &mut rng).expect("a game on");
        let entries = real.apply(action.clone()).expect("legal").to_vec();
        let ranged = entries.iter().position(|e| {
            matches!(
                e.event,
                Event::CardDrawn {
                    amount: Some(_),
                    ..
                }
            )
        });
        if let Some(at) = ranged {
            let mut forged = entries.clone();
            if let Event::CardDrawn {
                amount: Some(a), ..
            } = &mut forged[at].event
            {
                *a += 1;
            }
            let before = copy.clone();
            assert!(copy.follow(action.clone(), &forged).is_err());
            assert_eq!(copy, before, "a refused follow changes nothing");
            copy.follow(action, &entries).expect("the real entries");
            assert_eq!(state_hash(&copy), state_hash(&real));
            return;
        }
        copy.follow(action, &entries).expect("follows");
    }
    panic!("no ranged card was drawn");
}

#[test]
fn a_copy_cannot_be_made_of_a_real_game_and_no_player_is_left_out() {
    let real = Game::new(GameSetup::new(Preset::Mini.board(), seats(1), 4)).expect("a game");
    let mut secret = real.clone();
    assert!(
        secret.follow(Action::Roll, &[]).is_err(),
        "a real game follows nothing"
    );
    let copy = real.public_view();
    assert_eq!(copy.players().len(), real.players().len());
    assert_eq!(copy.actor(), Some(PlayerId(0)));
}
