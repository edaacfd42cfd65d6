//! Landing results: the summary, a bar chart and the two tables (by frequency and in board
//! order), simulated beside exact. Jail is two rows: in jail, and just visiting.

use leptos::prelude::*;

use worlds_engine::stats::{Count, ExactReport, LandingReport};
use worlds_engine::Board;

use super::{grouped, percent, Lab};

/// One line of the tables and one bar of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Place in board order (jail's two rows follow each other).
    pub order: usize,
    pub name: String,
    /// The color group's color, if the square is in one.
    pub color: Option<String>,
    pub count: Option<u64>,
    pub frequency: Option<f64>,
    pub exact: Option<f64>,
}

/// The rows of a board in board order, from a simulation, the exact chain, or both.
pub fn rows(board: &Board, sim: Option<&LandingReport>, exact: Option<&ExactReport>) -> Vec<Row> {
    let mut out = Vec::new();
    for i in 0..board.len() {
        let name = board.square(i).name.clone();
        let color = board
            .group_of(i)
            .and_then(|g| board.groups().get(g))
            .map(|g| g.color.clone());
        let sq = sim.and_then(|s| s.squares.get(i));
        let ex = exact.and_then(|e| e.squares.get(i));
        if board.jail() == Some(i) {
            out.push(Row {
                order: out.len(),
                name: format!("{name} (just visiting)"),
                color: None,
                count: sim.map(|s| s.just_visiting.count),
                frequency: sim.map(|s| s.just_visiting.frequency),
                exact: exact.map(|e| e.just_visiting),
            });
            out.push(Row {
                order: out.len(),
                name: format!("{name} (in jail)"),
                color: None,
                count: sim.map(|s| s.in_jail.count),
                frequency: sim.map(|s| s.in_jail.frequency),
                exact: exact.map(|e| e.in_jail),
            });
        } else {
            out.push(Row {
                order: out.len(),
                name,
                color,
                count: sq.map(|s| s.count),
                frequency: sq.map(|s| s.frequency),
                exact: ex.map(|e| e.probability),
            });
        }
    }
    out
}

/// The figure a row is ranked and drawn by: simulated, else exact.
fn value(r: &Row) -> f64 {
    r.frequency.or(r.exact).unwrap_or(0.0)
}

