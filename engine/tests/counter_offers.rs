//! Issue 20: a computer that declines a person's offer may make a counter-offer (once: a
//! counter-offer is accepted or declined, never countered), one it would accept itself and
//! the person can afford; and a balanced computer proposes trades that complete a group to a
//! person, without asking the same deal again and again.

mod common;

use common::*;
use serde_json::json;
use worlds_engine::bots::{
    bot, counter_offer, why_decline, DeclineWhy, Heuristic, RandomPlayer, Strategy,
};
use worlds_engine::expert::{Budget, Expert};
use worlds_engine::game::{ComputerStrategy, GameSetup, Phase, Seat, SeatKind};
use worlds_engine::{Action, Game, PlayerId, Preset, SquareId, TradeOffer, TradeSide};

const ANN: PlayerId = PlayerId(0);
const BOB: PlayerId = PlayerId(1);

/// Ann (a person) and Bob (a computer of `strategy`) on the classic board.
fn table(strategy: &str, ann: serde_json::Value, bob: serde_json::Value) -> Game {
    let mut g = start(json!({"board": "classic", "players": [ann, bob], "rolls": []}));
    let kind = SeatKind::Computer {
        strategy: ComputerStrategy::from_name(strategy).expect("a strategy"),
    };
    let mut setup = g.setup().clone();
    setup.seats[1].kind = kind;
    g = Game::new(setup).expect("a game");
    g
}

fn lot(g: &Game, name: &str) -> SquareId {
    SquareId(g.board().index_of(name).expect("a square"))
}

fn side(lots: Vec<SquareId>, cash: i64) -> TradeSide {
    TradeSide {
        lots,
        cash,
        jail_cards: 0,
    }
}

/// Ann offers `give` for `take`; Bob is to answer.
fn ann_offers(g: &mut Game, give: TradeSide, take: TradeSide) -> TradeOffer {
    g.apply(Action::ProposeTrade {
        to: BOB,
        give: give.clone(),
        take: take.clone(),
    })
    .expect("a legal offer");
    TradeOffer {
        from: ANN,
        to: BOB,
        give,
        take,
    }
}

/// Ann holds Mediterranean Avenue and offers $70 for Baltic Avenue, the rest of her browns.
fn brown_offer(strategy: &str, ann_cash: i64) -> (Game, TradeOffer) {
    let mut g = table(
        strategy,
        json!({"name": "Ann", "owns": ["Mediterranean Avenue"], "cash": ann_cash}),
        json!({"name": "Bob", "owns": ["Baltic Avenue"]}),
    );
    let baltic = lot(&g, "Baltic Avenue");
    let o = ann_offers(&mut g, side(vec![], 70), side(vec![baltic], 0));
    (g, o)
}

#[test]
fn a_balanced_computer_counters_with_the_cash_that_would_do() {
    let (mut g, o) = brown_offer("balanced", 1500);
    assert!(why_decline(&g, BOB, &o).is_some(), "the offer is declined");
    let counter = Heuristic::balanced().choose(&g, BOB);
    let baltic = lot(&g, "Baltic Avenue");
    // The browns are worth 60 + 60 + 3 × 50 × 2 = 420 to Ann.
    assert_eq!(
        counter,
        Action::ProposeTrade {
            to: ANN,
            give: side(vec![baltic], 0),
            take: side(vec![], 420),
        }
    );
    assert!(g.allows(&counter), "legal");
    // Bob would accept it, were Ann to offer it.
    let mirrored = TradeOffer {
        from: ANN,
        to: BOB,
        give: side(vec![], 420),
        take: side(vec![baltic], 0),
    };
    assert_eq!(why_decline(&g, BOB, &mirrored), None);
    let entries = g.apply(counter).expect("applied").to_vec();
    let said: Vec<String> = entries.iter().map(|e| g.describe(e)).collect();
    assert_eq!(
        said,
        [
            "Bob declined Ann's trade",
            "Bob offered Ann a trade: Ann buys Baltic Avenue from Bob for $420"
        ]
    );
    assert!(g.is_counter_offer());
    assert_eq!(g.actor(), Some(ANN));
    assert_eq!(g.prompt(), "Ann, Bob counters your offer");
    let Phase::TradeOffer(c) = g.phase().clone() else {
        panic!("the counter waits for Ann")
    };
    assert_eq!(
        g.counter_sentence(&o, &c),
        "Bob declined Ann's offer and offers instead: Ann buys Baltic Avenue from Bob for $420"
    );
    // Accepted, it is carried out.
    g.apply(Action::AnswerTrade { accept: true })
        .expect("accepted");
    assert_eq!(g.square(baltic.index()).owner, Some(ANN));
    assert_eq!(cash(&g, "Ann"), 1500 - 420);
    assert_eq!(cash(&g, "Bob"), 1500 + 420);
    assert!(matches!(g.phase(), Phase::Roll));
}

