//! What the lots are worth to their owners: rent owed on landing, a player's assets,
//! the leader, the winner and the standings, the cost of lifting a mortgage, whole color
//! groups, and the net-worth history of a finished or running game.

use serde::{Deserialize, Serialize};

use super::Game;
use crate::action::PlayerId;
use crate::board::SquareKind;

impl Game {
    /// A player's assets: cash + the price of their lots (less the mortgage owed on a
    /// mortgaged lot) + the cost of their buildings.
    pub fn assets(&self, player: PlayerId) -> i64 {
        let p = &self.players[player];
        let mut total = p.cash;
        for (i, s) in self.squares.iter().enumerate() {
            if s.owner != Some(player) {
                continue;
            }
            let sq = self.board().square(i);
            let price = sq.price().unwrap_or(0);
            total += price;
            if s.mortgaged {
                total -= self.rules().mortgage_value(price);
            }
            total += self.board().buildings_cost(i, s.buildings.level());
        }
        total
    }

    /// The winner once the game is over: the last player standing, or the one with the
    /// highest assets (the earlier seat on a tie).
    pub fn winner(&self) -> Option<PlayerId> {
        if !self.is_over() {
            return None;
        }
        self.leader()
    }

    /// The player with the highest assets among those still in (the earlier seat on a tie).
    pub fn leader(&self) -> Option<PlayerId> {
        let mut best: Option<(PlayerId, i64)> = None;
        for p in self.active_players() {
            let a = self.assets(p);
            if best.is_none_or(|(_, b)| a > b) {
                best = Some((p, a));
            }
        }
        best.map(|(p, _)| p)
    }

    /// Players ranked by assets, highest first; bankrupt players after them, the later
    /// bankruptcy ranked higher (who went out last lasted longest).
    pub fn standings(&self) -> Vec<(PlayerId, i64)> {
        let out_at = |p: PlayerId| {
            self.log.iter().rposition(|e| {
                e.player == p && matches!(e.event, crate::event::Event::Bankrupt { .. })
            })
        };
        let mut v: Vec<(PlayerId, i64)> = PlayerId::all(self.players.len())
            .map(|p| (p, self.assets(p)))
            .collect();
        crate::sorting::sort_by_key(&mut v, |&(p, a)| {
            let bankrupt = self.players[p].bankrupt;
            (
                bankrupt,
                std::cmp::Reverse(if bankrupt { out_at(p).unwrap_or(0) } else { 0 }),
                std::cmp::Reverse(a),
                p,
            )
        });
        v
    }

    /// What the next building on a lot costs now: a house, or the hotel after four houses
    /// (its group's hotel cost). `None`: nothing can be built on it.
    pub fn next_building_cost(&self, square: usize) -> Option<i64> {
        let level = self.squares.get(square)?.buildings.level();
        self.board().next_building_cost(square, level)
    }

    /// What selling a lot's top building back to the bank pays now (a hotel at its own
    /// cost). `None`: there is no building on it.
    pub fn building_sale_refund(&self, square: usize) -> Option<i64> {
        let level = self.squares.get(square)?.buildings.level();
        (level > 0).then(|| {
            self.rules()
                .building_refund(self.board().top_building_cost(square, level))
        })
    }

    /// The cost to lift a mortgage now.
    pub fn unmortgage_cost(&self, square: usize) -> i64 {
        let price = self.board().square(square).price().unwrap_or(0);
        let mv = self.rules().mortgage_value(price);
        if self.squares[square].interest_paid {
            mv
        } else {
            mv + self.rules().mortgage_interest(mv)
        }
    }

    /// Whether one player owns every lot of the square's color group.
    pub fn owns_whole_group(&self, player: PlayerId, square: usize) -> bool {
        match self.board().group_of(square) {
            // By bits: boards have at most 60 squares.
            Some(g) => {
                let mask = self.board().group_mask(g);
                mask != 0 && self.owned_mask(player) & mask == mask
            }
            None => false,
        }
    }

    /// The rent a visitor would owe on landing now with a dice total of `dice_total`.
    pub fn rent_for(&self, square: usize, dice_total: u32) -> i64 {
        self.rent(square, dice_total, 1)
    }

