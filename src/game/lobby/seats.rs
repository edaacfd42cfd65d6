//! The lobby's seats: for each player a name, a color (one already taken says so), a token
//! (the board's own pawns too) and who plays it.

use leptos::prelude::*;
use worlds_engine::Token;

use super::boards::Boards;
use super::form::{pawn_token, LobbyForm, Plays, COLORS, TOKENS};

/// One fieldset per seat of the form, with the chosen board's pawns among the tokens
/// (`table_open`: who plays a seat is locked).
#[component]
pub(super) fn SeatList(
    boards: Boards,
    form: RwSignal<LobbyForm>,
    table_open: Signal<bool>,
) -> impl IntoView {
    move || {
        let b = boards.board();
        let pawns: Vec<(String, String)> = b
            .def()
            .pawns
            .iter()
            .enumerate()
            .map(|(i, p)| (pawn_token(i), p.name.clone()))
            .collect();
        let count = form.with(|f| f.seats.len());
        (0..count)
            .map(|i| {
                view! { <SeatFields i=i pawns=pawns.clone() form=form table_open=table_open /> }
            })
            .collect_view()
    }
}

/// Seat `i`: "Player n" with its name, color, swatch, token and "Plays as".
#[component]
fn SeatFields(
    i: usize,
    pawns: Vec<(String, String)>,
    form: RwSignal<LobbyForm>,
    table_open: Signal<bool>,
) -> impl IntoView {
    let n = i + 1;
    let seat = move || form.with(|f| f.seats.get(i).cloned());
    let name_id = format!("seat-{n}-name");
    view! {
        <fieldset class="seat">
            <legend>{format!("Player {n}")}</legend>
            <label class="seat-name">
                "Name"
                <input
                    id=name_id
                    type="text"
                    maxlength="40"
                    aria-label=format!("Player {n} name")
                    prop:value=move || seat().map(|s| s.name).unwrap_or_default()
                    on:input=move |ev| {
                        let v = event_target_value(&ev);
                        form.update(|f| if let Some(s) = f.seats.get_mut(i) { s.name = v });
                    }
                />
            </label>
            <label>
                "Color"
                <select
                    aria-label=format!("Player {n} color")
                    prop:value=move || seat().map(|s| s.color).unwrap_or_default()
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        form.update(|f| if let Some(s) = f.seats.get_mut(i) { s.color = v });
                    }
                >
                    {COLORS
                        .iter()
                        .map(|(label, hex)| {
                            let taken = move || {
                                form.with(|f| {
                                    f.seats.iter().enumerate().any(|(j, s)| j != i && s.color == *hex)
                                })
                            };
                            view! {
                                <option value=*hex selected=move || seat().is_some_and(|s| s.color == *hex)>
                                    {move || if taken() { format!("{label} (taken)") } else { label.to_string() }}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <span class="seat-swatch" aria-hidden="true" style:background=move || seat().map(|s| s.color).unwrap_or_default()></span>
            <label>
                "Token"
                <select
                    aria-label=format!("Player {n} token")
                    prop:value=move || seat().map(|s| s.token.name().into_owned()).unwrap_or_default()
                    on:change=move |ev| {
                        let v = Token::from_name(&event_target_value(&ev));
                        form.update(|f| if let Some(s) = f.seats.get_mut(i) { s.token = v });
                    }
                >
                    {TOKENS
                        .iter()
                        .map(|(id, glyph)| view! {
                            <option value=*id selected=move || seat().is_some_and(|s| s.token.name() == *id)>
                                {format!("{glyph} {id}")}
                            </option>
                        })
                        .collect_view()}
                    {pawns
                        .into_iter()
                        .map(|(id, name)| {
                            let id2 = id.clone();
                            view! {
                                <option value=id selected=move || seat().is_some_and(|s| s.token.name() == id2)>
                                    {name}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <label class="seat-plays">
                "Plays as"
                <select
                    aria-label=format!("Player {n} plays as")
                    disabled=move || table_open.get()
                    prop:value=move || seat().map_or(Plays::Human, |s| s.plays).name()
                    on:change=move |ev| {
                        if let Some(plays) = Plays::from_name(&event_target_value(&ev)) {
                            form.update(|f| f.set_plays_as(i, plays));
                        }
                    }
                >
                    {Plays::all()
                        .map(|plays| view! { <option value=plays.name()>{plays.label()}</option> })
                        .collect_view()}
                </select>
            </label>
        </fieldset>
    }
}
