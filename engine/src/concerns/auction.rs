//! Auctions: bidding goes round until one bidder is left; the winner pays and takes the lot
//! (or places the house won in a housing shortage).

use super::prelude::*;

impl Game {
    /// A bid: above the highest (or at least the opening bid), within the bidder's cash.
    pub(crate) fn check_bid(&self, actor: PlayerId, amount: i64) -> Checked {
        let cash = self.players[actor].cash;
        let Phase::Auction(a) = &self.phase else {
            return Err(Refusal::NotNow("bid"));
        };
        if amount < a.min_bid() {
            return Err(Refusal::BidTooLow { min: a.min_bid() });
        }
        if amount > cash {
            return Err(Refusal::BidTooHigh { amount, cash });
        }
        Ok(())
    }

    /// A bid above the highest, within the bidder's cash (checked).
    pub(crate) fn bid(&mut self, actor: PlayerId, amount: i64) {
        if let Phase::Auction(a) = &mut self.phase {
            a.leader = Some(actor);
            a.high_bid = amount;
            if !a.bidders.is_empty() {
                a.next = (a.next + 1) % a.bidders.len();
            }
        }
        self.emit(actor, Event::BidPlaced { amount });
        self.finish_auction_if_done();
    }

    /// The bidder leaves the auction.
    pub(crate) fn pass_bid(&mut self, actor: PlayerId) {
        if let Phase::Auction(a) = &mut self.phase {
            if a.next < a.bidders.len() {
                a.bidders.remove(a.next);
            }
            if a.next >= a.bidders.len() {
                a.next = 0;
            }
        }
        self.emit(actor, Event::BidPassed);
        self.finish_auction_if_done();
    }

    pub(crate) fn finish_auction_if_done(&mut self) {
        let Phase::Auction(a) = &self.phase else {
            return;
        };
        let done = a.bidders.is_empty() || (a.bidders.len() == 1 && a.leader == Some(a.bidders[0]));
        if !done {
            return;
        }
        let a = a.clone();
        match a.leader {
            None => {
                let p = self.turn.player;
                self.emit(p, Event::AuctionUnsold { square: a.lot });
                self.advance();
            }
            Some(w) => {
                self.transfer(Party::Player(w), Party::Bank, a.high_bid);
                match a.lot {
                    Some(lot) => {
                        self.squares.set_owner(lot.index(), Some(w));
                        self.emit(
                            w,
                            Event::AuctionWon {
                                square: Some(lot),
                                price: a.high_bid,
                            },
                        );
                        self.advance();
                    }
                    None => {
                        self.emit(
                            w,
                            Event::AuctionWon {
                                square: None,
                                price: a.high_bid,
                            },
                        );
                        let can_place = self
                            .lots_of(w)
                            .into_iter()
                            .any(|l| self.check_build(w, l, true).is_ok());
                        if can_place {
                            self.phase = Phase::PlaceHouse { player: w };
                        } else {
                            self.advance();
                        }
                    }
                }
            }
        }
    }
}
