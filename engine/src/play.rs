//! The turn flow: checking actions, carrying them out, moving, landing, cards, money,
//! debts, auctions, building, trades, bankruptcy and the end of the game.
//!
//! Every action is checked completely by `check_action` before `execute` changes anything.
//! Work that has to wait for a decision (a debt to raise, the lots of a bankrupt player to
//! auction, the move after a paid jail fine) is queued in `pending` and carried out by
//! `advance`, which then works out what the game waits for next.
//!
//! Housing shortage: when a player asks to build a house while more players could build one
//! (they own a whole unmortgaged group with room for a house and can pay for it) than the
//! bank has houses, one house is auctioned among those players, starting at the house cost
//! of the lot asked for; the winner pays the bid and places the house on one of their lots.

use crate::action::{Action, PlayerId, TradeOffer, TradeSide};
use crate::board::SquareKind;
use crate::cards::{CardEffect, DeckKind};
use crate::event::{Event, JailExit, Party, Reason};
use crate::game::{
    Auction, Game, JailCard, Pending, Phase, SquareState, Turn, MAX_TRADE_OFFERS_PER_TURN,
};
use crate::refusal::{
    Afford, BuildWhy, Checked, MortgageWhy, Refusal, SellWhy, TradeWhy, UnmortgageWhy,
};
use crate::rules::{DebtRule, DoublesLimit, ExtraRoll, JailRelease};
use crate::stats::model::MAX_CHAINED_MOVES;

/// How a landing is settled when a card sent the player there.
#[derive(Debug, Clone, Copy)]
struct LandCtx {
    rent_multiplier: i64,
    utility_dice: Option<i64>,
    /// Moves made by cards and Jokers so far in this chain (see [`MAX_CHAINED_MOVES`]).
    depth: u8,
}

impl Default for LandCtx {
    fn default() -> Self {
        LandCtx {
            rent_multiplier: 1,
            utility_dice: None,
            depth: 0,
        }
    }
}

impl LandCtx {
    /// The context of a move a card or Joker makes from a landing in this context.
    fn chained(self) -> LandCtx {
        LandCtx {
            depth: self.depth.saturating_add(1),
            ..LandCtx::default()
        }
    }
}

impl Game {
    // ----- checking -----

    fn check_square(&self, square: usize) -> Checked {
        if square < self.board().len() {
            Ok(())
        } else {
            Err(Refusal::NoSuchSquare(square))
        }
    }

    fn has_debt(&self, p: PlayerId) -> bool {
        self.pending
            .iter()
            .any(|x| matches!(x, Pending::Debt { debtor, .. } if *debtor == p))
    }

    pub(crate) fn check_action(&self, action: &Action) -> Checked {
        if self.phase == Phase::GameOver {
            return Err(Refusal::GameOver);
        }
        if let Action::Resign { player } = action {
            let p = self
                .players
                .get(*player)
                .ok_or(Refusal::NoSuchPlayer(*player))?;
            if p.bankrupt {
                return Err(Refusal::PlayerOut(*player));
            }
            return Ok(());
        }
        let Some(actor) = self.actor() else {
            return Err(Refusal::GameOver);
        };
        let cash = self.players[actor].cash;
        let own_turn = matches!(self.phase, Phase::Roll | Phase::EndTurn);
        let can_sell = own_turn
            || matches!(
                self.phase,
                Phase::BuyOrDecline { .. } | Phase::RaiseCash { .. }
            );
        let not_now = Refusal::NotNow;
        match action {
            Action::Roll => match self.phase {
                Phase::Roll => Ok(()),
                _ => Err(not_now("roll")),
            },
            Action::Buy => {
                let Phase::BuyOrDecline { square } = self.phase else {
                    return Err(not_now("buy"));
                };
                let price = self.board().square(square).price().unwrap_or(0);
                if self.has_debt(actor) {
                    return Err(not_now("buy while you owe money"));
                }
                if cash < price {
                    return Err(Refusal::CannotAfford {
                        what: Afford::Lot(square),
                        cost: price,
                        cash,
                    });
                }
                Ok(())
            }
            Action::Decline => match self.phase {
                Phase::BuyOrDecline { .. } => Ok(()),
                _ => Err(not_now("decline")),
            },
            Action::Bid { amount } => {
                let Phase::Auction(a) = &self.phase else {
                    return Err(not_now("bid"));
                };
                if *amount < a.min_bid() {
                    return Err(Refusal::BidTooLow { min: a.min_bid() });
                }
                if *amount > cash {
                    return Err(Refusal::BidTooHigh {
                        amount: *amount,
                        cash,
                    });
                }
                Ok(())
            }
            Action::PassBid => match self.phase {
                Phase::Auction(_) => Ok(()),
                _ => Err(not_now("pass")),
            },
            Action::Build { square } => {
                self.check_square(*square)?;
                match self.phase {
                    Phase::PlaceHouse { player } => self.check_build(player, *square, true),
                    _ if own_turn => self.check_build(actor, *square, false),
                    _ => Err(not_now("build")),
                }
            }
            Action::SellBuilding { square } => {
                self.check_square(*square)?;
                if !can_sell {
                    return Err(not_now("sell buildings"));
                }
                self.check_sell(actor, *square)
            }
            Action::SellAllBuildings { square } => {
                self.check_square(*square)?;
                if !can_sell {
                    return Err(not_now("sell buildings"));
                }
                self.check_sell_all(actor, *square)
            }
            Action::Mortgage { square } => {
                self.check_square(*square)?;
                if !can_sell {
                    return Err(not_now("mortgage"));
                }
                self.check_mortgage(actor, *square)
            }
            Action::Unmortgage { square } => {
                self.check_square(*square)?;
                if !own_turn {
                    return Err(not_now("lift a mortgage"));
                }
                self.check_unmortgage(actor, *square)
            }
            Action::ProposeTrade { to, give, take } => {
                if !(own_turn || matches!(self.phase, Phase::RaiseCash { .. })) {
                    return Err(not_now("trade"));
                }
                self.check_trade(actor, *to, give, take)
            }
            Action::AnswerTrade { .. } => match self.phase {
                Phase::TradeOffer(_) => Ok(()),
                _ => Err(not_now("answer a trade")),
            },
            Action::PayJailFine => {
                if self.phase != Phase::Roll {
                    return Err(not_now("pay the jail fine"));
                }
                if !self.players[actor].in_jail {
                    return Err(Refusal::NotInJail);
                }
                let Some(fine) = self.rules().jail.fine else {
                    return Err(Refusal::NoJailFine);
                };
                if cash < fine {
                    return Err(Refusal::CannotAfford {
                        what: Afford::JailFine,
                        cost: fine,
                        cash,
                    });
                }
                Ok(())
            }
            Action::UseJailCard => {
                if self.phase != Phase::Roll {
                    return Err(not_now("use a jail card"));
                }
                if !self.players[actor].in_jail {
                    return Err(Refusal::NotInJail);
                }
                if self.players[actor].jail_cards.is_empty() {
                    return Err(Refusal::NoJailCard);
                }
                Ok(())
            }
            Action::EndTurn => match self.phase {
                Phase::EndTurn => Ok(()),
                _ => Err(not_now("end the turn")),
            },
            Action::DeclareBankruptcy => match self.phase {
                Phase::RaiseCash { .. } => Ok(()),
                _ => Err(not_now("declare bankruptcy")),
            },
            Action::Resign { .. } => Ok(()),
        }
    }

