//! Who acts and how, on this device: which seats decide here, what the action bar offers,
//! and the computer players this device plays (whether one is to act, and its move, an
//! expert thinking in slices so the page keeps answering). A computer's move the rules
//! refuse is reported as the game's error, never replaced by another.

use leptos::prelude::*;
use worlds_engine::{ComputerStrategy, PlayerId};
use worlds_models::play::{ComputerMove, DeclineNote, Play};

use crate::common::error::AppError;
use crate::game::session::{BarState, Session};

impl Session {
    /// What the action bar offers now (tracked).
    pub fn bar_state(&self) -> BarState {
        self.version.track();
        self.role.track();
        self.remote_seats.track();
        self.away.track();
        self.stand_ins.track();
        self.sent_at.track();
        self.play.with_untracked(worlds_models::play::bar_state)
    }

    /// Whether this device's last move is on its way to whoever holds the game (tracked).
    pub fn sending(&self) -> bool {
        self.sent_at.track();
        self.version.track();
        self.play.with_untracked(Play::sending)
    }

    /// Whether seat `seat` decides on this device.
    pub fn is_local(&self, seat: PlayerId) -> bool {
        self.role.track();
        self.remote_seats.track();
        self.is_local_untracked(seat)
    }

    /// [`Session::is_local`] for timers and effects that must not re-run on it.
    pub fn is_local_untracked(&self, seat: PlayerId) -> bool {
        self.play.with_untracked(|p| p.seats.is_local(seat))
    }

    /// Whether the player to act is a computer this device plays (tracked).
    pub fn computer_to_act(&self) -> bool {
        self.version.track();
        self.role.track();
        self.stand_ins.track();
        self.play.with_untracked(Play::computer_to_act)
    }

    /// Lets the computer player to act take one move. `false`: no computer is to act, or
    /// its move was refused (a computer's mistake shows as the game's error).
    pub fn computer_step(&self) -> bool {
        let choice = self.play.with_untracked(Play::computer_choice);
        let ComputerMove { action, note } = match choice {
            Ok(Some(choice)) => choice,
            Ok(None) => return false,
            Err(mistake) => {
                self.show_error(AppError::ComputerMistake(mistake));
                return false;
            }
        };
        // A counter-offer's reason reads before it, a plain refusal's after it.
        if let Some(DeclineNote { why, before: true }) = &note {
            self.note(why.clone());
        }
        let done = !self.dispatch(action).is_refused();
        if let Some(DeclineNote { why, before: false }) = note.filter(|_| done) {
            self.note(why);
        }
        done
    }

    /// Lets the computer to act take one move, an expert thinking in slices of a few
    /// milliseconds with the page's thread given back between them, so the page keeps
    /// painting and answering Skip. `false`: no computer is to act, or the game moved on
    /// while it thought (Skip played it).
    pub async fn computer_step_in_slices(&self) -> bool {
        use crate::common::slices::{next_batch, now_ms, yield_now};
        let thinking = self.play.with_untracked(|p| match p.computer_seat() {
            Some((me, ComputerStrategy::Expert)) => p
                .game
                .as_ref()
                .map(|g| worlds_engine::expert::ExpertThinking::new(g, me)),
            _ => None,
        });
        let Some(mut thinking) = thinking else {
            return self.computer_step();
        };
        let version = self.play.with_untracked(|p| p.version);
        let started = now_ms();
        let mut batch = 1u64;
        loop {
            // Skip (or leaving the game, or another turn's thinking) moved the game on.
            if self.play.try_with_untracked(|p| p.version) != Some(version) {
                return false;
            }
            let t0 = now_ms();
            let work = u32::try_from(batch).unwrap_or(u32::MAX);
            let done = self.game.with_untracked(|g| {
                let g = g.as_ref()?;
                thinking.step(g, work).or_else(|| {
                    // Out of time: the best choice so far.
                    let late = now_ms() - started >= crate::game::driver::COMPUTER_THINK_MS;
                    late.then(|| thinking.conclude(g))
                })
            });
            if let Some(action) = done {
                crate::game::autosave::record_thinking(now_ms() - started);
                return !self.dispatch(action).is_refused();
            }
            batch = next_batch(batch, now_ms() - t0);
            yield_now().await;
        }
    }

    /// Plays every computer turn at once until a human must act or the game ends.
    pub fn skip_computers(&self) {
        // Bounded: a game always offers a human decision or ends well before this.
        for _ in 0..20_000 {
            if !self.play.with_untracked(Play::computer_to_act) || !self.computer_step() {
                break;
            }
        }
    }
}
