//! Plans: several actions chosen at once for a player, worked out on a copy of the game so
//! every step is one the rules accept — the most cash a player could raise, "Raise $X"
//! (sell and mortgage the least harmful things until a sum is covered) and "Build evenly"
//! (houses across a group up to a level). The app shows a plan before it happens and then
//! applies its actions one by one, like any other actions.

use super::prelude::*;

impl Game {
    /// The most cash `player` could have by selling every building and mortgaging every
    /// lot now (cash included): buildings at the sell-back rate, lots at their mortgage
    /// value.
    pub fn most_cash_raisable(&self, player: PlayerId) -> i64 {
        let mut total = self.players[player].cash;
        for (i, s) in self.squares.iter().enumerate() {
            if s.owner != Some(player) {
                continue;
            }
            let sq = self.board().square(i);
            total += self
                .rules()
                .building_refund(self.board().buildings_cost(i, s.buildings.level()));
            if !s.mortgaged {
                total += self.rules().mortgage_value(sq.price().unwrap_or(0));
            }
        }
        total
    }

    /// The actions that raise at least `amount` more cash for the player to act, least
    /// harmful first: mortgaging lots outside a whole group (cheapest first), then lots of
    /// whole groups without buildings, then selling buildings (cheapest first, evenly) and
    /// mortgaging what they stood on. `None` when everything together would not raise it.
    pub fn raise_plan(&self, amount: i64) -> Option<Vec<Action>> {
        let me = self.actor()?;
        let target = self.players[me].cash + amount;
        if self.most_cash_raisable(me) < target {
            return None;
        }
        let in_debt = matches!(self.phase, Phase::RaiseCash { .. });
        // The debt this plan is for; a second debt that follows it (a card's "pay each
        // player") is a question of its own, asked after this one is paid.
        let paid_before = |g: &Game| {
            g.log()
                .iter()
                .filter(|e| {
                    matches!(&e.event, Event::Payment { from: Party::Player(p), .. } if *p == me)
                })
                .count()
        };
        let paid_at_start = paid_before(self);
        let first_debt = self.phase.clone();
        let mut game = self.clone();
        let mut plan = Vec::new();
        while game.players[me].cash < target {
            let legal = game.legal_actions();
            let whole = |g: &Game, l: SquareId| g.owns_whole_group(me, l.index());
            let price = |g: &Game, l: SquareId| g.board().square(l.index()).price().unwrap_or(0);
            let mortgage = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Mortgage { square } => Some(*square),
                    _ => None,
                })
                .min_by_key(|&l| (whole(&game, l), price(&game, l), l.index()));
            let sell = legal
                .iter()
                .filter_map(|a| match a {
                    Action::SellBuilding { square } => Some(*square),
                    _ => None,
                })
                .min_by_key(|&l| {
                    let level = game.squares[l.index()].buildings.level();
                    let cost = game.board().top_building_cost(l.index(), level);
                    (cost, std::cmp::Reverse(level))
                });
            let sell_all = legal.iter().find_map(|a| match a {
                Action::SellAllBuildings { square } => Some(*square),
                _ => None,
            });
            let action = match (mortgage, sell, sell_all) {
                (Some(l), _, _) => Action::Mortgage { square: l },
                (None, Some(l), _) => Action::SellBuilding { square: l },
                (None, None, Some(l)) => Action::SellAllBuildings { square: l },
                (None, None, None) => return None,
            };
            game.apply(action.clone()).ok()?;
            plan.push(action);
            // A debt is paid as soon as the cash covers it: the plan ends there, even when
            // another debt follows at once.
            if in_debt && (game.phase != first_debt || paid_before(&game) > paid_at_start) {
                break;
            }
            if game.actor() != Some(me) {
                break;
            }
        }
        Some(plan)
    }

    /// The builds that bring every lot of `group` to `level` houses (5: a hotel) for the
    /// player to act, a house at a time on the lot with the fewest, as even building asks;
    /// as far as the rules, the cash and the bank's houses allow. Empty when none can be
    /// built now.
    pub fn build_evenly_plan(&self, group: usize, level: u8) -> Vec<Action> {
        let mut game = self.clone();
        let mut plan = Vec::new();
        let lots: Vec<usize> = self.board().group_lots(group).to_vec();
        for _ in 0..lots.len() * 5 {
            let next = lots
                .iter()
                .copied()
                .filter(|&l| game.squares[l].buildings.level() < level)
                .filter(|&l| {
                    game.allows(&Action::Build {
                        square: SquareId(l),
                    })
                })
                .min_by_key(|&l| (game.squares[l].buildings.level(), l));
            let Some(l) = next else { break };
            let action = Action::Build {
                square: SquareId(l),
            };
            if game.apply(action.clone()).is_err() {
                break;
            }
            plan.push(action);
        }
        plan
    }
}
