//! The lobby's buttons: Back, Saved games, Open table (when a seat is played from another
//! device), Start game and Play online (when a room server is there).

use leptos::prelude::*;

use worlds_table::clock::TurnTimer;

use super::{LobbyActions, LobbyParts};

/// The row of the lobby's buttons, each enabled as the form and the open table allow.
#[component]
pub(super) fn LobbyButtons(parts: LobbyParts, actions: ButtonActions) -> impl IntoView {
    let LobbyParts {
        problems,
        remote,
        turn_timer,
        ..
    } = parts;
    let ButtonActions {
        start,
        open_table,
        play_online,
        online,
        saved_games,
        back,
        table_open,
        all_connected,
    } = actions;
    // Why Start game is greyed while a seat is set to "Another device" (the form's own
    // problems are listed above it; an open table says it waits for its devices).
    let waits = move || {
        (!remote.get().is_empty() && !table_open.get()).then(|| {
            if online.get() {
                "Start game waits while a seat is set to Another device: press Open table (one Wi-Fi) or Play online, and friends join by the link."
            } else {
                "Start game waits while a seat is set to Another device: press Open table, and friends join by the invite link."
            }
        })
    };
    view! {
        {move || (online.get() && !table_open.get()).then(|| view! { <OnlineOptions turn_timer=turn_timer /> })}
        {move || waits().map(|why| view! { <p class="hint" id="start-waits">{why}</p> })}
        <div class="button-row">
            <button type="button" class="menu-button" on:click=move |_| back.run(())>"Back"</button>
            <button type="button" class="menu-button" on:click=move |_| saved_games.run(())>"Saved games"</button>
            {move || (!remote.get().is_empty() && !table_open.get()).then(|| view! {
                <button
                    type="button"
                    class="menu-button primary"
                    disabled=move || !problems.get().is_empty()
                    on:click=move |_| open_table.run(())
                >
                    "Open table"
                </button>
            })}
            <button
                type="button"
                class="menu-button primary"
                disabled=move || {
                    !problems.get().is_empty()
                        || !(remote.get().is_empty() || (table_open.get() && all_connected.get()))
                }
                aria-describedby=move || waits().map(|_| "start-waits")
                on:click=move |_| start.run(())
            >
                "Start game"
            </button>
            {move || (online.get() && !table_open.get()).then(|| view! {
                <button
                    type="button"
                    class="menu-button primary"
                    disabled=move || !problems.get().is_empty()
                    on:click=move |_| play_online.run(())
                >
                    "Play online"
                </button>
            })}
        </div>
    }
}

/// What a room Play online opens is set to: its turn timer.
#[component]
fn OnlineOptions(turn_timer: RwSignal<TurnTimer>) -> impl IntoView {
    view! {
        <div class="lobby-row">
            <label>
                "Turn timer"
                <select
                    prop:value=move || turn_timer.get().key()
                    on:change=move |ev| {
                        if let Some(t) = TurnTimer::from_key(&event_target_value(&ev)) {
                            turn_timer.set(t);
                        }
                    }
                >
                    {TurnTimer::ALL.into_iter().map(|t| view! {
                        <option value=t.key() selected=move || turn_timer.get() == t>{t.label()}</option>
                    }).collect_view()}
                </select>
            </label>
        </div>
    }
}

/// What the lobby's buttons do and show: [`LobbyActions`] without its views (all Copy).
#[derive(Clone, Copy)]
pub(super) struct ButtonActions {
    pub(super) start: Callback<()>,
    pub(super) open_table: Callback<()>,
    pub(super) play_online: Callback<()>,
    pub(super) online: Signal<bool>,
    pub(super) saved_games: Callback<()>,
    pub(super) back: Callback<()>,
    pub(super) table_open: Signal<bool>,
    pub(super) all_connected: Signal<bool>,
}

impl ButtonActions {
    /// The buttons' part of `actions`.
    pub(super) fn of(actions: &LobbyActions) -> ButtonActions {
        ButtonActions {
            start: actions.start,
            open_table: actions.open_table,
            play_online: actions.play_online,
            online: actions.online,
            saved_games: actions.saved_games,
            back: actions.back,
            table_open: actions.table_open,
            all_connected: actions.all_connected,
        }
    }
}
