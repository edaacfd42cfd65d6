//! Mortgages: mortgaging a lot (no buildings on its group) and lifting a mortgage (its
//! value plus interest, or the value alone when the interest was paid on receiving it).

use super::prelude::*;

impl Game {
    pub(crate) fn check_mortgage(&self, p: PlayerId, square: usize) -> Checked {
        let err = |why: MortgageWhy| Err(Refusal::CannotMortgage { square, why });
        if !self.rules().mortgages {
            return err(MortgageWhy::NoMortgages);
        }
        if !self.board().square(square).is_ownable() {
            return err(MortgageWhy::NotALot);
        }
        if self.squares[square].owner != Some(p) {
            return err(MortgageWhy::NotOwned);
        }
        if self.squares[square].mortgaged {
            return err(MortgageWhy::AlreadyMortgaged);
        }
        if self
            .group_of_lot(square)
            .iter()
            .any(|&l| self.squares[l].houses > 0)
        {
            return err(MortgageWhy::GroupHasBuildings);
        }
        Ok(())
    }

    pub(crate) fn check_unmortgage(&self, p: PlayerId, square: usize) -> Checked {
        let err = |why: UnmortgageWhy| Err(Refusal::CannotUnmortgage { square, why });
        if self.squares[square].owner != Some(p) {
            return err(UnmortgageWhy::NotOwned);
        }
        if !self.squares[square].mortgaged {
            return err(UnmortgageWhy::NotMortgaged);
        }
        let cost = self.unmortgage_cost(square);
        let cash = self.players[p].cash;
        if cash < cost {
            return err(UnmortgageWhy::CannotPay { cost, cash });
        }
        Ok(())
    }
}
