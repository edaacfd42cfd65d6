//! The Board Maker's board settings: name, currency, money, building costs, the rule set and
//! its switches, color groups, the board picture and the pawn pictures.

use leptos::prelude::*;

use crate::common::error::AppError;
use worlds_engine::board::{GroupDef, MAX_NAME_CHARS, MAX_PAWNS};
use worlds_engine::rules::{DebtRule, DoublesLimit, ExtraRoll, JailRelease, RentModel};
use worlds_engine::{Preset, RuleSet, SquareKind};

use crate::common::fields::{NumberField, OptionalNumberField, PictureInput, Switch, TextField};
use crate::maker::model::{EditError, EditorState};

fn to_u32(v: i64) -> u32 {
    v.clamp(0, i64::from(u32::MAX)) as u32
}

fn to_u8(v: i64) -> u8 {
    v.clamp(0, i64::from(u8::MAX)) as u8
}

/// A number field over one rule.
fn rule_number(
    state: RwSignal<EditorState>,
    label: &'static str,
    field: &'static str,
    get: fn(&RuleSet) -> i64,
    set: fn(&mut RuleSet, i64),
) -> impl IntoView {
    let value = Signal::derive(move || state.with(|s| get(&s.def().rules)));
    let on_set = Callback::new(move |v: i64| state.update(|s| s.edit_rules(field, |r| set(r, v))));
    view! { <NumberField label=label value=value on_set=on_set min=0 /> }
}

/// A switch over one rule.
fn rule_switch(
    state: RwSignal<EditorState>,
    label: &'static str,
    field: &'static str,
    get: fn(&RuleSet) -> bool,
    set: fn(&mut RuleSet, bool),
) -> impl IntoView {
    let value = Signal::derive(move || state.with(|s| get(&s.def().rules)));
    let on_set = Callback::new(move |v: bool| {
        state.update(|s| {
            s.edit_rules(field, |r| set(r, v));
        })
    });
    view! { <Switch label=label value=value on_set=on_set /> }
}

/// A choice among a few values of a rule.
fn rule_select(
    state: RwSignal<EditorState>,
    label: &'static str,
    field: &'static str,
    options: &'static [(&'static str, &'static str)],
    get: fn(&RuleSet) -> &'static str,
    set: fn(&mut RuleSet, &str),
) -> impl IntoView {
    let current = move || state.with(|s| get(&s.def().rules));
    let id = format!("rule-{}", field.replace('.', "-"));
    view! {
        <div class="field">
            <label for=id.clone()>{label}</label>
            <select
                id=id
                prop:value=current
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    state.update(|s| s.edit_rules(field, |r| set(r, &v)));
                }
            >
                {options.iter().map(|&(id, text)| view! {
                    <option value=id selected=move || current() == id>{text}</option>
                }).collect_view()}
            </select>
        </div>
    }
}

/// One color group's row: the edits it makes go to group `name`, and a refused one is shown.
#[derive(Clone, Copy)]
struct GroupRow {
    state: RwSignal<EditorState>,
    problem: RwSignal<Option<AppError>>,
    name: StoredValue<String>,
}

impl GroupRow {
    /// Runs `change` on the group and shows why it was refused, if it was.
    fn edit(self, change: impl FnOnce(&mut EditorState, &str) -> Result<(), EditError>) {
        let r = self
            .name
            .with_value(|name| self.state.try_update(|s| change(s, name)))
            .unwrap_or(Ok(()));
        self.problem.set(r.err().map(AppError::from));
    }

    /// Something read from the group's definition (tracked), if it is still there.
    fn read<T>(self, f: impl FnOnce(&GroupDef) -> Option<T>) -> Option<T> {
        self.state.with(|s| {
            self.name
                .with_value(|name| s.def().groups.iter().find(|g| g.name == *name).and_then(f))
        })
    }

    /// The house cost of the group's lots (the first lot's).
    fn house_cost(self) -> i64 {
        self.state.with(|s| {
            self.name.with_value(|name| {
                s.def()
                    .squares
                    .iter()
                    .find_map(|sq| match &sq.kind {
                        SquareKind::Property {
                            group: Some(g),
                            house_cost,
                            ..
                        } if g == name => Some(*house_cost),
                        _ => None,
                    })
                    .unwrap_or_default()
            })
        })
    }
}

