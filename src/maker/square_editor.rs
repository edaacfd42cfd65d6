//! The Board Maker's panel for one square: its name, its type and every field of that type.
//! It edits a draft copy of the square; "Done" hands the draft to the board, "Back" drops it.

use leptos::prelude::*;

use crate::common::error::AppError;
use worlds_engine::board::MAX_NAME_CHARS;
use worlds_engine::{JokerEffect, SquareDef, SquareKind};

use crate::common::deed::{square_deed_lines, Deed};
use crate::common::fields::{NumberField, OptionalNumberField, PictureInput, Switch, TextField};
use crate::maker::model::{retype, EditorState, SquareType};

/// What the panel asks the editor screen to do.
#[derive(Clone, Copy)]
pub struct SquareCommands {
    pub done: Callback<()>,
    pub back: Callback<()>,
    pub add_after: Callback<()>,
    pub remove: Callback<()>,
    /// One place back in the order of play (the square after the start goes to the end).
    pub move_left: Callback<()>,
    /// One place on (the last square goes to just after the start).
    pub move_right: Callback<()>,
}

/// Labels of a lot's rent table, in order.
const RENT_LABELS: [&str; 6] = [
    "Base rent",
    "Rent with 1 house",
    "Rent with 2 houses",
    "Rent with 3 houses",
    "Rent with 4 houses",
    "Rent with a hotel",
];

/// A number field over one value of the draft square.
fn draft_number(
    draft: RwSignal<SquareDef>,
    label: impl Into<String>,
    get: impl Fn(&SquareKind) -> Option<i64> + Send + Sync + 'static,
    set: impl Fn(&mut SquareKind, i64) + Send + Sync + 'static,
) -> impl IntoView {
    let value = Signal::derive(move || draft.with(|d| get(&d.kind).unwrap_or_default()));
    let on_set = Callback::new(move |v: i64| draft.update(|d| set(&mut d.kind, v)));
    view! { <NumberField label=label.into() value=value on_set=on_set /> }
}

fn price_field(draft: RwSignal<SquareDef>) -> impl IntoView {
    draft_number(
        draft,
        "Price",
        |k| match k {
            SquareKind::Property { price, .. }
            | SquareKind::Railroad { price, .. }
            | SquareKind::Utility { price, .. } => Some(*price),
            _ => None,
        },
        |k, v| match k {
            SquareKind::Property { price, .. }
            | SquareKind::Railroad { price, .. }
            | SquareKind::Utility { price, .. } => *price = v,
            _ => {}
        },
    )
}

/// Entry `i` of a rent list (lot or railroad rents, utility multipliers).
fn list_entry(draft: RwSignal<SquareDef>, label: String, i: usize) -> impl IntoView {
    fn list_mut(k: &mut SquareKind) -> Option<&mut Vec<i64>> {
        match k {
            SquareKind::Property { rents, .. } | SquareKind::Railroad { rents, .. } => Some(rents),
            SquareKind::Utility { multipliers, .. } => Some(multipliers),
            _ => None,
        }
    }
    draft_number(
        draft,
        label,
        move |k| {
            let mut k = k.clone();
            list_mut(&mut k).and_then(|l| l.get(i).copied())
        },
        move |k, v| {
            if let Some(list) = list_mut(k) {
                if list.len() <= i {
                    list.resize(i + 1, 0);
                }
                list[i] = v;
            }
        },
    )
}

