//! The actions: `check_action` routes each [`Action`] to its concern's check,
//! `list_legal_actions` lists what those checks accept, and `execute` carries an action out
//! through its concern. Every action is checked completely before anything changes.

use super::prelude::*;

impl Game {
    pub(crate) fn check_action(&self, action: &Action) -> Checked {
        if matches!(self.phase, Phase::GameOver) {
            return Err(Refusal::GameOver);
        }
        if let Action::Resign { player } = action {
            let p = self
                .players
                .get(player.0)
                .ok_or(Refusal::NoSuchPlayer(*player))?;
            if p.bankrupt {
                return Err(Refusal::PlayerOut(*player));
            }
            return Ok(());
        }
        let Some(actor) = self.actor() else {
            return Err(Refusal::GameOver);
        };
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
            Action::Buy => self.check_buy(actor),
            Action::Decline => match self.phase {
                Phase::BuyOrDecline { .. } => Ok(()),
                _ => Err(not_now("decline")),
            },
            Action::Bid { amount } => self.check_bid(actor, *amount),
            Action::PassBid => match self.phase {
                Phase::Auction(_) => Ok(()),
                _ => Err(not_now("pass")),
            },
            Action::Build { square } => {
                self.check_square(square.index())?;
                match self.phase {
                    Phase::PlaceHouse { player } => self.check_build(player, square.index(), true),
                    _ if own_turn => self.check_build(actor, square.index(), false),
                    _ => Err(not_now("build")),
                }
            }
            Action::SellBuilding { square } => {
                self.check_square(square.index())?;
                if !can_sell {
                    return Err(not_now("sell buildings"));
                }
                self.check_sell(actor, square.index())
            }
            Action::SellAllBuildings { square } => {
                self.check_square(square.index())?;
                if !can_sell {
                    return Err(not_now("sell buildings"));
                }
                self.check_sell_all(actor, square.index())
            }
            Action::Mortgage { square } => {
                self.check_square(square.index())?;
                if !can_sell {
                    return Err(not_now("mortgage"));
                }
                self.check_mortgage(actor, square.index())
            }
            Action::Unmortgage { square } => {
                self.check_square(square.index())?;
                if !own_turn {
                    return Err(not_now("lift a mortgage"));
                }
                self.check_unmortgage(actor, square.index())
            }
            Action::SellLotToBank { square } => {
                self.check_square(square.index())?;
                if !can_sell {
                    return Err(not_now("sell a lot to the bank"));
                }
                self.check_sell_lot(actor, square.index())
            }
            Action::ProposeTrade { to, give, take } => {
                // The receiver of an offer may counter it, once, back to its proposer.
                if let Phase::TradeOffer(o) = &self.phase {
                    if self.is_counter_offer() {
                        return Err(Refusal::BadTrade(TradeWhy::CounterOfCounter));
                    }
                    if *to != o.from {
                        return Err(Refusal::BadTrade(TradeWhy::CounterToOther(o.from)));
                    }
                    return self.check_trade(actor, *to, give, take);
                }
                if !(own_turn || matches!(self.phase, Phase::RaiseCash { .. })) {
                    return Err(not_now("trade"));
                }
                self.check_trade(actor, *to, give, take)
            }
            Action::AnswerTrade { .. } => match self.phase {
                Phase::TradeOffer(_) => Ok(()),
                _ => Err(not_now("answer a trade")),
            },
            Action::ApplyJokerEffect { index } => self.check_apply_joker_effect(*index),
            Action::PayJailFine => self.check_pay_jail_fine(actor),
            Action::UseJailCard => self.check_use_jail_card(actor),
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
                if build && !sq.buildings.is_hotel() && g.check_build(actor, l, false).is_ok() {
                    out.push(Action::Build {
                        square: SquareId(l),
                    });
                }
                if !sq.buildings.is_none() && g.check_sell(actor, l).is_ok() {
                    out.push(Action::SellBuilding {
                        square: SquareId(l),
                    });
                }
                if sq.buildings.is_hotel() && g.bank_houses < 4 {
                    out.push(Action::SellAllBuildings {
                        square: SquareId(l),
                    });
                }
                if !sq.mortgaged && g.check_mortgage(actor, l).is_ok() {
                    out.push(Action::Mortgage {
                        square: SquareId(l),
                    });
                }
                if lift && sq.mortgaged && g.check_unmortgage(actor, l).is_ok() {
                    out.push(Action::Unmortgage {
                        square: SquareId(l),
                    });
                }
                if g.rules().sell_lots_to_bank && g.check_sell_lot(actor, l).is_ok() {
                    out.push(Action::SellLotToBank {
                        square: SquareId(l),
                    });
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
                        out.push(Action::Build {
                            square: SquareId(l),
                        });
                    }
                }
            }
            Phase::RaiseCash { .. } => {
                manage(self, &mut out, false, false);
                out.push(Action::DeclareBankruptcy);
            }
            Phase::JokerEffects { remaining, .. } => {
                out.extend((0..remaining.len()).map(|index| Action::ApplyJokerEffect { index }));
            }
            Phase::TradeOffer(_) => {
                out.push(Action::AnswerTrade { accept: true });
                out.push(Action::AnswerTrade { accept: false });
            }
        }
        out.push(Action::Resign { player: actor });
        out
    }

    pub(crate) fn execute(&mut self, action: &Action) {
        let Some(actor) = self.actor() else {
            return;
        };
        match action {
            Action::Roll => self.do_roll(),
            Action::Buy => self.buy(actor),
            Action::Decline => self.decline(actor),
            Action::Bid { amount } => self.bid(actor, *amount),
            Action::PassBid => self.pass_bid(actor),
            Action::Build { square } => self.build(actor, square.index()),
            Action::SellBuilding { square } => self.sell_building(actor, square.index()),
            Action::SellAllBuildings { square } => self.sell_all_buildings(actor, square.index()),
            Action::Mortgage { square } => self.mortgage(actor, square.index()),
            Action::Unmortgage { square } => self.unmortgage(actor, square.index()),
            Action::SellLotToBank { square } => self.sell_lot_to_bank(actor, square.index()),
            Action::ProposeTrade { to, give, take } => self.propose_trade(actor, *to, give, take),
            Action::AnswerTrade { accept } => self.answer_trade(*accept),
            Action::ApplyJokerEffect { index } => self.apply_joker_effect(*index),
            Action::PayJailFine => self.pay_jail_fine(actor),
            Action::UseJailCard => self.use_jail_card(actor),
            Action::EndTurn => self.end_turn(),
            Action::DeclareBankruptcy => self.declare_bankruptcy(actor),
            Action::Resign { player } => self.resign(*player),
        }
    }

    pub(crate) fn check_square(&self, square: usize) -> Checked {
        if square < self.board().len() {
            Ok(())
        } else {
            Err(Refusal::NoSuchSquare(SquareId(square)))
        }
    }
}
