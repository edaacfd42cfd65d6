//! Jokers (issue 31): whoever lands on a Joker applies its effects one at a time, in the
//! order they choose (`Phase::JokerEffects`, `Action::ApplyJokerEffect`). What an effect
//! causes (a debt to raise, the square a move reaches) is settled before the Joker's other
//! effects are offered again. Games of the first [`Edition`] carry a Joker out at once
//! (`turn_and_movement`). Waiting on a Joker is held like jail (`jail.rs`).

use super::prelude::*;
use crate::board::JokerStep;
use crate::game::Edition;

impl Game {
    /// Whether Jokers and waiting follow issue 31's rules (every game started since; saves
    /// written before keep the rules they were played by).
    pub(crate) fn joker_turns(&self) -> bool {
        self.setup.edition >= Edition::JokerTurns
    }

    /// The phase a landing on a Joker opens: its effects to apply (a move no more once a
    /// chain of moves is at its bound), or nothing for a Joker that does nothing.
    pub(crate) fn land_on_joker(&self, p: PlayerId, square: usize, depth: u8) -> Option<Phase> {
        let mut remaining = JokerStep::all_of(&self.board().square(square).kind);
        if depth >= MAX_CHAINED_MOVES {
            remaining.retain(|s| !matches!(s, JokerStep::Move { .. }));
        }
        (!remaining.is_empty()).then_some(Phase::JokerEffects {
            player: p,
            square: SquareId(square),
            remaining,
            depth,
        })
    }

    /// Applying a Joker's effect: while its effects wait, one of those left.
    pub(crate) fn check_apply_joker_effect(&self, index: usize) -> Checked {
        let Phase::JokerEffects { remaining, .. } = &self.phase else {
            return Err(Refusal::NotNow("apply a Joker's effect"));
        };
        if index >= remaining.len() {
            return Err(Refusal::NoSuchJokerEffect {
                index,
                left: remaining.len(),
            });
        }
        Ok(())
    }

    /// Applies the effect `index` of those left; the others wait behind whatever it causes.
    pub(crate) fn apply_joker_effect(&mut self, index: usize) {
        let Phase::JokerEffects {
            player,
            square,
            mut remaining,
            depth,
        } = self.phase.clone()
        else {
            return;
        };
        if index >= remaining.len() {
            return;
        }
        let step = remaining.remove(index);
        // Work queued before the Joker comes after it: what this effect queues (a debt)
        // is settled first, then the Joker's other effects, then the earlier work.
        let earlier = std::mem::take(&mut self.pending);
        let blocking = self.joker_step(player, square, step, depth);
        if !remaining.is_empty() {
            self.pending.push_back(Pending::JokerEffects {
                player,
                square,
                remaining,
                depth,
            });
        }
        self.pending.extend(earlier);
        self.settle(blocking);
    }

    /// Carries out one effect of the Joker on `square` for `p`.
    pub(crate) fn joker_step(
        &mut self,
        p: PlayerId,
        square: SquareId,
        step: JokerStep,
        depth: u8,
    ) -> Option<Phase> {
        let reason = Reason::Joker { square };
        match step {
            JokerStep::Collect { amount } => {
                self.pay_bonus(p, amount, false, reason);
                None
            }
            JokerStep::Pay { amount } => {
                let middle = self.middle();
                self.charge(p, middle, amount, reason);
                None
            }
            JokerStep::PayEachPlayer { amount } => {
                for o in self.others(p) {
                    self.charge(p, Party::Player(o), amount, reason.clone());
                }
                None
            }
            JokerStep::Move { steps } => {
                let ctx = LandCtx {
                    depth,
                    ..LandCtx::default()
                };
                self.move_by(p, steps, true, ctx.chained())
            }
            JokerStep::Wait { turns } => {
                self.players[p].waiting = self.players[p].waiting.saturating_add(turns);
                self.emit(p, Event::WillWait { turns });
                // Held from now on, as a prisoner is: no more rolls this turn.
                if p == self.turn.player {
                    self.turn.can_roll = false;
                    self.turn.doubles = 0;
                    self.turn.roll_again_due = false;
                }
                None
            }
        }
    }
}
