//! "Your properties": build, sell buildings, mortgage and lift mortgages (and, under the
//! house rule, sell lots back to the bank), lot by lot. Every
//! button that could make sense for a lot is shown; one the rules do not allow now is
//! disabled with the engine's reason beside it. A whole group can be built up evenly to a
//! chosen level in one step ("Build evenly"), shown with its total cost before it happens.

use leptos::prelude::*;
use worlds_engine::{Action, Game, PlayerId, SquareId};

use crate::common::modal::Modal;
use crate::game::play::play_ui::PlayUi;
use crate::game::session::Session;

/// One button of a lot's row: the action, its label and accessible name, and why the rules
/// refuse it now (`None`: allowed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LotAction {
    action: Action,
    label: String,
    aria: String,
    refused: Option<String>,
}

/// One lot's row: what it is and the actions that could make sense on it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct LotRow {
    square: usize,
    name: String,
    color: Option<String>,
    state: String,
    actions: Vec<LotAction>,
}

/// A whole group the player owns whose lots take buildings.
#[derive(Debug, Clone, PartialEq, Eq)]
struct GroupRow {
    group: usize,
    name: String,
    color: String,
    /// The fewest buildings on a lot of the group (5: a hotel).
    lowest: u8,
}

/// A "Build evenly" plan shown before it is applied.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ShownPlan {
    group: usize,
    actions: Vec<Action>,
    /// What it builds, in words, and its total cost; or why nothing can be built.
    lines: Vec<String>,
    summary: String,
}

/// The words for a building level.
fn level_words(level: u8) -> String {
    match level {
        0 => String::new(),
        1 => "1 house".into(),
        5 => "hotel".into(),
        h => format!("{h} houses"),
    }
}

/// The actions that could make sense on the player's lot `l`, each with the engine's verdict.
pub fn lot_actions(g: &Game, l: usize) -> Vec<LotAction> {
    let b = g.board();
    let st = g.square(l);
    let name = b.square(l).name.clone();
    let rules = g.rules();
    let verdict = |a: &Action| g.check(a).err().map(|e| e.to_string());
    let mut out = Vec::new();
    let mut push = |action: Action, label: String, aria: String| {
        let refused = verdict(&action);
        out.push(LotAction {
            action,
            label,
            aria,
            refused,
        });
    };
    let square = SquareId(l);
    let level = st.buildings.level();
    if let Some(cost_amount) = b.square(l).house_cost().filter(|_| rules.buildings) {
        // A hotel costs its group's hotel cost (the engine's prices, hotel or house).
        let cost = b.money(g.next_building_cost(l).unwrap_or(cost_amount));
        let refund = b.money(g.building_sale_refund(l).unwrap_or(0));
        if level < 5 {
            let what = if level == 4 { "hotel" } else { "house" };
            push(
                Action::Build { square },
                format!("Build {what} {cost}"),
                format!("Build a {what} on {name} for {cost}"),
            );
        }
        if level > 0 {
            push(
                Action::SellBuilding { square },
                format!("Sell building +{refund}"),
                format!("Sell a building on {name} for {refund}"),
            );
            // Selling the whole group at once is offered only when the rules allow it.
            let all = Action::SellAllBuildings { square };
            if g.allows(&all) {
                push(
                    all,
                    "Sell all buildings".to_string(),
                    format!("Sell every building of {name}'s group"),
                );
            }
        }
    }
    if rules.mortgages && b.square(l).is_ownable() {
        if st.mortgaged {
            let lift = b.money(g.unmortgage_cost(l));
            push(
                Action::Unmortgage { square },
                format!("Lift mortgage {lift}"),
                format!("Lift the mortgage on {name} for {lift}"),
            );
        } else {
            let mortgage = b.money(rules.mortgage_value(b.square(l).price().unwrap_or(0)));
            push(
                Action::Mortgage { square },
                format!("Mortgage +{mortgage}"),
                format!("Mortgage {name} for {mortgage}"),
            );
        }
    }
    // The house rule "Sell lots to the bank": offered only in a game that plays it.
    if rules.sell_lots_to_bank && b.square(l).is_ownable() {
        let value = b.money(g.lot_sale_value(l));
        push(
            Action::SellLotToBank { square },
            format!("Sell to the bank +{value}"),
            format!("Sell {name} to the bank for {value}"),
        );
    }
    out
}

/// The whole groups of `me` that take buildings.
fn buildable_groups(g: &Game, me: PlayerId) -> Vec<GroupRow> {
    let b = g.board();
    if !g.rules().buildings {
        return Vec::new();
    }
    (0..b.groups().len())
        .filter_map(|gi| {
            let lots = b.group_lots(gi);
            let first = *lots.first()?;
            let takes = lots.iter().all(|&l| b.square(l).house_cost().is_some());
            if !takes || !g.owns_whole_group(me, first) {
                return None;
            }
            let lowest = lots
                .iter()
                .map(|&l| g.square(l).buildings.level())
                .min()
                .unwrap_or(0);
            Some(GroupRow {
                group: gi,
                name: b.groups()[gi].name.clone(),
                color: b.groups()[gi].color.clone(),
                lowest,
            })
        })
        .collect()
}

