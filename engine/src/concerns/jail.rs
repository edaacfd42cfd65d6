//! Jail: going to jail, trying to leave it (doubles or the highest face, the fine, the last
//! allowed try) and leaving it.

use super::prelude::*;

impl Game {
    /// Paying the fine: before rolling, in jail, where the jail has a fine, with the cash.
    pub(crate) fn check_pay_jail_fine(&self, actor: PlayerId) -> Checked {
        let cash = self.players[actor].cash;
        if !matches!(self.phase, Phase::Roll) {
            return Err(Refusal::NotNow("pay the jail fine"));
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

    /// Using a Get Out of Jail Free card: before rolling, in jail, holding one.
    pub(crate) fn check_use_jail_card(&self, actor: PlayerId) -> Checked {
        if !matches!(self.phase, Phase::Roll) {
            return Err(Refusal::NotNow("use a jail card"));
        }
        if !self.players[actor].in_jail {
            return Err(Refusal::NotInJail);
        }
        if self.players[actor].jail_cards.is_empty() {
            return Err(Refusal::NoJailCard);
        }
        Ok(())
    }

    /// The fine paid before rolling: the player leaves jail.
    pub(crate) fn pay_jail_fine(&mut self, actor: PlayerId) {
        let fine = self.rules().jail.fine.unwrap_or(0);
        let middle = self.middle();
        self.pay_now(actor, middle, fine, Reason::JailFine);
        self.free_from_jail(actor, JailExit::Fine);
    }

    /// A Get Out of Jail Free card used (it goes back to its deck).
    pub(crate) fn use_jail_card(&mut self, actor: PlayerId) {
        if !self.players[actor].jail_cards.is_empty() {
            let card = self.players[actor].jail_cards.remove(0);
            self.decks.get_mut(card.deck).push_back(card.card);
        }
        self.free_from_jail(actor, JailExit::Card);
    }

    pub(crate) fn free_from_jail(&mut self, p: PlayerId, how: JailExit) {
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

    pub(crate) fn roll_in_jail(&mut self, p: PlayerId, steps: i32, double: bool, max_face: bool) {
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
    pub(crate) fn failed_jail_try(&mut self, p: PlayerId, steps: i32) {
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
}
