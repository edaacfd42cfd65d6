//! The end of the game: the winner, the standings with assets, and a chart of every
//! player's net worth round by round (SVG).

use leptos::prelude::*;
use worlds_engine::NetWorthPoint;

use crate::common::context::{Navigator, Screen};
use crate::game::session::Session;

const W: f64 = 640.0;
const H: f64 = 260.0;
const PAD: f64 = 64.0;

/// The chart's polylines: one `points` attribute per player.
pub fn chart_lines(points: &[NetWorthPoint], players: usize) -> (Vec<String>, i64, u32) {
    let max = points
        .iter()
        .flat_map(|p| p.assets.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1);
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
                    let y = H - PAD - (H - 2.0 * PAD) * v as f64 / max as f64;
                    format!("{x:.1},{y:.1}")
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    (lines, max, last_round)
}

#[component]
pub fn EndScreen() -> impl IntoView {
    let session = expect_context::<Session>();
    let nav = expect_context::<Navigator>();
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
        let (lines, max, last_round) = chart_lines(&history, colors.len());
        Some((
            winner,
            standings,
            colors,
            lines,
            (0..=4).map(|k| b.money(max * k / 4)).collect::<Vec<_>>(),
            last_round,
            g.round(),
        ))
    });
    let Some((winner, standings, colors, lines, max, last_round, rounds)) = data else {
        return ().into_any();
    };
    let heading = match &winner {
        Some(w) => format!("{w} wins!"),
        None => "Game over".to_string(),
    };
    view! {
        <section class="end-screen panel" aria-labelledby="end-title">
            <h1 id="end-title">{heading}</h1>
            <p>{format!("The game lasted {}.", crate::common::words::count(rounds as usize, "round", "rounds"))}</p>
            <h2>"Standings"</h2>
            <table class="standings">
                <thead><tr><th scope="col">"Place"</th><th scope="col">"Player"</th><th scope="col">"Assets"</th><th scope="col">"Status"</th></tr></thead>
                <tbody>
                    {standings.into_iter().enumerate().map(|(i, (name, color, assets, bankrupt))| view! {
                        <tr>
                            <td>{(i + 1).to_string()}</td>
                            <td><span class="lot-chip" style:background=color></span>{name}</td>
                            <td>{assets}</td>
                            <td>{if bankrupt { "bankrupt" } else { "in the game" }}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
            <h2>"Net worth over the game"</h2>
            <figure class="chart">
                <svg viewBox=format!("0 0 {W} {H}") role="img" aria-label="Net worth of each player, round by round">
                    <line x1=PAD y1=H - PAD x2=W - PAD y2=H - PAD class="axis" />
                    <line x1=PAD y1=PAD x2=PAD y2=H - PAD class="axis" />
                    // Grid lines with their amounts, every quarter of the highest net worth.
                    {max.iter().enumerate().map(|(k, label)| {
                        let y = H - PAD - (H - 2.0 * PAD) * k as f64 / 4.0;
                        view! {
                            <line x1=PAD y1=y x2=W - PAD y2=y class="grid" />
                            <text x=PAD - 4.0 y=y + 4.0 class="axis-label" text-anchor="end">{label.clone()}</text>
                        }
                    }).collect_view()}
                    <text x=PAD y=H - PAD + 20.0 class="axis-label">"round 1"</text>
                    <text x=W - PAD y=H - PAD + 20.0 class="axis-label" text-anchor="end">{format!("round {last_round}")}</text>
                    // Each player's line has its own dash pattern, so lines that run together
                    // stay apart; its name stands at its end.
                    {lines.into_iter().zip(colors.iter().cloned()).enumerate().map(|(i, (pts, (name, color)))| {
                        let dash = ["", "9 4", "3 3", "12 4 3 4", "6 6", "2 6", "14 3", "4 2 1 2"][i % 8];
                        let end_y = pts
                            .rsplit(' ')
                            .next()
                            .and_then(|p| p.split(',').nth(1))
                            .and_then(|y| y.parse::<f64>().ok())
                            .unwrap_or(H - PAD);
                        view! {
                            <polyline points=pts fill="none" stroke=color.clone() stroke-width="2.5" stroke-dasharray=dash />
                            <text x=W - PAD + 4.0 y=end_y + 4.0 + (i as f64 * 3.0) class="line-label" fill=color>{name}</text>
                        }
                    }).collect_view()}
                </svg>
                <figcaption class="legend">
                    {colors.into_iter().map(|(name, color)| view! {
                        <span><span class="lot-chip" style:background=color></span>{name}</span>
                    }).collect_view()}
                </figcaption>
            </figure>
            <div class="button-row">
                <button type="button" class="menu-button" on:click=move |_| { session.close(); nav.go(Screen::Menu); }>"Main menu"</button>
                <button type="button" class="menu-button primary" on:click=move |_| { session.close(); nav.go(Screen::Lobby); }>"New game"</button>
            </div>
        </section>
    }
    .into_any()
}
