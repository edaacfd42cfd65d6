//! Landing results: the summary, a bar chart and the two tables (by frequency and in board
//! order), simulated (with a 95% interval) beside exact. Jail is two rows: in jail, and just
//! visiting. Every row is named with its square number ("7. Chance"), so squares of the
//! same name can be told apart.
//!
//! What is shown always belongs to the options on screen: the counting convention picks the
//! report of the simulation (all three are tallied) and of the exact chain; a simulation run
//! with other decks or another jail strategy is not shown, only named as out of date.

use leptos::prelude::*;

use worlds_engine::stats::{Count, Decks, ExactReport, JailStrategy, LandingReport};
use worlds_engine::Board;

use super::interval::{Estimate, Place, Spread};
use super::{counted, grouped, percent, Lab, SimOutcome, Solved};
use crate::common::words;

/// One line of the tables and one bar of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Place in board order (jail's two rows follow each other).
    pub order: usize,
    /// "7. Chance": the square's number on the board (Go is 0), then its name.
    pub name: String,
    /// The color group's color, if the square is in one.
    pub color: Option<String>,
    pub count: Option<u64>,
    pub frequency: Option<f64>,
    /// The simulated share with its 95% interval (from two games on).
    pub estimate: Option<Estimate>,
    pub exact: Option<f64>,
    /// What the row is made of, when it adds places up: jail's "in jail 3.94%, just
    /// visiting 2.35%".
    pub parts: Option<String>,
}

/// Jail's two parts, as the one Jail row shows them beside its figures: simulated shares
/// when there are some, else exact ones.
fn jail_parts(in_jail: Option<f64>, visiting: Option<f64>) -> Option<String> {
    Some(format!(
        "in jail {}, just visiting {}",
        percent(in_jail?),
        percent(visiting?)
    ))
}

/// The rows of a board in board order, from a simulation, the exact chain, or both.
pub fn rows(
    board: &Board,
    sim: Option<(&LandingReport, &Spread)>,
    exact: Option<&ExactReport>,
) -> Vec<Row> {
    let spread = sim.map(|(r, s)| (r.count, s));
    let estimate = |place: Place| spread.and_then(|(count, s)| s.estimate(count, place));
    let sim = sim.map(|(r, _)| r);
    let mut out = Vec::new();
    for i in 0..board.len() {
        let name = format!("{i}. {}", board.square(i).name);
        let color = board
            .group_of(i)
            .and_then(|g| board.groups().get(g))
            .map(|g| g.color.clone());
        let sq = sim.and_then(|s| s.squares.get(i));
        let ex = exact.and_then(|e| e.squares.get(i));
        if board.jail() == Some(i) {
            // One Jail row: in jail and just visiting added up, both parts beside it.
            let sum = |a: Option<f64>, b: Option<f64>| Some(a? + b?);
            let (jail_f, visit_f) = (
                sim.map(|s| s.in_jail.frequency),
                sim.map(|s| s.just_visiting.frequency),
            );
            let (jail_e, visit_e) = (exact.map(|e| e.in_jail), exact.map(|e| e.just_visiting));
            out.push(Row {
                order: out.len(),
                name,
                color: None,
                count: sim.map(|s| s.in_jail.count + s.just_visiting.count),
                frequency: sum(jail_f, visit_f),
                estimate: estimate(Place::Square(i)),
                exact: sum(jail_e, visit_e),
                parts: jail_parts(jail_f.or(jail_e), visit_f.or(visit_e)),
            });
        } else {
            out.push(Row {
                order: out.len(),
                name,
                color,
                count: sq.map(|s| s.count),
                frequency: sq.map(|s| s.frequency),
                estimate: estimate(Place::Square(i)),
                exact: ex.map(|e| e.probability),
                parts: None,
            });
        }
    }
    out
}

/// The figure a row is ranked and drawn by: simulated, else exact.
fn value(r: &Row) -> f64 {
    r.frequency.or(r.exact).unwrap_or(0.0)
}

/// "counting landings, decks shuffled, jail strategy stay".
fn options_words(count: Count, decks: Decks, jail: JailStrategy) -> String {
    format!("counting {count}, decks {decks}, jail strategy {jail}")
}

/// Where tokens land for the options on screen: the summaries, the chart and the two
/// tables (nothing before a run).
#[component]
pub fn LandingResults() -> impl IntoView {
    let lab = expect_context::<Lab>();
    move || {
        let b = lab.board();
        let count = lab.count.get();
        let decks = lab.decks.get();
        let jail = lab.jail.get();
        let last = lab.sim.get().filter(|s| s.board_id == b.id);
        // A simulation of other decks or another jail strategy is another distribution:
        // never shown beside these options, only named.
        let (sim, stale) = match last {
            Some(s) if s.fits(&b.id, decks, jail) => (Some(s), None),
            other => (None, other),
        };
        let solved = lab.chain_for(&b.id, jail);
        if sim.is_none() && solved.is_none() && stale.is_none() {
            return None;
        }
        let stale_note =
            stale.map(|s| view! { <StaleNote stale=s count=count decks=decks jail=jail /> });
        let exact = solved.as_ref().map(|s| s.chain.report(count));
        let rows = rows(
            &b.board,
            sim.as_ref().map(|s| (s.report(count), &s.spread)),
            exact.as_ref(),
        );
        let mut by_frequency = rows.clone();
        worlds_engine::sorting::sort_by(&mut by_frequency, |x, y| {
            value(y).total_cmp(&value(x)).then(x.order.cmp(&y.order))
        });
        let has_sim = sim.is_some();
        let has_exact = exact.is_some();
        let heading = format!("Where tokens land, counting {count}");
        if !has_sim && !has_exact {
            return Some(
                view! {
                    <div class="panel stats-results">
                        <h2>{heading}</h2>
                        {stale_note}
                        <p class="hint">"Press “Solve exactly” to see the exact values for these options."</p>
                    </div>
                }
                .into_any(),
            );
        }
        let shuffled = sim
            .as_ref()
            .is_some_and(|x| x.config.decks == Decks::Shuffled);
        let sim_summary = sim.map(|s| view! { <SimSummary sim=s count=count /> });
        let exact_summary = match (solved, exact) {
            (Some(s), Some(e)) => view! {
                <ExactSummary solved=s exact=e rows=rows.clone() shuffled=shuffled />
            }
            .into_any(),
            _ => view! {
                <p class="hint">"Press “Solve exactly” to see the exact values for these options beside the simulated ones."</p>
            }
            .into_any(),
        };
        Some(
            view! {
                <div class="panel stats-results">
                    <h2>{heading}</h2>
                    <p class="hint">{format!("Counting convention: {}.", count.description())}</p>
                    {stale_note}
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
            }
            .into_any(),
        )
    }
}

