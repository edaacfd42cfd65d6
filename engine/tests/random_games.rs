//! Property tests: thousands of random games where every seat plays random legal actions.
//! After every action the invariants hold, and a refused action changes nothing.
//! `PROPTEST_CASES` sets the number of games per preset (default 500, so 2000 in all).

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use worlds_engine::bots::random_action;
use worlds_engine::cards::DeckKind;
use worlds_engine::game::{GameSetup, Seat};
use worlds_engine::SquareId;
use worlds_engine::{Action, Game, Phase, Preset, TradeSide};

fn new_game(preset: Preset, players: usize, seed: u64, round_limit: u32) -> Game {
    let board = preset.board();
    let seats = (0..players)
        .map(|i| Seat::human(&format!("P{i}")))
        .collect();
    let mut setup = GameSetup::new(board, seats, seed);
    setup.rules.round_limit = Some(round_limit);
    Game::new(setup).expect("valid setup")
}

/// Every invariant of a consistent game; a description of the first broken one.
fn check_invariants(g: &Game) -> Result<(), String> {
    let cash: i64 = g.players().iter().map(|p| p.cash).sum();
    if cash + g.bank_balance() + g.jackpot() != g.money_supply() {
        return Err(format!(
            "money not conserved: players {cash} + bank {} + jackpot {} != {}",
            g.bank_balance(),
            g.jackpot(),
            g.money_supply()
        ));
    }
    let rules = g.rules();
    let mut houses = 0u32;
    let mut hotels = 0u32;
    for (i, s) in g.squares().iter().enumerate() {
        let sq = g.board().square(i);
        if let Some(o) = s.owner {
            if !sq.is_ownable() {
                return Err(format!("square {i} is not a lot but has an owner"));
            }
            if g.player(o).bankrupt {
                return Err(format!("bankrupt player {o} owns square {i}"));
            }
        } else if s.buildings.level() > 0 || s.mortgaged {
            return Err(format!("unowned square {i} has buildings or a mortgage"));
        }
        if s.buildings.level() > 5 {
            return Err(format!("square {i} has {} buildings", s.buildings.level()));
        }
        if s.buildings.level() > 0 && sq.house_cost().is_none() {
            return Err(format!("square {i} cannot hold buildings"));
        }
        if s.buildings.level() == 5 {
            hotels += 1;
        } else {
            houses += u32::from(s.buildings.level());
        }
    }
    if houses + g.bank_houses() != rules.houses || hotels + g.bank_hotels() != rules.hotels {
        return Err(format!(
            "building stock: {houses} houses + {} in bank, {hotels} hotels + {} in bank",
            g.bank_houses(),
            g.bank_hotels()
        ));
    }
    for gi in 0..g.board().groups().len() {
        let lots = g.board().group_lots(gi);
        let levels: Vec<u8> = lots
            .iter()
            .map(|&l| g.square(l).buildings.level())
            .collect();
        let built = levels.iter().any(|&h| h > 0);
        if built && lots.iter().any(|&l| g.square(l).mortgaged) {
            return Err(format!("group {gi} has buildings and a mortgaged lot"));
        }
        if built {
            let owner = g.square(lots[0]).owner;
            if lots.iter().any(|&l| g.square(l).owner != owner) {
                return Err(format!("group {gi} has buildings but several owners"));
            }
        }
        if rules.even_build {
            let (min, max) = (levels.iter().min(), levels.iter().max());
            if let (Some(min), Some(max)) = (min, max) {
                if max - min > 1 {
                    return Err(format!("group {gi} is built unevenly: {levels:?}"));
                }
            }
        }
    }
    for (i, p) in g.players().iter().enumerate() {
        if p.cash < 0 {
            return Err(format!("player {i} has negative cash {}", p.cash));
        }
        if p.bankrupt && (p.cash != 0 || !p.jail_cards.is_empty()) {
            return Err(format!("bankrupt player {i} still holds cash or cards"));
        }
        if p.position >= g.board().len() {
            return Err(format!("player {i} is off the board"));
        }
    }
    let held: usize = g.players().iter().map(|p| p.jail_cards.len()).sum();
    let decks =
        g.board().deck(DeckKind::Chance).len() + g.board().deck(DeckKind::CommunityChest).len();
    let in_decks = g.deck_len(DeckKind::Chance) + g.deck_len(DeckKind::CommunityChest);
    if held + in_decks != decks {
        return Err(format!(
            "cards lost: {held} held + {in_decks} in decks != {decks}"
        ));
    }
    if g.is_over() != (*g.phase() == Phase::GameOver) {
        return Err("game over flag".into());
    }
    Ok(())
}

