//! Buildings: building (evenly, with the whole unmortgaged group), selling back, selling a
//! whole group's buildings, and the housing shortage: when more players could build a
//! house than the bank has, one house is auctioned among them (opening at the house cost of
//! the lot asked for); the winner pays the bid and places it.

use super::prelude::*;

impl Game {
    /// A house or hotel asked for: built, placed after a house auction, or auctioned in a
    /// housing shortage.
    pub(crate) fn build(&mut self, actor: PlayerId, square: usize) {
        if let Phase::PlaceHouse { player } = self.phase {
            self.do_build(player, square, true);
            self.advance();
        } else if self.squares[square].buildings.level() < 4 {
            match self.house_shortage(actor) {
                Some(bidders) => {
                    let minimum = self.board().square(square).house_cost().unwrap_or(1);
                    self.phase = Phase::Auction(Auction {
                        lot: None,
                        minimum,
                        high_bid: 0,
                        leader: None,
                        bidders,
                        next: 0,
                    });
                    self.emit(
                        actor,
                        Event::AuctionStarted {
                            square: None,
                            minimum,
                        },
                    );
                }
                None => self.do_build(actor, square, false),
            }
        } else {
            self.do_build(actor, square, false);
        }
    }

    /// One building sold back to the bank (a hotel becomes four houses).
    pub(crate) fn sell_building(&mut self, actor: PlayerId, square: usize) {
        // Checked: there is a building to sell (and four houses for a hotel).
        let before = self.squares[square].buildings;
        // A hotel sells back at its own cost (the group's hotel cost).
        let cost = self.board().top_building_cost(square, before.level());
        let refund = self.rules().building_refund(cost);
        let after = before.one_less().unwrap_or_default();
        match before {
            Buildings::Hotel => {
                self.bank_hotels += 1;
                self.bank_houses -= 4;
            }
            _ => self.bank_houses += 1,
        }
        self.squares.set_buildings(square, after);
        let houses = self.squares[square].buildings.level();
        self.transfer(Party::Bank, Party::Player(actor), refund);
        self.emit(
            actor,
            Event::BuildingSold {
                square: SquareId(square),
                houses,
                refund,
            },
        );
        self.after_raising();
    }

    /// Every building of the square's group sold back to the bank.
    pub(crate) fn sell_all_buildings(&mut self, actor: PlayerId, square: usize) {
        let board = self.setup.board.clone();
        for &l in board.lots_like(square) {
            let refund = self.clear_buildings(l, true);
            if refund > 0 {
                self.transfer(Party::Bank, Party::Player(actor), refund);
                self.emit(
                    actor,
                    Event::BuildingSold {
                        square: SquareId(l),
                        houses: 0,
                        refund,
                    },
                );
            }
        }
        self.after_raising();
    }

    /// The lots sharing the square's group (just the square when it has none).
    pub(crate) fn group_of_lot(&self, square: usize) -> &[usize] {
        self.setup.board.lots_like(square)
    }

    pub(crate) fn check_build(&self, p: PlayerId, square: usize, placing: bool) -> Checked {
        let at = SquareId(square);
        let err = |why: BuildWhy| Err(Refusal::CannotBuild { square: at, why });
        if !self.rules().buildings {
            return err(BuildWhy::NoBuildings);
        }
        if self.board().square(square).house_cost().is_none() {
            return err(BuildWhy::NotBuildable);
        }
        if self.squares[square].owner != Some(p) {
            return err(BuildWhy::NotOwned);
        }
        if !self.owns_whole_group(p, square) {
            return err(BuildWhy::NotWholeGroup);
        }
        let lots = self.group_of_lot(square);
        let group = self
            .board()
            .group_of(square)
            .map_or(0, |g| self.board().group_mask(g));
        if self.mortgaged_mask() & group != 0 {
            return err(BuildWhy::GroupMortgaged);
        }
        let h = self.squares[square].buildings.level();
        if h >= 5 {
            return err(BuildWhy::HasHotel);
        }
        if self.rules().even_build {
            let min = lots
                .iter()
                .map(|&l| self.squares[l].buildings.level())
                .min()
                .unwrap_or(0);
            if h > min {
                return err(BuildWhy::Uneven);
            }
        }
        if h == 4 {
            if placing {
                return err(BuildWhy::PlaceOnFewerThanFour);
            }
            if self.bank_hotels == 0 {
                return err(BuildWhy::NoHotelLeft);
            }
        } else if self.bank_houses == 0 {
            return err(BuildWhy::NoHouseLeft);
        }
        // A house, or the hotel after four houses (its group's hotel cost).
        let cost = self.board().next_building_cost(square, h).unwrap_or(0);
        let cash = self.players[p].cash;
        if !placing && cash < cost {
            return err(BuildWhy::CannotPay { cost, cash });
        }
        Ok(())
    }

