//! "Your properties": build, sell buildings, mortgage and lift mortgages, lot by lot, with
//! exactly the buttons the engine allows now.

use leptos::prelude::*;
use worlds_engine::{Action, SquareId};

use crate::common::modal::Modal;
use crate::game::play::play_ui::PlayUi;
use crate::game::session::Session;

/// One lot's row: what it is and the actions allowed on it now.
#[derive(Debug, Clone, PartialEq, Eq)]
struct LotRow {
    square: usize,
    name: String,
    color: Option<String>,
    state: String,
    actions: Vec<(Action, String, String)>,
}

#[component]
pub fn ManageDialog() -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    let rows = Memo::new(move |_| {
        if !ui.manage.get() {
            // Worked out only while the dialog is open.
            return (String::new(), Vec::new());
        }
        session.game.with(|g| {
            let Some(g) = g else {
                return (String::new(), Vec::new());
            };
            let Some(me) = g.actor() else {
                return (String::new(), Vec::new());
            };
            let b = g.board();
            let legal = g.legal_actions();
            let rows = g
                .lots_of(me)
                .into_iter()
                .map(|l| {
                    let st = g.square(l);
                    let name = b.square(l).name.clone();
                    let mut state = match st.buildings.level() {
                        0 => String::new(),
                        5 => "hotel".into(),
                        1 => "1 house".into(),
                        h => format!("{h} houses"),
                    };
                    if st.mortgaged {
                        state = "mortgaged".into();
                    }
                    let cost_amount = b.square(l).house_cost().unwrap_or(0);
                    let cost = b.money(cost_amount);
                    let refund =
                        b.money(cost_amount * i64::from(g.rules().building_sell_percent) / 100);
                    let mortgage =
                        b.money(g.rules().mortgage_value(b.square(l).price().unwrap_or(0)));
                    let lift = b.money(g.unmortgage_cost(l));
                    let mut actions = Vec::new();
                    for a in &legal {
                        let (label, aria) = match a {
                            Action::Build { square } if *square == SquareId(l) => {
                                let what = if st.buildings.level() == 4 {
                                    "hotel"
                                } else {
                                    "house"
                                };
                                (
                                    format!("Build {what} {cost}"),
                                    format!("Build a {what} on {name} for {cost}"),
                                )
                            }
                            Action::SellBuilding { square } if *square == SquareId(l) => (
                                format!("Sell building +{refund}"),
                                format!("Sell a building on {name} for {refund}"),
                            ),
                            Action::SellAllBuildings { square } if *square == SquareId(l) => (
                                "Sell all buildings".to_string(),
                                format!("Sell every building of {name}'s group"),
                            ),
                            Action::Mortgage { square } if *square == SquareId(l) => (
                                format!("Mortgage +{mortgage}"),
                                format!("Mortgage {name} for {mortgage}"),
                            ),
                            Action::Unmortgage { square } if *square == SquareId(l) => (
                                format!("Lift mortgage {lift}"),
                                format!("Lift the mortgage on {name} for {lift}"),
                            ),
                            _ => continue,
                        };
                        actions.push((a.clone(), label, aria));
                    }
                    LotRow {
                        square: l,
                        name,
                        color: b
                            .group_of(l)
                            .and_then(|gi| b.groups().get(gi))
                            .map(|x| x.color.clone()),
                        state,
                        actions,
                    }
                })
                .collect::<Vec<_>>();
            let header = format!(
                "{} has {}. The bank has {} houses and {} hotels.",
                g.player(me).name,
                b.money(g.player(me).cash),
                g.bank_houses(),
                g.bank_hotels()
            );
            (header, rows)
        })
    });
    move || {
        if !ui.manage.get() {
            return None;
        }
        let close = Callback::new(move |_| ui.manage.set(false));
        Some(view! {
            <Modal title="Your properties".to_string() on_close=close class="manage">
                <p aria-live="polite">{move || rows.get().0}</p>
                {move || session.error.get().map(|e| view! { <p class="problem" role="alert">{e}</p> })}
                <ul class="manage-list">
                    {move || {
                        let (_, rows) = rows.get();
                        if rows.is_empty() {
                            return view! { <li>"You own no property yet."</li> }.into_any();
                        }
                        rows.into_iter()
                            .map(|r| {
                                let _ = r.square;
                                view! {
                                    <li class="manage-row">
                                        <span class="lot-chip" style:background=r.color.unwrap_or_else(|| "#999".into())></span>
                                        <span class="manage-name">{r.name}</span>
                                        <span class="manage-state">{r.state}</span>
                                        <span class="manage-actions">
                                            {r.actions.into_iter().map(|(a, label, aria)| view! {
                                                <button type="button" class="small-button" aria-label=aria on:click=move |_| {
                                                    session.dispatch(a.clone());
                                                }>{label}</button>
                                            }).collect_view()}
                                        </span>
                                    </li>
                                }
                            })
                            .collect_view()
                            .into_any()
                    }}
                </ul>
                <div class="button-row">
                    <button type="button" class="action primary" on:click=move |_| ui.manage.set(false)>"Done"</button>
                </div>
            </Modal>
        })
    }
}