/// Actions that are often refused, to check a refusal changes nothing.
fn probe(rng: &mut ChaCha8Rng, g: &Game) -> Action {
    let n = g.board().len() + 2;
    match rng.random_range(0..12) {
        0 => Action::Roll,
        1 => Action::Buy,
        2 => Action::Bid {
            amount: rng.random_range(-5..3000),
        },
        3 => Action::Build {
            square: SquareId(rng.random_range(0..n)),
        },
        4 => Action::SellBuilding {
            square: SquareId(rng.random_range(0..n)),
        },
        5 => Action::Mortgage {
            square: SquareId(rng.random_range(0..n)),
        },
        6 => Action::Unmortgage {
            square: SquareId(rng.random_range(0..n)),
        },
        7 => Action::EndTurn,
        8 => Action::PayJailFine,
        9 => Action::ProposeTrade {
            to: worlds_engine::PlayerId(rng.random_range(0..g.players().len() + 1)),
            give: TradeSide {
                lots: vec![SquareId(rng.random_range(0..n))],
                cash: rng.random_range(-10..5000),
                jail_cards: 0,
            },
            take: TradeSide::default(),
        },
        10 => Action::AnswerTrade { accept: true },
        _ => Action::DeclareBankruptcy,
    }
}

fn play_random(
    preset: Preset,
    players: usize,
    seed: u64,
    max_actions: usize,
) -> Result<Game, String> {
    let mut g = new_game(preset, players, seed, 40);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xdead_beef);
    check_invariants(&g)?;
    for step in 0..max_actions {
        let Some(me) = g.actor() else { break };
        // Now and then a probe: if refused, nothing changed (cloning is the costly part).
        let p = probe(&mut rng, &g);
        if step % 8 == 0 && g.check(&p).is_err() {
            let before = g.clone();
            let r = g.apply(p.clone());
            if r.is_ok() {
                return Err(format!("check refused but apply accepted {p:?}"));
            }
            if g != before {
                return Err(format!("refused {p:?} changed the game"));
            }
        }
        let a = random_action(&g, me, &mut rng);
        if let Err(e) = g.apply(a.clone()) {
            return Err(format!("step {step}: legal-looking {a:?} refused: {e}"));
        }
        check_invariants(&g).map_err(|e| format!("step {step} after {a:?}: {e}"))?;
    }
    Ok(g)
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_classic_games_keep_every_invariant(seed in any::<u64>(), players in 2usize..=6) {
        let r = play_random(Preset::Classic, players, seed, 1500);
        prop_assert!(r.is_ok(), "{}", r.err().unwrap_or_default());
    }

    #[test]
    fn random_mini_games_keep_every_invariant(seed in any::<u64>(), players in 2usize..=10) {
        let r = play_random(Preset::Mini, players, seed, 1500);
        prop_assert!(r.is_ok(), "{}", r.err().unwrap_or_default());
    }

    #[test]
    fn random_campus_games_keep_every_invariant(seed in any::<u64>(), players in 2usize..=6) {
        let r = play_random(Preset::Campus, players, seed, 1500);
        prop_assert!(r.is_ok(), "{}", r.err().unwrap_or_default());
    }

    #[test]
    fn random_worlds_games_keep_every_invariant(seed in any::<u64>(), players in 2usize..=8) {
        let r = play_random(Preset::Worlds, players, seed, 1500);
        prop_assert!(r.is_ok(), "{}", r.err().unwrap_or_default());
    }
}

/// A random game saved as JSON and replayed from its setup and actions is identical.
#[test]
fn replaying_a_saved_random_game_gives_the_identical_state() {
    for (preset, seed) in [
        (Preset::Classic, 7),
        (Preset::Mini, 8),
        (Preset::Campus, 9),
        (Preset::Worlds, 10),
    ] {
        let g = play_random(preset, 4, seed, 800).expect("plays");
        let saved = serde_json::to_string(&g).expect("serializes");
        let loaded: Game = serde_json::from_str(&saved).expect("loads");
        assert_eq!(loaded, g);
        let replayed = Game::replay(g.setup(), g.history()).expect("replays");
        assert_eq!(replayed, g, "{}", preset.id());
        assert_eq!(serde_json::to_string(&replayed).expect("json"), saved);
    }
}