/// The lot's color group, picked from the board's groups or made here.
fn group_pick(
    draft: RwSignal<SquareDef>,
    state: RwSignal<EditorState>,
    problem: RwSignal<Option<AppError>>,
) -> impl IntoView {
    let groups = move || state.with(|s| s.def().groups.clone());
    let current_group = move || {
        draft.with(|d| match &d.kind {
            SquareKind::Property { group, .. } => group.clone().unwrap_or_default(),
            _ => String::new(),
        })
    };
    let set_group = move |name: String| {
        draft.update(|d| {
            if let SquareKind::Property { group, .. } = &mut d.kind {
                *group = (!name.is_empty()).then_some(name);
            }
        })
    };
    let creating = RwSignal::new(false);
    let new_name = RwSignal::new(String::new());
    let new_color = RwSignal::new("#1fb25a".to_string());
    let create = move || {
        let result = state
            .try_update(|s| s.new_group(&new_name.get_untracked(), &new_color.get_untracked()));
        match result {
            Some(Ok(name)) => {
                set_group(name);
                creating.set(false);
                new_name.set(String::new());
                problem.set(None);
            }
            Some(Err(e)) => problem.set(Some(e.into())),
            None => {}
        }
    };
    view! {
        <fieldset class="group-pick">
            <legend>"Color group"</legend>
            <div class="field">
                <label for="square-group">"Group"</label>
                <select
                    id="square-group"
                    prop:value=current_group
                    on:change=move |ev| set_group(event_target_value(&ev))
                >
                    <option value="" selected=move || current_group().is_empty()>"No group"</option>
                    {move || groups().into_iter().map(|g| {
                        let name = g.name.clone();
                        let selected = move || current_group() == name;
                        view! { <option value=g.name.clone() selected=selected>{g.name.clone()}</option> }
                    }).collect_view()}
                </select>
            </div>
            {move || if creating.get() {
                view! {
                    <div class="new-group" role="group" aria-label="New color group">
                        <label class="field">
                            <span>"Group name"</span>
                            <input
                                type="text"
                                maxlength=MAX_NAME_CHARS.to_string()
                                prop:value=move || new_name.get()
                                on:input=move |ev| new_name.set(event_target_value(&ev))
                                on:keydown=move |ev| if ev.key() == "Enter" { create() }
                            />
                        </label>
                        <label class="field">
                            <span>"Group color"</span>
                            <input
                                type="color"
                                prop:value=move || new_color.get()
                                on:input=move |ev| new_color.set(event_target_value(&ev))
                            />
                        </label>
                        <button type="button" class="small-button" on:click=move |_| create()>"Create group"</button>
                        <button type="button" class="small-button" on:click=move |_| creating.set(false)>"Cancel"</button>
                    </div>
                }.into_any()
            } else {
                view! {
                    <button type="button" class="small-button" on:click=move |_| creating.set(true)>"New group"</button>
                }.into_any()
            }}
        </fieldset>
    }
}

fn property_fields(
    draft: RwSignal<SquareDef>,
    state: RwSignal<EditorState>,
    problem: RwSignal<Option<AppError>>,
) -> impl IntoView {
    let buildable = Memo::new(move |_| {
        draft.with(|d| matches!(&d.kind, SquareKind::Property { rents, .. } if rents.len() == 6))
    });
    let set_buildable = Callback::new(move |on: bool| {
        draft.update(|d| {
            if let SquareKind::Property { rents, .. } = &mut d.kind {
                let base = rents.first().copied().unwrap_or(0);
                *rents = if on {
                    vec![base, base * 5, base * 15, base * 45, base * 80, base * 125]
                } else {
                    vec![base]
                };
            }
        })
    });
    let rent_table = move || {
        let n = if buildable.get() { 6 } else { 1 };
        (0..n)
            .map(|i| list_entry(draft, RENT_LABELS[i].to_string(), i))
            .collect_view()
    };
    view! {
        {price_field(draft)}
        <fieldset class="rent-table">
            <legend>"Rent table"</legend>
            <Switch label="Houses and a hotel can be built" value=buildable on_set=set_buildable />
            {rent_table}
        </fieldset>
        {move || buildable.get().then(|| draft_number(
            draft,
            "House cost",
            |k| match k { SquareKind::Property { house_cost, .. } => Some(*house_cost), _ => None },
            |k, v| if let SquareKind::Property { house_cost, .. } = k { *house_cost = v },
        ))}
        {group_pick(draft, state, problem)}
    }
}

/// The Joker's mode only (not its number), so the fields are not redrawn while typing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum JokerMode {
    Stay,
    Move,
    Wait,
}