#[test]
fn a_counter_offer_is_answered_never_countered_and_a_declined_one_ends_it() {
    let (mut g, _) = brown_offer("balanced", 1500);
    let counter = Heuristic::balanced().choose(&g, BOB);
    g.apply(counter).expect("countered");
    assert!(!g.may_counter());
    // Ann may not counter Bob's counter-offer.
    let back = Action::ProposeTrade {
        to: BOB,
        give: side(vec![], 100),
        take: side(vec![lot(&g, "Baltic Avenue")], 0),
    };
    let err = g.check(&back).expect_err("a counter of a counter");
    assert!(err.to_string().contains("not countered"), "{err}");
    g.apply(Action::AnswerTrade { accept: false })
        .expect("declined");
    assert!(matches!(g.phase(), Phase::Roll), "back to Ann's turn");
    assert_eq!(owner(&g, "Baltic Avenue").as_deref(), Some("Bob"));
}

#[test]
fn a_counter_offer_goes_back_to_the_proposer_only() {
    let mut g = start(json!({"board": "classic", "players": [
        {"name": "Ann", "owns": ["Mediterranean Avenue"]},
        {"name": "Bob", "owns": ["Baltic Avenue"]},
        {"name": "Cy"}], "rolls": []}));
    let baltic = lot(&g, "Baltic Avenue");
    ann_offers(&mut g, side(vec![], 70), side(vec![baltic], 0));
    assert!(g.may_counter());
    let to_cy = Action::ProposeTrade {
        to: PlayerId(2),
        give: side(vec![baltic], 0),
        take: side(vec![], 100),
    };
    let err = g.check(&to_cy).expect_err("only back to Ann");
    assert!(err.to_string().contains("goes back to Ann"), "{err}");
}

#[test]
fn no_counter_when_nothing_the_person_can_afford_would_do() {
    // Ann has $100: the $420 the browns are worth is out of reach, and she has no other lot.
    let (g, o) = brown_offer("balanced", 100);
    assert_eq!(counter_offer(&g, BOB, &o), None);
    assert_eq!(
        Heuristic::cautious().choose(&g, BOB),
        Action::AnswerTrade { accept: false }
    );
}

#[test]
fn a_cautious_computer_asks_for_a_lot_that_completes_its_own_group() {
    // Ann has $100 and the third light blue Bob needs: Bob asks for it instead of cash.
    let mut g = table(
        "cautious",
        json!({"name": "Ann", "owns": ["Mediterranean Avenue", "Oriental Avenue"], "cash": 100}),
        json!({"name": "Bob", "owns": ["Baltic Avenue", "Vermont Avenue", "Connecticut Avenue"]}),
    );
    let baltic = lot(&g, "Baltic Avenue");
    let oriental = lot(&g, "Oriental Avenue");
    let o = ann_offers(&mut g, side(vec![], 70), side(vec![baltic], 0));
    let counter = Heuristic::cautious().choose(&g, BOB);
    let Action::ProposeTrade { to, give, take } = &counter else {
        panic!("a counter-offer: {counter:?}")
    };
    assert_eq!(*to, ANN);
    assert_eq!(give.lots, vec![baltic]);
    assert!(take.lots.contains(&oriental), "{counter:?}");
    assert!(take.cash <= 100, "Ann can afford it: {counter:?}");
    assert!(g.allows(&counter));
    let mirrored = TradeOffer {
        from: ANN,
        to: BOB,
        give: take.clone(),
        take: give.clone(),
    };
    assert_eq!(why_decline(&g, BOB, &mirrored), None, "{o:?}");
}

#[test]
fn a_computer_does_not_counter_another_computer() {
    let (g, o) = brown_offer("balanced", 1500);
    let mut setup = g.setup().clone();
    setup.seats[0].kind = SeatKind::Computer {
        strategy: ComputerStrategy::Cautious,
    };
    let mut g = Game::new(setup).expect("a game");
    g.apply(Action::ProposeTrade {
        to: BOB,
        give: o.give.clone(),
        take: o.take.clone(),
    })
    .expect("offer");
    assert_eq!(
        Heuristic::balanced().choose(&g, BOB),
        Action::AnswerTrade { accept: false }
    );
}