fn group_row(
    state: RwSignal<EditorState>,
    problem: RwSignal<Option<AppError>>,
    name: String,
) -> impl IntoView {
    let initial = name.clone();
    let row = GroupRow {
        state,
        problem,
        name: StoredValue::new(name),
    };
    let color = move || row.read(|g| Some(g.color.clone())).unwrap_or_default();
    let lots = move || state.with(|s| row.name.with_value(|name| s.group_lots(name)));
    view! {
        <li class="group-row">
            <span class="lot-chip" style:background=color></span>
            <label class="field">
                <span>"Group name"</span>
                <input
                    type="text"
                    maxlength=MAX_NAME_CHARS.to_string()
                    value=initial
                    on:change=move |ev| {
                        let new = event_target_value(&ev);
                        row.edit(|s, name| s.rename_group(name, &new));
                    }
                />
            </label>
            <label class="field">
                <span>"Group color"</span>
                <input
                    type="color"
                    prop:value=color
                    on:input=move |ev| {
                        let c = event_target_value(&ev);
                        row.edit(|s, name| s.set_group_color(name, &c));
                    }
                />
            </label>
            <NumberField
                label="House cost for the group"
                value=Signal::derive(move || row.house_cost())
                on_set=Callback::new(move |v: i64| row.edit(|s, name| s.set_group_house_cost(name, v)))
                min=0
            />
            <OptionalNumberField
                label="Hotel cost for the group"
                value=Signal::derive(move || row.read(|g| g.hotel_cost))
                on_set=Callback::new(move |v: Option<i64>| row.edit(|s, name| s.set_group_hotel_cost(name, v)))
                blank_means="the house cost"
            />
            <OptionalNumberField
                label="Rent with color set (× base rent)"
                value=Signal::derive(move || row.read(|g| g.whole_group_multiplier))
                on_set=Callback::new(move |v: Option<i64>| row.edit(|s, name| s.set_group_multiplier(name, v)))
                blank_means="2"
            />
            <span class="hint">{move || format!("{} lots", lots())}</span>
            <button
                type="button"
                class="small-button danger"
                on:click=move |_| row.edit(|s, name| s.remove_group(name))
            >"Remove group"</button>
        </li>
    }
}

/// The form that adds a color group.
fn new_group_form(
    state: RwSignal<EditorState>,
    problem: RwSignal<Option<AppError>>,
) -> impl IntoView {
    let new_name = RwSignal::new(String::new());
    let new_color = RwSignal::new("#e07a5f".to_string());
    let create = move || {
        let r = state.try_update(|s| {
            s.new_group(&new_name.get_untracked(), &new_color.get_untracked())
                .map(drop)
        });
        if let Some(r) = r {
            if r.is_ok() {
                new_name.set(String::new());
            }
            problem.set(r.err().map(AppError::from));
        }
    };
    view! {
        <div class="new-group" role="group" aria-label="Add a color group">
            <label class="field">
                <span>"New group name"</span>
                <input
                    type="text"
                    maxlength=MAX_NAME_CHARS.to_string()
                    prop:value=move || new_name.get()
                    on:input=move |ev| new_name.set(event_target_value(&ev))
                />
            </label>
            <label class="field">
                <span>"New group color"</span>
                <input type="color" prop:value=move || new_color.get() on:input=move |ev| new_color.set(event_target_value(&ev)) />
            </label>
            <button type="button" class="small-button" on:click=move |_| create()>"Add group"</button>
        </div>
    }
}

fn groups_section(
    state: RwSignal<EditorState>,
    problem: RwSignal<Option<AppError>>,
) -> impl IntoView {
    let names = Memo::new(move |_| {
        state.with(|s| {
            s.def()
                .groups
                .iter()
                .map(|g| g.name.clone())
                .collect::<Vec<_>>()
        })
    });
    view! {
        <fieldset class="settings-group">
            <legend>"Color groups"</legend>
            <ul class="group-list">
                <For each=move || names.get() key=|n| n.clone() let:name>
                    {group_row(state, problem, name)}
                </For>
            </ul>
            {new_group_form(state, problem)}
        </fieldset>
    }
}

