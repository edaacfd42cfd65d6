//! Trace mode: the user types dice and sees every step of one token's movement.

use leptos::prelude::*;

use worlds_engine::stats::trace;

use super::Lab;
use crate::common::words;
use worlds_models::fields::parse_dice;

#[component]
pub fn TracePanel() -> impl IntoView {
    let lab = expect_context::<Lab>();
    let typed = RwSignal::new(String::new());
    let lines = RwSignal::new(Vec::<String>::new());
    let problem = RwSignal::new(None::<String>);
    let dice_words = move || {
        let b = lab.board().board;
        let r = b.rules();
        format!(
            "This board rolls {} with {} faces; a turn uses {} per roll. Type them like “3 4, 6 6, 1 2” or “34 66 12”. The token starts on the first square; jail strategy as chosen above.",
            words::count(usize::from(r.dice_count), "die", "dice"),
            r.dice_sides,
            words::count(usize::from(r.dice_count), "value", "values"),
        )
    };
    let run = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let b = lab.board_untracked().board;
        let rules = b.rules().clone();
        let result = parse_dice(&typed.get_untracked(), rules.dice_sides)
            .map_err(|e| e.to_string())
            .and_then(|dice| trace(&b, &rules, lab.jail.get_untracked(), &dice));
        match result {
            Ok(steps) => {
                problem.set(None);
                lines.set(steps);
            }
            Err(e) => {
                lines.set(Vec::new());
                problem.set(Some(e));
            }
        }
    };
    view! {
        <div class="panel stats-trace">
            <h2>"Trace with your own dice"</h2>
            <p id="stats-trace-hint" class="hint">{dice_words}</p>
            <form class="stats-trace-form" on:submit=run>
                <label>
                    "Dice values"
                    <input
                        type="text"
                        autocomplete="off"
                        spellcheck="false"
                        aria-describedby="stats-trace-hint"
                        prop:value=move || typed.get()
                        on:input=move |ev| typed.set(event_target_value(&ev))
                    />
                </label>
                <button type="submit" class="action">"Trace"</button>
            </form>
            {move || problem.get().map(|p| view! { <p class="problem" role="alert">{p}</p> })}
            {move || {
                let l = lines.get();
                (!l.is_empty())
                    .then(|| {
                        view! {
                            <ol class="trace-lines" aria-label="Trace steps" tabindex="0">
                                {l.into_iter().map(|line| view! { <li>{line}</li> }).collect_view()}
                            </ol>
                        }
                    })
            }}
        </div>
    }
}