/// The plan that brings `group` to `level`, in words, with its total cost; when nothing can
/// be built, the engine's reason for the lot that would come first.
fn shown_plan(g: &Game, group: usize, level: u8) -> ShownPlan {
    let b = g.board();
    let actions = g.build_evenly_plan(group, level);
    let group_name = b.groups().get(group).map_or("", |x| x.name.as_str());
    if actions.is_empty() {
        let lots = b.group_lots(group);
        let next = lots
            .iter()
            .copied()
            .filter(|&l| g.square(l).buildings.level() < level)
            .min_by_key(|&l| (g.square(l).buildings.level(), l));
        let summary = match next {
            None => format!(
                "Every lot of {group_name} already has {}.",
                level_words(level)
            ),
            Some(l) => {
                let why = g
                    .check(&Action::Build {
                        square: SquareId(l),
                    })
                    .err()
                    .map_or_else(
                        || "the rules do not allow it now".to_string(),
                        |e| e.to_string(),
                    );
                format!("Nothing can be built on {group_name}: {why}")
            }
        };
        return ShownPlan {
            group,
            actions,
            lines: Vec::new(),
            summary,
        };
    }
    // Worked out on a copy, step by step, so a hotel reads as a hotel.
    let mut copy = g.clone();
    let mut lines = Vec::new();
    let mut total = 0;
    for a in &actions {
        if let Action::Build { square } = a {
            let l = square.index();
            let cost = copy.next_building_cost(l).unwrap_or(0);
            total += cost;
            let what = if copy.square(l).buildings.level() == 4 {
                "A hotel"
            } else {
                "A house"
            };
            lines.push(format!(
                "{what} on {} for {}",
                b.square(l).name,
                b.money_words(cost)
            ));
        }
        if copy.apply(a.clone()).is_err() {
            break;
        }
    }
    let reached = b
        .group_lots(group)
        .iter()
        .all(|&l| copy.square(l).buildings.level() >= level);
    let mut summary = format!(
        "{} for {} in all.",
        crate::common::words::count(actions.len(), "building", "buildings"),
        b.money_words(total)
    );
    if !reached {
        summary.push_str(&format!(
            " That is as far as the rules, the cash and the bank allow now, short of {} on every lot.",
            level_words(level)
        ));
    }
    ShownPlan {
        group,
        actions,
        lines,
        summary,
    }
}

/// What "Your properties" lists for the player to act: a line on their cash and the bank's
/// buildings, the groups they can build evenly, and their lots.
type ManageRows = (String, Vec<GroupRow>, Vec<LotRow>);

fn manage_rows(g: &Game) -> ManageRows {
    let Some(me) = g.actor() else {
        return (String::new(), Vec::new(), Vec::new());
    };
    let b = g.board();
    let rows = g
        .lots_of(me)
        .into_iter()
        .map(|l| {
            let st = g.square(l);
            let state = if st.mortgaged {
                "mortgaged".to_string()
            } else {
                level_words(st.buildings.level())
            };
            LotRow {
                square: l,
                name: b.square(l).name.clone(),
                color: b
                    .group_of(l)
                    .and_then(|gi| b.groups().get(gi))
                    .map(|x| x.color.clone()),
                state,
                actions: lot_actions(g, l),
            }
        })
        .collect::<Vec<_>>();
    let header = format!(
        "{} has {}. The bank has {} houses and {} hotels.",
        g.player(me).name,
        b.money_words(g.player(me).cash),
        g.bank_houses(),
        g.bank_hotels()
    );
    (header, buildable_groups(g, me), rows)
}

#[component]
pub fn ManageDialog() -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    // The "Build evenly" plan on show (by group), until applied or cancelled.
    let plan = RwSignal::new(None::<ShownPlan>);
    Effect::new(move |_| {
        if !ui.manage.get() {
            plan.set(None);
        }
    });
    let rows = Memo::new(move |_| {
        if !ui.manage.get() {
            // Worked out only while the dialog is open.
            return (String::new(), Vec::new(), Vec::new());
        }
        session.game.with(|g| {
            g.as_ref()
                .map(manage_rows)
                .unwrap_or_else(|| (String::new(), Vec::new(), Vec::new()))
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
                <BuildEvenlyList groups=Signal::derive(move || rows.get().1) plan=plan />
                {move || plan.get().map(|p| view! { <PlanView plan=p shown=plan /> })}
                <LotList rows=Signal::derive(move || rows.get().2) />
                <div class="button-row">
                    <button type="button" class="action primary" on:click=move |_| ui.manage.set(false)>"Done"</button>
                </div>
            </Modal>
        })
    }
}

