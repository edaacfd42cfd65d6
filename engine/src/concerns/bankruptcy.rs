//! Bankruptcy: everything to the creditor player, or to the bank (lots back for auction,
//! buildings removed, jail cards back in their decks), and resigning.

use super::prelude::*;

impl Game {
    /// The debtor gives up: bankrupt to the creditor of the debt being raised.
    pub(crate) fn declare_bankruptcy(&mut self, actor: PlayerId) {
        let front = self.pending.pop_front();
        let (creditor, owed) = match front {
            Some(Pending::Debt {
                creditor,
                amount,
                reason,
                ..
            }) => (creditor, Some(Owed { amount, reason })),
            Some(other) => {
                self.pending.push_front(other);
                (Party::Bank, None)
            }
            None => (Party::Bank, None),
        };
        self.go_bankrupt(actor, creditor, owed);
        self.advance();
    }

    /// A lot goes back to the bank (and to auction when auctions are on), its buildings
    /// with it.
    pub(crate) fn return_to_bank(&mut self, l: usize, from: PlayerId) {
        self.clear_buildings(l, false);
        self.squares.reset(l);
        if self.rules().auctions {
            self.pending.push_back(Pending::Auction { square: l });
        }
        self.emit(
            from,
            Event::LotTransferred {
                square: SquareId(l),
                from: Party::Player(from),
                to: Party::Bank,
            },
        );
    }

    /// Bankruptcy: to a player (everything goes to them, buildings at the sell-back rate,
    /// mortgaged lots under the interest rule) or to the bank (buildings removed, lots
    /// auctioned, jail cards back to their decks). `owed` is the debt that could not be paid
    /// (none for a resignation): the bankruptcy's line names it.
    pub(crate) fn go_bankrupt(&mut self, p: PlayerId, creditor: Party, owed: Option<Owed>) {
        self.pending.retain(|x| match x {
            Pending::Debt { debtor, .. } => *debtor != p,
            Pending::Move { player, .. } | Pending::JokerEffects { player, .. } => *player != p,
            Pending::Auction { .. } => true,
        });
        for x in self.pending.iter_mut() {
            if let Pending::Debt { creditor: c, .. } = x {
                if *c == Party::Player(p) {
                    *c = Party::Bank;
                }
            }
        }
        // Kept as it stood before anything is handed over: the end screen shows it.
        self.players[p].holdings_when_out = Some(self.holdings_now(p));
        let lots = self.lots_of(p);
        let creditor = match creditor {
            Party::Player(c) if c != p && !self.players[c].bankrupt => Party::Player(c),
            Party::Jackpot => Party::Jackpot,
            _ => Party::Bank,
        };
        match creditor {
            Party::Player(c) => {
                for &l in &lots {
                    let refund = self.clear_buildings(l, true);
                    self.transfer(Party::Bank, Party::Player(p), refund);
                }
                let cash = self.players[p].cash;
                if cash != 0 {
                    self.transfer(Party::Player(p), Party::Player(c), cash);
                }
                let cards = std::mem::take(&mut self.players[p].jail_cards);
                self.players[c].jail_cards.extend(cards);
                for &l in &lots {
                    // The creditor may go bankrupt half-way (interest on a mortgaged lot
                    // under the sell-cheapest rule): the rest goes to the bank.
                    if self.squares[l].owner != Some(p) {
                        continue;
                    }
                    if self.players[c].bankrupt {
                        self.return_to_bank(l, p);
                    } else {
                        self.hand_over(l, p, c);
                    }
                }
            }
            _ => {
                for &l in &lots {
                    self.return_to_bank(l, p);
                }
                let cash = self.players[p].cash;
                if cash != 0 {
                    self.transfer(Party::Player(p), creditor, cash);
                }
                let cards = std::mem::take(&mut self.players[p].jail_cards);
                for c in cards {
                    self.decks.get_mut(c.deck).push_back(c.card);
                }
            }
        }
        let pl = &mut self.players[p];
        pl.bankrupt = true;
        pl.in_jail = false;
        pl.jail_tries = 0;
        pl.waiting = 0;
        if p == self.turn.player {
            self.turn.can_roll = false;
        }
        self.emit(p, Event::Bankrupt { to: creditor, owed });
    }

    pub(crate) fn resign(&mut self, player: PlayerId) {
        self.emit(player, Event::Resigned);
        let mut must_advance = false;
        let mut in_auction = false;
        match &mut self.phase {
            Phase::Auction(a) => {
                in_auction = true;
                if let Some(i) = a.bidders.iter().position(|&q| q == player) {
                    a.bidders.remove(i);
                    if i < a.next {
                        a.next -= 1;
                    }
                    if a.next >= a.bidders.len() {
                        a.next = 0;
                    }
                }
                if a.leader == Some(player) {
                    a.leader = None;
                    a.high_bid = 0;
                }
            }
            Phase::TradeOffer(o) if o.from == player || o.to == player => {
                let offer = Box::new(o.clone());
                self.emit(offer.to, Event::TradeDeclined { offer });
                must_advance = true;
            }
            Phase::PlaceHouse { player: q } | Phase::JokerEffects { player: q, .. }
                if *q == player =>
            {
                must_advance = true
            }
            Phase::RaiseCash { debtor, .. } if *debtor == player => must_advance = true,
            // Between decisions: the resigner's lots go to auction at once.
            Phase::Roll | Phase::EndTurn => must_advance = true,
            Phase::BuyOrDecline { .. } if self.turn.player == player => must_advance = true,
            _ => {}
        }
        self.go_bankrupt(player, Party::Bank, None);
        if self.players.iter().filter(|p| !p.bankrupt).count() <= 1 {
            self.end_game();
        } else if in_auction {
            self.finish_auction_if_done();
        } else if must_advance {
            self.advance();
        }
    }
}
