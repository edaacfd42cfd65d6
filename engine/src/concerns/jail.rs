//! Jail: going to jail, trying to leave it (doubles or the highest face, the fine, the last
//! allowed try) and leaving it. A player waiting on a Joker (issue 31) is held the same way
//! and leaves the same way, by the fine or the dice, through the same code: their waited
//! turns run out instead of their tries, and no jail card frees them.

use super::prelude::*;

impl Game {
    /// Held at the start of a turn: in jail, or waiting on a Joker (issue 31's rules).
    pub fn is_held(&self, p: PlayerId) -> bool {
        let player = &self.players[p];
        player.in_jail || (player.waiting > 0 && self.joker_turns())
    }

    /// Whether the player is held by a Joker's wait (not in jail).
    pub fn is_waiting_on_joker(&self, p: PlayerId) -> bool {
        !self.players[p].in_jail && self.is_held(p)
    }

    /// Paying the fine: before rolling, held (in jail or waiting on a Joker), where the jail
    /// has a fine, with the cash.
    pub(crate) fn check_pay_jail_fine(&self, actor: PlayerId) -> Checked {
        let cash = self.players[actor].cash;
        if !matches!(self.phase, Phase::Roll) {
            return Err(Refusal::NotNow("pay the jail fine"));
        }
        if !self.is_held(actor) {
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

    /// The fine paid before rolling: the player leaves jail (or stops waiting).
    pub(crate) fn pay_jail_fine(&mut self, actor: PlayerId) {
        let fine = self.rules().jail.fine.unwrap_or(0);
        let middle = self.middle();
        self.pay_now(actor, middle, fine, Reason::JailFine);
        self.release(actor, JailExit::Fine);
    }

    /// Frees a held player: from jail, or from waiting on a Joker.
    pub(crate) fn release(&mut self, p: PlayerId, how: JailExit) {
        if self.players[p].in_jail {
            self.free_from_jail(p, how);
        } else {
            self.players[p].waiting = 0;
            self.emit(p, Event::StoppedWaiting { how });
        }
    }

    /// A held player who waits on a Joker failed to leave: one turn waited out.
    fn waited_turn(&mut self, p: PlayerId) {
        let remaining = self.players[p].waiting.saturating_sub(1);
        self.players[p].waiting = remaining;
        self.emit(p, Event::WaitedTurn { remaining });
        self.advance();
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
        let joker_turns = self.joker_turns();
        let pl = &mut self.players[p];
        pl.position = j;
        pl.in_jail = true;
        pl.jail_tries = 0;
        // Jail holds the player now: a Joker's wait is over (issue 31's rules).
        if joker_turns {
            pl.waiting = 0;
        }
        if p == self.turn.player {
            self.turn.can_roll = false;
            self.turn.doubles = 0;
        }
        self.emit(p, Event::SentToJail);
    }

    /// The roll of a held player (in jail or waiting on a Joker): the jail's release rule
    /// frees them (doubles: they move by the roll and do not roll again; the highest face:
    /// they roll again), else the try fails.
    pub(crate) fn roll_in_jail(&mut self, p: PlayerId, steps: i32, double: bool, max_face: bool) {
        let jail = self.rules().jail;
        match jail.release {
            JailRelease::Doubles if double => {
                self.release(p, JailExit::Doubles);
                let blocking = self.move_by(p, steps, true, LandCtx::default());
                self.settle(blocking);
            }
            JailRelease::MaxFace if max_face => {
                self.release(p, JailExit::MaxFace);
                self.turn.can_roll = true;
                self.emit(p, Event::RollAgain);
                self.advance();
            }
            _ if self.players[p].in_jail => self.failed_jail_try(p, steps),
            _ => self.waited_turn(p),
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
