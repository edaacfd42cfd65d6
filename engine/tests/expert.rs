//! Issue 22: the expert computer player. It only ever chooses legal actions (on every
//! preset, under random rule variations), completes a group by trade when that clearly
//! helps it and refuses a trade that clearly hurts it, and decides the same way for the
//! same game (also when it thinks in slices). The balanced bot no longer sells an opponent
//! the last lot of a group for a plain price.

mod common;

use common::start;
use serde_json::json;
use worlds_engine::bots::{bot, Heuristic, Strategy};
use worlds_engine::expert::{Budget, Expert, ExpertThinking};
use worlds_engine::game::{ComputerStrategy, GameSetup, Seat};
use worlds_engine::rules::RuleSet;
use worlds_engine::stats::{Tournament, TournamentConfig};
use worlds_engine::{Action, Game, PlayerId, Preset, SquareId, TradeSide};

/// A small budget: the tests run unoptimised.
fn small() -> Expert {
    Expert::with_budget(Budget {
        playouts: 6,
        horizon: 6,
    })
}

/// The expert's search as it plays, with a budget an unoptimised build can afford (the
/// default's play-outs take seconds per decision there).
const PLAYING: Budget = Budget {
    playouts: 240,
    horizon: 20,
};

fn playing() -> Expert {
    Expert::with_budget(PLAYING)
}

/// A cheap deterministic generator for the rule variations.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n.max(1)
    }
    fn coin(&mut self) -> bool {
        self.next(2) == 0
    }
}

fn vary(base: &RuleSet, r: &mut Lcg) -> RuleSet {
    let mut rules = base.clone();
    for flag in [
        &mut rules.auctions,
        &mut rules.even_build,
        &mut rules.mortgages,
        &mut rules.bonus_once_per_turn,
        &mut rules.free_parking_jackpot,
        &mut rules.no_rent_in_jail,
        &mut rules.trades,
    ] {
        if r.next(3) == 0 {
            *flag = !*flag;
        }
    }
    if r.coin() {
        rules.houses = 4 + r.next(12) as u32;
        rules.hotels = 1 + r.next(4) as u32;
    }
    if r.coin() {
        rules.debt = if r.coin() {
            worlds_engine::rules::DebtRule::RaiseCash
        } else {
            worlds_engine::rules::DebtRule::SellCheapest {
                percent: r.next(101) as u32,
            }
        };
    }
    if r.coin() {
        rules.jail.fine = Some(r.next(150) as i64);
    }
    rules.round_limit = Some(20 + r.next(40) as u32);
    rules
}

#[test]
fn the_expert_only_chooses_legal_actions_on_every_preset_under_varied_rules() {
    let expert = small();
    let mut decisions = 0;
    let mut r = Lcg(22);
    for preset in Preset::ALL {
        for game in 0..12u64 {
            let board = preset.board();
            let rules = vary(board.rules(), &mut r);
            let (min, max) = (rules.min_players, rules.max_players);
            let players = (2 + (game as usize % 3)).clamp(usize::from(min), usize::from(max));
            let mix = ["expert", "balanced", "random", "expert", "cautious"];
            let seats = (0..players)
                .map(|i| {
                    let s = mix[(i + game as usize) % mix.len()];
                    Seat::computer(&format!("P{i}"), ComputerStrategy::from_name(s).unwrap())
                })
                .collect();
            let mut setup = GameSetup::new(board, seats, 77 + game);
            setup.rules = rules;
            let Ok(mut g) = Game::new(setup) else {
                continue;
            };
            let bots: Vec<Box<dyn Strategy>> = g
                .players()
                .iter()
                .map(|p| match &p.kind {
                    worlds_engine::SeatKind::Computer {
                        strategy: ComputerStrategy::Expert,
                    } => Box::new(small()) as Box<dyn Strategy>,
                    worlds_engine::SeatKind::Computer { strategy } => bot(*strategy),
                    worlds_engine::SeatKind::Human => unreachable!(),
                })
                .collect();
            for step in 0..4000 {
                let Some(me) = g.actor() else { break };
                let action = if bots[me.index()].name() == "expert" {
                    decisions += 1;
                    let a = expert.choose(&g, me);
                    if let Err(e) = g.check(&a) {
                        panic!(
                            "{} game {game} step {step}: the expert chose {a:?}: {e}",
                            preset.id()
                        );
                    }
                    assert!(
                        !matches!(a, Action::Resign { .. }),
                        "{} game {game} step {step}: the expert resigned",
                        preset.id()
                    );
                    a
                } else {
                    bots[me.index()].choose(&g, me)
                };
                if g.apply(action).is_err() {
                    let a = g.legal_actions()[0].clone();
                    g.apply(a).expect("a listed action is legal");
                }
            }
        }
    }
    assert!(decisions > 2_000, "only {decisions} expert decisions");
}

