//! Issue 29, point 5: the coach. A hint says what the expert would do and why, with the
//! numbers that decide it, from what the person may know; turning points name the costliest
//! decisions of a played game.

mod common;

use common::*;
use serde_json::json;
use worlds_engine::bots::bot;
use worlds_engine::expert::coach::{hint, turning_points, HintThinking};
use worlds_engine::game::{ComputerStrategy, Phase};
use worlds_engine::{Action, Game, PlayerId};

const ANN: PlayerId = PlayerId(0);

/// Ann holds Vermont Avenue and lands on Oriental Avenue.
fn on_oriental() -> Game {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "position": 3, "owns": ["Vermont Avenue"]},
                    {"name": "Bob"}],
        "rolls": [[1, 2]]}));
    g.apply(Action::Roll).expect("roll");
    assert!(
        matches!(g.phase(), Phase::BuyOrDecline { .. }),
        "{:?}",
        g.phase()
    );
    g
}

#[test]
fn a_hint_to_buy_names_the_lot_the_group_and_the_cash_kept() {
    let g = on_oriental();
    let h = hint(&g, ANN);
    assert_eq!(h.action, Action::Buy);
    assert_eq!(
        h.sentence,
        "Buy: with Oriental Avenue you would hold 2 of 3 light blue lots; you keep $1400 for rent"
    );
}

#[test]
fn a_hint_changes_nothing_and_reads_no_secret() {
    let g = on_oriental();
    let before = g.clone();
    let full = hint(&g, ANN);
    assert_eq!(g, before, "the hint left the game as it was");
    // The public view (no generator, the undrawn cards in card order) gives the same advice.
    let public = g.public_view();
    assert_eq!(hint(&public, ANN), full);
    // Thinking in slices comes to the same advice.
    let mut t = HintThinking::new(&g, ANN);
    let mut sliced = None;
    for _ in 0..10_000 {
        sliced = t.step(&g, 3);
        if sliced.is_some() {
            break;
        }
    }
    assert_eq!(sliced, Some(full));
}

#[test]
fn hints_across_a_whole_game_are_legal_and_worded() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], "seed": 5}));
    let balanced = bot(ComputerStrategy::Balanced);
    let mut hints = 0;
    for n in 0..3_000 {
        let Some(p) = g.actor() else { break };
        if p == ANN && n % 7 == 0 {
            let h = hint(&g, ANN);
            assert!(g.allows(&h.action), "{h:?}");
            let verb = h.sentence.split(':').next().unwrap_or_default().to_string();
            assert!(
                !verb.is_empty() && h.sentence.len() > verb.len() + 5,
                "{}",
                h.sentence
            );
            assert!(
                !h.sentence.contains("  ") && !h.sentence.contains('?'),
                "{}",
                h.sentence
            );
            hints += 1;
        }
        let a = balanced.choose(&g, p);
        if g.apply(a).is_err() {
            break;
        }
    }
    assert!(hints > 5, "{hints} hints");
}

#[test]
fn letting_the_last_lot_of_a_group_go_is_a_turning_point() {
    // Ann holds Oriental and Vermont, lands on Connecticut Avenue, lets it go to auction and
    // passes there, so Bob gets it; then everyone plays on as balanced computers do.
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "position": 6, "owns": ["Oriental Avenue", "Vermont Avenue"]},
                    {"name": "Bob"}],
        "rolls": [[1, 2]], "seed": 3}));
    g.apply(Action::Roll).expect("roll");
    let mut let_go = vec![g.history().len()];
    g.apply(Action::Decline).expect("declined");
    let balanced = bot(ComputerStrategy::Balanced);
    while let Phase::Auction(_) = g.phase() {
        let Some(p) = g.actor() else { break };
        if p == ANN {
            let_go.push(g.history().len());
            g.apply(Action::PassBid).expect("Ann passes");
        } else {
            let a = balanced.choose(&g, p);
            g.apply(a).expect("Bob bids");
        }
    }
    assert_eq!(owner(&g, "Connecticut Avenue").as_deref(), Some("Bob"));
    for _ in 0..600 {
        let Some(p) = g.actor() else { break };
        let a = balanced.choose(&g, p);
        if g.apply(a).is_err() {
            break;
        }
    }
    let points = turning_points(&g, ANN).expect("the game replays");
    assert!(!points.is_empty() && points.len() <= 3, "{points:?}");
    let point = points
        .iter()
        .find(|p| let_go.contains(&p.index))
        .unwrap_or_else(|| panic!("letting Connecticut go is a turning point: {points:?}"));
    assert!(
        matches!(point.better, Action::Buy | Action::Bid { .. }),
        "{point:?}"
    );
    assert!(
        point.better_words == "Buy Connecticut Avenue"
            || point.better_words.ends_with("for Connecticut Avenue"),
        "{point:?}"
    );
    assert!(point.cost > 0.0 && point.cost <= 1.0, "{}", point.cost);
    for w in points.windows(2) {
        assert!(w[0].cost >= w[1].cost, "costliest first");
    }
}

/// A table's other devices hold only the public game: it is rebuilt from the dice and cards
/// its log shows, and gives the same turning points as the full game.
#[test]
fn a_public_copy_replays_from_its_log_and_gives_the_same_turning_points() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], "seed": 21}));
    let balanced = bot(ComputerStrategy::Balanced);
    for _ in 0..900 {
        let Some(p) = g.actor() else { break };
        let a = balanced.choose(&g, p);
        if g.apply(a).is_err() {
            break;
        }
    }
    assert!(g
        .log()
        .iter()
        .any(|e| matches!(e.event, worlds_engine::Event::CardDrawn { .. })));
    let public = g.public_view();
    assert!(public.is_public());
    let rebuilt = public.replayable().expect("the public copy replays");
    assert_eq!(rebuilt.history(), g.history());
    assert_eq!(rebuilt.players(), g.players());
    assert_eq!(rebuilt.log().len(), g.log().len());
    assert_eq!(turning_points(&public, ANN), turning_points(&g, ANN));
}

/// Issue 42: the coach's word on a trade says how much the expert's play-outs favour it.
#[test]
fn a_hint_on_a_trade_says_how_much_the_playouts_favour_it() {
    // Bob offers Ann Connecticut Avenue, the last of her light blues, for $50.
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Bob", "owns": ["Connecticut Avenue"]},
                    {"name": "Ann", "owns": ["Oriental Avenue", "Vermont Avenue"]}],
        "rolls": []}));
    let connecticut =
        worlds_engine::SquareId(g.board().index_of("Connecticut Avenue").expect("a lot"));
    g.apply(Action::ProposeTrade {
        to: PlayerId(1),
        give: worlds_engine::TradeSide {
            lots: vec![connecticut],
            ..Default::default()
        },
        take: worlds_engine::TradeSide {
            cash: 50,
            ..Default::default()
        },
    })
    .expect("a legal offer");
    let h = hint(&g, PlayerId(1));
    assert_eq!(h.action, Action::AnswerTrade { accept: true });
    let start = "Accept: you would hold the whole light blue group, for $50 of yours; the play-outs favour it by about ";
    assert!(h.sentence.starts_with(start), "{}", h.sentence);
    let points: f64 = h.sentence[start.len()..]
        .strip_suffix(" points of your chances")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{}", h.sentence));
    assert!(points >= 1.0, "{}", h.sentence);
}