fn joker_fields(draft: RwSignal<SquareDef>) -> impl IntoView {
    let mode = RwSignal::new(match draft.with_untracked(|d| JokerEffect::of(&d.kind)) {
        Some(JokerEffect::Move(_)) => JokerMode::Move,
        Some(JokerEffect::Wait(_)) => JokerMode::Wait,
        _ => JokerMode::Stay,
    });
    let choose = move |m: JokerMode| {
        mode.set(m);
        let action = match m {
            JokerMode::Stay => JokerEffect::Stay,
            JokerMode::Move => JokerEffect::Move(3),
            JokerMode::Wait => JokerEffect::Wait(1),
        };
        draft.update(|d| action.apply(&mut d.kind));
    };
    let radio = move |m: JokerMode, label: &'static str| {
        view! {
            <label class="check">
                <input
                    type="radio"
                    name="joker-mode"
                    prop:checked=move || mode.get() == m
                    on:change=move |_| choose(m)
                />
                <span>{label}</span>
            </label>
        }
    };
    view! {
        <fieldset class="joker-mode">
            <legend>"What happens to the token"</legend>
            {radio(JokerMode::Stay, "Nothing")}
            {radio(JokerMode::Move, "Move")}
            {radio(JokerMode::Wait, "Wait")}
        </fieldset>
        {move || match mode.get() {
            JokerMode::Stay => ().into_any(),
            JokerMode::Move => draft_number(
                draft,
                "Squares to move (negative: back)",
                |k| match k { SquareKind::Joker { move_by, .. } => Some(i64::from(*move_by)), _ => None },
                |k, v| JokerEffect::Move(v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32).apply(k),
            ).into_any(),
            JokerMode::Wait => draft_number(
                draft,
                "Turns to wait",
                |k| match k { SquareKind::Joker { wait, .. } => Some(i64::from(*wait)), _ => None },
                |k, v| JokerEffect::Wait(v.clamp(0, i64::from(u32::MAX)) as u32).apply(k),
            ).into_any(),
        }}
        {draft_number(
            draft,
            "Money (positive: gain, negative: loss)",
            |k| match k { SquareKind::Joker { money, .. } => Some(*money), _ => None },
            |k, v| if let SquareKind::Joker { money, .. } = k { *money = v },
        )}
        {draft_number(
            draft,
            "Pay each other player",
            |k| match k { SquareKind::Joker { pay_each_player, .. } => Some(*pay_each_player), _ => None },
            |k, v| if let SquareKind::Joker { pay_each_player, .. } = k { *pay_each_player = v },
        )}
        <p class="hint">"A Joker that neither moves, waits nor pays works like Free Parking."</p>
    }
}

fn tax_fields(draft: RwSignal<SquareDef>) -> impl IntoView {
    let on_double = Signal::derive(move || {
        draft.with(|d| match &d.kind {
            SquareKind::Tax {
                percent_on_double, ..
            } => percent_on_double.map(i64::from),
            _ => None,
        })
    });
    let set_on_double = Callback::new(move |v: Option<i64>| {
        draft.update(|d| {
            if let SquareKind::Tax {
                percent_on_double, ..
            } = &mut d.kind
            {
                *percent_on_double = v.map(|v| v.clamp(0, i64::from(u32::MAX)) as u32);
            }
        })
    });
    view! {
        {draft_number(
            draft,
            "Amount to pay",
            |k| match k { SquareKind::Tax { amount, .. } => Some(*amount), _ => None },
            |k, v| if let SquareKind::Tax { amount, .. } = k { *amount = v },
        )}
        {draft_number(
            draft,
            "Percent of cash to pay",
            |k| match k { SquareKind::Tax { percent, .. } => Some(i64::from(*percent)), _ => None },
            |k, v| if let SquareKind::Tax { percent, .. } = k { *percent = v.clamp(0, i64::from(u32::MAX)) as u32 },
        )}
        <OptionalNumberField
            label="Percent after a double"
            value=on_double
            on_set=set_on_double
            blank_means="the same percent"
        />
    }
}

