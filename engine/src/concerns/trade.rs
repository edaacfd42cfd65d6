//! Trades: checking an offer (what each side holds, no buildings on traded groups, at most
//! `MAX_TRADE_OFFERS_PER_TURN` offers a turn, a counter-offer only back to the proposer and
//! never of a counter-offer) and carrying it out, mortgaged lots included.

use super::prelude::*;

impl Game {
    /// The offer made: the receiver answers next. Made while an offer waits for the
    /// actor's answer, it is a counter-offer: that offer is declined first.
    pub(crate) fn propose_trade(
        &mut self,
        actor: PlayerId,
        to: PlayerId,
        give: &TradeSide,
        take: &TradeSide,
    ) {
        if let Phase::TradeOffer(countered) = &self.phase {
            let countered = Box::new(countered.clone());
            self.emit(actor, Event::TradeDeclined { offer: countered });
        }
        let offer = TradeOffer {
            from: actor,
            to,
            give: give.clone(),
            take: take.clone(),
        };
        self.turn.trade_offers += 1;
        self.phase = Phase::TradeOffer(offer.clone());
        self.emit(
            actor,
            Event::TradeProposed {
                offer: Box::new(offer),
            },
        );
    }

    /// The offer answered: carried out when accepted.
    pub(crate) fn answer_trade(&mut self, accept: bool) {
        if let Phase::TradeOffer(offer) = self.phase.clone() {
            if accept {
                self.carry_out_trade(&offer);
            } else {
                self.emit(
                    offer.to,
                    Event::TradeDeclined {
                        offer: Box::new(offer),
                    },
                );
            }
        }
        self.advance();
    }

    pub(crate) fn check_trade(
        &self,
        from: PlayerId,
        to: PlayerId,
        give: &TradeSide,
        take: &TradeSide,
    ) -> Checked {
        let bad = |why: TradeWhy| Err(Refusal::BadTrade(why));
        if !self.rules().trades {
            return bad(TradeWhy::Off);
        }
        if self.turn.trade_offers >= MAX_TRADE_OFFERS_PER_TURN {
            return bad(TradeWhy::TooManyOffers);
        }
        let Some(other) = self.players.get(to.0) else {
            return Err(Refusal::NoSuchPlayer(to));
        };
        if to == from {
            return bad(TradeWhy::WithYourself);
        }
        if other.bankrupt {
            return bad(TradeWhy::PlayerOut(to));
        }
        if give.is_empty() && take.is_empty() {
            return bad(TradeWhy::Empty);
        }
        if give.cash < 0 || take.cash < 0 {
            return bad(TradeWhy::NegativeCash);
        }
        if give.cash > self.players[from].cash {
            return bad(TradeWhy::NotEnoughCash);
        }
        if take.cash > other.cash {
            return bad(TradeWhy::OtherNotEnoughCash(to));
        }
        if give.jail_cards as usize > self.players[from].jail_cards.len() {
            return bad(TradeWhy::NotEnoughJailCards);
        }
        if take.jail_cards as usize > other.jail_cards.len() {
            return bad(TradeWhy::OtherNotEnoughJailCards(to));
        }
        // Every lot of both sides, give first, in order.
        let all = || give.lots.iter().chain(take.lots.iter());
        for (k, (&id, owner)) in give
            .lots
            .iter()
            .map(|l| (l, from))
            .chain(take.lots.iter().map(|l| (l, to)))
            .enumerate()
        {
            let l = id.index();
            self.check_square(l)?;
            if all().take(k).any(|&x| x == id) {
                return bad(TradeWhy::ListedTwice(SquareId(l)));
            }
            if self.squares[l].owner != Some(owner) {
                return bad(TradeWhy::NotOwner {
                    owner,
                    lot: SquareId(l),
                });
            }
            if self
                .group_of_lot(l)
                .iter()
                .any(|&x| !self.squares[x].buildings.is_none())
            {
                return bad(TradeWhy::GroupHasBuildings(SquareId(l)));
            }
        }
        Ok(())
    }

    pub(crate) fn carry_out_trade(&mut self, offer: &TradeOffer) {
        let (a, b) = (offer.from, offer.to);
        self.emit(
            b,
            Event::TradeAccepted {
                offer: Box::new(offer.clone()),
            },
        );
        if offer.give.cash > 0 {
            self.transfer(Party::Player(a), Party::Player(b), offer.give.cash);
        }
        if offer.take.cash > 0 {
            self.transfer(Party::Player(b), Party::Player(a), offer.take.cash);
        }
        for _ in 0..offer.give.jail_cards {
            if !self.players[a].jail_cards.is_empty() {
                let c = self.players[a].jail_cards.remove(0);
                self.players[b].jail_cards.push(c);
            }
        }
        for _ in 0..offer.take.jail_cards {
            if !self.players[b].jail_cards.is_empty() {
                let c = self.players[b].jail_cards.remove(0);
                self.players[a].jail_cards.push(c);
            }
        }
        for (lots, from, to) in [(&offer.give.lots, a, b), (&offer.take.lots, b, a)] {
            for l in lots.iter().map(|l| l.index()) {
                // A mortgaged lot's interest can bankrupt a receiver half-way (sell-cheapest
                // debts): a bankrupt player receives nothing more, and a lot its giver lost
                // meanwhile (sold or auctioned in a bankruptcy) is not theirs to give.
                if self.players[to].bankrupt
                    || self.players[from].bankrupt
                    || self.squares[l].owner != Some(from)
                {
                    continue;
                }
                self.hand_over(l, from, to);
            }
        }
    }

    /// A lot changes hands; a mortgaged one costs the receiver the interest at once.
    pub(crate) fn hand_over(&mut self, l: usize, from: PlayerId, to: PlayerId) {
        self.squares.set_owner(l, Some(to));
        self.emit(
            to,
            Event::LotTransferred {
                square: SquareId(l),
                from: Party::Player(from),
                to: Party::Player(to),
            },
        );
        if self.squares[l].mortgaged {
            let price = self.board().square(l).price().unwrap_or(0);
            let mv = self.rules().mortgage_value(price);
            let interest = self.rules().mortgage_interest(mv);
            self.squares.set_interest_paid(l, true);
            self.charge(
                to,
                Party::Bank,
                interest,
                Reason::MortgageInterest {
                    square: SquareId(l),
                },
            );
        }
    }
}