/// Ann (to move) owns what `ann` says, Eve what `eve` says; both 1500 cash.
fn position(ann: &[&str], eve: &[&str]) -> Game {
    start(json!({
        "board": "classic",
        "players": [
            { "name": "Ann", "owns": ann, "cash": 1500 },
            { "name": "Eve", "owns": eve, "cash": 1500 }
        ],
        "rolls": []
    }))
}

fn lot(g: &Game, name: &str) -> SquareId {
    SquareId(g.board().index_of(name).expect("a square"))
}

/// Ann offers `give` (cash and lots) for `take`; Eve is to answer.
fn offer(g: &mut Game, give_lots: &[&str], cash: i64, take_lots: &[&str], take_cash: i64) {
    let give = TradeSide {
        lots: give_lots.iter().map(|n| lot(g, n)).collect(),
        cash,
        jail_cards: 0,
    };
    let take = TradeSide {
        lots: take_lots.iter().map(|n| lot(g, n)).collect(),
        cash: take_cash,
        jail_cards: 0,
    };
    g.apply(Action::ProposeTrade {
        to: PlayerId(1),
        give,
        take,
    })
    .expect("a legal offer");
    assert_eq!(g.actor(), Some(PlayerId(1)));
}

const EVE: PlayerId = PlayerId(1);

#[test]
fn the_expert_completes_a_group_by_a_trade_that_clearly_helps_it() {
    // Eve has two light blues; Ann offers the third for a plain 120.
    let mut g = position(
        &["Connecticut Avenue", "Baltic Avenue"],
        &["Oriental Avenue", "Vermont Avenue"],
    );
    offer(&mut g, &["Connecticut Avenue"], 0, &[], 120);
    assert_eq!(
        playing().choose(&g, EVE),
        Action::AnswerTrade { accept: true }
    );
}

#[test]
fn the_expert_refuses_a_trade_that_clearly_hurts_it() {
    // Ann has two oranges and asks for the third for its price plus a little.
    let mut g = position(
        &["St. James Place", "Tennessee Avenue"],
        &["New York Avenue", "Baltic Avenue"],
    );
    offer(&mut g, &[], 260, &["New York Avenue"], 0);
    assert_eq!(
        playing().choose(&g, EVE),
        Action::AnswerTrade { accept: false }
    );
    // And a swap that completes Ann's oranges for a lone brown of Eve's.
    let mut g = position(
        &[
            "St. James Place",
            "Tennessee Avenue",
            "Mediterranean Avenue",
        ],
        &["New York Avenue", "Illinois Avenue"],
    );
    offer(
        &mut g,
        &["Mediterranean Avenue"],
        0,
        &["New York Avenue"],
        0,
    );
    assert_eq!(
        playing().choose(&g, EVE),
        Action::AnswerTrade { accept: false }
    );
}

#[test]
fn the_expert_proposes_a_trade_that_completes_its_group() {
    // Ann (the expert, to move) holds two oranges; Eve (balanced) the third, and two light
    // blues whose third Ann holds: a swap completes both.
    let g = position(
        &["St. James Place", "Tennessee Avenue", "Connecticut Avenue"],
        &["New York Avenue", "Oriental Avenue", "Vermont Avenue"],
    );
    let a = playing().choose(&g, PlayerId(0));
    let Action::ProposeTrade { to, take, .. } = &a else {
        panic!("no trade proposed: {a:?}");
    };
    assert_eq!(*to, EVE);
    // The oranges or the light blues (both complete a group of Ann's).
    let oranges = take.lots.contains(&lot(&g, "New York Avenue"));
    let blues = take.lots.contains(&lot(&g, "Oriental Avenue"))
        && take.lots.contains(&lot(&g, "Vermont Avenue"));
    assert!(oranges || blues, "{a:?}");
    assert!(g.allows(&a));
}

#[test]
fn thinking_in_slices_decides_as_thinking_at_once() {
    let mut g = position(
        &["Connecticut Avenue", "Baltic Avenue"],
        &["Oriental Avenue", "Vermont Avenue"],
    );
    offer(&mut g, &["Connecticut Avenue"], 0, &[], 120);
    let at_once = playing().choose(&g, EVE);
    let mut thinking = ExpertThinking::with_budget(&g, EVE, PLAYING);
    let mut steps = 0;
    let sliced = loop {
        steps += 1;
        if let Some(a) = thinking.step(&g, 3) {
            break a;
        }
    };
    assert!(steps > 2, "the decision was weighed in slices");
    assert_eq!(sliced, at_once);
}

