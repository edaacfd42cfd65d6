//! Selling a lot back to the bank: a house rule (`RuleSet::sell_lots_to_bank`, off in the
//! official rules). Allowed whenever the lot could be mortgaged (the owner's turn, a lot
//! landed on, raising cash), for an unmortgaged lot whose group has no building; the bank
//! pays `RuleSet::lot_sale_value` and the lot is for sale again.

use super::prelude::*;

impl Game {
    /// What the bank would pay for the lot now, under this game's rules (whether or not the
    /// house rule is on: the buttons that offer the sale show it).
    pub fn lot_sale_value(&self, square: usize) -> i64 {
        let price = self
            .board()
            .squares()
            .get(square)
            .and_then(|s| s.price())
            .unwrap_or(0);
        self.rules().lot_sale_value(price)
    }

    pub(crate) fn check_sell_lot(&self, p: PlayerId, square: usize) -> Checked {
        let at = SquareId(square);
        let err = |why: SellLotWhy| Err(Refusal::CannotSellLot { square: at, why });
        if !self.rules().sell_lots_to_bank {
            return err(SellLotWhy::Off);
        }
        if !self.board().square(square).is_ownable() {
            return err(SellLotWhy::NotALot);
        }
        if self.squares[square].owner != Some(p) {
            return err(SellLotWhy::NotOwned);
        }
        if self.squares[square].mortgaged {
            return err(SellLotWhy::Mortgaged);
        }
        if self
            .group_of_lot(square)
            .iter()
            .any(|&l| !self.squares[l].buildings.is_none())
        {
            return err(SellLotWhy::GroupHasBuildings);
        }
        Ok(())
    }

    /// The lot goes back to the bank, which pays its sale value; a debtor may now pay.
    pub(crate) fn sell_lot_to_bank(&mut self, actor: PlayerId, square: usize) {
        let amount = self.lot_sale_value(square);
        self.squares.reset(square);
        self.transfer(Party::Bank, Party::Player(actor), amount);
        self.emit(
            actor,
            Event::SoldToBank {
                square: SquareId(square),
                amount,
            },
        );
        self.after_raising();
    }
}