    pub(crate) fn rent(&self, square: usize, dice_total: u32, multiplier: i64) -> i64 {
        let Some(owner) = self.squares[square].owner else {
            return 0;
        };
        let state = &self.squares[square];
        match &self.board().square(square).kind {
            SquareKind::Property { price, rents, .. } => {
                let whole = self.owns_whole_group(owner, square);
                match self.rules().rent_model {
                    crate::rules::RentModel::Deed => {
                        let h = usize::from(state.buildings.level());
                        if h > 0 && h < rents.len() {
                            rents[h]
                        } else {
                            let base = rents.first().copied().unwrap_or(0);
                            if whole {
                                base * self.board().whole_group_multiplier(square)
                            } else {
                                base
                            }
                        }
                    }
                    crate::rules::RentModel::PriceDoubledWithGroup => {
                        if whole {
                            price * self.board().whole_group_multiplier(square)
                        } else {
                            *price
                        }
                    }
                }
            }
            SquareKind::Railroad { rents, .. } => {
                let count = self.count_owned(owner, |k| matches!(k, SquareKind::Railroad { .. }));
                let idx = count.clamp(1, rents.len()) - 1;
                rents.get(idx).copied().unwrap_or(0) * multiplier
            }
            SquareKind::Utility { multipliers, .. } => {
                let count = self.count_owned(owner, |k| matches!(k, SquareKind::Utility { .. }));
                let idx = count.clamp(1, multipliers.len()) - 1;
                multipliers.get(idx).copied().unwrap_or(0) * i64::from(dice_total)
            }
            _ => 0,
        }
    }

    pub(crate) fn count_owned(&self, owner: PlayerId, pred: fn(&SquareKind) -> bool) -> usize {
        self.squares
            .iter()
            .enumerate()
            .filter(|(i, s)| s.owner == Some(owner) && pred(&self.board().square(*i).kind))
            .count()
    }
}

/// Every player's assets at the start of each round, and at the end of the game: the
/// points of the net-worth chart on the end screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetWorthPoint {
    pub round: u32,
    /// Assets per seat (0 for a bankrupt player).
    pub assets: Vec<i64>,
}

impl Game {
    /// Every seat's assets now (0 for a bankrupt player): one point of the net-worth chart.
    pub(crate) fn net_worth_now(&self) -> NetWorthPoint {
        NetWorthPoint {
            round: self.round,
            assets: PlayerId::all(self.players.len())
                .map(|p| {
                    if self.players[p].bankrupt {
                        0
                    } else {
                        self.assets(p)
                    }
                })
                .collect(),
        }
    }

    /// Net worth of every seat round by round, rebuilt by replaying the game's actions (a
    /// public game, which cannot replay, keeps its points as its states arrive).
    pub fn net_worth_history(&self) -> Vec<NetWorthPoint> {
        let mut points = Vec::new();
        if let Some(record) = &self.public {
            points.extend(record.net_worth.iter().cloned());
            let last = self.net_worth_now();
            if points.last().map(|p| &p.assets) != Some(&last.assets) {
                points.push(last);
            }
            return points;
        }
        let Ok(mut g) = Game::new(self.setup.clone()) else {
            return points;
        };
        points.push(g.net_worth_now());
        for action in &self.history {
            let before = g.round;
            if g.apply(action.clone()).is_err() {
                break;
            }
            if g.round != before {
                points.push(g.net_worth_now());
            }
        }
        let last = g.net_worth_now();
        if points.last().map(|p| &p.assets) != Some(&last.assets) {
            points.push(last);
        }
        points
    }
}

#[cfg(test)]
mod tests {
    use crate::{Action, ComputerStrategy, Game, GameSetup, PlayerId, Preset, Seat};

    /// Issue 31, 12: a new player saw Cy, out in round 45, ranked above Dee, out in round 46.
    #[test]
    fn the_later_bankruptcy_ranks_higher() {
        let seats = ["Ann", "Bea", "Cy", "Dee"]
            .iter()
            .map(|n| Seat::computer(n, ComputerStrategy::Balanced))
            .collect();
        let mut g = Game::new(GameSetup::new(Preset::Classic.board(), seats, 3)).expect("a game");
        // Cy (seat 2) goes out first, then Dee (seat 3): Dee lasted longer and ranks
        // above Cy (seat order would put Cy first).
        g.apply(Action::Resign {
            player: PlayerId(2),
        })
        .expect("Cy resigns");
        g.apply(Action::Resign {
            player: PlayerId(3),
        })
        .expect("Dee resigns");
        let order: Vec<usize> = g.standings().iter().map(|(p, _)| p.index()).collect();
        assert_eq!(&order[2..], &[3, 2], "Dee, out later, above Cy: {order:?}");
    }
}
