//! Computer-player tournaments: full games between chosen strategies, played in slices,
//! with win rates by seat and by strategy, game lengths and bankruptcies.

use leptos::prelude::*;

use worlds_engine::bots::STRATEGY_NAMES;
use worlds_engine::stats::{Tournament, TournamentConfig, TournamentReport};

use super::runner::{next_batch, now_ms, yield_now};
use super::{grouped, percent, whole, LabBoard, Running};
use crate::lab::Lab;

/// A tournament that ran (to the end, or until cancelled).
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentOutcome {
    pub board_id: String,
    pub report: TournamentReport,
    pub compute_ms: f64,
    pub complete: bool,
    pub asked: u64,
}

async fn play(
    lab: Lab,
    id: u64,
    board: LabBoard,
    mut tournament: Tournament,
    asked: u64,
    out: RwSignal<Option<TournamentOutcome>>,
) {
    let mut batch = 1u64;
    let mut compute_ms = 0.0;
    let mut complete = true;
    loop {
        let t0 = now_ms();
        let step = tournament.run_chunk(batch);
        let slice = now_ms() - t0;
        compute_ms += slice;
        batch = next_batch(batch, slice);
        match step {
            Ok(p) => lab.progress(id, p.done),
            Err(e) => {
                if lab.is_current(id) {
                    lab.problem
                        .set(Some(format!("The tournament stopped: {e}")));
                }
                complete = false;
                break;
            }
        }
        if tournament.is_done() {
            break;
        }
        yield_now().await;
        if !lab.is_current(id) {
            complete = false;
            break;
        }
    }
    let superseded = !complete && lab.running.try_get_untracked() != Some(None);
    if !superseded {
        let _ = out.try_set(Some(TournamentOutcome {
            board_id: board.id,
            report: tournament.result(),
            compute_ms,
            complete,
            asked,
        }));
    }
    lab.finish(id);
}

#[component]
pub fn TournamentPanel() -> impl IntoView {
    let lab = expect_context::<Lab>();
    let seats = RwSignal::new(vec!["balanced".to_string(), "cautious".to_string()]);
    let games = RwSignal::new("100".to_string());
    let outcome = RwSignal::new(None::<TournamentOutcome>);
    let busy = move || lab.running.with(Option::is_some);
    let limits = Memo::new(move |_| {
        let b = lab.board().board;
        let r = b.rules();
        (
            usize::from(r.min_players.max(1)),
            usize::from(r.max_players.max(r.min_players).max(1)),
        )
    });
    // Keep the number of seats within what the chosen board allows.
    Effect::new(move |_| {
        let (min, max) = limits.get();
        seats.update(|s| {
            let n = s.len().clamp(min, max);
            if n != s.len() {
                s.resize(n, "balanced".to_string());
            }
        });
    });
    let set_seat_count = move |n: usize| {
        seats.update(|s| s.resize(n, "balanced".to_string()));
    };

    let run = move |_| {
        let asked = match whole("Tournament games", &games.get_untracked(), 1, 100_000) {
            Ok(v) => v,
            Err(e) => return lab.problem.set(Some(e)),
        };
        let seed = match lab.seed_value() {
            Ok(s) => s,
            Err(e) => return lab.problem.set(Some(e)),
        };
        let board = lab.board_untracked();
        let config = TournamentConfig {
            games: asked,
            seats: seats.get_untracked(),
            seed,
            ..TournamentConfig::default()
        };
        match Tournament::new(&board.board, board.board.rules(), config) {
            Err(e) => lab
                .problem
                .set(Some(format!("The tournament cannot start: {e}"))),
            Ok(t) => {
                let id = lab.start(Running {
                    what: "Playing the tournament",
                    done: 0,
                    total: Some(asked),
                    unit: "games",
                });
                leptos::task::spawn_local(play(lab, id, board, t, asked, outcome));
            }
        }
    };

    let seat_rows = move || {
        let n = seats.with(Vec::len);
        (0..n)
            .map(|i| {
                let label = format!("Seat {} strategy", i + 1);
                view! {
                    <label>
                        {label}
                        <select
                            prop:value=move || seats.with(|s| s.get(i).cloned().unwrap_or_default())
                            on:change=move |ev| {
                                let v = event_target_value(&ev);
                                seats.update(|s| if let Some(x) = s.get_mut(i) { *x = v });
                            }
                        >
                            {STRATEGY_NAMES
                                .iter()
                                .map(|s| view! { <option value=*s>{*s}</option> })
                                .collect_view()}
                        </select>
                    </label>
                }
            })
            .collect_view()
    };

    view! {
        <div class="panel stats-tournament">
            <h2>"Computer tournament"</h2>
            <p class="hint">
                "Full games between computer players on the chosen board, each game seeded from the seed above. A game still going at the round limit goes to the richest player."
            </p>
            <div class="stats-numbers">
                <label>
                    "Seats"
                    <select
                        prop:value=move || seats.with(Vec::len).to_string()
                        on:change=move |ev| {
                            if let Ok(n) = event_target_value(&ev).parse::<usize>() {
                                set_seat_count(n);
                            }
                        }
                    >
                        {move || {
                            let (min, max) = limits.get();
                            (min..=max)
                                .map(|n| view! { <option value=n.to_string()>{n}</option> })
                                .collect_view()
                        }}
                    </select>
                </label>
                {seat_rows}
                <label>
                    "Tournament games"
                    <input type="number" min="1" max="100000" inputmode="numeric"
                        prop:value=move || games.get()
                        on:input=move |ev| games.set(event_target_value(&ev)) />
                </label>
            </div>
            <div class="button-row">
                <button type="button" class="action primary" disabled=busy on:click=run>
                    "Run tournament"
                </button>
            </div>
            {move || {
                let b = lab.board();
                outcome.get().filter(|o| o.board_id == b.id).map(|o| view! { <TournamentResults outcome=o /> })
            }}
        </div>
    }
}