    /// The lots sharing the square's group (just the square when it has none).
    pub(crate) fn group_of_lot(&self, square: usize) -> &[usize] {
        self.setup.board.lots_like(square)
    }

    pub(crate) fn check_build(&self, p: PlayerId, square: usize, placing: bool) -> Checked {
        let err = |why: BuildWhy| Err(Refusal::CannotBuild { square, why });
        if !self.rules().buildings {
            return err(BuildWhy::NoBuildings);
        }
        let Some(cost) = self.board().square(square).house_cost() else {
            return err(BuildWhy::NotBuildable);
        };
        if self.squares[square].owner != Some(p) {
            return err(BuildWhy::NotOwned);
        }
        if !self.owns_whole_group(p, square) {
            return err(BuildWhy::NotWholeGroup);
        }
        let lots = self.group_of_lot(square);
        if lots.iter().any(|&l| self.squares[l].mortgaged) {
            return err(BuildWhy::GroupMortgaged);
        }
        let h = self.squares[square].houses;
        if h >= 5 {
            return err(BuildWhy::HasHotel);
        }
        if self.rules().even_build {
            let min = lots
                .iter()
                .map(|&l| self.squares[l].houses)
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
        let cash = self.players[p].cash;
        if !placing && cash < cost {
            return err(BuildWhy::CannotPay { cost, cash });
        }
        Ok(())
    }

    pub(crate) fn check_sell(&self, p: PlayerId, square: usize) -> Checked {
        let err = |why: SellWhy| Err(Refusal::CannotSell { square, why });
        if self.squares[square].owner != Some(p) {
            return err(SellWhy::NotOwned);
        }
        let h = self.squares[square].houses;
        if h == 0 {
            return err(SellWhy::NoBuilding);
        }
        if self.rules().even_build {
            let max = self
                .group_of_lot(square)
                .iter()
                .map(|&l| self.squares[l].houses)
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

    fn check_sell_all(&self, p: PlayerId, square: usize) -> Checked {
        let err = |why: SellWhy| Err(Refusal::CannotSell { square, why });
        if self.squares[square].owner != Some(p) {
            return err(SellWhy::NotOwned);
        }
        let lots = self.group_of_lot(square);
        if lots.iter().all(|&l| self.squares[l].houses == 0) {
            return err(SellWhy::NoBuildingOnGroup);
        }
        Ok(())
    }

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

    fn check_trade(
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
        let Some(other) = self.players.get(to) else {
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
        for (k, (&l, owner)) in give
            .lots
            .iter()
            .map(|l| (l, from))
            .chain(take.lots.iter().map(|l| (l, to)))
            .enumerate()
        {
            self.check_square(l)?;
            if all().take(k).any(|&x| x == l) {
                return bad(TradeWhy::ListedTwice(l));
            }
            if self.squares[l].owner != Some(owner) {
                return bad(TradeWhy::NotOwner { owner, lot: l });
            }
            if self
                .group_of_lot(l)
                .iter()
                .any(|&x| self.squares[x].houses > 0)
            {
                return bad(TradeWhy::GroupHasBuildings(l));
            }
        }
        Ok(())
    }

    // ----- legal actions -----

    pub(crate) fn list_legal_actions(&self) -> Vec<Action> {
        let Some(actor) = self.actor() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let try_push = |g: &Game, a: Action, out: &mut Vec<Action>| {
            if g.check_action(&a).is_ok() {
                out.push(a);
            }
        };
        let lots = self.lots_of(actor);
        let manage = |g: &Game, out: &mut Vec<Action>, build: bool, lift: bool| {
            for &l in &lots {
                let sq = &g.squares[l];
                if build && sq.houses < 5 && g.check_build(actor, l, false).is_ok() {
                    out.push(Action::Build { square: l });
                }
                if sq.houses > 0 && g.check_sell(actor, l).is_ok() {
                    out.push(Action::SellBuilding { square: l });
                }
                if sq.houses == 5 && g.bank_houses < 4 {
                    out.push(Action::SellAllBuildings { square: l });
                }
                if !sq.mortgaged && g.check_mortgage(actor, l).is_ok() {
                    out.push(Action::Mortgage { square: l });
                }
                if lift && sq.mortgaged && g.check_unmortgage(actor, l).is_ok() {
                    out.push(Action::Unmortgage { square: l });
                }
            }
        };
        match &self.phase {
            Phase::GameOver => return out,
            Phase::Roll => {
                try_push(self, Action::PayJailFine, &mut out);
                try_push(self, Action::UseJailCard, &mut out);
                out.push(Action::Roll);
                manage(self, &mut out, true, true);
            }
            Phase::EndTurn => {
                out.push(Action::EndTurn);
                manage(self, &mut out, true, true);
            }
            Phase::BuyOrDecline { .. } => {
                try_push(self, Action::Buy, &mut out);
                out.push(Action::Decline);
                manage(self, &mut out, false, false);
            }
            Phase::Auction(a) => {
                try_push(
                    self,
                    Action::Bid {
                        amount: a.min_bid(),
                    },
                    &mut out,
                );
                out.push(Action::PassBid);
            }
            Phase::PlaceHouse { player } => {
                for l in self.lots_of(*player) {
                    if self.check_build(*player, l, true).is_ok() {
                        out.push(Action::Build { square: l });
                    }
                }
            }
            Phase::RaiseCash { .. } => {
                manage(self, &mut out, false, false);
                out.push(Action::DeclareBankruptcy);
            }
            Phase::TradeOffer(_) => {
                out.push(Action::AnswerTrade { accept: true });
                out.push(Action::AnswerTrade { accept: false });
            }
        }
        out.push(Action::Resign { player: actor });
        out
    }

    // ----- carrying out -----

    pub(crate) fn execute(&mut self, action: &Action) {
        let Some(actor) = self.actor() else {
            return;
        };
        match action {
            Action::Roll => self.do_roll(),
            Action::Buy => {
                if let Phase::BuyOrDecline { square } = self.phase {
                    let price = self.board().square(square).price().unwrap_or(0);
                    self.transfer(Party::Player(actor), Party::Bank, price);
                    self.squares[square].owner = Some(actor);
                    self.emit(actor, Event::Bought { square, price });
                }
                self.advance();
            }
            Action::Decline => {
                if let Phase::BuyOrDecline { square } = self.phase {
                    self.emit(actor, Event::Declined { square });
                    if self.rules().auctions {
                        self.pending.push_front(Pending::Auction { square });
                    }
                }
                self.advance();
            }
            Action::Bid { amount } => {
                if let Phase::Auction(a) = &mut self.phase {
                    a.leader = Some(actor);
                    a.high_bid = *amount;
                    if !a.bidders.is_empty() {
                        a.next = (a.next + 1) % a.bidders.len();
                    }
                }
                self.emit(actor, Event::BidPlaced { amount: *amount });
                self.finish_auction_if_done();
            }
            Action::PassBid => {
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
            Action::Build { square } => {
                let square = *square;
                if let Phase::PlaceHouse { player } = self.phase {
                    self.do_build(player, square, true);
                    self.advance();
                } else if self.squares[square].houses < 4 {
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
            Action::SellBuilding { square } => {
                let square = *square;
                let cost = self.board().square(square).house_cost().unwrap_or(0);
                let refund = self.rules().building_refund(cost);
                let s = &mut self.squares[square];
                if s.houses == 5 {
                    s.houses = 4;
                    self.bank_hotels += 1;
                    self.bank_houses -= 4;
                } else {
                    s.houses -= 1;
                    self.bank_houses += 1;
                }
                let houses = self.squares[square].houses;
                self.transfer(Party::Bank, Party::Player(actor), refund);
                self.emit(
                    actor,
                    Event::BuildingSold {
                        square,
                        houses,
                        refund,
                    },
                );
                self.after_raising();
            }
            Action::SellAllBuildings { square } => {
                let board = self.setup.board.clone();
                for &l in board.lots_like(*square) {
                    let refund = self.clear_buildings(l, true);
                    if refund > 0 {
                        self.transfer(Party::Bank, Party::Player(actor), refund);
                        self.emit(
                            actor,
                            Event::BuildingSold {
                                square: l,
                                houses: 0,
                                refund,
                            },
                        );
                    }
                }
                self.after_raising();
            }
            Action::Mortgage { square } => {
                let square = *square;
                let price = self.board().square(square).price().unwrap_or(0);
                let amount = self.rules().mortgage_value(price);
                self.squares[square].mortgaged = true;
                self.squares[square].interest_paid = false;
                self.transfer(Party::Bank, Party::Player(actor), amount);
                self.emit(actor, Event::Mortgaged { square, amount });
                self.after_raising();
            }
            Action::Unmortgage { square } => {
                let square = *square;
                let cost = self.unmortgage_cost(square);
                self.squares[square].mortgaged = false;
                self.squares[square].interest_paid = false;
                self.transfer(Party::Player(actor), Party::Bank, cost);
                self.emit(actor, Event::Unmortgaged { square, cost });
            }
            Action::ProposeTrade { to, give, take } => {
                let offer = TradeOffer {
                    from: actor,
                    to: *to,
                    give: give.clone(),
                    take: take.clone(),
                };
                self.turn.trade_offers += 1;
                self.phase = Phase::TradeOffer(offer.clone());
                self.emit(actor, Event::TradeProposed { offer });
            }
            Action::AnswerTrade { accept } => {
                if let Phase::TradeOffer(offer) = self.phase.clone() {
                    if *accept {
                        self.carry_out_trade(&offer);
                    } else {
                        self.emit(offer.to, Event::TradeDeclined { offer });
                    }
                }
                self.advance();
            }
            Action::PayJailFine => {
                let fine = self.rules().jail.fine.unwrap_or(0);
                let middle = self.middle();
                self.pay_now(actor, middle, fine, Reason::JailFine);
                self.free_from_jail(actor, JailExit::Fine);
            }
            Action::UseJailCard => {
                if !self.players[actor].jail_cards.is_empty() {
                    let card = self.players[actor].jail_cards.remove(0);
                    self.decks.get_mut(card.deck).push_back(card.card);
                }
                self.free_from_jail(actor, JailExit::Card);
            }
            Action::EndTurn => {
                let p = self.turn.player;
                self.emit(p, Event::TurnEnded);
                self.next_turn();
                self.advance();
            }
            Action::DeclareBankruptcy => {
                let front = self.pending.pop_front();
                let creditor = match front {
                    Some(Pending::Debt { creditor, .. }) => creditor,
                    Some(other) => {
                        self.pending.push_front(other);
                        Party::Bank
                    }
                    None => Party::Bank,
                };
                self.go_bankrupt(actor, creditor);
                self.advance();
            }
            Action::Resign { player } => self.resign(*player),
        }
    }

    /// After selling or mortgaging: a debtor may now be able to pay.
    fn after_raising(&mut self) {
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

    fn add(&mut self, party: Party, delta: i64) {
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
    fn pay_now(&mut self, p: PlayerId, to: Party, amount: i64, reason: Reason) {
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
    fn charge(&mut self, debtor: PlayerId, creditor: Party, amount: i64, reason: Reason) {
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
                        reason,
                    },
                );
                if self.players[debtor].cash < 0 {
                    self.liquidate(debtor, percent);
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
    /// means bankrupt and out (the bank writes off the rest).
    fn liquidate(&mut self, p: PlayerId, percent: u32) {
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
                            square: g,
                            houses: 0,
                            refund,
                        },
                    );
                }
            }
            self.squares[l] = SquareState::default();
            let price = self.board().square(l).price().unwrap_or(0);
            let amount = price * i64::from(percent) / 100;
            self.transfer(Party::Bank, Party::Player(p), amount);
            self.emit(p, Event::SoldToBank { square: l, amount });
        }
        if self.players[p].cash < 0 {
            let deficit = -self.players[p].cash;
            self.transfer(Party::Bank, Party::Player(p), deficit);
            self.go_bankrupt(p, Party::Bank);
        }
    }

    /// Returns a lot's buildings to the bank; the refund they are worth at the sell-back
    /// rate when `refund`, else 0.
    fn clear_buildings(&mut self, l: usize, refund: bool) -> i64 {
        let h = self.squares[l].houses;
        if h == 0 {
            return 0;
        }
        if h == 5 {
            self.bank_hotels += 1;
        } else {
            self.bank_houses += u32::from(h);
        }
        self.squares[l].houses = 0;
        if refund {
            let cost = self.board().square(l).house_cost().unwrap_or(0);
            self.rules().building_refund(cost * i64::from(h))
        } else {
            0
        }
    }

    fn do_build(&mut self, p: PlayerId, square: usize, placing: bool) {
        let cost = self.board().square(square).house_cost().unwrap_or(0);
        let s = &mut self.squares[square];
        if s.houses == 4 {
            s.houses = 5;
            self.bank_hotels -= 1;
            self.bank_houses += 4;
        } else {
            s.houses += 1;
            self.bank_houses -= 1;
        }
        let houses = self.squares[square].houses;
        let paid = if placing { 0 } else { cost };
        if paid > 0 {
            self.transfer(Party::Player(p), Party::Bank, paid);
        }
        self.emit(
            p,
            Event::Built {
                square,
                houses,
                cost: paid,
            },
        );
    }

    /// Players who could build a house now, in bidding order from `builder`, when they
    /// outnumber the houses in the bank.
    fn house_shortage(&self, builder: PlayerId) -> Option<Vec<PlayerId>> {
        let bank = self.bank_houses as usize;
        let n = self.players.len();
        // More players wanting a house than the bank has needs fewer houses than players.
        if bank == 0 || bank >= n {
            return None;
        }
        let mut wanting = Vec::new();
        for k in 0..n {
            let q = (builder + k) % n;
            if self.players[q].bankrupt {
                continue;
            }
            let can = self
                .owned_lots(q)
                .any(|l| self.squares[l].houses < 4 && self.check_build(q, l, false).is_ok());
            if can {
                wanting.push(q);
            }
        }
        (wanting.len() >= 2 && wanting.len() > bank).then_some(wanting)
    }

    fn finish_auction_if_done(&mut self) {
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
                        self.squares[lot].owner = Some(w);
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

    fn carry_out_trade(&mut self, offer: &TradeOffer) {
        let (a, b) = (offer.from, offer.to);
        self.emit(
            b,
            Event::TradeAccepted {
                offer: offer.clone(),
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
            for &l in lots {
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

    /// A lot goes back to the bank (and to auction when auctions are on), its buildings
    /// with it.
    fn return_to_bank(&mut self, l: usize, from: PlayerId) {
        self.clear_buildings(l, false);
        self.squares[l] = SquareState::default();
        if self.rules().auctions {
            self.pending.push_back(Pending::Auction { square: l });
        }
        self.emit(
            from,
            Event::LotTransferred {
                square: l,
                from: Party::Player(from),
                to: Party::Bank,
            },
        );
    }

    /// A lot changes hands; a mortgaged one costs the receiver the interest at once.
    fn hand_over(&mut self, l: usize, from: PlayerId, to: PlayerId) {
        self.squares[l].owner = Some(to);
        self.emit(
            to,
            Event::LotTransferred {
                square: l,
                from: Party::Player(from),
                to: Party::Player(to),
            },
        );
        if self.squares[l].mortgaged {
            let price = self.board().square(l).price().unwrap_or(0);
            let mv = self.rules().mortgage_value(price);
            let interest = self.rules().mortgage_interest(mv);
            self.squares[l].interest_paid = true;
            self.charge(
                to,
                Party::Bank,
                interest,
                Reason::MortgageInterest { square: l },
            );
        }
    }

    fn free_from_jail(&mut self, p: PlayerId, how: JailExit) {
        self.players[p].in_jail = false;
        self.players[p].jail_tries = 0;
        self.emit(p, Event::LeftJail { how });
    }

    pub(crate) fn send_to_jail(&mut self, p: PlayerId) {
        let Some(j) = self.board().jail() else {
            return;
        };
        let pl = &mut self.players[p];
        pl.position = j;
        pl.in_jail = true;
        pl.jail_tries = 0;
        if p == self.turn.player {
            self.turn.can_roll = false;
            self.turn.doubles = 0;
        }
        self.emit(p, Event::SentToJail);
    }

    fn do_roll(&mut self) {
        let p = self.turn.player;
        let dice = self.throw();
        let total: u32 = dice.iter().map(|d| u32::from(*d)).sum();
        let double = dice.len() >= 2 && dice.iter().all(|d| *d == dice[0]);
        let sides = self.rules().dice_sides;
        let max_face = dice.iter().all(|d| *d == sides);
        self.turn.rolled = true;
        self.turn.can_roll = false;
        self.turn.last_roll.clear();
        self.turn.last_roll.extend_from_slice(&dice);
        self.turn.last_total = total;
        self.turn.last_double = double;
        self.emit(
            p,
            Event::Rolled {
                dice,
                total,
                double,
            },
        );
        let steps = i32::try_from(total).unwrap_or(0);
        if self.players[p].in_jail {
            self.roll_in_jail(p, steps, double, max_face);
            return;
        }
        let mut act = true;
        match self.rules().extra_roll {
            ExtraRoll::None => {}
            ExtraRoll::Doubles { limit, on_limit } => {
                if double {
                    self.turn.doubles += 1;
                    if self.turn.doubles >= limit {
                        match on_limit {
                            DoublesLimit::Jail => self.send_to_jail(p),
                            DoublesLimit::EndTurn => self.emit(p, Event::TooManyDoubles),
                        }
                        self.advance();
                        return;
                    }
                    self.turn.can_roll = true;
                }
            }
            ExtraRoll::MaxFace => {
                if max_face {
                    self.turn.can_roll = true;
                    act = false;
                }
            }
        }
        let blocking = self.move_by(p, steps, act, LandCtx::default());
        if self.turn.can_roll && !self.players[p].bankrupt {
            self.emit(p, Event::RollAgain);
        }
        self.settle(blocking);
    }

    fn settle(&mut self, blocking: Option<Phase>) {
        match blocking {
            Some(phase) => self.phase = phase,
            None => self.advance(),
        }
    }

    fn roll_in_jail(&mut self, p: PlayerId, steps: i32, double: bool, max_face: bool) {
        let jail = self.rules().jail;
        match jail.release {
            JailRelease::Doubles => {
                if double {
                    self.free_from_jail(p, JailExit::Doubles);
                    let blocking = self.move_by(p, steps, true, LandCtx::default());
                    self.settle(blocking);
                    return;
                }
                self.failed_jail_try(p, steps);
            }
            JailRelease::MaxFace => {
                if max_face {
                    self.free_from_jail(p, JailExit::MaxFace);
                    self.turn.can_roll = true;
                    self.emit(p, Event::RollAgain);
                    self.advance();
                    return;
                }
                self.failed_jail_try(p, steps);
            }
        }
    }

    /// A roll in jail that did not free the player: one more try (saturating, so a jail
    /// without a try limit never overflows); the last allowed try pays the fine and moves
    /// the token by the roll, under either release rule.
    fn failed_jail_try(&mut self, p: PlayerId, steps: i32) {
        let jail = self.rules().jail;
        self.players[p].jail_tries = self.players[p].jail_tries.saturating_add(1);
        let tries = self.players[p].jail_tries;
        if jail.max_tries.is_some_and(|m| tries >= m) {
            self.free_from_jail(p, JailExit::FineAfterTries);
            let fine = jail.fine.unwrap_or(0);
            let middle = self.middle();
            self.charge(p, middle, fine, Reason::JailFine);
            self.pending.push_back(Pending::Move { player: p, steps });
        } else {
            self.emit(p, Event::StayedInJail { tries });
        }
        self.advance();
    }

    fn pay_bonus(&mut self, p: PlayerId, amount: i64, salary: bool, reason: Reason) {
        if amount <= 0 {
            return;
        }
        let rules = self.rules();
        let tracked = rules.bonus_once_per_turn || rules.skip_bonus_squares_after_bonus;
        if tracked && p == self.turn.player {
            if self.rules().bonus_once_per_turn && self.turn.bonus_taken {
                self.emit(p, Event::NoBonus { amount });
                return;
            }
            self.turn.bonus_taken = true;
        }
        self.transfer(Party::Bank, Party::Player(p), amount);
        let event = if salary {
            Event::Salary { amount }
        } else {
            Event::Payment {
                from: Party::Bank,
                to: Party::Player(p),
                amount,
                reason,
            }
        };
        self.emit(p, event);
    }

    /// Moves a token; salary for passing (or landing on) the start when moving forward;
    /// then acts on the square reached when `act`.
    fn move_by(&mut self, p: PlayerId, steps: i32, act: bool, ctx: LandCtx) -> Option<Phase> {
        if self.players[p].bankrupt {
            return None;
        }
        let n = self.board().len() as i64;
        let from = self.players[p].position;
        let raw = from as i64 + i64::from(steps);
        let to = raw.rem_euclid(n) as usize;
        self.players[p].position = to;
        self.emit(p, Event::Moved { from, to, steps });
        if steps > 0 {
            let laps = raw / n;
            let salary = self.rules().salary;
            for lap in 0..laps {
                let mut amount = salary;
                if lap == laps - 1 && to == 0 && act {
                    amount *= i64::from(self.rules().salary_on_landing_multiplier);
                }
                self.pay_bonus(p, amount, true, Reason::Card);
            }
        }
        if act {
            self.land(p, ctx)
        } else {
            None
        }
    }

    fn advance_to(&mut self, p: PlayerId, target: usize, ctx: LandCtx) -> Option<Phase> {
        let n = self.board().len();
        let from = self.players[p].position;
        let steps = (target + n - from) % n;
        self.move_by(p, steps as i32, true, ctx)
    }

    fn nearest(&self, from: usize, pred: fn(&SquareKind) -> bool) -> Option<usize> {
        let n = self.board().len();
        (1..=n)
            .map(|k| (from + k) % n)
            .find(|&i| pred(&self.board().square(i).kind))
    }

    fn others(&self, p: PlayerId) -> Vec<PlayerId> {
        (0..self.players.len())
            .filter(|&q| q != p && !self.players[q].bankrupt)
            .collect()
    }

    fn land(&mut self, p: PlayerId, ctx: LandCtx) -> Option<Phase> {
        let pos = self.players[p].position;
        let board = self.setup.board.clone();
        let kind = &board.square(pos).kind;
        let middle = self.middle();
        if self.rules().skip_bonus_squares_after_bonus
            && p == self.turn.player
            && self.turn.bonus_taken
            && kind.is_bonus_square()
        {
            self.emit(p, Event::BonusSquareSkipped { square: pos });
            return None;
        }
        match kind {
            SquareKind::Start | SquareKind::Jail | SquareKind::Road => None,
            SquareKind::FreeParking => {
                if self.rules().free_parking_jackpot && self.jackpot > 0 {
                    let j = self.jackpot;
                    self.transfer(Party::Jackpot, Party::Player(p), j);
                    self.emit(
                        p,
                        Event::Payment {
                            from: Party::Jackpot,
                            to: Party::Player(p),
                            amount: j,
                            reason: Reason::Jackpot,
                        },
                    );
                }
                None
            }
            SquareKind::Property { .. }
            | SquareKind::Railroad { .. }
            | SquareKind::Utility { .. } => {
                let state = self.squares[pos];
                match state.owner {
                    None => Some(Phase::BuyOrDecline { square: pos }),
                    Some(o) if o == p => None,
                    Some(o) => {
                        if state.mortgaged {
                            self.emit(
                                p,
                                Event::NoRent {
                                    square: pos,
                                    why: "it is mortgaged".into(),
                                },
                            );
                            return None;
                        }
                        if self.rules().no_rent_in_jail && self.players[o].in_jail {
                            self.emit(
                                p,
                                Event::NoRent {
                                    square: pos,
                                    why: "its owner is in jail".into(),
                                },
                            );
                            return None;
                        }
                        let rent = match (&kind, ctx.utility_dice) {
                            (SquareKind::Utility { .. }, Some(m)) => {
                                let dice = self.throw();
                                let total: u32 = dice.iter().map(|d| u32::from(*d)).sum();
                                let double = dice.len() >= 2 && dice.iter().all(|d| *d == dice[0]);
                                self.emit(
                                    p,
                                    Event::Rolled {
                                        dice,
                                        total,
                                        double,
                                    },
                                );
                                i64::from(total) * m
                            }
                            _ => self.rent(pos, self.turn.last_total, ctx.rent_multiplier),
                        };
                        self.charge(p, Party::Player(o), rent, Reason::Rent { square: pos });
                        None
                    }
                }
            }
            &SquareKind::Station { fee_per_pip } => {
                let fee = fee_per_pip * i64::from(self.turn.last_total);
                self.charge(p, middle, fee, Reason::StationFee { square: pos });
                None
            }
            &SquareKind::Tax {
                amount,
                percent,
                percent_on_double,
            } => {
                let pct = if self.turn.last_double {
                    percent_on_double.unwrap_or(percent)
                } else {
                    percent
                };
                let due = amount + self.players[p].cash.max(0) * i64::from(pct) / 100;
                self.charge(p, middle, due, Reason::Tax { square: pos });
                None
            }
            // A chain of card and Joker moves stops after MAX_CHAINED_MOVES (validation
            // refuses boards where one could loop; this bounds the recursion regardless).
            SquareKind::Chance | SquareKind::CommunityChest if ctx.depth >= MAX_CHAINED_MOVES => {
                None
            }
            SquareKind::Chance => self.draw(p, DeckKind::Chance, ctx),
            SquareKind::CommunityChest => self.draw(p, DeckKind::CommunityChest, ctx),
            &SquareKind::Joker {
                move_by,
                wait,
                money,
                pay_each_player,
            } => {
                let reason = Reason::Joker { square: pos };
                if money > 0 {
                    self.pay_bonus(p, money, false, reason.clone());
                } else if money < 0 {
                    self.charge(p, middle, -money, reason.clone());
                }
                if pay_each_player > 0 {
                    for o in self.others(p) {
                        self.charge(p, Party::Player(o), pay_each_player, reason.clone());
                    }
                }
                if self.players[p].bankrupt {
                    return None;
                }
                if wait > 0 {
                    self.players[p].waiting += wait;
                    self.emit(p, Event::WillWait { turns: wait });
                }
                if move_by != 0 && ctx.depth < MAX_CHAINED_MOVES {
                    return self.move_by(p, move_by, true, ctx.chained());
                }
                None
            }
            SquareKind::GoToJail => {
                self.send_to_jail(p);
                None
            }
        }
    }

    fn draw(&mut self, p: PlayerId, kind: DeckKind, from: LandCtx) -> Option<Phase> {
        let chained = from.chained();
        let idx = self.decks.get_mut(kind).pop_front()?;
        let board = self.setup.board.clone();
        let card = board.deck(kind).get(idx)?;
        if card.effect != CardEffect::GetOutOfJailFree {
            self.decks.get_mut(kind).push_back(idx);
        }
        let text = card.text_with(&self.board().currency().symbol);
        self.emit(
            p,
            Event::CardDrawn {
                deck: kind,
                number: idx + 1,
                text,
            },
        );
        let middle = self.middle();
        match card.effect {
            CardEffect::AdvanceTo { square } => self.advance_to(p, square, chained),
            CardEffect::AdvanceToNearestRailroad { rent_multiplier } => {
                let from = self.players[p].position;
                let t = self.nearest(from, |k| matches!(k, SquareKind::Railroad { .. }))?;
                let ctx = LandCtx {
                    rent_multiplier,
                    ..chained
                };
                self.advance_to(p, t, ctx)
            }
            CardEffect::AdvanceToNearestUtility { dice_multiplier } => {
                let from = self.players[p].position;
                let t = self.nearest(from, |k| matches!(k, SquareKind::Utility { .. }))?;
                let ctx = LandCtx {
                    utility_dice: Some(dice_multiplier),
                    ..chained
                };
                self.advance_to(p, t, ctx)
            }
            CardEffect::MoveBy { steps } => self.move_by(p, steps, true, chained),
            CardEffect::GoToJail => {
                self.send_to_jail(p);
                None
            }
            CardEffect::Collect { amount } => {
                self.transfer(Party::Bank, Party::Player(p), amount);
                self.emit(
                    p,
                    Event::Payment {
                        from: Party::Bank,
                        to: Party::Player(p),
                        amount,
                        reason: Reason::Card,
                    },
                );
                None
            }
            CardEffect::Pay { amount } => {
                self.charge(p, middle, amount, Reason::Card);
                None
            }
            CardEffect::GetOutOfJailFree => {
                self.players[p].jail_cards.push(JailCard {
                    deck: kind,
                    card: idx,
                });
                self.emit(p, Event::GotJailCard { deck: kind });
                None
            }
            CardEffect::Repairs {
                per_house,
                per_hotel,
            } => {
                let (mut houses, mut hotels) = (0i64, 0i64);
                for l in self.lots_of(p) {
                    match self.squares[l].houses {
                        5 => hotels += 1,
                        h => houses += i64::from(h),
                    }
                }
                self.charge(
                    p,
                    middle,
                    houses * per_house + hotels * per_hotel,
                    Reason::Card,
                );
                None
            }
            CardEffect::PayEachPlayer { amount } => {
                for o in self.others(p) {
                    self.charge(p, Party::Player(o), amount, Reason::Card);
                }
                None
            }
            CardEffect::CollectFromEachPlayer { amount } => {
                for o in self.others(p) {
                    self.charge(o, Party::Player(p), amount, Reason::Card);
                }
                None
            }
        }
    }

    /// Carries out queued work until a decision is needed, then sets the phase.
    pub(crate) fn advance(&mut self) {
        loop {
            if self.phase == Phase::GameOver {
                return;
            }
            if self.players.iter().filter(|p| !p.bankrupt).count() <= 1 {
                self.end_game();
                return;
            }
            let Some(item) = self.pending.pop_front() else {
                if self.players[self.turn.player].bankrupt {
                    self.next_turn();
                    continue;
                }
                self.phase = if self.turn.can_roll {
                    Phase::Roll
                } else {
                    Phase::EndTurn
                };
                return;
            };
            match item {
                Pending::Debt {
                    debtor,
                    creditor,
                    amount,
                    reason,
                } => {
                    if self.players[debtor].bankrupt {
                        continue;
                    }
                    if self.players[debtor].cash >= amount {
                        self.pay_now(debtor, creditor, amount, reason);
                        continue;
                    }
                    self.pending.push_front(Pending::Debt {
                        debtor,
                        creditor,
                        amount,
                        reason,
                    });
                    self.phase = Phase::RaiseCash {
                        debtor,
                        creditor,
                        amount,
                    };
                    return;
                }
                Pending::Auction { square } => {
                    if self.squares[square].owner.is_some() {
                        continue;
                    }
                    let n = self.players.len();
                    let bidders: Vec<PlayerId> = (0..n)
                        .map(|k| (self.turn.player + k) % n)
                        .filter(|&q| !self.players[q].bankrupt)
                        .collect();
                    let p = self.turn.player;
                    self.emit(
                        p,
                        Event::AuctionStarted {
                            square: Some(square),
                            minimum: 1,
                        },
                    );
                    self.phase = Phase::Auction(Auction {
                        lot: Some(square),
                        minimum: 1,
                        high_bid: 0,
                        leader: None,
                        bidders,
                        next: 0,
                    });
                    return;
                }
                Pending::Move { player, steps } => {
                    if let Some(phase) = self.move_by(player, steps, true, LandCtx::default()) {
                        self.phase = phase;
                        return;
                    }
                }
            }
        }
    }

    fn end_game(&mut self) {
        self.phase = Phase::GameOver;
        self.pending.clear();
        let winner = self.leader();
        let p = winner.unwrap_or(self.turn.player);
        self.emit(p, Event::GameOver { winner });
    }

    pub(crate) fn next_turn(&mut self) {
        let ending = self.turn.player;
        // Rare: only lots received mortgaged this turn carry the mark.
        if self.squares.iter().any(|s| s.interest_paid) {
            for s in self.squares.iter_mut() {
                s.interest_paid &= s.owner != Some(ending);
            }
        }
        if self.players.iter().all(|p| p.bankrupt) {
            return;
        }
        let n = self.players.len();
        let mut p = ending;
        loop {
            let next = (p + 1) % n;
            if next <= p {
                self.round += 1;
                if let Some(limit) = self.rules().round_limit {
                    if self.round > limit {
                        self.round = limit;
                        self.end_game();
                        return;
                    }
                }
            }
            p = next;
            if self.players[p].bankrupt {
                continue;
            }
            if self.players[p].waiting > 0 {
                self.players[p].waiting -= 1;
                let remaining = self.players[p].waiting;
                self.emit(p, Event::TurnSkipped { remaining });
                continue;
            }
            break;
        }
        // The dice buffer is kept (empty) for the next turn's throws.
        let mut last_roll = std::mem::take(&mut self.turn.last_roll);
        last_roll.clear();
        self.turn = Turn {
            last_roll,
            ..Turn::start(p)
        };
        self.emit(p, Event::TurnStarted);
    }

    /// Bankruptcy: to a player (everything goes to them, buildings at the sell-back rate,
    /// mortgaged lots under the interest rule) or to the bank (buildings removed, lots
    /// auctioned, jail cards back to their decks).
    pub(crate) fn go_bankrupt(&mut self, p: PlayerId, creditor: Party) {
        self.pending.retain(|x| match x {
            Pending::Debt { debtor, .. } => *debtor != p,
            Pending::Move { player, .. } => *player != p,
            Pending::Auction { .. } => true,
        });
        for x in self.pending.iter_mut() {
            if let Pending::Debt { creditor: c, .. } = x {
                if *c == Party::Player(p) {
                    *c = Party::Bank;
                }
            }
        }
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
        self.emit(p, Event::Bankrupt { to: creditor });
    }

    fn resign(&mut self, player: PlayerId) {
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
                let offer = o.clone();
                self.emit(offer.to, Event::TradeDeclined { offer });
                must_advance = true;
            }
            Phase::PlaceHouse { player: q } if *q == player => must_advance = true,
            Phase::RaiseCash { debtor, .. } if *debtor == player => must_advance = true,
            // Between decisions: the resigner's lots go to auction at once.
            Phase::Roll | Phase::EndTurn => must_advance = true,
            Phase::BuyOrDecline { .. } if self.turn.player == player => must_advance = true,
            _ => {}
        }
        self.go_bankrupt(player, Party::Bank);
        if self.players.iter().filter(|p| !p.bankrupt).count() <= 1 {
            self.end_game();
        } else if in_auction {
            self.finish_auction_if_done();
        } else if must_advance {
            self.advance();
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::board::{Board, BoardDef};
    use crate::event::Event;
    use crate::game::{Game, GameSetup, Seat};
    use crate::presets::Preset;
    use crate::stats::model::MAX_CHAINED_MOVES;

    /// Issue 11, fault 1: a card chain that never ends (here a Chance card "move 0 squares",
    /// on a board built without the validation that refuses it) stops after
    /// MAX_CHAINED_MOVES moves instead of overflowing the stack.
    #[test]
    fn a_move_zero_card_chain_is_bounded() {
        let mut v: serde_json::Value =
            serde_json::from_str(Preset::Classic.json()).expect("classic");
        let stay = serde_json::json!({"text": "Stay", "effect": {"kind": "move_by", "steps": 0}});
        let deck = vec![stay; 16];
        v["decks"] = serde_json::json!({"chance": deck, "community_chest": deck});
        let def: BoardDef = serde_json::from_value(v).expect("a board");
        assert!(
            Board::from_def(def.clone()).is_err(),
            "validation refuses it"
        );
        let board = Board::from_def_allowing_loops(def).expect("built for the test");
        // Game::new refuses such a board too: start on Classic, then swap the board in
        // (same squares, same deck sizes).
        let seats = vec![Seat::human("Ann"), Seat::human("Bob")];
        let classic = Preset::Classic.board();
        let mut g = Game::new(GameSetup::new(classic, seats, 1)).expect("a game");
        g.setup.board = std::sync::Arc::new(board);
        g.set_next_roll(vec![3, 4]).expect("dice");
        let events = g.apply(Action::Roll).expect("rolls");
        let draws = events
            .iter()
            .filter(|e| matches!(e, Event::CardDrawn { .. }))
            .count();
        assert_eq!(draws, usize::from(MAX_CHAINED_MOVES));
        assert_eq!(g.player(0).position, 7);
        assert!(!g.legal_actions().is_empty());
    }

    /// Issue 11, fault 5: the jail-try counter saturates instead of overflowing.
    #[test]
    fn the_jail_try_counter_saturates() {
        let board = Preset::Classic.board();
        let mut setup = GameSetup::new(board, vec![Seat::human("Ann"), Seat::human("Bob")], 1);
        setup.rules.jail.max_tries = None;
        setup.seats[0].start.in_jail = true;
        let mut g = Game::new(setup).expect("a game");
        g.players[0].jail_tries = u8::MAX;
        g.set_next_roll(vec![1, 2]).expect("dice");
        g.apply(Action::Roll).expect("rolls");
        assert!(g.player(0).in_jail);
        assert_eq!(g.player(0).jail_tries, u8::MAX);
    }
}
