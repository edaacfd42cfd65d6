//! The coach at the table: **Hint** beside a person's decision (what the expert would do and
//! why, in one sentence), and **Turning points** on the end screen (each person's costliest
//! decisions by the expert's play-outs). Both think in slices, so the page keeps painting.
//! The engine decides and words both (`worlds_engine::expert::coach`); this module only
//! schedules the thinking and shows the words.

use leptos::prelude::*;
use worlds_engine::expert::coach::{HintThinking, TurningPoint, TurningPointsThinking};
use worlds_engine::{Game, PlayerId, SeatKind};

use crate::common::slices::{next_batch, now_ms, yield_now};
use crate::game::session::Session;

/// The person this device may coach now: the actor, when they are a person deciding here
/// (not a computer, not a stand-in, not a seat played on another device).
fn coached(session: &Session) -> Option<PlayerId> {
    let stand_ins = session.stand_ins.get();
    let actor = session.game.with(|g| {
        let g = g.as_ref()?;
        let a = g.actor()?;
        matches!(g.player(a).kind, SeatKind::Human).then_some(a)
    })?;
    (session.is_local(actor) && !stand_ins.contains(&actor) && !session.sending()).then_some(actor)
}

/// What the Hint shows: nothing yet, thinking, or the advice (for the game's version it was
/// asked at).
#[derive(Clone, PartialEq)]
enum Shown {
    Nothing,
    Thinking,
    Advice(String),
}

/// **Hint**: what the expert would do in the person's place, and why. Shown whenever a
/// person decides on this device; the advice stays until the game moves on.
#[component]
pub fn HintButton() -> impl IntoView {
    let session = expect_context::<Session>();
    let shown = RwSignal::new(Shown::Nothing);
    // The game moved on: the advice was for another moment.
    Effect::new(move |_| {
        session.version.track();
        shown.set(Shown::Nothing);
    });
    let ask = move |_| {
        let Some(me) = coached(&session) else {
            return;
        };
        let version = session.version.get_untracked();
        let thinking = session
            .game
            .with_untracked(|g| g.as_ref().map(|g| HintThinking::new(g, me)));
        let Some(mut thinking) = thinking else {
            return;
        };
        shown.set(Shown::Thinking);
        wasm_bindgen_futures::spawn_local(async move {
            let started = now_ms();
            let mut batch = 1u64;
            loop {
                if session.version.try_get_untracked() != Some(version) {
                    return;
                }
                let t0 = now_ms();
                let work = u32::try_from(batch).unwrap_or(u32::MAX);
                // Out of time: the advice by the play-outs so far.
                let late = t0 - started >= crate::game::driver::HINT_THINK_MS;
                let done = session
                    .game
                    .try_with_untracked(|g| {
                        let g = g.as_ref()?;
                        if late {
                            Some(thinking.conclude(g))
                        } else {
                            thinking.step(g, work)
                        }
                    })
                    .flatten();
                if let Some(hint) = done {
                    let _ = shown.try_set(Shown::Advice(hint.sentence));
                    return;
                }
                batch = next_batch(batch, now_ms() - t0);
                yield_now().await;
            }
        });
    };
    move || {
        coached(&session)?;
        Some(view! {
            <div class="coach">
                <button type="button" class="action secondary hint-button"
                    disabled=move || shown.get() == Shown::Thinking
                    on:click=ask>"Hint"</button>
                <p class="hint-advice" role="status" aria-live="polite">
                    {move || match shown.get() {
                        Shown::Nothing => String::new(),
                        Shown::Thinking => "The coach is thinking…".to_string(),
                        Shown::Advice(s) => format!("Coach: {s}."),
                    }}
                </p>
            </div>
        })
    }
}

/// Each person's turning points, found in slices once the end screen shows.
#[component]
pub fn TurningPoints(game: Game) -> impl IntoView {
    // The people of this device (at a table, a device coaches only its own seats).
    let session = expect_context::<Session>();
    let people: Vec<(PlayerId, String)> = PlayerId::all(game.players().len())
        .filter(|&p| matches!(game.player(p).kind, SeatKind::Human))
        .filter(|p| session.is_local(*p))
        .map(|p| (p, game.player(p).name.clone()))
        .collect();
    let found = RwSignal::new(Vec::<(String, Option<Vec<TurningPoint>>)>::new());
    let status = RwSignal::new(String::new());
    let pending = people.clone();
    let g = game.clone();
    if !people.is_empty() {
        status.set("Looking for the turning points…".to_string());
        wasm_bindgen_futures::spawn_local(async move {
            for (p, name) in pending {
                let Some(mut t) = TurningPointsThinking::new(&g, p) else {
                    let _ = found.try_update(|f| f.push((name, None)));
                    continue;
                };
                let mut batch = 1u64;
                loop {
                    let t0 = now_ms();
                    let work = u32::try_from(batch).unwrap_or(u32::MAX);
                    if let Some(points) = t.step(work) {
                        if found.try_update(|f| f.push((name, Some(points)))).is_none() {
                            return;
                        }
                        break;
                    }
                    batch = next_batch(batch, now_ms() - t0);
                    yield_now().await;
                }
            }
            let _ = status.try_set(String::new());
        });
    }
    (!people.is_empty()).then(|| {
        view! {
            <section class="turning-points panel" aria-labelledby="turning-points-title">
                <h2 id="turning-points-title">"Turning points"</h2>
                <p class="hint">"The decisions the expert's play-outs rate as costing each player the most: what they did, what the expert would have done, and the estimated difference in their chances."</p>
                <p role="status" aria-live="polite">{move || status.get()}</p>
                {move || found.get().into_iter().map(|(name, points)| {
                    let body = match points {
                        None => view! { <p>"This game's record could not be replayed here."</p> }.into_any(),
                        Some(points) if points.is_empty() => view! {
                            <p>{format!("{name} made no decision the expert would have changed by much.")}</p>
                        }.into_any(),
                        Some(points) => view! {
                            <ol class="turning-point-list">
                                {points.into_iter().map(|p| view! {
                                    <li>{format!(
                                        "Round {}: {} — the expert would {}; about {} points of {name}'s chances.",
                                        p.round,
                                        p.taken_words,
                                        lower_first(&p.better_words),
                                        (p.cost * 100.0).round().max(1.0),
                                    )}</li>
                                }).collect_view()}
                            </ol>
                        }.into_any(),
                    };
                    view! { <h3>{name.clone()}</h3> {body} }
                }).collect_view()}
            </section>
        }
    })
}

/// "Buy Baltic Avenue" → "buy Baltic Avenue" (inside a sentence).
fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}