#[component]
pub fn LandingResults(fallback_count: RwSignal<Count>) -> impl IntoView {
    let lab = expect_context::<Lab>();
    move || {
        let b = lab.board();
        let sim = lab.sim.get().filter(|s| s.board_id == b.id);
        let jail = sim
            .as_ref()
            .map(|s| s.report.jail)
            .unwrap_or_else(|| lab.jail.get());
        let count = sim
            .as_ref()
            .map(|s| s.report.count)
            .unwrap_or_else(|| fallback_count.get());
        let solved = lab.chain_for(&b.id, jail);
        if sim.is_none() && solved.is_none() {
            return None;
        }
        let exact = solved.as_ref().map(|s| s.chain.report(count));
        let rows = rows(&b.board, sim.as_ref().map(|s| &s.report), exact.as_ref());
        let mut by_frequency = rows.clone();
        by_frequency.sort_by(|x, y| value(y).total_cmp(&value(x)).then(x.order.cmp(&y.order)));
        let has_sim = sim.is_some();
        let has_exact = exact.is_some();

        let sim_summary = sim.as_ref().map(|s| {
            let r = &s.report;
            let per_second = if s.compute_ms > 0.0 {
                r.turns as f64 / (s.compute_ms / 1000.0)
            } else {
                0.0
            };
            let partial = (!s.complete).then(|| {
                view! {
                    <p class="problem">
                        {format!(
                            "Cancelled after {} of the games asked for: the figures count those games only.",
                            grouped(r.games),
                        )}
                    </p>
                }
            });
            view! {
                <p>
                    {format!(
                        "Simulated on {}: {} games × {} turns × {} players, seed {}, counting {}, decks {}, jail strategy {}. {} counts in all.",
                        r.board,
                        grouped(r.games),
                        r.turns_per_game,
                        r.players,
                        r.seed,
                        r.count,
                        r.decks,
                        r.jail,
                        grouped(r.total),
                    )}
                </p>
                {partial}
                <p
                    class="stats-timing"
                    data-turns=r.turns.to_string()
                    data-compute-ms=format!("{:.1}", s.compute_ms)
                    data-wall-ms=format!("{:.1}", s.wall_ms)
                >
                    {format!(
                        "{} turns simulated in {:.2} s of computing ({} turns per second); {:.2} s from the click to the result.",
                        grouped(r.turns),
                        s.compute_ms / 1000.0,
                        grouped(per_second.round() as u64),
                        s.wall_ms / 1000.0,
                    )}
                </p>
            }
        });
        let exact_summary = match (&solved, &exact) {
            (Some(s), Some(e)) => {
                let shuffled = sim
                    .as_ref()
                    .is_some_and(|x| x.report.decks == worlds_engine::stats::Decks::Shuffled);
                let largest = rows
                    .iter()
                    .filter_map(|r| Some(((r.frequency? - r.exact?).abs(), r.name.clone())))
                    .max_by(|a, b| a.0.total_cmp(&b.0));
                view! {
                    <p class="stats-exact-note" data-solve-ms=format!("{:.1}", s.elapsed_ms)>
                        {format!(
                            "Exact: the long-run distribution of the Markov chain of movement ({} states, solved in {:.0} ms), counting {}, jail strategy {}, cards drawn at random{}.",
                            e.states,
                            s.elapsed_ms,
                            e.count,
                            e.jail,
                            if shuffled { " (the simulation shuffles its decks, so small differences are expected)" } else { "" },
                        )}
                    </p>
                    {largest.map(|(d, name)| view! {
                        <p class="stats-largest" data-difference=format!("{d:.6}")>
                            {format!(
                                "Largest difference between simulated and exact: {:.3} percentage points ({name}).",
                                d * 100.0
                            )}
                        </p>
                    })}
                }
                .into_any()
            }
            _ => view! {
                <p class="hint">"Press “Solve exactly” to see the exact values for this jail strategy beside the simulated ones."</p>
            }
            .into_any(),
        };
        Some(view! {
            <div class="panel stats-results">
                <h2>"Where tokens land"</h2>
                <p class="hint">{format!("Counting convention: {}.", count.description())}</p>
                {sim_summary}
                {exact_summary}
                <BarChart rows=rows.clone() has_sim=has_sim has_exact=has_exact />
                <LandingTable
                    caption="By frequency, most frequent first"
                    id="stats-by-frequency"
                    rows=by_frequency
                    ranked=true
                    has_sim=has_sim
                    has_exact=has_exact
                />
                <LandingTable
                    caption="In board order"
                    id="stats-board-order"
                    rows=rows
                    ranked=false
                    has_sim=has_sim
                    has_exact=has_exact
                />
            </div>
        })
    }
}