/// "Build evenly": each whole group the player could build on, with a level to reach and a
/// button that shows the plan in `plan`.
#[component]
fn BuildEvenlyList(
    groups: Signal<Vec<GroupRow>>,
    plan: RwSignal<Option<ShownPlan>>,
) -> impl IntoView {
    let session = expect_context::<Session>();
    let show_plan = move |group: usize, level: u8| {
        let shown = session
            .game
            .with_untracked(|g| g.as_ref().map(|g| shown_plan(g, group, level)));
        plan.set(shown);
    };
    move || {
        let groups = groups.get();
        (!groups.is_empty()).then(|| view! {
            <ul class="build-evenly-list" aria-label="Build evenly">
                {groups.into_iter().map(|gr| {
                    let start = (gr.lowest + 1).min(5);
                    let level = RwSignal::new(start);
                    let group = gr.group;
                    let name = gr.name.clone();
                    view! {
                        <li class="build-evenly">
                            <span class="lot-chip" style:background=gr.color.clone()></span>
                            <span class="manage-name">{gr.name.clone()}</span>
                            <select
                                aria-label=format!("Level for {name}")
                                on:change=move |ev| {
                                    if let Ok(v) = event_target_value(&ev).parse::<u8>() {
                                        level.set(v);
                                    }
                                }
                            >
                                {(1u8..=5).map(|v| view! {
                                    <option value=v.to_string() selected=v == start>
                                        {if v == 5 { "Hotel".to_string() } else { crate::common::words::count(v as usize, "house", "houses") }}
                                    </option>
                                }).collect_view()}
                            </select>
                            <button type="button" class="small-button"
                                aria-label=format!("Build evenly on {name}")
                                on:click=move |_| show_plan(group, level.get_untracked())
                            >"Build evenly"</button>
                        </li>
                    }
                }).collect_view()}
            </ul>
        })
    }
}

/// A "Build evenly" plan on show, with Build these (when anything can be built) and Cancel
/// (or OK), which put it away from `shown`.
#[component]
fn PlanView(plan: ShownPlan, shown: RwSignal<Option<ShownPlan>>) -> impl IntoView {
    let session = expect_context::<Session>();
    let apply_plan = move |actions: Vec<Action>| {
        shown.set(None);
        // One by one, as any other actions; the first refusal stops the plan and is shown.
        for a in actions {
            if session.dispatch(a).is_refused() {
                break;
            }
        }
    };
    let p = plan;
    let group_name = session.game.with_untracked(|g| {
        g.as_ref()
            .and_then(|g| g.board().groups().get(p.group).map(|x| x.name.clone()))
            .unwrap_or_default()
    });
    let actions = p.actions.clone();
    let can = !actions.is_empty();
    view! {
        <div class="build-plan" role="group" aria-label=format!("Plan for {group_name}")>
            {(!p.lines.is_empty()).then(|| view! {
                <ul>{p.lines.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}</ul>
            })}
            <p class="build-plan-total">{p.summary.clone()}</p>
            <div class="button-row">
                {can.then(|| view! {
                    <button type="button" class="action primary" on:click=move |_| apply_plan(actions.clone())>"Build these"</button>
                })}
                <button type="button" class="action" on:click=move |_| shown.set(None)>
                    {if can { "Cancel" } else { "OK" }}
                </button>
            </div>
        </div>
    }
}

/// The player's lots, each with its state and buttons.
#[component]
fn LotList(rows: Signal<Vec<LotRow>>) -> impl IntoView {
    view! {
        <ul class="manage-list">
            {move || {
                let rows = rows.get();
                if rows.is_empty() {
                    return view! { <li>"You own no property yet."</li> }.into_any();
                }
                rows.into_iter()
                    .map(|r| {
                        let square = r.square;
                        view! {
                            <li class="manage-row">
                                <span class="lot-chip" style:background=r.color.unwrap_or_else(|| "#999".into())></span>
                                <span class="manage-name">{r.name}</span>
                                <span class="manage-state">{r.state}</span>
                                <LotActionButtons square=square actions=r.actions />
                            </li>
                        }
                    })
                    .collect_view()
                    .into_any()
            }}
        </ul>
    }
}

/// A lot's buttons: each action the rules could allow, a refused one disabled with the
/// engine's reason beside it ("Your properties" and a lot's own dialog).
#[component]
pub fn LotActionButtons(square: usize, actions: Vec<LotAction>) -> impl IntoView {
    let session = expect_context::<Session>();
    view! {
        <span class="manage-actions">
            {actions.into_iter().enumerate().map(|(i, la)| {
                let a = la.action.clone();
                let why_id = format!("why-{square}-{i}");
                let disabled = la.refused.is_some();
                view! {
                    <span class="manage-action">
                        <button type="button" class="small-button"
                            aria-label=la.aria
                            disabled=disabled
                            title=la.refused.clone()
                            aria-describedby=disabled.then(|| why_id.clone())
                            on:click=move |_| {
                                session.dispatch(a.clone());
                            }
                        >{la.label}</button>
                        {la.refused.map(|why| view! {
                            <small id=why_id class="refusal">{why}</small>
                        })}
                    </span>
                }
            }).collect_view()}
        </span>
    }
}