fn kind_fields(
    ty: Option<SquareType>,
    draft: RwSignal<SquareDef>,
    state: RwSignal<EditorState>,
    problem: RwSignal<Option<AppError>>,
) -> AnyView {
    match ty {
        None => view! {
            <p class="hint">"The start square is fixed: every token starts here, and passing it pays the salary (set in the board settings)."</p>
        }
        .into_any(),
        Some(SquareType::Property) => property_fields(draft, state, problem).into_any(),
        Some(SquareType::Railroad) => view! {
            {price_field(draft)}
            <fieldset class="rent-table">
                <legend>"Rent by railroads owned"</legend>
                {(0..4).map(|i| list_entry(draft, format!("Rent with {} railroad{}", i + 1, if i == 0 { "" } else { "s" }), i)).collect_view()}
            </fieldset>
        }
        .into_any(),
        Some(SquareType::Utility) => view! {
            {price_field(draft)}
            <fieldset class="rent-table">
                <legend>"Rent: the dice total times"</legend>
                {list_entry(draft, "Multiplier with 1 utility".into(), 0)}
                {list_entry(draft, "Multiplier with 2 utilities".into(), 1)}
            </fieldset>
        }
        .into_any(),
        Some(SquareType::Station) => draft_number(
            draft,
            "Fee per pip of the roll",
            |k| match k {
                SquareKind::Station { fee_per_pip } => Some(*fee_per_pip),
                _ => None,
            },
            |k, v| {
                if let SquareKind::Station { fee_per_pip } = k {
                    *fee_per_pip = v
                }
            },
        )
        .into_any(),
        Some(SquareType::Tax) => tax_fields(draft).into_any(),
        Some(SquareType::Joker) => joker_fields(draft).into_any(),
        Some(SquareType::Chance) | Some(SquareType::CommunityChest) => view! {
            <p class="hint">"Landing here draws a card from the deck. Only its picture can be changed here; the cards themselves are edited under Cards in the board settings."</p>
        }
        .into_any(),
        Some(SquareType::Jail) => {
            view! { <p class="hint">"Jail / Just visiting. A board has at most one."</p> }.into_any()
        }
        Some(SquareType::GoToJail) => {
            view! { <p class="hint">"Sends the player to the Jail square."</p> }.into_any()
        }
        Some(SquareType::FreeParking) => view! {
            <p class="hint">"Nothing happens (or the jackpot is won, with that house rule)."</p>
        }
        .into_any(),
        Some(SquareType::Road) => view! { <p class="hint">"Nothing happens here."</p> }.into_any(),
    }
}

/// Puts the keyboard focus on the panel's first field (the square's name) once it is drawn.
fn focus_first_input(panel: NodeRef<leptos::html::Section>) {
    Effect::new(move |_| {
        use wasm_bindgen::JsCast;
        if let Some(first) = panel
            .get()
            .and_then(|p| p.query_selector("input").ok().flatten())
            .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = first.focus();
        }
    });
}

/// The square's type; a new type keeps what it can of the square.
fn type_picker(
    ty: Memo<Option<SquareType>>,
    draft: RwSignal<SquareDef>,
    state: RwSignal<EditorState>,
) -> impl IntoView {
    let set_type = move |id: String| {
        let Some(to) = SquareType::from_id(&id) else {
            return;
        };
        let groups = state.with_untracked(|s| s.def().groups.clone());
        draft.update(|d| {
            d.kind = retype(&d.kind, to, &groups);
            if !to.has_picture() {
                d.picture = None;
            }
        });
    };
    move || {
        ty.get().map(|current| {
            view! {
                <div class="field">
                    <label for="square-type">"Type"</label>
                    <select id="square-type" on:change=move |ev| set_type(event_target_value(&ev))>
                        {SquareType::ALL.into_iter().map(|t| view! {
                            <option value=t.id() selected=t == current>{t.label()}</option>
                        }).collect_view()}
                    </select>
                </div>
            }
        })
    }
}

/// The deed of an ownable square, as the draft stands.
fn deed_preview(
    draft: RwSignal<SquareDef>,
    state: RwSignal<EditorState>,
    name: Signal<String>,
) -> impl IntoView {
    move || {
        let lines = state.with(|s| {
            let d = s.def();
            draft.with(|sq| square_deed_lines(sq, &d.groups, &d.rules, &d.currency))
        });
        let ownable = draft.with(|sq| sq.is_ownable());
        (ownable && !lines.is_empty()).then(|| {
            let color = state.with(|s| {
                draft.with(|sq| match &sq.kind {
                    SquareKind::Property { group: Some(g), .. } => s
                        .def()
                        .groups
                        .iter()
                        .find(|x| x.name == *g)
                        .map(|x| x.color.clone()),
                    _ => None,
                })
            });
            view! {
                <div class="deed-preview">
                    <Deed name=name.get() color=color lines=lines label="Deed" />
                </div>
            }
        })
    }
}

