//! The end of the game: the winner, the standings with assets, and a chart of every
//! player's net worth round by round (SVG).

use leptos::prelude::*;
use worlds_engine::NetWorthPoint;

use crate::common::context::{Navigator, Screen};
use crate::game::session::Session;

const W: f64 = 640.0;
const H: f64 = 260.0;
const PAD: f64 = 64.0;
/// The least distance between two names at the lines' ends (the labels are 12px high).
const LABEL_GAP: f64 = 14.0;

/// The net-worth axis: a "nice" step (1, 2 or 5 times a power of ten) and the top of the
/// axis, a whole number of steps (at most four) at or above `max`: for a highest net worth
/// of $3549 the axis reads $0, $1,000, … $4,000, not $1774 / $3549.
pub fn nice_axis(max: i64) -> (i64, i64) {
    let max = max.max(1);
    let mut power = 1i64;
    loop {
        for m in [1, 2, 5] {
            let step = m * power;
            let steps = (max + step - 1) / step;
            if steps <= 4 {
                return (step, step * steps);
            }
        }
        power = power.saturating_mul(10);
    }
}

/// `amount` in the board's money with its thousands grouped: "$4,000".
pub fn grouped_money(money: &str) -> String {
    let start = money
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(money.len());
    let (sign, digits) = money.split_at(start);
    let n = digits.len();
    let mut out = sign.to_string();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (n - i) % 3 == 0 && c.is_ascii_digit() {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Label heights (`ys`, one per line end) moved apart to at least `gap` from each other,
/// as little as possible, kept between `lo` and `hi`; in the order given.
pub fn spread_labels(ys: &[f64], gap: f64, lo: f64, hi: f64) -> Vec<f64> {
    let mut order: Vec<usize> = (0..ys.len()).collect();
    worlds_engine::sorting::sort_by(&mut order, |&a, &b| ys[a].total_cmp(&ys[b]).then(a.cmp(&b)));
    let mut placed: Vec<f64> = order.iter().map(|&i| ys[i].clamp(lo, hi)).collect();
    // Down from the top, then back up from the bottom where the last ran past `hi`.
    for k in 1..placed.len() {
        placed[k] = placed[k].max(placed[k - 1] + gap);
    }
    if let Some(last) = placed.last_mut() {
        *last = last.min(hi);
    }
    for k in (0..placed.len().saturating_sub(1)).rev() {
        placed[k] = placed[k].min(placed[k + 1] - gap);
    }
    let mut out = vec![0.0; ys.len()];
    for (k, &i) in order.iter().enumerate() {
        out[i] = placed[k];
    }
    out
}

/// The chart's polylines: one `points` attribute per player, the axis step and top, and
/// the last round.
pub fn chart_lines(points: &[NetWorthPoint], players: usize) -> (Vec<String>, (i64, i64), u32) {
    let max = points
        .iter()
        .flat_map(|p| p.assets.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1);
    let (step, top) = nice_axis(max);
    let last_round = points.last().map_or(1, |p| p.round).max(1);
    let first_round = points.first().map_or(1, |p| p.round);
    let span = f64::from(last_round.saturating_sub(first_round).max(1));
    let lines = (0..players)
        .map(|i| {
            points
                .iter()
                .map(|p| {
                    let x = PAD + (W - 2.0 * PAD) * f64::from(p.round - first_round) / span;
                    let v = p.assets.get(i).copied().unwrap_or(0).max(0);
                    let y = H - PAD - (H - 2.0 * PAD) * v as f64 / top as f64;
                    format!("{x:.1},{y:.1}")
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    (lines, (step, top), last_round)
}

/// One player's final holdings as the end screen lists them: who and when ("Ann", or "Bob,
/// when he went out in round 23"), then cash, lots and jail cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HoldingsRow {
    pub who: String,
    pub color: String,
    pub things: Vec<String>,
}

/// Every player's final holdings, in the standings' order; a bankrupt player's as they stood
/// when they went out (the engine keeps them).
pub fn holdings_rows(g: &worlds_engine::Game) -> Vec<HoldingsRow> {
    let b = g.board();
    g.standings()
        .into_iter()
        .map(|(p, _)| {
            let pl = g.player(p);
            let held = g.holdings(p);
            let who = if pl.bankrupt {
                format!("{}, on going bankrupt in round {}", pl.name, held.round)
            } else {
                pl.name.clone()
            };
            let mut things = vec![format!("{} in cash", grouped_money(&b.money(held.cash)))];
            things.extend(held.lots.iter().map(|l| g.held_lot_words(l)));
            if held.jail_cards > 0 {
                things.push(crate::common::words::count(
                    held.jail_cards as usize,
                    "Get Out of Jail Free card",
                    "Get Out of Jail Free cards",
                ));
            }
            if held.lots.is_empty() {
                things.push("no lots".to_string());
            }
            HoldingsRow {
                who,
                color: pl.color.clone(),
                things,
            }
        })
        .collect()
}

/// The standings: place, player, assets and whether they are still in.
#[component]
fn Standings(rows: Vec<(String, String, String, bool)>) -> impl IntoView {
    view! {
        <h2>"Standings"</h2>
        <table class="standings">
            <thead><tr><th scope="col">"Place"</th><th scope="col">"Player"</th><th scope="col">"Assets"</th><th scope="col">"Status"</th></tr></thead>
            <tbody>
                {rows.into_iter().enumerate().map(|(i, (name, color, assets, bankrupt))| view! {
                    <tr>
                        <td>{(i + 1).to_string()}</td>
                        <td><span class="lot-chip" style:background=color></span>{name}</td>
                        <td>{assets}</td>
                        <td>{if bankrupt { "bankrupt" } else { "in the game" }}</td>
                    </tr>
                }).collect_view()}
            </tbody>
        </table>
    }
}

/// "Final holdings": each player's cash, lots (with buildings and mortgages) and cards.
#[component]
fn FinalHoldings(rows: Vec<HoldingsRow>) -> impl IntoView {
    view! {
        <h2>"Final holdings"</h2>
        <ul class="final-holdings">
            {rows.into_iter().map(|r| view! {
                <li>
                    <span class="lot-chip" style:background=r.color></span>
                    <strong>{r.who}</strong>": "
                    {r.things.join("; ")}
                </li>
            }).collect_view()}
        </ul>
    }
}

#[component]
pub fn EndScreen() -> impl IntoView {
    let session = expect_context::<Session>();
    let nav = expect_context::<Navigator>();
    #[cfg(feature = "online")]
    let room = use_context::<crate::game::room::RoomUi>();
    #[cfg(feature = "online")]
    let in_room = room.is_some_and(|r| r.conn.is_open());
    #[cfg(not(feature = "online"))]
    let in_room = false;
    // In a room: Play again, with the same players.
    #[cfg(feature = "online")]
    let play_again = room.map(|ui| view! { <crate::game::room::views::PlayAgainButton ui=ui /> });
    #[cfg(not(feature = "online"))]
    let play_again = ();
    let data = session.game.with_untracked(|g| {
        let g = g.as_ref()?;
        let b = g.board();
        let winner = g.winner().map(|w| g.player(w).name.clone());
        let standings: Vec<(String, String, String, bool)> = g
            .standings()
            .into_iter()
            .map(|(p, a)| {
                let pl = g.player(p);
                (pl.name.clone(), pl.color.clone(), b.money(a), pl.bankrupt)
            })
            .collect();
        let colors: Vec<(String, String)> = g
            .players()
            .iter()
            .map(|p| (p.name.clone(), p.color.clone()))
            .collect();
        let history = g.net_worth_history();
        let (lines, (step, top), last_round) = chart_lines(&history, colors.len());
        // The grid: one line per step, each at its share of the axis' top.
        let ticks: Vec<(f64, String)> = (0..=top / step)
            .map(|k| {
                let v = k * step;
                (v as f64 / top as f64, grouped_money(&b.money(v)))
            })
            .collect();
        Some((
            winner,
            standings,
            colors,
            lines,
            ticks,
            last_round,
            (g.round(), holdings_rows(g)),
        ))
    });
    let Some((winner, standings, colors, lines, ticks, last_round, (rounds, holdings))) = data
    else {
        return ().into_any();
    };
    let played = session.game.with_untracked(|g| g.clone());
    let heading = match &winner {
        Some(w) => format!("{w} wins!"),
        None => "Game over".to_string(),
    };
    view! {
        <section class="end-screen panel" aria-labelledby="end-title">
            <h1 id="end-title">{heading}</h1>
            <p>{format!("The game lasted {}.", crate::common::words::count(rounds as usize, "round", "rounds"))}</p>
            <Standings rows=standings />
            <FinalHoldings rows=holdings />
            <h2>"Net worth over the game"</h2>
            <figure class="chart">
                <svg viewBox=format!("0 0 {W} {H}") role="img" aria-label="Net worth of each player, round by round">
                    <line x1=PAD y1=H - PAD x2=W - PAD y2=H - PAD class="axis" />
                    <line x1=PAD y1=PAD x2=PAD y2=H - PAD class="axis" />
                    // Grid lines with their amounts, at round steps ($1,000, $2,000, …).
                    {ticks.iter().map(|(share, label)| {
                        let y = H - PAD - (H - 2.0 * PAD) * share;
                        view! {
                            <line x1=PAD y1=y x2=W - PAD y2=y class="grid" />
                            <text x=PAD - 4.0 y=y + 4.0 class="axis-label" text-anchor="end">{label.clone()}</text>
                        }
                    }).collect_view()}
                    <text x=PAD y=H - PAD + 20.0 class="axis-label">"round 1"</text>
                    <text x=W - PAD y=H - PAD + 20.0 class="axis-label" text-anchor="end">{format!("round {last_round}")}</text>
                    // Each player's line has its own dash pattern, so lines that run together
                    // stay apart; its name stands at its end.
                    // Names whose lines end close together are moved apart so none overlaps.
                    {
                        let ends: Vec<f64> = lines
                            .iter()
                            .map(|pts| {
                                pts.rsplit(' ')
                                    .next()
                                    .and_then(|p| p.split(',').nth(1))
                                    .and_then(|y| y.parse::<f64>().ok())
                                    .unwrap_or(H - PAD)
                            })
                            .collect();
                        let label_ys = spread_labels(&ends, LABEL_GAP, 8.0, H - 8.0);
                        lines.into_iter().zip(colors.iter().cloned()).zip(label_ys).enumerate().map(|(i, ((pts, (name, color)), label_y))| {
                            let dash = ["", "9 4", "3 3", "12 4 3 4", "6 6", "2 6", "14 3", "4 2 1 2"][i % 8];
                            view! {
                                <polyline points=pts fill="none" stroke=color.clone() stroke-width="2.5" stroke-dasharray=dash />
                                <text x=W - PAD + 4.0 y=label_y + 4.0 class="line-label" fill=color>{name}</text>
                            }
                        }).collect_view()
                    }
                </svg>
                <figcaption class="legend">
                    {colors.into_iter().map(|(name, color)| view! {
                        <span><span class="lot-chip" style:background=color></span>{name}</span>
                    }).collect_view()}
                </figcaption>
            </figure>
            {played.map(|game| view! { <crate::game::play::coach::TurningPoints game=game /> })}
            {play_again}
            <div class="button-row">
                <button type="button" class="menu-button" on:click=move |_| { session.close(); nav.go(Screen::Menu); }>"Main menu"</button>
                <button type="button" class="menu-button" class:primary=!in_room on:click=move |_| { session.close(); nav.go(Screen::Lobby); }>"New game"</button>
            </div>
        </section>
    }
    .into_any()
}
