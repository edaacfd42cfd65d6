//! Computer players offer a trade only when their own evaluation says it helps them: a lot
//! changes hands and they get more than they give, or they complete a group. (The "random"
//! player used to offer pointless cash-for-cash swaps.)

use worlds_engine::bots::{offer_helps, strategy_by_name};
use worlds_engine::game::ComputerStrategy;
use worlds_engine::game::{GameSetup, Seat};
use worlds_engine::{Action, Game, Preset};

#[test]
fn computer_players_offer_only_trades_that_help_them() {
    let mut offers = 0;
    for seed in 0..150u64 {
        for strategies in [
            ["random", "random", "random"],
            ["balanced", "random", "cautious"],
        ] {
            let seats = strategies
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    Seat::computer(
                        &format!("P{i}"),
                        ComputerStrategy::from_name(s).expect("known"),
                    )
                })
                .collect();
            let mut setup = GameSetup::new(Preset::Classic.board(), seats, seed);
            setup.rules.round_limit = Some(40);
            let mut game = Game::new(setup).expect("a valid setup");
            for _ in 0..3000 {
                let Some(me) = game.actor() else { break };
                let name = strategies[me.index()];
                let bot = strategy_by_name(name).expect("a known strategy");
                let action = bot.choose(&game, me);
                if let Action::ProposeTrade { give, take, .. } = &action {
                    offers += 1;
                    assert!(
                        offer_helps(&game, me, give, take),
                        "seed {seed}: {name} offered {give:?} for {take:?}"
                    );
                }
                if game.apply(action).is_err() {
                    break;
                }
            }
        }
    }
    assert!(offers > 0, "no computer player offered a trade at all");
}
