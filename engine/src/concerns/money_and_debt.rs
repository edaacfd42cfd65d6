//! Money and debt: payments between players, the bank and the jackpot, debts a player
//! cannot pay at once (raise cash, or the rule set's automatic sales), and what happens once
//! the cash is raised.

use super::prelude::*;

impl Game {
    pub(crate) fn has_debt(&self, p: PlayerId) -> bool {
        self.pending
            .iter()
            .any(|x| matches!(x, Pending::Debt { debtor, .. } if *debtor == p))
    }

    /// After selling or mortgaging: a debtor may now be able to pay.
    pub(crate) fn after_raising(&mut self) {
        if matches!(self.phase, Phase::RaiseCash { .. }) {
            self.advance();
        }
    }

    pub(crate) fn middle(&self) -> Party {
        if self.rules().free_parking_jackpot {
            Party::Jackpot
        } else {
            Party::Bank
        }
    }

    pub(crate) fn add(&mut self, party: Party, delta: i64) {
        match party {
            Party::Bank => self.bank += delta,
            Party::Jackpot => self.jackpot += delta,
            Party::Player(p) => self.players[p].cash += delta,
        }
    }

    pub(crate) fn transfer(&mut self, from: Party, to: Party, amount: i64) {
        self.add(from, -amount);
        self.add(to, amount);
    }

    /// Pays at once and logs it (the payer can afford it).
    pub(crate) fn pay_now(&mut self, p: PlayerId, to: Party, amount: i64, reason: Reason) {
        if amount <= 0 {
            return;
        }
        self.transfer(Party::Player(p), to, amount);
        self.emit(
            p,
            Event::Payment {
                from: Party::Player(p),
                to,
                amount,
                reason,
            },
        );
    }

    /// A payment that may exceed the payer's cash: paid now if possible, else a debt
    /// (RaiseCash) or, under the sell-cheapest rule, paid into the red and settled by
    /// selling properties to the bank.
    pub(crate) fn charge(
        &mut self,
        debtor: PlayerId,
        creditor: Party,
        amount: i64,
        reason: Reason,
    ) {
        if amount <= 0 || self.players[debtor].bankrupt {
            return;
        }
        match self.rules().debt {
            DebtRule::SellCheapest { percent } => {
                self.transfer(Party::Player(debtor), creditor, amount);
                self.emit(
                    debtor,
                    Event::Payment {
                        from: Party::Player(debtor),
                        to: creditor,
                        amount,
                        reason: reason.clone(),
                    },
                );
                if self.players[debtor].cash < 0 {
                    self.liquidate(debtor, percent, Owed { amount, reason });
                }
            }
            DebtRule::RaiseCash => {
                if self.players[debtor].cash >= amount && !self.has_debt(debtor) {
                    self.pay_now(debtor, creditor, amount, reason);
                } else {
                    self.pending.push_back(Pending::Debt {
                        debtor,
                        creditor,
                        amount,
                        reason,
                    });
                    self.emit(
                        debtor,
                        Event::DebtDue {
                            to: creditor,
                            amount,
                        },
                    );
                }
            }
        }
    }

    /// Mini: sells the cheapest property to the bank until back in credit; still in the red
    /// means bankrupt and out (the bank writes off the rest). `owed` is the payment that
    /// put the player in the red.
    pub(crate) fn liquidate(&mut self, p: PlayerId, percent: u32, owed: Owed) {
        while self.players[p].cash < 0 {
            let cheapest = self
                .lots_of(p)
                .into_iter()
                .min_by_key(|&l| (self.board().square(l).price().unwrap_or(0), l));
            let Some(l) = cheapest else { break };
            // The group is split by the sale: every building on it is sold back to the
            // bank at the sell-back rate first (the lot sold included).
            let board = self.setup.board.clone();
            for &g in board.lots_like(l) {
                let refund = self.clear_buildings(g, true);
                if refund > 0 {
                    self.transfer(Party::Bank, Party::Player(p), refund);
                    self.emit(
                        p,
                        Event::BuildingSold {
                            square: SquareId(g),
                            houses: 0,
                            refund,
                        },
                    );
                }
            }
            self.squares.reset(l);
            let price = self.board().square(l).price().unwrap_or(0);
            let amount = price * i64::from(percent) / 100;
            self.transfer(Party::Bank, Party::Player(p), amount);
            self.emit(
                p,
                Event::SoldToBank {
                    square: SquareId(l),
                    amount,
                },
            );
        }
        if self.players[p].cash < 0 {
            let deficit = -self.players[p].cash;
            self.transfer(Party::Bank, Party::Player(p), deficit);
            self.go_bankrupt(p, Party::Bank, Some(owed));
        }
    }
}
