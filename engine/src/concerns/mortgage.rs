//! Mortgages: mortgaging a lot (no buildings on its group) and lifting a mortgage (its
//! value plus interest, or the value alone when the interest was paid on receiving it).

use super::prelude::*;

impl Game {
    /// The lot mortgaged: the bank pays its mortgage value.
    pub(crate) fn mortgage(&mut self, actor: PlayerId, square: usize) {
        let price = self.board().square(square).price().unwrap_or(0);
        let amount = self.rules().mortgage_value(price);
        self.squares.set_mortgaged(square, true);
        self.squares.set_interest_paid(square, false);
        self.transfer(Party::Bank, Party::Player(actor), amount);
        self.emit(
            actor,
            Event::Mortgaged {
                square: SquareId(square),
                amount,
            },
        );
        self.after_raising();
    }

    /// The mortgage lifted: the owner pays its value and the interest due.
    pub(crate) fn unmortgage(&mut self, actor: PlayerId, square: usize) {
        let cost = self.unmortgage_cost(square);
        self.squares.set_mortgaged(square, false);
        self.squares.set_interest_paid(square, false);
        self.transfer(Party::Player(actor), Party::Bank, cost);
        self.emit(
            actor,
            Event::Unmortgaged {
                square: SquareId(square),
                cost,
            },
        );
    }

    pub(crate) fn check_mortgage(&self, p: PlayerId, square: usize) -> Checked {
        let at = SquareId(square);
        let err = |why: MortgageWhy| Err(Refusal::CannotMortgage { square: at, why });
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
            .any(|&l| !self.squares[l].buildings.is_none())
        {
            return err(MortgageWhy::GroupHasBuildings);
        }
        Ok(())
    }

    pub(crate) fn check_unmortgage(&self, p: PlayerId, square: usize) -> Checked {
        let at = SquareId(square);
        let err = |why: UnmortgageWhy| Err(Refusal::CannotUnmortgage { square: at, why });
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
