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

/// One lot or group: a heading row saying what it is, then one row per building level.
fn section(title: String, detail: String, levels: Vec<RentLevel>, symbol: String) -> impl IntoView {
    let empty = levels.is_empty().then(|| {
        view! {
            <tr>
                <td colspan="5">"No rent at any level."</td>
            </tr>
        }
    });
    let rows = levels
        .into_iter()
        .map(|l| {
            view! {
                <tr>
                    <th scope="row">{l.level}</th>
                    <td class="num">{money(&symbol, l.rent)}</td>
                    <td class="num">{money(&symbol, l.expected_rent)}</td>
                    <td class="num">{money(&symbol, l.cost as f64)}</td>
                    <td class="num">{turns(l.payback_turns)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <tbody>
            <tr class="payback-name">
                <th scope="colgroup" colspan="5">
                    <span class="payback-title">{title}</span>
                    " "
                    <span class="payback-detail">{detail}</span>
                </th>
            </tr>
            {empty}
            {rows}
        </tbody>
    }
}

fn head() -> impl IntoView {
    view! {
        <thead>
            <tr>
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
    let report = solved.payback.clone();
    let groups = report
        .groups
        .into_iter()
        .map(|g| {
            let detail = format!(
                "({}, price {}, landed on {} of opponent turns)",
                crate::common::words::count(g.lots.len(), "lot", "lots"),
                board.money(g.price),
                percent(g.landing_probability)
            );
            section(g.name, detail, g.levels, symbol.clone())
        })
        .collect_view();
    let lots = report
        .lots
        .into_iter()
        .map(|l| {
            let kind = match &l.group {
                Some(g) => format!("{} in {g}", l.kind),
                None => l.kind.clone(),
            };
            let detail = format!(
                "({kind}, price {}, landed on {} of opponent turns)",
                board.money(l.price),
                percent(l.landing_probability)
            );
            section(l.name, detail, l.levels, symbol.clone())
        })
        .collect_view();
    let solve_ms = format!("{:.1}", solved.elapsed_ms);
    let solved_in = format!(
        "Jail strategy {}; exact chain of {} states solved in {:.0} ms of computing. How it is worked out: {}.",
        report.jail, solved.chain.states, solved.elapsed_ms, report.convention
    );
    view! {
        <div class="panel stats-payback" data-solve-ms=solve_ms>
            <h2>"What lots earn"</h2>
            <p class="hint">{solved_in}</p>
            <h3 class="table-title" id="stats-groups-caption">
                "Payback by color group (and all railroads, all utilities)"
            </h3>
            <div class="table-scroll" role="region" aria-labelledby="stats-groups-caption" tabindex="0">
                <table class="stats-table payback-table" aria-labelledby="stats-groups-caption">
                    {head()}
                    {groups}
                </table>
            </div>
            <h3 class="table-title" id="stats-lots-caption">"Payback by lot"</h3>
            <div class="table-scroll" role="region" aria-labelledby="stats-lots-caption" tabindex="0">
                <table class="stats-table payback-table" aria-labelledby="stats-lots-caption">
                    {head()}
                    {lots}
                </table>
            </div>
        </div>
    }
}