#[test]
fn a_tournament_with_experts_repeats_exactly() {
    let board = Preset::Classic.board();
    let rules = board.rules().clone();
    let config = TournamentConfig {
        games: 3,
        seats: vec!["expert".into(), "balanced".into(), "cautious".into()],
        seed: 5,
        round_cap: 40,
        rotate: true,
        ..TournamentConfig::default()
    };
    // The experts with a small budget (the built-in one takes long unoptimised).
    let players = |s: ComputerStrategy| -> Box<dyn Strategy> {
        match s {
            ComputerStrategy::Expert => Box::new(small()),
            other => bot(other),
        }
    };
    let run = |threads: usize| {
        let mut t = Tournament::new(&board, &rules, config.clone()).expect("valid");
        t.run_on_threads_with(threads, &players).expect("runs");
        t.result()
    };
    assert_eq!(run(1), run(1));
    assert_eq!(run(1), run(2));
}

#[test]
fn the_balanced_bot_never_sells_the_last_lot_of_a_group_for_a_plain_price() {
    let balanced = Heuristic::balanced();
    // Ann holds two oranges and offers twice Tennessee's price for it.
    let mut g = position(
        &["St. James Place", "New York Avenue"],
        &["Tennessee Avenue"],
    );
    offer(&mut g, &[], 360, &["Tennessee Avenue"], 0);
    // Ann is a person: Eve declines with a counter-offer, for what the oranges are worth
    // to Ann (prices 560 and three houses of 100 on each: 1460), never the plain price.
    match balanced.choose(&g, EVE) {
        Action::ProposeTrade { to, give, take } => {
            assert_eq!(to, PlayerId(0));
            assert_eq!(give.lots, vec![lot(&g, "Tennessee Avenue")]);
            assert!(take.cash >= 1460, "{take:?}");
        }
        other => assert_eq!(other, Action::AnswerTrade { accept: false }),
    }
    // A swap that completes Eve's light blues too is taken.
    let mut g = position(
        &["St. James Place", "New York Avenue", "Connecticut Avenue"],
        &["Tennessee Avenue", "Oriental Avenue", "Vermont Avenue"],
    );
    offer(
        &mut g,
        &["Connecticut Avenue"],
        60,
        &["Tennessee Avenue"],
        0,
    );
    assert_eq!(
        balanced.choose(&g, EVE),
        Action::AnswerTrade { accept: true }
    );
}

/// Issue 42: a person may answer otherwise than the balanced computer the expert models
/// them by; once they decline its offer, it does not pester them with another for a while.
#[test]
fn the_expert_does_not_offer_a_person_again_at_once_after_a_no() {
    let mut g = position(
        &["St. James Place", "Tennessee Avenue", "Connecticut Avenue"],
        &["New York Avenue", "Oriental Avenue", "Vermont Avenue"],
    );
    let ann = PlayerId(0);
    let a = playing().choose(&g, ann);
    assert!(matches!(a, Action::ProposeTrade { .. }), "{a:?}");
    g.apply(a).expect("the offer");
    g.apply(Action::AnswerTrade { accept: false })
        .expect("Eve says no");
    // Ann's next turns, within the few rounds a computer waits: no offer to Eve.
    let balanced = Heuristic::balanced();
    let mut looked = 0;
    for _ in 0..400 {
        let Some(p) = g.actor() else { break };
        if g.round() > 2 {
            break;
        }
        let a = if p == ann && matches!(g.phase(), worlds_engine::Phase::Roll) {
            let a = playing().choose(&g, ann);
            assert!(
                !matches!(a, Action::ProposeTrade { to: EVE, .. }),
                "round {}: {a:?}",
                g.round()
            );
            looked += 1;
            a
        } else if p == EVE {
            // Eve keeps to herself: no trade offered or taken, nothing bought.
            match g.phase() {
                worlds_engine::Phase::Roll => Action::Roll,
                worlds_engine::Phase::EndTurn => Action::EndTurn,
                worlds_engine::Phase::BuyOrDecline { .. } => Action::Decline,
                worlds_engine::Phase::Auction(_) => Action::PassBid,
                worlds_engine::Phase::TradeOffer(_) => Action::AnswerTrade { accept: false },
                _ => balanced.choose(&g, p),
            }
        } else {
            balanced.choose(&g, p)
        };
        g.apply(a).expect("a legal action");
    }
    assert!(looked > 0, "Ann had another turn");
}
