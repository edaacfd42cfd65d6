//! Trace mode: the user types dice and sees every step of one token's movement.

use leptos::prelude::*;

use worlds_engine::stats::trace;

use super::dice::parse_dice;
use super::Lab;
use crate::common::words;

/// The number at the start of `text` and what follows it.
fn leading_number(text: &str) -> Option<(usize, &str)> {
    let end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    Some((text[..end].parse().ok()?, &text[end..]))
}

/// The engine's trace lines with their counts worded in the singular where there is one:
/// "Tallies after 1 roll and 1 turn.", "Will wait 1 turn.", "1 die value left".
pub fn worded(line: &str) -> String {
    let fixed = (|| {
        if let Some(rest) = line.strip_prefix("Tallies after ") {
            let (rolls, rest) = leading_number(rest)?;
            let rest = rest.strip_prefix(" rolls and ")?;
            let (turns, rest) = leading_number(rest)?;
            let rest = rest.strip_prefix(" turns")?;
            return Some(format!(
                "Tallies after {} and {}{rest}",
                words::count(rolls, "roll", "rolls"),
                words::count(turns, "turn", "turns"),
            ));
        }
        if let Some(rest) = line.strip_prefix("Will wait ") {
            let (k, rest) = leading_number(rest)?;
            let rest = rest.strip_prefix(" turn(s)")?;
            return Some(format!(
                "Will wait {}{rest}",
                words::count(k, "turn", "turns")
            ));
        }
        let (left, rest) = leading_number(line)?;
        let rest = rest.strip_prefix(" die value(s) left")?;
        Some(format!(
            "{} left{rest}",
            words::count(left, "die value", "die values")
        ))
    })();
    fixed.unwrap_or_else(|| line.to_string())
}

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
            .and_then(|dice| trace(&b, &rules, lab.jail.get_untracked(), &dice));
        match result {
            Ok(steps) => {
                problem.set(None);
                lines.set(steps.iter().map(|l| worded(l)).collect());
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