#[test]
fn the_expert_does_not_sell_a_strong_group_for_cash_and_counters_only_with_a_swap() {
    // Ann asks the expert for New York Avenue, the last of her oranges, for $200: its
    // play-outs refuse (the oranges are the board's best group). Oriental Avenue completes
    // its light blues: a counter-offer asks for that. (Its play-outs also see the swap
    // offered on its own next turn, so declining now may weigh as much: then it declines.)
    let mut g = table(
        "expert",
        json!({"name": "Ann", "owns": ["St. James Place", "Tennessee Avenue", "Oriental Avenue"]}),
        json!({"name": "Bob", "owns": ["New York Avenue", "Vermont Avenue", "Connecticut Avenue"]}),
    );
    let new_york = lot(&g, "New York Avenue");
    let oriental = lot(&g, "Oriental Avenue");
    ann_offers(&mut g, side(vec![], 200), side(vec![new_york], 0));
    let answer = Expert::with_budget(Budget {
        playouts: 400,
        horizon: 25,
    })
    .choose(&g, BOB);
    assert_ne!(
        answer,
        Action::AnswerTrade { accept: true },
        "not her oranges for $200"
    );
    if let Action::ProposeTrade { to, give, take } = &answer {
        assert_eq!(*to, ANN);
        assert_eq!(give.lots, vec![new_york]);
        assert!(take.lots.contains(&oriental), "{answer:?}");
        assert!(g.allows(&answer));
    } else {
        assert_eq!(answer, Action::AnswerTrade { accept: false });
    }
    // With no play-outs (rules of thumb only) it just declines.
    let plain = Expert::with_budget(Budget {
        playouts: 0,
        horizon: 0,
    });
    assert_eq!(plain.choose(&g, BOB), Action::AnswerTrade { accept: false });
}

/// Random people's offers to balanced and cautious computers, over many games: every
/// counter-offer is legal, accepted by its maker's own rule, and never completes the
/// person's group unless it completes the computer's too or pays what the group is worth.
#[test]
fn counter_offers_in_many_games_are_legal_and_fair() {
    let mut counters = 0;
    for seed in 0..60u64 {
        let seats = vec![
            Seat::human("Ann"),
            Seat::computer("Bob", ComputerStrategy::Balanced),
            Seat::computer("Cat", ComputerStrategy::Cautious),
        ];
        let mut setup = GameSetup::new(Preset::Classic.board(), seats, seed);
        setup.rules.round_limit = Some(60);
        let mut g = Game::new(setup).expect("a game");
        // Ann plays at random, offering trades now and then.
        let ann = RandomPlayer { salt: seed };
        for _ in 0..4000 {
            let Some(me) = g.actor() else { break };
            let a = if me == ANN {
                ann.choose(&g, me)
            } else {
                bot(match me.index() {
                    1 => ComputerStrategy::Balanced,
                    _ => ComputerStrategy::Cautious,
                })
                .choose(&g, me)
            };
            if let (Phase::TradeOffer(o), Action::ProposeTrade { to, give, take }) = (g.phase(), &a)
            {
                counters += 1;
                assert_eq!(*to, o.from);
                assert!(g.allows(&a), "seed {seed}: {a:?}");
                let mirrored = TradeOffer {
                    from: o.from,
                    to: me,
                    give: take.clone(),
                    take: give.clone(),
                };
                assert_eq!(why_decline(&g, me, &mirrored), None, "seed {seed}");
                assert!(take.cash <= g.player(o.from).cash);
            }
            if g.apply(a).is_err() {
                let f = g.legal_actions().into_iter().next().expect("an action");
                g.apply(f).expect("a legal action");
            }
        }
    }
    assert!(counters > 0, "some offers were countered");
}