/// Names the last simulation when it was run with other options than those on screen, so
/// its figures are not shown.
#[component]
fn StaleNote(stale: SimOutcome, count: Count, decks: Decks, jail: JailStrategy) -> impl IntoView {
    view! {
        <p class="problem stats-stale">
            {format!(
                "The last simulation ({}) does not match the options above ({}), so its figures are not shown. Run the simulation again to see simulated figures for these options.",
                options_words(count, stale.config.decks, stale.config.jail),
                options_words(count, decks, jail),
            )}
        </p>
    }
}

/// What was simulated, how far its shares can be trusted, whether it was cancelled, and how
/// long it took.
#[component]
fn SimSummary(sim: SimOutcome, count: Count) -> impl IntoView {
    let s = sim;
    let r = s.report(count);
    let per_second = if s.compute_ms > 0.0 {
        r.turns as f64 / (s.compute_ms / 1000.0)
    } else {
        0.0
    };
    let partial = (!s.complete).then(|| {
        view! {
            <p class="problem">
                {format!(
                    "Cancelled after {} of the {} asked for: the figures count those games only.",
                    grouped(r.games),
                    counted(s.config.games, "game", "games"),
                )}
            </p>
        }
    });
    let intervals = if s.spread.games() >= 2 {
        format!(
            "The 95% interval of each simulated share comes from how it varies between the {} games; each share shows the digits its interval allows.",
            grouped(s.spread.games())
        )
    } else {
        "With one game there is no interval: run two games or more to see how far the shares can be trusted.".to_string()
    };
    view! {
        <p>
            {format!(
                "Simulated on {}: {} × {} × {}, seed {}, {}. {} in all.",
                r.board,
                counted(r.games, "game", "games"),
                words::count(r.turns_per_game as usize, "turn", "turns"),
                words::count(r.players as usize, "player", "players"),
                r.seed,
                options_words(r.count, r.decks, r.jail),
                counted(r.total, "count", "counts"),
            )}
        </p>
        <p class="hint">{intervals}</p>
        {partial}
        <p
            class="stats-timing"
            data-turns=r.turns.to_string()
            data-compute-ms=format!("{:.1}", s.compute_ms)
            data-wall-ms=format!("{:.1}", s.wall_ms)
        >
            {format!(
                "{} simulated in {:.2} s of computing ({} turns per second); {:.2} s from the click to the result.",
                counted(r.turns, "turn", "turns"),
                s.compute_ms / 1000.0,
                grouped(per_second.round() as u64),
                s.wall_ms / 1000.0,
            )}
        </p>
    }
}

/// What the exact figures are and how they were solved, and the largest difference from the
/// simulated ones (`shuffled`: the simulation shuffled its decks).
#[component]
fn ExactSummary(
    solved: Solved,
    exact: ExactReport,
    rows: Vec<Row>,
    shuffled: bool,
) -> impl IntoView {
    let (s, e) = (solved, exact);
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
                    <td class="row-parts">{r.parts.clone().unwrap_or_default()}</td>
                    {has_sim.then(|| view! {
                        <td class="num">{r.count.map(grouped).unwrap_or_default()}</td>
                        <td class="num" data-frequency=r.frequency.map(|f| f.to_string()).unwrap_or_default()>
                            {match (r.estimate, r.frequency) {
                                (Some(e), _) => e.value_text(),
                                (None, Some(f)) => percent(f),
                                _ => String::new(),
                            }}
                        </td>
                        {match r.estimate {
                            Some(e) => view! {
                                <td
                                    class="num stats-interval"
                                    data-low=e.low.to_string()
                                    data-high=e.high.to_string()
                                    data-half-width=e.half_width.to_string()
                                >
                                    {e.interval_text()}
                                </td>
                            }.into_any(),
                            None => view! { <td class="num stats-interval">"–"</td> }.into_any(),
                        }}
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
                        <th scope="col">"Of which"</th>
                        {has_sim.then(|| view! {
                            <th scope="col">"Count"</th>
                            <th scope="col">"Relative frequency"</th>
                            <th scope="col">"95% interval"</th>
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
                    {format!("One bar per square in board order (jail: in jail and just visiting together): {what}. The tables below hold the same figures.")}
                </desc>
                {bars}
            </svg>
            <figcaption class="hint">{format!("Bars: {what}.")}</figcaption>
        </figure>
    }
}
