//! The play screen's timers: tokens drawn chasing where the players are, computer players
//! acting after a visible delay, and the sound of the last step. What to do and when is
//! decided in [`crate::game::driver`]; here are only the signals and timers that ask it.

use std::time::Duration;

use leptos::prelude::*;

use crate::common::sound;
use crate::common::storage::Settings;
use crate::game::driver::{self, Next, Tokens};
use crate::game::play::play_ui::PlayUi;
use crate::game::session::Session;

/// Where the players really are.
pub fn positions(session: &Session) -> Vec<usize> {
    session.game.with_untracked(|g| {
        g.as_ref()
            .map(|g| g.players().iter().map(|p| p.position).collect())
            .unwrap_or_default()
    })
}

/// Whether the page is asked for less motion.
pub fn reduced_motion() -> bool {
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// Moves shown tokens one square at a time towards where they really are (see
/// [`driver::token_step`]).
fn animate_step(
    session: Session,
    shown: RwSignal<Vec<usize>>,
    generation: RwSignal<u64>,
    gen: u64,
    ms: u64,
) {
    // The screen may have been left since this step was scheduled: its signals are gone.
    if generation.try_get_untracked() != Some(gen) {
        return;
    }
    let target = crate::game::play::landing::token_targets(&session);
    let n = session
        .game
        .with_untracked(|g| g.as_ref().map_or(1, |g| g.board().len()));
    let Some(current) = shown.try_get_untracked() else {
        return;
    };
    let step = driver::token_step(&current, &target, n);
    shown.set(step.next);
    if !step.done {
        set_timeout(
            move || animate_step(session, shown, generation, gen, ms),
            Duration::from_millis(ms),
        );
    }
}

/// Tokens: where they are drawn (chasing where they are, square by square), from now on.
pub fn chase_tokens(session: Session, settings: RwSignal<Settings>) -> RwSignal<Vec<usize>> {
    let shown = RwSignal::new(positions(&session));
    let generation = RwSignal::new(0u64);
    Effect::new(move |_| {
        session.version.track();
        // A person's token waits on the card square until the card is drawn.
        session.card.track();
        let target = crate::game::play::landing::token_targets(&session);
        let scale = |ms| settings.with_untracked(|s| s.animation.scale_ms(ms));
        let current = shown.get_untracked();
        match driver::tokens_next(&current, &target, scale, reduced_motion) {
            Tokens::Snap => shown.set(target),
            Tokens::Chase { step_ms } => {
                generation.update(|g| *g += 1);
                let gen = generation.get_untracked();
                set_timeout(
                    move || animate_step(session, shown, generation, gen, step_ms),
                    Duration::from_millis(step_ms),
                );
            }
            Tokens::Stay => {}
        }
    });
    shown
}

/// Computer players act on their own after a short, visible delay (paused while the game
/// menu is open; Skip in the action bar plays them at once).
pub fn time_computers(
    session: Session,
    settings: RwSignal<Settings>,
    ui: PlayUi,
    shown: RwSignal<Vec<usize>>,
) {
    Effect::new(move |_| {
        let v = session.version.get();
        let settled = shown.with(|s| *s == crate::game::play::landing::token_targets(&session));
        let next = driver::computer_next(
            settled,
            // Nor while a person's card is up (what it does is not told yet).
            || ui.menu.get() || crate::game::play::landing::persons_card(session).is_some(),
            || session.computer_to_act(),
            |ms| settings.with_untracked(|s| s.animation.scale_ms(ms)),
        );
        let Next::ComputerStepAfter(delay) = next else {
            return;
        };
        set_timeout(
            move || {
                // `try_`: the play screen may have been left while the timer ran.
                let now = session.version.get_untracked();
                let paused = ui.menu.try_get_untracked().map(|open| {
                    open || session.card.with_untracked(|c| {
                        c.as_ref()
                            .is_some_and(|c| crate::game::play::landing::is_persons(session, c))
                    })
                });
                if driver::computer_still_due(v, now, paused) {
                    leptos::task::spawn_local(async move {
                        session.computer_step_in_slices().await;
                    });
                }
            },
            Duration::from_millis(delay),
        );
    });
}

/// Small sound effects for dice, money and jail.
pub fn play_sounds(session: Session, settings: RwSignal<Settings>) {
    let speaker: sound::Speaker = StoredValue::new_local(None);
    // The audio context goes with the play screen.
    on_cleanup(move || {
        if let Some(ctx) = speaker.try_get_value().flatten() {
            let _ = ctx.close();
        }
    });
    Effect::new(move |_| {
        session.version.track();
        let s = settings.get_untracked();
        if !s.sound {
            return;
        }
        if let Some(cue) = session.cue() {
            sound::play_after_paint(speaker, cue, s.volume);
        }
    });
}
