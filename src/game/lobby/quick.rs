//! The lobby's quick start: you and some computers, named and chosen for you, then the same
//! start as "Start game" (asking first when a game is in progress).

use leptos::prelude::*;
use worlds_engine::ComputerStrategy;

use super::form::{LobbyForm, MAX_COMPUTERS};

/// How many computers and their strategy, and "Play against computers" (hidden while a
/// table across devices is open). `players` is the board's least and most players.
#[component]
pub(super) fn QuickStart(
    form: RwSignal<LobbyForm>,
    players: Memo<(u8, u8)>,
    table_open: Signal<bool>,
    start: Callback<()>,
) -> impl IntoView {
    let computers = RwSignal::new(3usize);
    let computer_strategy = RwSignal::new(ComputerStrategy::Balanced);
    let most_computers = move || {
        usize::from(players.get().1)
            .saturating_sub(1)
            .clamp(1, MAX_COMPUTERS)
    };
    let quick_start = move |_| {
        let max = players.get_untracked().1;
        let n = computers
            .get_untracked()
            .min(usize::from(max).saturating_sub(1));
        let strategy = computer_strategy.get_untracked();
        form.update(|f| f.quick_start(n, strategy, max));
        start.run(());
    };
    move || {
        (!table_open.get()).then(|| view! {
        <div class="quick-start" role="group" aria-label="Quick start">
            <label>
                "Computers"
                <select
                    prop:value=move || computers.get().min(most_computers()).to_string()
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<usize>() {
                            computers.set(n);
                        }
                    }
                >
                    {move || (1..=most_computers())
                        .map(|n| view! {
                            <option value=n.to_string() selected=move || computers.get().min(most_computers()) == n>
                                {n.to_string()}
                            </option>
                        })
                        .collect_view()}
                </select>
            </label>
            <label>
                "Computer strategy"
                <select
                    prop:value=move || computer_strategy.get().name()
                    on:change=move |ev| {
                        if let Some(s) = ComputerStrategy::from_name(&event_target_value(&ev)) {
                            computer_strategy.set(s);
                        }
                    }
                >
                    {ComputerStrategy::ALL
                        .into_iter()
                        .map(|strategy| {
                            view! {
                                <option value=strategy.name() selected=move || computer_strategy.get() == strategy>
                                    {strategy.name()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <button
                type="button"
                class="menu-button primary"
                disabled=move || form.with(|f| f.house.parsed_starting_cash().is_err() || f.parsed_round_limit().is_err() || f.title.trim().is_empty())
                on:click=quick_start
            >
                "Play against computers"
            </button>
        </div>
    })
    }
}