/// The square's picture, for the types that have one.
fn square_picture(
    ty: Memo<Option<SquareType>>,
    draft: RwSignal<SquareDef>,
    problem: RwSignal<Option<AppError>>,
) -> impl IntoView {
    move || {
        ty.get().filter(|t| t.has_picture()).map(|_| {
            let on_picture = Callback::new(move |(_, url): (String, String)| {
                draft.update(|d| d.picture = Some(url))
            });
            let on_problem = Callback::new(move |p: AppError| problem.set(Some(p)));
            view! {
                <div class="picture-row">
                    {move || draft.with(|d| d.picture.clone()).map(|p| view! {
                        <img class="picture-preview" src=p alt="The square's picture" />
                        <button type="button" class="small-button" on:click=move |_| draft.update(|d| d.picture = None)>"Remove picture"</button>
                    })}
                    <PictureInput label="Square picture" max=128 on_picture=on_picture on_problem=on_problem />
                </div>
            }
        })
    }
}

/// The engine's problems with the square, and the last refused edit.
fn square_problems(
    problems: Signal<Vec<String>>,
    problem: RwSignal<Option<AppError>>,
) -> impl IntoView {
    view! {
        {move || {
            let list = problems.get();
            (!list.is_empty()).then(|| view! {
                <ul class="problems" aria-label="Problems with this square">
                    {list.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}
                </ul>
            })
        }}
        {move || problem.get().map(|p| view! { <p class="problem" role="alert">{p.to_string()}</p> })}
    }
}

/// Done and Back, Add square after and Remove square, and (but for the start) the moves.
fn square_buttons(index: usize, count: Memo<usize>, commands: SquareCommands) -> impl IntoView {
    view! {
        <div class="button-row">
            <button type="button" class="action primary" on:click=move |_| commands.done.run(())>"Done"</button>
            <button type="button" class="action" on:click=move |_| commands.back.run(())>"Back"</button>
        </div>
        <div class="button-row">
            <button
                type="button"
                class="small-button"
                disabled=move || { count.get() >= worlds_engine::board::MAX_SQUARES }
                on:click=move |_| commands.add_after.run(())
            >"Add square after"</button>
            <button
                type="button"
                class="small-button danger"
                disabled=move || { index == 0 || count.get() <= worlds_engine::board::MIN_SQUARES }
                on:click=move |_| commands.remove.run(())
            >"Remove square"</button>
        </div>
        {(index > 0).then(|| view! {
            <div class="button-row move-row" role="group" aria-label="Move this square" aria-describedby="move-hint">
                <button type="button" class="small-button" on:click=move |_| commands.move_left.run(())>"Move left"</button>
                <button type="button" class="small-button" on:click=move |_| commands.move_right.run(())>"Move right"</button>
            </div>
            <p id="move-hint" class="hint">{move || {
                let n = count.get();
                let left = if index == 1 { n } else { index };
                let right = if index + 1 == n { 2 } else { index + 2 };
                format!("Move left makes it square {left}, Move right square {right} (the order of play; the start stays first). Or drag it on the board.")
            }}</p>
        })}
    }
}

/// The panel for square `index`, editing `draft`.
#[component]
pub fn SquareEditor(
    index: usize,
    draft: RwSignal<SquareDef>,
    state: RwSignal<EditorState>,
    /// The engine's problems with this square, as the draft stands.
    #[prop(into)]
    problems: Signal<Vec<String>>,
    commands: SquareCommands,
    /// The last refused edit, in words.
    problem: RwSignal<Option<AppError>>,
) -> impl IntoView {
    let ty = Memo::new(move |_| draft.with(|d| SquareType::of(&d.kind)));
    // A keyboard user lands in the panel, on the square's name.
    let panel = NodeRef::<leptos::html::Section>::new();
    focus_first_input(panel);
    let count = Memo::new(move |_| state.with(|s| s.def().squares.len()));
    let title_id = format!("square-panel-{index}");
    let labelled_by = title_id.clone();
    let name = Signal::derive(move || draft.with(|d| d.name.clone()));
    let set_name = Callback::new(move |v: String| draft.update(|d| d.name = v));
    view! {
        <section node_ref=panel class="square-panel panel" aria-labelledby=labelled_by>
            <h2 id=title_id>{move || format!("Square {}: {}", index + 1, name.get())}</h2>
            <TextField label="Square name" value=name on_set=set_name max_chars=MAX_NAME_CHARS />
            {type_picker(ty, draft, state)}
            {move || kind_fields(ty.get(), draft, state, problem)}
            {deed_preview(draft, state, name)}
            {square_picture(ty, draft, problem)}
            {square_problems(problems, problem)}
            {square_buttons(index, count, commands)}
        </section>
    }
}
