//! The saved form of a game (setup + actions), the trade gate the UI asks about, and the
//! net-worth history of the end screen.

use worlds_engine::bots::play_out;
use worlds_engine::game::{ComputerStrategy, GameSetup, Seat};
use worlds_engine::PlayerId;
use worlds_engine::SquareId;
use worlds_engine::{Action, Game, GameRecord, Phase, Preset, TradeSide};

fn bot_game(preset: Preset, seed: u64, rounds: u32) -> Game {
    let seats = vec![
        Seat::computer("Ann", ComputerStrategy::Balanced),
        Seat::computer("Bob", ComputerStrategy::Cautious),
        Seat::computer("Cy", ComputerStrategy::Balanced),
    ];
    let mut setup = GameSetup::new(preset.board(), seats, seed);
    setup.rules.round_limit = Some(rounds);
    Game::new(setup).expect("a game")
}

#[test]
fn a_record_survives_json_and_replays_to_the_same_game() {
    for preset in Preset::ALL {
        let mut g = bot_game(preset, 7, 30);
        play_out(&mut g, 400);
        let record = GameRecord::of(&g);
        let text = serde_json::to_string(&record).expect("serialize");
        let back: GameRecord = serde_json::from_str(&text).expect("deserialize");
        let replayed = back.replay().expect("replay");
        assert_eq!(replayed, g, "{preset:?}: the replayed game differs");
    }
}

#[test]
fn a_record_with_an_action_the_rules_refuse_does_not_replay() {
    let g = bot_game(Preset::Classic, 1, 10);
    let mut record = GameRecord::of(&g);
    record.actions.push(Action::EndTurn); // ending the turn before rolling is refused
    let err = record.replay().expect_err("refused");
    assert!(err.to_string().contains("refused"), "{err}");
}

#[test]
fn trading_is_offered_on_the_players_own_turn_only() {
    let seats = vec![Seat::human("Ann"), Seat::human("Bob")];
    let mut setup = GameSetup::new(Preset::Classic.board(), seats, 3);
    setup.forced_rolls.push(worlds_engine::game::ForcedRoll {
        at: 0,
        dice: vec![1, 2],
    });
    let mut g = Game::new(setup).expect("a game");
    assert!(g.may_trade(), "before rolling");
    g.apply(Action::Roll).expect("roll");
    // 1 + 2 lands on Baltic Avenue: the buy decision is not a time to trade.
    assert!(matches!(g.phase(), Phase::BuyOrDecline { .. }));
    assert!(!g.may_trade());
    g.apply(Action::Buy).expect("buy");
    assert!(g.may_trade(), "after buying, before ending the turn");
    let offer = Action::ProposeTrade {
        to: PlayerId(1),
        give: TradeSide {
            lots: vec![SquareId(3)],
            cash: 0,
            jail_cards: 0,
        },
        take: TradeSide {
            lots: vec![],
            cash: 100,
            jail_cards: 0,
        },
    };
    assert!(g.check(&offer).is_ok());
}

#[test]
fn trading_is_never_offered_when_the_rules_switch_it_off() {
    let seats = vec![Seat::human("Ann"), Seat::human("Bob")];
    let mut setup = GameSetup::new(Preset::Classic.board(), seats, 3);
    setup.rules.trades = false;
    let g = Game::new(setup).expect("a game");
    assert!(!g.may_trade());
}

#[test]
fn net_worth_history_starts_at_the_starting_cash_and_ends_at_the_final_assets() {
    let mut g = bot_game(Preset::Classic, 11, 25);
    play_out(&mut g, 5_000);
    let h = g.net_worth_history();
    assert!(h.len() >= 2, "one point per round at least");
    assert_eq!(h[0].assets, vec![1500, 1500, 1500]);
    let last = h.last().expect("a last point");
    let expected: Vec<i64> = PlayerId::all(3)
        .map(|p| if g.player(p).bankrupt { 0 } else { g.assets(p) })
        .collect();
    assert_eq!(last.assets, expected);
    assert!(
        h.windows(2).all(|w| w[0].round <= w[1].round),
        "rounds in order"
    );
}
