//! The action bar under the board: one button per thing the player to act may do now,
//! exactly as the engine's `legal_actions()` allows; computer turns show who is thinking
//! and a Skip button.

use leptos::prelude::*;
use worlds_engine::Action;

use crate::game::play::play_ui::PlayUi;
use crate::game::session::Session;

/// The feed's `n` newest lines as list items, drawn newest at the bottom (`order`): a line
/// that does not fit gives way whole, the oldest first (the bar's two lines, the board
/// centre's feed; see .bar-feed and .feed in play.css).
/// How many of the feed's newest lines the bar shows on a phone (as many as fit whole).
const BAR_FEED_LINES: usize = 6;

pub(super) fn newest_feed_lines(session: Session, n: usize) -> impl IntoView {
    session.feed.with(|f| {
        // Held back from a person's card waiting to be drawn (see `landing`).
        let texts: Vec<String> = f.iter().map(|l| l.text.clone()).collect();
        let shown = crate::game::play::landing::feed_until_card(session, &texts);
        let lines: Vec<_> = f[..shown].iter().rev().take(n).collect();
        lines
            .into_iter()
            .enumerate()
            .rev()
            .map(|(age, l)| view! { <li style:order=age.to_string()>{l.text.clone()}</li> })
            .collect_view()
    })
}

#[component]
pub fn ActionBar() -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    let state = Memo::new(move |_| session.bar_state());
    let act = move |a: Action| {
        session.dispatch(a);
    };
    let resign = move |_| ui.resign.set(true);
    // Whenever a human must act, focus goes to the decision (if it was lost, say because
    // the button just pressed is gone): Roll dice, End turn, or the dialog's first button.
    Effect::new(move |_| {
        let s = state.get();
        if s.over || s.computer || s.remote.is_some() {
            return;
        }
        set_timeout(
            move || {
                if crate::common::focus::focus_is_lost() {
                    crate::common::focus::focus_decision();
                }
            },
            std::time::Duration::ZERO,
        );
    });
    // The newest lines (see .bar-feed in play.css: on a phone, what the computers did since
    // the player last acted, in view above the decision).
    let latest = move || newest_feed_lines(session, BAR_FEED_LINES);
    view! {
        <div class="decision" id="decision">
        <ol class="bar-feed" aria-hidden="true">{latest}</ol>
        // What the person just paid on landing, next to the decision (on a phone both stay
        // in view at the bottom of the screen).
        <crate::game::play::landing::LandingPanel />
        {move || {
            let e = session.error.get()?;
            Some(view! { <p class="problem" role="alert">{e}</p> })
        }}
        <div class="action-bar" role="toolbar" aria-label="Actions" hidden=move || state.get().over>
            {move || {
                let s = state.get();
                if s.over {
                    return ().into_any();
                }
                if s.computer {
                    return view! {
                        <p class="thinking" aria-live="polite">{format!("{} is thinking…", s.actor)}</p>
                        {s.runs_computers.then(|| view! {
                            <button type="button" class="action secondary" on:click=move |_| session.skip_computers()>
                                "Skip"
                            </button>
                        })}
                    }
                    .into_any();
                }
                if let Some(waiting) = s.remote.clone() {
                    return view! { <p class="waiting" aria-live="polite">{waiting}</p> }.into_any();
                }
                let roll_label = s.roll_label.clone();
                view! {
                    // A held player reads why and how to leave (the engine's prompt).
                    {match s.held.clone() {
                        Some(why) => view! { <p class="actor held">{why}</p> }.into_any(),
                        None => view! { <p class="actor">{format!("{} {}", s.actor, s.doing)}</p> }.into_any(),
                    }}
                    {(s.roll && !s.in_dialog).then(|| view! {
                        <button type="button" class="action primary" on:click=move |_| act(Action::Roll)>{roll_label}</button>
                    })}
                    {(s.end_turn && !s.in_dialog).then(|| view! {
                        <button type="button" class="action primary" on:click=move |_| act(Action::EndTurn)>"End turn"</button>
                    })}
                    {s.pay_fine.clone().filter(|_| !s.in_dialog).map(|label| view! {
                        <button type="button" class="action" on:click=move |_| act(Action::PayJailFine)>{label}</button>
                    })}
                    {(s.jail_card && !s.in_dialog).then(|| view! {
                        <button type="button" class="action" on:click=move |_| act(Action::UseJailCard)>"Use jail card"</button>
                    })}
                    {(s.build && !s.in_dialog).then(|| view! {
                        <button type="button" class="action" on:click=move |_| ui.manage.set(true)>"Build"</button>
                    })}
                    {(s.sell && !s.in_dialog).then(|| view! {
                        <button type="button" class="action" on:click=move |_| ui.manage.set(true)>"Sell buildings"</button>
                    })}
                    {(s.manage && !s.in_dialog).then(|| view! {
                        <button type="button" class="action" on:click=move |_| ui.manage.set(true)>"Mortgage"</button>
                    })}
                    {(s.trade && !s.in_dialog).then(|| view! {
                        <button type="button" class="action" on:click=move |_| ui.trade.set(true)>"Trade"</button>
                    })}
                    {s.trade_limit.clone().filter(|_| !s.in_dialog).map(|why| view! {
                        <button type="button" class="action" disabled=true title=why.clone() aria-describedby="trade-limit">"Trade"</button>
                        <span id="trade-limit" class="hint">{why}</span>
                    })}
                    <button type="button" class="action danger" on:click=resign>"Resign"</button>
                    {(!s.in_dialog).then(|| view! { <crate::game::play::coach::HintButton /> })}
                }
                .into_any()
            }}
        </div>
        </div>
    }
}