#[component]
fn LandingTable(
    caption: &'static str,
    id: &'static str,
    rows: Vec<Row>,
    ranked: bool,
    has_sim: bool,
    has_exact: bool,
) -> impl IntoView {
    let caption_id = format!("{id}-caption");
    let region_label = caption_id.clone();
    let table_label = caption_id.clone();
    let body = rows
        .into_iter()
        .enumerate()
        .map(|(k, r)| {
            let chip = r.color.clone().map(|c| {
                view! { <span class="lot-chip" aria-hidden="true" style:background=c></span> }
            });
            view! {
                <tr>
                    {ranked.then(|| view! { <td class="num">{k + 1}</td> })}
                    <th scope="row">{chip}{r.name}</th>
                    {has_sim.then(|| view! {
                        <td class="num">{r.count.map(grouped).unwrap_or_default()}</td>
                        <td class="num" data-frequency=r.frequency.map(|f| f.to_string()).unwrap_or_default()>
                            {r.frequency.map(percent).unwrap_or_default()}
                        </td>
                    })}
                    {has_exact.then(|| view! {
                        <td class="num" data-exact=r.exact.map(|f| f.to_string()).unwrap_or_default()>
                            {r.exact.map(percent).unwrap_or_default()}
                        </td>
                    })}
                </tr>
            }
        })
        .collect_view();
    view! {
        <h3 class="table-title" id=caption_id>{caption}</h3>
        <div class="table-scroll" role="region" aria-labelledby=region_label tabindex="0">
            <table class="stats-table" id=id aria-labelledby=table_label>
                <thead>
                    <tr>
                        {ranked.then(|| view! { <th scope="col">"Rank"</th> })}
                        <th scope="col">"Square"</th>
                        {has_sim.then(|| view! {
                            <th scope="col">"Count"</th>
                            <th scope="col">"Relative frequency"</th>
                        })}
                        {has_exact.then(|| view! { <th scope="col">"Exact"</th> })}
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}

/// Width of the chart's drawing, in its own units (it scales to the page).
const CHART_W: f64 = 320.0;
const LABEL_W: f64 = 124.0;
const VALUE_W: f64 = 36.0;
const ROW_H: f64 = 15.0;

fn short(name: &str) -> String {
    if name.chars().count() > 22 {
        let mut s: String = name.chars().take(21).collect();
        s.push('…');
        s
    } else {
        name.to_string()
    }
}

/// Horizontal bars in board order: the simulated share (else the exact one), with the exact
/// share marked by a line when both are known.
#[component]
fn BarChart(rows: Vec<Row>, has_sim: bool, has_exact: bool) -> impl IntoView {
    let max = rows.iter().map(value).fold(0.0f64, f64::max);
    let max = if max > 0.0 { max } else { 1.0 };
    let span = CHART_W - LABEL_W - VALUE_W - 8.0;
    let height = ROW_H * rows.len() as f64 + 4.0;
    let what = match (has_sim, has_exact) {
        (true, true) => {
            "simulated relative frequency per square (bars) and the exact value (black marks)"
        }
        (true, false) => "simulated relative frequency per square",
        _ => "exact long-run share per square",
    };
    let bars = rows
        .into_iter()
        .enumerate()
        .map(|(k, r)| {
            let y = 2.0 + k as f64 * ROW_H;
            let v = value(&r);
            let w = (v / max * span).max(0.5);
            let fill = r.color.clone().unwrap_or_else(|| "#8f8a7c".to_string());
            let mark = (has_sim && has_exact).then(|| {
                r.exact.map(|e| {
                    let x = LABEL_W + 4.0 + e / max * span;
                    view! {
                        <line class="stats-exact-mark" x1=x x2=x y1=y y2=y + ROW_H - 2.0></line>
                    }
                })
            });
            let tip = match (r.frequency, r.exact) {
                (Some(f), Some(e)) => format!("{}: {} (exact {})", r.name, percent(f), percent(e)),
                _ => format!("{}: {}", r.name, percent(v)),
            };
            view! {
                <g class="stats-bar">
                    <title>{tip}</title>
                    <text class="stats-bar-label" x=LABEL_W y=y + ROW_H - 4.0 text-anchor="end">
                        {short(&r.name)}
                    </text>
                    <rect x=LABEL_W + 4.0 y=y + 1.0 width=w height=ROW_H - 4.0 fill=fill></rect>
                    {mark}
                    <text class="stats-bar-value" x=CHART_W - 2.0 y=y + ROW_H - 4.0 text-anchor="end">
                        {format!("{:.2}%", v * 100.0)}
                    </text>
                </g>
            }
        })
        .collect_view();
    view! {
        <figure class="stats-chart">
            <svg
                viewBox=format!("0 0 {CHART_W} {height}")
                role="img"
                aria-labelledby="stats-chart-title stats-chart-desc"
            >
                <title id="stats-chart-title">"Bar chart of where tokens land"</title>
                <desc id="stats-chart-desc">
                    {format!("One bar per square in board order, jail split into in jail and just visiting: {what}. The tables below hold the same figures.")}
                </desc>
                {bars}
            </svg>
            <figcaption class="hint">{format!("Bars: {what}.")}</figcaption>
        </figure>
    }
}
