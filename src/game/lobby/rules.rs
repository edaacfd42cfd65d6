//! The lobby's table and house rules: the game's title, how many players and the round
//! limit; then the starting cash and the common house rules, starting from the board's.

use leptos::prelude::*;

use super::boards::Boards;
use super::form::{HouseRules, LobbyForm};

/// Game title, Number of players (within `players`, the board's least and most) and Round
/// limit (the board's own as the placeholder).
#[component]
pub(super) fn TableFields(
    boards: Boards,
    form: RwSignal<LobbyForm>,
    players: Memo<(u8, u8)>,
) -> impl IntoView {
    view! {
        <div class="lobby-row">
            <label>
                "Game title"
                <input
                    type="text"
                    maxlength="60"
                    prop:value=move || form.with(|f| f.title.clone())
                    on:input=move |ev| {
                        let v = event_target_value(&ev);
                        form.update(|f| f.title = v);
                    }
                />
            </label>
            <label>
                "Number of players"
                <select
                    prop:value=move || form.with(|f| f.seats.len().to_string())
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<usize>() {
                            form.update(|f| f.set_seat_count(n));
                        }
                    }
                >
                    {move || {
                        let (min, max) = players.get();
                        (min..=max)
                            .map(|n| {
                                view! {
                                    <option value=n.to_string() selected=move || form.with(|f| f.seats.len() == usize::from(n))>
                                        {n.to_string()}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
            </label>
            <label>
                "Round limit"
                <input
                    type="text"
                    inputmode="numeric"
                    placeholder=move || boards.board().rules().round_limit.map_or("none".to_string(), |n| n.to_string())
                    prop:value=move || form.with(|f| f.round_limit.clone())
                    on:input=move |ev| {
                        let v = event_target_value(&ev);
                        form.update(|f| f.round_limit = v);
                    }
                />
            </label>
        </div>
    }
}

/// The starting cash and the common house rules, starting from the board's (picking a board
/// resets them); Even building only on a board with buildings (`table_open`: locked).
#[component]
pub(super) fn HouseRuleFields(
    boards: Boards,
    form: RwSignal<LobbyForm>,
    table_open: Signal<bool>,
) -> impl IntoView {
    let switch =
        move |label: &'static str, get: fn(&HouseRules) -> bool, set: fn(&mut HouseRules, bool)| {
            view! { <HouseSwitch label=label get=get set=set form=form table_open=table_open /> }
        };
    move || {
        let buildings = boards.board().rules().buildings;
        view! {
            <fieldset class="house-rules">
                <legend>"House rules"</legend>
                <label class="house-cash">
                    "Starting cash"
                    <input
                        type="text"
                        inputmode="numeric"
                        aria-label="Starting cash"
                        disabled=move || table_open.get()
                        prop:value=move || form.with(|f| f.house.starting_cash.clone())
                        on:input=move |ev| {
                            let v = event_target_value(&ev);
                            form.update(|f| f.house.starting_cash = v);
                        }
                    />
                </label>
                {switch("Free Parking jackpot", |h| h.free_parking_jackpot, |h, on| h.free_parking_jackpot = on)}
                {switch("Double salary on landing on Go", |h| h.double_salary_on_go, |h, on| h.double_salary_on_go = on)}
                {switch("Auctions", |h| h.auctions, |h, on| h.auctions = on)}
                {buildings.then(|| switch("Even building", |h| h.even_build, |h, on| h.even_build = on))}
                {switch("No rent in jail", |h| h.no_rent_in_jail, |h, on| h.no_rent_in_jail = on)}
                {switch("Trades", |h| h.trades, |h, on| h.trades = on)}
                {switch("Sell lots to the bank", |h| h.sell_lots_to_bank, |h, on| h.sell_lots_to_bank = on)}
            </fieldset>
        }
    }
}

/// One house rule's switch: `get` reads it from the form's house rules, `set` changes it.
#[component]
fn HouseSwitch(
    label: &'static str,
    get: fn(&HouseRules) -> bool,
    set: fn(&mut HouseRules, bool),
    form: RwSignal<LobbyForm>,
    table_open: Signal<bool>,
) -> impl IntoView {
    view! {
        <label class="check house-switch">
            <input
                type="checkbox"
                disabled=move || table_open.get()
                prop:checked=move || form.with(|f| get(&f.house))
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    form.update(|f| set(&mut f.house, on));
                }
            />
            {label}
        </label>
    }
}
