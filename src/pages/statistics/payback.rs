//! What each lot and color group earns per opponent turn, and how long it takes to pay back,
//! from the exact chain (`worlds_engine::stats::payback`).

use leptos::prelude::*;

use worlds_engine::stats::payback::RentLevel;
use worlds_engine::Board;

use super::{percent, Solved};

fn money(symbol: &str, v: f64) -> String {
    format!("{symbol}{v:.2}")
}

fn turns(t: Option<f64>) -> String {
    t.map(|t| format!("{t:.1}"))
        .unwrap_or_else(|| "never".to_string())
}

/// Rows of one lot or group: the name (spanning its levels) then one row per level.
fn level_rows(
    name: String,
    detail: String,
    probability: f64,
    levels: Vec<RentLevel>,
    symbol: String,
) -> impl IntoView {
    let span = levels.len().max(1);
    let first = levels.is_empty().then(|| {
        view! {
            <tr>
                <th scope="row">{name.clone()}</th>
                <td>{detail.clone()}</td>
                <td class="num">{percent(probability)}</td>
                <td colspan="5">"no rent"</td>
            </tr>
        }
    });
    let rows = levels
        .into_iter()
        .enumerate()
        .map(|(k, l)| {
            let head = (k == 0).then(|| {
                view! {
                    <th scope="rowgroup" rowspan=span.to_string()>{name.clone()}</th>
                    <td rowspan=span.to_string()>{detail.clone()}</td>
                    <td class="num" rowspan=span.to_string()>{percent(probability)}</td>
                }
            });
            view! {
                <tr>
                    {head}
                    <td>{l.level}</td>
                    <td class="num">{money(&symbol, l.rent)}</td>
                    <td class="num">{money(&symbol, l.expected_rent)}</td>
                    <td class="num">{money(&symbol, l.cost as f64)}</td>
                    <td class="num">{turns(l.payback_turns)}</td>
                </tr>
            }
        })
        .collect_view();
    view! { <tbody>{first}{rows}</tbody> }
}

fn head(first: &'static str, second: &'static str) -> impl IntoView {
    view! {
        <thead>
            <tr>
                <th scope="col">{first}</th>
                <th scope="col">{second}</th>
                <th scope="col">"Landing chance per opponent turn"</th>
                <th scope="col">"Level"</th>
                <th scope="col">"Rent"</th>
                <th scope="col">"Expected rent per opponent turn"</th>
                <th scope="col">"Cost (price and buildings)"</th>
                <th scope="col">"Opponent turns to pay back"</th>
            </tr>
        </thead>
    }
}

#[component]
pub fn PaybackTables(solved: Solved, board: Board) -> impl IntoView {
    let symbol = board.currency().symbol.clone();
    let report = solved.payback;
    let groups = report
        .groups
        .into_iter()
        .map(|g| {
            let detail = format!("{} lots, price {}", g.lots.len(), board.money(g.price));
            level_rows(
                g.name,
                detail,
                g.landing_probability,
                g.levels,
                symbol.clone(),
            )
        })
        .collect_view();
    let lots = report
        .lots
        .into_iter()
        .map(|l| {
            let detail = match &l.group {
                Some(g) => format!("{} in {g}, price {}", l.kind, board.money(l.price)),
                None => format!("{}, price {}", l.kind, board.money(l.price)),
            };
            level_rows(
                l.name,
                detail,
                l.landing_probability,
                l.levels,
                symbol.clone(),
            )
        })
        .collect_view();
    view! {
        <div class="panel stats-payback">
            <h2>"What lots earn"</h2>
            <p class="hint">
                {format!("Jail strategy {}. How it is worked out: {}.", report.jail, report.convention)}
            </p>
            <div class="table-scroll" role="region" aria-labelledby="stats-groups-caption" tabindex="0">
                <table class="stats-table payback-table">
                    <caption id="stats-groups-caption">"Payback by color group (and all railroads, all utilities)"</caption>
                    {head("Group", "Lots")}
                    {groups}
                </table>
            </div>
            <div class="table-scroll" role="region" aria-labelledby="stats-lots-caption" tabindex="0">
                <table class="stats-table payback-table">
                    <caption id="stats-lots-caption">"Payback by lot"</caption>
                    {head("Lot", "Kind")}
                    {lots}
                </table>
            </div>
        </div>
    }
}