#[component]
fn TournamentResults(outcome: TournamentOutcome) -> impl IntoView {
    let r = outcome.report;
    let per_second = if outcome.compute_ms > 0.0 {
        r.games as f64 / (outcome.compute_ms / 1000.0)
    } else {
        0.0
    };
    let partial = (!outcome.complete).then(|| {
        view! {
            <p class="problem">
                {format!("Stopped after {} of {} games: the figures count those games only.", r.games, outcome.asked)}
            </p>
        }
    });
    let seat_rows = r
        .seats
        .iter()
        .map(|s| {
            view! {
                <tr>
                    <th scope="row">{format!("Seat {}", s.seat)}</th>
                    <td>{s.strategy.clone()}</td>
                    <td class="num">{grouped(s.wins)}</td>
                    <td class="num">{percent(s.win_rate)}</td>
                    <td class="num">{grouped(s.bankruptcies)}</td>
                </tr>
            }
        })
        .collect_view();
    let strategy_rows = r
        .strategies
        .iter()
        .map(|s| {
            view! {
                <tr>
                    <th scope="row">{s.strategy.clone()}</th>
                    <td class="num">{s.seats}</td>
                    <td class="num">{grouped(s.wins)}</td>
                    <td class="num">{percent(s.win_rate)}</td>
                </tr>
            }
        })
        .collect_view();
    let most = r
        .lengths
        .histogram
        .iter()
        .map(|b| b.games)
        .max()
        .unwrap_or(1)
        .max(1);
    let length_rows = r
        .lengths
        .histogram
        .iter()
        .map(|b| {
            let width = format!("{:.1}%", b.games as f64 / most as f64 * 100.0);
            let share = percent(b.games as f64 / r.games.max(1) as f64);
            let span = if b.from == b.to {
                b.from.to_string()
            } else {
                format!("{} to {}", b.from, b.to)
            };
            view! {
                <tr>
                    <th scope="row">{span}</th>
                    <td class="num">{grouped(b.games)}</td>
                    <td class="bar-cell">
                        <span class="inline-bar" aria-hidden="true" style:width=width></span>
                        <span class="visually-hidden">{share}</span>
                    </td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="stats-tournament-results" data-games=r.games.to_string() data-compute-ms=format!("{:.1}", outcome.compute_ms)>
            {partial}
            <p>
                {format!(
                    "{} games on {} (seed {}): {} decided by bankruptcy, {} by the round limit of {}, {} unfinished; {} bankruptcies in all. Played in {:.2} s ({:.1} games per second).",
                    grouped(r.games),
                    r.board,
                    r.seed,
                    grouped(r.decided_by_bankruptcy),
                    grouped(r.decided_by_round_limit),
                    r.round_limit,
                    grouped(r.unfinished),
                    grouped(r.bankruptcies),
                    outcome.compute_ms / 1000.0,
                    per_second,
                )}
            </p>
            <h3 class="table-title" id="stats-seats-caption">"Wins by seat"</h3>
            <div class="table-scroll" role="region" aria-labelledby="stats-seats-caption" tabindex="0">
                <table class="stats-table" aria-labelledby="stats-seats-caption">
                    <thead>
                        <tr>
                            <th scope="col">"Seat"</th>
                            <th scope="col">"Strategy"</th>
                            <th scope="col">"Wins"</th>
                            <th scope="col">"Win rate"</th>
                            <th scope="col">"Bankruptcies"</th>
                        </tr>
                    </thead>
                    <tbody>{seat_rows}</tbody>
                </table>
            </div>
            <h3 class="table-title" id="stats-strategies-caption">"Wins by strategy"</h3>
            <div class="table-scroll" role="region" aria-labelledby="stats-strategies-caption" tabindex="0">
                <table class="stats-table" aria-labelledby="stats-strategies-caption">
                    <thead>
                        <tr>
                            <th scope="col">"Strategy"</th>
                            <th scope="col">"Seats"</th>
                            <th scope="col">"Wins"</th>
                            <th scope="col">"Win rate (of all games)"</th>
                        </tr>
                    </thead>
                    <tbody>{strategy_rows}</tbody>
                </table>
            </div>
            <p>
                {format!(
                    "Game length in rounds: shortest {}, median {:.1}, mean {:.1}, longest {}.",
                    r.lengths.min, r.lengths.median, r.lengths.mean, r.lengths.max
                )}
            </p>
            <h3 class="table-title" id="stats-lengths-caption">"Game lengths"</h3>
            <div class="table-scroll" role="region" aria-labelledby="stats-lengths-caption" tabindex="0">
                <table class="stats-table" aria-labelledby="stats-lengths-caption">
                    <thead>
                        <tr>
                            <th scope="col">"Rounds"</th>
                            <th scope="col">"Games"</th>
                            <th scope="col">"Share"</th>
                        </tr>
                    </thead>
                    <tbody>{length_rows}</tbody>
                </table>
            </div>
        </div>
    }
}