fn pictures_section(
    state: RwSignal<EditorState>,
    problem: RwSignal<Option<AppError>>,
) -> impl IntoView {
    let on_problem = Callback::new(move |p: AppError| problem.set(Some(p)));
    let on_board_picture = Callback::new(move |(_, url): (String, String)| {
        state.update(|s| s.set_picture(Some(url)));
        problem.set(None);
    });
    let on_pawn = Callback::new(move |(file, url): (String, String)| {
        let name: String = file
            .rsplit_once('.')
            .map_or(file.as_str(), |(stem, _)| stem)
            .chars()
            .take(24)
            .collect();
        let r = state
            .try_update(|s| s.add_pawn(&name, url).map(drop))
            .unwrap_or(Ok(()));
        problem.set(r.err().map(AppError::from));
    });
    let pawn_count = Memo::new(move |_| state.with(|s| s.def().pawns.len()));
    view! {
        <fieldset class="settings-group">
            <legend>"Pictures"</legend>
            <div class="picture-row">
                {move || state.with(|s| s.def().picture.clone()).map(|p| view! {
                    <img class="picture-preview" src=p alt="The board picture" />
                    <button type="button" class="small-button" on:click=move |_| state.update(|s| s.set_picture(None))>"Remove board picture"</button>
                })}
                <PictureInput label="Board picture" max=256 on_picture=on_board_picture on_problem=on_problem />
            </div>
            <ul class="pawn-list">
                {move || (0..pawn_count.get()).map(|i| {
                    let picture = move || state.with(|s| s.def().pawns.get(i).map(|p| p.picture.clone()).unwrap_or_default());
                    let name = Signal::derive(move || state.with(|s| s.def().pawns.get(i).map(|p| p.name.clone()).unwrap_or_default()));
                    let rename = Callback::new(move |v: String| {
                        state.update(|s| {
                            let _ = s.rename_pawn(i, &v);
                        })
                    });
                    view! {
                        <li class="pawn-row">
                            <img class="pawn-preview" src=picture alt="" />
                            <TextField label=format!("Pawn {} name", i + 1) value=name on_set=rename max_chars=24 />
                            <button type="button" class="small-button danger" on:click=move |_| state.update(|s| { let _ = s.remove_pawn(i); })>
                                {format!("Remove pawn {}", i + 1)}
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ul>
            {move || (pawn_count.get() < MAX_PAWNS).then(|| view! {
                <PictureInput label="Add a pawn picture" max=128 on_picture=on_pawn on_problem=on_problem />
            })}
            <p class="hint">"PNG, JPEG, GIF, WebP or SVG, at most 5 MB; pictures are scaled down to keep the board small."</p>
        </fieldset>
    }
}

/// Why the currency's name will not show in play, if it will not: a symbol that is a money
/// sign ($, £, €…) is what every amount shows, in tables and in sentences alike.
pub fn currency_name_hidden(currency: &worlds_engine::board::Currency) -> Option<String> {
    let name = currency.name.trim();
    (currency.reads_as_sign() && !name.is_empty()).then(|| {
        // What sentences would say with a symbol that is not a money sign.
        let in_words = worlds_engine::board::Currency {
            name: name.to_string(),
            symbol: "\u{2604}".to_string(),
        }
        .in_words(300);
        format!(
            "The currency name \u{201c}{name}\u{201d} will not show: \u{201c}{}\u{201d} is a money sign, so every amount reads like {}. For sentences that say \u{201c}{in_words}\u{201d}, use a symbol that is not a money sign (such as \u{2604}).",
            currency.symbol,
            currency.in_figures(300)
        )
    })
}

/// The board's name and its currency.
fn board_fieldset(state: RwSignal<EditorState>) -> impl IntoView {
    let name = Signal::derive(move || state.with(|s| s.def().name.clone()));
    let set_name = Callback::new(move |v: String| state.update(|s| s.set_name(&v)));
    let currency_name = Signal::derive(move || state.with(|s| s.def().currency.name.clone()));
    let set_currency_name = Callback::new(move |v: String| {
        state.update(|s| s.edit("currency.name", |d| d.currency.name = v))
    });
    let symbol = Signal::derive(move || state.with(|s| s.def().currency.symbol.clone()));
    let set_symbol = Callback::new(move |v: String| {
        state.update(|s| s.edit("currency.symbol", |d| d.currency.symbol = v))
    });
    view! {
        <fieldset class="settings-group">
            <legend>"Board"</legend>
            <TextField label="Board name" value=name on_set=set_name max_chars=MAX_NAME_CHARS />
            <TextField label="Currency name" value=currency_name on_set=set_currency_name max_chars=MAX_NAME_CHARS />
            <TextField label="Currency symbol" value=symbol on_set=set_symbol max_chars=8 />
            {move || state.with(|s| currency_name_hidden(&s.def().currency)).map(|why| view! {
                <p class="hint currency-hint" role="note">{why}</p>
            })}
        </fieldset>
    }
}

/// Starting cash, salary, mortgages and what buildings sell back at.
fn money_fieldset(state: RwSignal<EditorState>) -> impl IntoView {
    view! {
        <fieldset class="settings-group">
            <legend>"Money"</legend>
            {rule_number(state, "Starting cash", "starting_cash", |r| r.starting_cash, |r, v| r.starting_cash = v)}
            {rule_number(state, "Salary", "salary", |r| r.salary, |r, v| r.salary = v)}
            {rule_switch(state, "Double salary for landing on the start", "salary_on_landing_multiplier",
                |r| r.salary_on_landing_multiplier >= 2,
                |r, on| r.salary_on_landing_multiplier = if on { 2 } else { 1 })}
            {rule_number(state, "Mortgage rate (% of price)", "mortgage_percent", |r| i64::from(r.mortgage_percent), |r, v| r.mortgage_percent = to_u32(v))}
            {rule_number(state, "Interest to lift a mortgage (%)", "unmortgage_interest_percent", |r| i64::from(r.unmortgage_interest_percent), |r, v| r.unmortgage_interest_percent = to_u32(v))}
            {rule_number(state, "Buildings sell back at (% of cost)", "building_sell_percent", |r| i64::from(r.building_sell_percent), |r, v| r.building_sell_percent = to_u32(v))}
        </fieldset>
    }
}

/// House costs and rents for every lot at once, and the bank's houses and hotels.
fn buildings_fieldset(state: RwSignal<EditorState>) -> impl IntoView {
    let house_percent = RwSignal::new(50i64);
    let rent_percent = RwSignal::new(100i64);
    view! {
        <fieldset class="settings-group">
            <legend>"Building costs and rents"</legend>
            <div class="inline-apply">
                <NumberField label="House cost (% of price)" value=house_percent on_set=Callback::new(move |v| house_percent.set(v)) min=0 />
                <button type="button" class="small-button" on:click=move |_| state.update(|s| s.set_house_cost_percent(to_u32(house_percent.get_untracked())))>"Apply to every lot"</button>
            </div>
            <div class="inline-apply">
                <NumberField label="Rent multiplier (%)" value=rent_percent on_set=Callback::new(move |v| rent_percent.set(v)) min=0 />
                <button type="button" class="small-button" on:click=move |_| state.update(|s| s.scale_rents(to_u32(rent_percent.get_untracked())))>"Multiply every rent"</button>
            </div>
            <p class="hint">"House costs, hotel costs (blank: the house cost, plus four houses) and the rent with color set (blank: twice the base rent of an unimproved lot) are set per group with the color groups below."</p>
            {rule_number(state, "Houses in the bank", "houses", |r| i64::from(r.houses), |r, v| r.houses = to_u32(v))}
            {rule_number(state, "Hotels in the bank", "hotels", |r| i64::from(r.hotels), |r, v| r.hotels = to_u32(v))}
        </fieldset>
    }
}

/// The rule set: copied from a built-in board, or switch by switch.
fn rules_fieldset(state: RwSignal<EditorState>) -> impl IntoView {
    let copy_from = RwSignal::new(Preset::Worlds);
    let round_limit =
        Signal::derive(move || state.with(|s| s.def().rules.round_limit.map(i64::from)));
    let set_round_limit = Callback::new(move |v: Option<i64>| {
        state.update(|s| s.edit_rules("round_limit", |r| r.round_limit = v.map(to_u32)))
    });
    view! {
        <fieldset class="settings-group">
            <legend>"Rules"</legend>
            <div class="inline-apply">
                <div class="field">
                    <label for="copy-rules">"Copy the rules of"</label>
                    <select id="copy-rules" on:change=move |ev| {
                        if let Some(p) = Preset::from_id(&event_target_value(&ev)) { copy_from.set(p) }
                    }>
                        {Preset::ALL.into_iter().map(|p| view! {
                            <option value=p.id() selected=p == Preset::Worlds>{p.display_name()}</option>
                        }).collect_view()}
                    </select>
                </div>
                <button type="button" class="small-button" on:click=move |_| state.update(|s| s.copy_rules_from(copy_from.get_untracked()))>"Copy rules"</button>
            </div>
            {rule_switch(state, "Auctions", "auctions", |r| r.auctions, |r, v| r.auctions = v)}
            {rule_switch(state, "Even build", "even_build", |r| r.even_build, |r, v| r.even_build = v)}
            {rule_switch(state, "Houses and hotels", "buildings", |r| r.buildings, |r, v| r.buildings = v)}
            {rule_switch(state, "Mortgages", "mortgages", |r| r.mortgages, |r, v| r.mortgages = v)}
            {rule_switch(state, "Trades", "trades", |r| r.trades, |r, v| r.trades = v)}
            {rule_switch(state, "Free Parking jackpot", "free_parking_jackpot", |r| r.free_parking_jackpot, |r, v| r.free_parking_jackpot = v)}
            {rule_switch(state, "No rent while the owner is in jail", "no_rent_in_jail", |r| r.no_rent_in_jail, |r, v| r.no_rent_in_jail = v)}
            {lot_sales(state)}
            {rule_switch(state, "At most one bonus per turn", "bonus_once_per_turn", |r| r.bonus_once_per_turn, |r, v| r.bonus_once_per_turn = v)}
            {rule_switch(state, "After a bonus, bonus squares do nothing for the rest of the turn", "skip_bonus_squares_after_bonus", |r| r.skip_bonus_squares_after_bonus, |r, v| r.skip_bonus_squares_after_bonus = v)}
            {rule_select(state, "Rent of a lot", "rent_model",
                &[("deed", "From the deed's rent table"), ("price", "The price, doubled for a whole group")],
                |r| match r.rent_model { RentModel::Deed => "deed", RentModel::PriceDoubledWithGroup => "price" },
                |r, v| r.rent_model = if v == "price" { RentModel::PriceDoubledWithGroup } else { RentModel::Deed })}
            {rule_number(state, "Fewest players", "min_players", |r| i64::from(r.min_players), |r, v| r.min_players = to_u8(v))}
            {rule_number(state, "Most players", "max_players", |r| i64::from(r.max_players), |r, v| r.max_players = to_u8(v))}
            <OptionalNumberField label="Round limit" value=round_limit on_set=set_round_limit blank_means="no limit" />
        </fieldset>
    }
}

/// The house rule "Sell lots to the bank" and, when it is on, what the bank pays (blank:
/// the mortgage rate).
fn lot_sales(state: RwSignal<EditorState>) -> impl IntoView {
    let on = Memo::new(move |_| state.with(|s| s.def().rules.sell_lots_to_bank));
    let percent =
        Signal::derive(move || state.with(|s| s.def().rules.lot_sale_percent.map(i64::from)));
    let set_percent = Callback::new(move |v: Option<i64>| {
        state.update(|s| s.edit_rules("lot_sale_percent", |r| r.lot_sale_percent = v.map(to_u32)))
    });
    view! {
        {rule_switch(state, "Sell lots to the bank", "sell_lots_to_bank", |r| r.sell_lots_to_bank, |r, v| r.sell_lots_to_bank = v)}
        {move || on.get().then(|| view! {
            <OptionalNumberField label="Lots sell to the bank at (% of price)" value=percent on_set=set_percent blank_means="the mortgage rate" />
        })}
    }
}

/// The dice, and rolling again.
fn dice_fieldset(state: RwSignal<EditorState>) -> impl IntoView {
    let doubles = Memo::new(move |_| {
        state.with(|s| matches!(s.def().rules.extra_roll, ExtraRoll::Doubles { .. }))
    });
    view! {
        <fieldset class="settings-group">
            <legend>"Dice"</legend>
            {rule_number(state, "Number of dice", "dice_count", |r| i64::from(r.dice_count), |r, v| r.dice_count = to_u8(v))}
            {rule_number(state, "Sides per die", "dice_sides", |r| i64::from(r.dice_sides), |r, v| r.dice_sides = to_u8(v))}
            {rule_select(state, "Rolling again", "extra_roll",
                &[("none", "Nobody rolls again"), ("doubles", "Doubles roll again"), ("max_face", "A six moves, then roll again")],
                |r| match r.extra_roll { ExtraRoll::None => "none", ExtraRoll::Doubles { .. } => "doubles", ExtraRoll::MaxFace => "max_face" },
                |r, v| r.extra_roll = match v {
                    "none" => ExtraRoll::None,
                    "max_face" => ExtraRoll::MaxFace,
                    _ => match r.extra_roll {
                        d @ ExtraRoll::Doubles { .. } => d,
                        _ => ExtraRoll::Doubles { limit: 3, on_limit: DoublesLimit::EndTurn },
                    },
                })}
            {move || doubles.get().then(|| view! {
                {rule_number(state, "Doubles in a row allowed", "doubles_limit",
                    |r| match r.extra_roll { ExtraRoll::Doubles { limit, .. } => i64::from(limit), _ => 0 },
                    |r, v| if let ExtraRoll::Doubles { limit, .. } = &mut r.extra_roll { *limit = to_u8(v) })}
                {rule_select(state, "After too many doubles", "doubles_on_limit",
                    &[("jail", "Go to jail"), ("end_turn", "The turn ends")],
                    |r| match r.extra_roll { ExtraRoll::Doubles { on_limit: DoublesLimit::Jail, .. } => "jail", _ => "end_turn" },
                    |r, v| if let ExtraRoll::Doubles { on_limit, .. } = &mut r.extra_roll {
                        *on_limit = if v == "jail" { DoublesLimit::Jail } else { DoublesLimit::EndTurn };
                    })}
            })}
        </fieldset>
    }
}

/// The jail's fine, tries and release.
fn jail_fieldset(state: RwSignal<EditorState>) -> impl IntoView {
    let jail_fine = Signal::derive(move || state.with(|s| s.def().rules.jail.fine));
    let set_jail_fine = Callback::new(move |v: Option<i64>| {
        state.update(|s| s.edit_rules("jail.fine", |r| r.jail.fine = v))
    });
    let jail_tries =
        Signal::derive(move || state.with(|s| s.def().rules.jail.max_tries.map(i64::from)));
    let set_jail_tries = Callback::new(move |v: Option<i64>| {
        state.update(|s| s.edit_rules("jail.max_tries", |r| r.jail.max_tries = v.map(to_u8)))
    });
    view! {
        <fieldset class="settings-group">
            <legend>"Jail"</legend>
            <OptionalNumberField label="Jail fine" value=jail_fine on_set=set_jail_fine blank_means="no fine" />
            <OptionalNumberField label="Most tries to roll out" value=jail_tries on_set=set_jail_tries blank_means="until released" />
            {rule_select(state, "Leaving jail by the dice", "jail.release",
                &[("doubles", "Doubles (move by them)"), ("max_face", "A six (then roll again)")],
                |r| match r.jail.release { JailRelease::Doubles => "doubles", JailRelease::MaxFace => "max_face" },
                |r, v| r.jail.release = if v == "max_face" { JailRelease::MaxFace } else { JailRelease::Doubles })}
        </fieldset>
    }
}

/// What happens to a player who cannot pay.
fn debts_fieldset(state: RwSignal<EditorState>) -> impl IntoView {
    let selling = Memo::new(move |_| {
        state.with(|s| matches!(s.def().rules.debt, DebtRule::SellCheapest { .. }))
    });
    view! {
        <fieldset class="settings-group">
            <legend>"Debts"</legend>
            {rule_select(state, "A player who cannot pay", "debt",
                &[("raise_cash", "Raises cash or goes bankrupt"), ("sell_cheapest", "Has the cheapest lots sold")],
                |r| match r.debt { DebtRule::RaiseCash => "raise_cash", DebtRule::SellCheapest { .. } => "sell_cheapest" },
                |r, v| r.debt = if v == "sell_cheapest" { DebtRule::SellCheapest { percent: 50 } } else { DebtRule::RaiseCash })}
            {move || selling.get().then(|| rule_number(state, "Lots sold at (% of price)", "debt.percent",
                |r| match r.debt { DebtRule::SellCheapest { percent } => i64::from(percent), _ => 0 },
                |r, v| if let DebtRule::SellCheapest { percent } = &mut r.debt { *percent = to_u32(v) }))}
        </fieldset>
    }
}

/// The board settings form. Every change goes to the board at once (undoable).
#[component]
pub fn BoardSettings(
    state: RwSignal<EditorState>,
    /// The last refused change, in words.
    problem: RwSignal<Option<AppError>>,
) -> impl IntoView {
    view! {
        <section class="board-settings panel" aria-labelledby="board-settings-title">
            <h2 id="board-settings-title">"Board settings"</h2>
            {board_fieldset(state)}
            {money_fieldset(state)}
            {buildings_fieldset(state)}
            {groups_section(state, problem)}
            {crate::maker::cards::cards_section(state)}
            {rules_fieldset(state)}
            {dice_fieldset(state)}
            {jail_fieldset(state)}
            {debts_fieldset(state)}
            {pictures_section(state, problem)}
        </section>
    }
}