#[test]
fn a_balanced_computer_offers_a_person_what_completes_its_group_and_does_not_pester() {
    // Bob (balanced, to move) holds two oranges; Ann the third.
    let mut g = start(json!({"board": "classic", "players": [
        {"name": "Bob", "owns": ["St. James Place", "Tennessee Avenue"], "cash": 2500},
        {"name": "Ann", "owns": ["New York Avenue"]}]}));
    let mut setup = g.setup().clone();
    setup.seats[0].kind = SeatKind::Computer {
        strategy: ComputerStrategy::Balanced,
    };
    g = Game::new(setup).expect("a game");
    let balanced = Heuristic::balanced();
    let first = balanced.choose(&g, PlayerId(0));
    let ny = lot(&g, "New York Avenue");
    // The oranges' worth to Bob: 180 + 180 + 200 + 3 × 100 × 3 = 1460.
    assert_eq!(
        first,
        Action::ProposeTrade {
            to: PlayerId(1),
            give: side(vec![], 1460),
            take: side(vec![ny], 0),
        }
    );
    g.apply(first.clone()).expect("offered");
    g.apply(Action::AnswerTrade { accept: false })
        .expect("Ann declines");
    // Not asked again while the rounds pass and nothing changes hands.
    let mut offers = 0;
    for _ in 0..200 {
        if g.round() > 8 {
            break;
        }
        let Some(me) = g.actor() else { break };
        let a = if me == PlayerId(0) {
            balanced.choose(&g, me)
        } else if matches!(g.phase(), Phase::TradeOffer(_)) {
            Action::AnswerTrade { accept: false }
        } else {
            g.legal_actions()
                .into_iter()
                .find(|a| matches!(a, Action::Roll | Action::EndTurn | Action::Decline))
                .unwrap_or(Action::PassBid)
        };
        if let Action::ProposeTrade { .. } = &a {
            offers += 1;
            assert_ne!(a, first, "the same deal asked again in round {}", g.round());
        }
        if g.apply(a.clone()).is_err() {
            let f = g.legal_actions().into_iter().next().expect("an action");
            g.apply(f).expect("legal");
        }
    }
    assert!(g.round() > 8, "the game went on");
    assert_eq!(offers, 0, "no other deal to offer");
}

/// Issue 29, point 3: the sum a computer's "no" names is the sum of its counter-offer, and a
/// plain "no" names a round sum that would be accepted.
#[test]
fn a_declining_computer_names_the_sum_its_counter_offer_asks() {
    use worlds_engine::bots::decline_reason;
    let (g, o) = brown_offer("balanced", 1500);
    let counter = Heuristic::balanced().choose(&g, BOB);
    let Action::ProposeTrade { take, .. } = &counter else {
        panic!("a counter: {counter:?}")
    };
    let said = decline_reason(&g, BOB, &o, &counter).expect("a reason");
    let sum = g.board().money(take.cash);
    assert!(said.starts_with("Bob declined:"), "{said}");
    assert!(
        said.contains(&format!("{sum} in cash would do")),
        "{said} names {sum}"
    );
    // A plain "no": a round sum, and an offer of it is accepted.
    let plain =
        decline_reason(&g, BOB, &o, &Action::AnswerTrade { accept: false }).expect("a reason");
    let Some(DeclineWhy::CompletesTheirGroup { enough }) = why_decline(&g, BOB, &o) else {
        panic!("declined as completing Ann's group")
    };
    assert_eq!(enough % 10, 0, "a round sum: {enough}");
    assert!(plain.contains(&g.board().money(enough)), "{plain}");
    let mut g2 = g.clone();
    g2.apply(Action::AnswerTrade { accept: false })
        .expect("declined");
    let baltic = lot(&g2, "Baltic Avenue");
    let o2 = TradeOffer {
        from: ANN,
        to: BOB,
        give: side(vec![], enough),
        take: side(vec![baltic], 0),
    };
    assert_eq!(why_decline(&g2, BOB, &o2), None, "what it named would do");
}

/// Issue 29, point 3: the expert says why too, in a sentence without "it".
#[test]
fn the_expert_says_why_it_declines() {
    use worlds_engine::bots::decline_reason;
    let (g, o) = brown_offer("expert", 1500);
    let answer = Expert::with_budget(Budget {
        playouts: 4,
        horizon: 10,
    })
    .choose(&g, BOB);
    assert!(
        !matches!(answer, Action::AnswerTrade { accept: true }),
        "the expert does not hand over the browns for $70"
    );
    let said = decline_reason(&g, BOB, &o, &answer).expect("the expert explains");
    assert!(said.starts_with("Bob declined:"), "{said}");
    assert!(
        !said.contains(" it gets") && !said.contains(" it gives"),
        "{said}"
    );
    // Where a plain valuation would accept, the expert names its play-outs.
    let by_playouts = g.decline_sentence_by_playouts(&o);
    assert!(by_playouts.contains("chance to win"), "{by_playouts}");
    // The random computer has no reasons.
    let (g3, o3) = brown_offer("random", 1500);
    assert_eq!(
        decline_reason(&g3, BOB, &o3, &Action::AnswerTrade { accept: false }),
        None
    );
}
