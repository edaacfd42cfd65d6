//! A square's deed (the property card) as lines of label and value, made from the board's
//! definition alone, so the play screen (a running game's board) and the Board Maker (the
//! board being edited, valid or not) show the same card: price, rent, rent with the whole
//! color set, the rent table, house and hotel costs, mortgage value.

use leptos::prelude::*;
use worlds_engine::board::{Currency, GroupDef, DEFAULT_WHOLE_GROUP_MULTIPLIER};
use worlds_engine::rules::RentModel;
use worlds_engine::{BoardDef, RuleSet, SquareDef, SquareKind};

/// The lines of square `index`'s deed on the board `def`: (label, value).
pub fn deed_lines(def: &BoardDef, index: usize) -> Vec<(String, String)> {
    match def.squares.get(index) {
        Some(sq) => square_deed_lines(sq, &def.groups, &def.rules, &def.currency),
        None => Vec::new(),
    }
}

/// The lines of a square's deed, with the board's groups, rules and currency (a deed is a
/// table: amounts with the symbol, `$200`).
pub fn square_deed_lines(
    sq: &SquareDef,
    groups: &[GroupDef],
    rules: &RuleSet,
    currency: &Currency,
) -> Vec<(String, String)> {
    let m = |a: i64| currency.in_figures(a);
    let mut out = Vec::new();
    let mortgage = |out: &mut Vec<(String, String)>, price: i64| {
        if rules.mortgages {
            out.push(("Mortgage value".into(), m(rules.mortgage_value(price))));
        }
    };
    match &sq.kind {
        SquareKind::Property {
            price,
            rents,
            house_cost,
            group,
        } => {
            let group = group
                .as_deref()
                .and_then(|name| groups.iter().find(|g| g.name == name));
            let multiplier = group.map_or(DEFAULT_WHOLE_GROUP_MULTIPLIER, GroupDef::multiplier);
            out.push(("Price".into(), m(*price)));
            let base = match rules.rent_model {
                RentModel::Deed => rents.first().copied().unwrap_or(0),
                RentModel::PriceDoubledWithGroup => *price,
            };
            out.push(("Rent".into(), m(base)));
            if group.is_some() {
                out.push((
                    "Rent with color set".into(),
                    format!("{} (×{multiplier})", m(base.saturating_mul(multiplier))),
                ));
            }
            if rules.rent_model == RentModel::Deed {
                let labels = [
                    "With 1 house",
                    "With 2 houses",
                    "With 3 houses",
                    "With 4 houses",
                    "With a hotel",
                ];
                for (label, rent) in labels.iter().zip(rents.iter().skip(1)) {
                    out.push((label.to_string(), m(*rent)));
                }
            }
            if rents.len() == 6 && *house_cost > 0 && rules.buildings {
                out.push(("House cost".into(), m(*house_cost)));
                let hotel = group.and_then(|g| g.hotel_cost).unwrap_or(*house_cost);
                out.push(("Hotel cost".into(), format!("{} (plus 4 houses)", m(hotel))));
            }
            mortgage(&mut out, *price);
        }
        SquareKind::Railroad { price, rents } => {
            out.push(("Price".into(), m(*price)));
            for (i, r) in rents.iter().enumerate() {
                out.push((format!("Rent with {} owned", i + 1), m(*r)));
            }
            mortgage(&mut out, *price);
        }
        SquareKind::Utility { price, multipliers } => {
            out.push(("Price".into(), m(*price)));
            for (i, x) in multipliers.iter().enumerate() {
                out.push((format!("Rent with {} owned", i + 1), format!("{x} × dice")));
            }
            mortgage(&mut out, *price);
        }
        SquareKind::Tax {
            amount, percent, ..
        } => {
            if *amount > 0 {
                out.push(("Pay".into(), m(*amount)));
            }
            if *percent > 0 {
                out.push(("Pay".into(), format!("{percent}% of cash")));
            }
        }
        SquareKind::Station { fee_per_pip } => {
            out.push(("Ticket".into(), format!("{} × the roll", m(*fee_per_pip))));
        }
        SquareKind::Joker {
            move_by,
            wait,
            money: amount,
            pay_each_player,
        } => {
            if *move_by != 0 {
                out.push(("Move".into(), format!("{move_by:+} squares")));
            }
            if *wait > 0 {
                out.push((
                    "Wait".into(),
                    crate::common::words::count(*wait as usize, "turn", "turns"),
                ));
            }
            if *amount != 0 {
                out.push((
                    if *amount > 0 { "Collect" } else { "Pay" }.into(),
                    m(amount.saturating_abs()),
                ));
            }
            if *pay_each_player > 0 {
                out.push(("Pay each player".into(), m(*pay_each_player)));
            }
        }
        _ => {}
    }
    out
}

/// A deed card: the name on the group's color, then its lines.
#[component]
pub fn Deed(
    name: String,
    /// The group's color (`None`: a plain head).
    color: Option<String>,
    lines: Vec<(String, String)>,
    /// An accessible name for the card (the Board Maker's preview).
    #[prop(optional, into)]
    label: Option<String>,
) -> impl IntoView {
    view! {
        <div class="deed" role=label.is_some().then_some("group") aria-label=label>
            <div class="deed-head" style:background=color.unwrap_or_else(|| "var(--paper-edge)".into())>
                <span>{name}</span>
            </div>
            <dl>
                {lines.into_iter().map(|(k, v)| view! { <dt>{k}</dt><dd>{v}</dd> }).collect_view()}
            </dl>
        </div>
    }
}