    pub(crate) fn check_sell(&self, p: PlayerId, square: usize) -> Checked {
        let at = SquareId(square);
        let err = |why: SellWhy| Err(Refusal::CannotSell { square: at, why });
        if self.squares[square].owner != Some(p) {
            return err(SellWhy::NotOwned);
        }
        let h = self.squares[square].buildings.level();
        if h == 0 {
            return err(SellWhy::NoBuilding);
        }
        if self.rules().even_build {
            let max = self
                .group_of_lot(square)
                .iter()
                .map(|&l| self.squares[l].buildings.level())
                .max()
                .unwrap_or(0);
            if h < max {
                return err(SellWhy::Uneven);
            }
        }
        if h == 5 && self.bank_houses < 4 {
            return err(SellWhy::HotelUnbreakable {
                bank_houses: self.bank_houses,
            });
        }
        Ok(())
    }

    pub(crate) fn check_sell_all(&self, p: PlayerId, square: usize) -> Checked {
        let at = SquareId(square);
        let err = |why: SellWhy| Err(Refusal::CannotSell { square: at, why });
        if self.squares[square].owner != Some(p) {
            return err(SellWhy::NotOwned);
        }
        let lots = self.group_of_lot(square);
        if lots.iter().all(|&l| self.squares[l].buildings.is_none()) {
            return err(SellWhy::NoBuildingOnGroup);
        }
        Ok(())
    }

    /// Returns a lot's buildings to the bank; the refund they are worth at the sell-back
    /// rate when `refund`, else 0.
    pub(crate) fn clear_buildings(&mut self, l: usize, refund: bool) -> i64 {
        let buildings = self.squares[l].buildings;
        let h = buildings.level();
        match buildings {
            Buildings::None => return 0,
            Buildings::Hotel => self.bank_hotels += 1,
            Buildings::Houses(n) => self.bank_houses += u32::from(n),
        }
        self.squares.set_buildings(l, Buildings::None);
        if refund {
            let cost = self.board().buildings_cost(l, h);
            self.rules().building_refund(cost)
        } else {
            0
        }
    }

    pub(crate) fn do_build(&mut self, p: PlayerId, square: usize, placing: bool) {
        // Checked: the lot takes one more building (a hotel needs four houses).
        let before = self.squares[square].buildings;
        let cost = self
            .board()
            .next_building_cost(square, before.level())
            .unwrap_or(0);
        let after = before.one_more().unwrap_or(before);
        if before == Buildings::Houses(4) {
            self.bank_hotels -= 1;
            self.bank_houses += 4;
        } else {
            self.bank_houses -= 1;
        }
        self.squares.set_buildings(square, after);
        let houses = self.squares[square].buildings.level();
        let paid = if placing { 0 } else { cost };
        if paid > 0 {
            self.transfer(Party::Player(p), Party::Bank, paid);
        }
        self.emit(
            p,
            Event::Built {
                square: SquareId(square),
                houses,
                cost: paid,
            },
        );
    }

    /// Players who could build a house now, in bidding order from `builder`, when they
    /// outnumber the houses in the bank.
    pub(crate) fn house_shortage(&self, builder: PlayerId) -> Option<Vec<PlayerId>> {
        let bank = self.bank_houses as usize;
        let n = self.players.len();
        // More players wanting a house than the bank has needs fewer houses than players.
        if bank == 0 || bank >= n {
            return None;
        }
        let mut wanting = Vec::new();
        for k in 0..n {
            let q = builder.after(k, n);
            if self.players[q].bankrupt {
                continue;
            }
            let can = self.owned_lots(q).any(|l| {
                self.squares[l].buildings.level() < 4 && self.check_build(q, l, false).is_ok()
            });
            if can {
                wanting.push(q);
            }
        }
        (wanting.len() >= 2 && wanting.len() > bank).then_some(wanting)
    }
}
