//! Computer-player tournaments: full games between chosen strategies, played in slices,
//! with win rates (and their 95% Wilson intervals) by seat and by strategy, game lengths and
//! bankruptcies.
//!
//! Seats rotate by default: game `g` (0-based, seeded `seed + g` as the engine's tournament
//! seeds it) seats the chosen strategies moved round by `g` places, so each strategy sits in
//! each seat equally often (give or take one game when the games do not divide evenly) and
//! no strategy is favoured by where it sits. Each game is one engine
//! [`Tournament`] of one game; without rotation the games are exactly the engine's own.

use leptos::prelude::*;

use worlds_engine::bots::STRATEGY_NAMES;
use worlds_engine::stats::{Tournament, TournamentConfig, TournamentError};
use worlds_engine::Board;

use super::interval::{wilson, Estimate};
use super::{counted, grouped, percent, typed_number, whole, LabBoard, Running};
use crate::common::error::AppError;
use crate::common::slices::{next_batch, now_ms, yield_now};
use crate::common::words;
use crate::lab::Lab;

/// A strategy's record over the games and seats it played.
#[derive(Clone, Debug, PartialEq)]
pub struct StrategyTally {
    pub strategy: String,
    /// Seats it holds in each game.
    pub seats: usize,
    pub wins: u64,
    /// Per seat: games it sat there, and games it won from there.
    pub seat_games: Vec<u64>,
    pub seat_wins: Vec<u64>,
}

/// What the games played so far add up to.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentTally {
    pub board: String,
    pub seed: u64,
    pub rotate: bool,
    /// The strategies as chosen, seat by seat (game 0's seating).
    pub chosen: Vec<String>,
    pub games: u64,
    pub round_limit: u32,
    pub decided_by_bankruptcy: u64,
    pub decided_by_round_limit: u64,
    pub unfinished: u64,
    pub bankruptcies: u64,
    /// Per seat: wins and bankruptcies, whoever sat there.
    pub seat_wins: Vec<u64>,
    pub seat_bankruptcies: Vec<u64>,
    pub strategies: Vec<StrategyTally>,
    /// Each game's length in rounds.
    pub lengths: Vec<u32>,
}

/// A tournament the lab plays one game at a time.
pub struct SeatedTournament {
    board: Board,
    games: u64,
    tally: TournamentTally,
}

impl SeatedTournament {
    /// Checks the seats as the engine does (known strategies, a player count the board allows).
    pub fn new(
        board: &Board,
        seats: Vec<String>,
        games: u64,
        seed: u64,
        rotate: bool,
    ) -> Result<SeatedTournament, TournamentError> {
        let config = TournamentConfig {
            games,
            seats: seats.clone(),
            seed,
            ..TournamentConfig::default()
        };
        let round_limit = Tournament::new(board, board.rules(), config)?
            .result()
            .round_limit;
        let k = seats.len();
        let mut strategies: Vec<StrategyTally> = Vec::new();
        for s in &seats {
            match strategies.iter_mut().find(|t| &t.strategy == s) {
                Some(t) => t.seats += 1,
                None => strategies.push(StrategyTally {
                    strategy: s.clone(),
                    seats: 1,
                    wins: 0,
                    seat_games: vec![0; k],
                    seat_wins: vec![0; k],
                }),
            }
        }
        Ok(SeatedTournament {
            board: board.clone(),
            games,
            tally: TournamentTally {
                board: board.name().to_string(),
                seed,
                rotate,
                chosen: seats,
                games: 0,
                round_limit,
                decided_by_bankruptcy: 0,
                decided_by_round_limit: 0,
                unfinished: 0,
                bankruptcies: 0,
                seat_wins: vec![0; k],
                seat_bankruptcies: vec![0; k],
                strategies,
                lengths: Vec::new(),
            },
        })
    }

    /// Who sits where in game `g`.
    pub fn seating(&self, g: u64) -> Vec<String> {
        let seats = &self.tally.chosen;
        let k = seats.len().max(1);
        let turn = if self.tally.rotate {
            (g % k as u64) as usize
        } else {
            0
        };
        (0..seats.len())
            .map(|i| seats[(i + turn) % k].clone())
            .collect()
    }

    pub fn is_done(&self) -> bool {
        self.tally.games >= self.games
    }

    pub fn done(&self) -> u64 {
        self.tally.games
    }

    pub fn tally(&self) -> &TournamentTally {
        &self.tally
    }

    /// Plays up to `games` more games.
    pub fn run_chunk(&mut self, games: u64) -> Result<(), TournamentError> {
        for _ in 0..games {
            if self.is_done() {
                break;
            }
            self.play_next()?;
        }
        Ok(())
    }

    fn play_next(&mut self) -> Result<(), TournamentError> {
        let g = self.tally.games;
        let seated = self.seating(g);
        let config = TournamentConfig {
            games: 1,
            seats: seated.clone(),
            seed: self.tally.seed.wrapping_add(g),
            ..TournamentConfig::default()
        };
        let mut one = Tournament::new(&self.board, self.board.rules(), config)?;
        one.run()?;
        let r = one.result();
        let t = &mut self.tally;
        t.games += 1;
        t.decided_by_bankruptcy += r.decided_by_bankruptcy;
        t.decided_by_round_limit += r.decided_by_round_limit;
        t.unfinished += r.unfinished;
        t.bankruptcies += r.bankruptcies;
        t.lengths.push(r.lengths.min);
        for (i, seat) in r.seats.iter().enumerate() {
            t.seat_wins[i] += seat.wins;
            t.seat_bankruptcies[i] += seat.bankruptcies;
            if let Some(s) = t.strategies.iter_mut().find(|s| s.strategy == seated[i]) {
                s.wins += seat.wins;
                s.seat_games[i] += 1;
                s.seat_wins[i] += seat.wins;
            }
        }
        Ok(())
    }
}

/// A tournament that ran (to the end, or until cancelled).
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentOutcome {
    pub board_id: crate::common::boards::BoardChoice,
    pub tally: TournamentTally,
    pub compute_ms: f64,
    pub complete: bool,
    pub asked: u64,
}

async fn play(
    lab: Lab,
    id: u64,
    board: LabBoard,
    mut tournament: SeatedTournament,
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
            Ok(()) => lab.progress(id, tournament.done()),
            Err(e) => {
                if lab.is_current(id) {
                    lab.problem.set(Some(AppError::TournamentStopped(e)));
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
            tally: tournament.tally().clone(),
            compute_ms,
            complete,
            asked,
        }));
    }
    lab.finish(id);
}

/// A win rate with the digits its interval allows, and the interval.
fn rate_cells(wins: u64, games: u64) -> impl IntoView {
    let e: Option<Estimate> = wilson(wins, games);
    view! {
        <td class="num" data-rate=e.map(|e| e.value.to_string()).unwrap_or_default()>
            {e.map(|e| e.value_text()).unwrap_or_else(|| "–".to_string())}
        </td>
        <td
            class="num stats-interval"
            data-low=e.map(|e| e.low.to_string()).unwrap_or_default()
            data-high=e.map(|e| e.high.to_string()).unwrap_or_default()
        >
            {e.map(|e| e.interval_text()).unwrap_or_else(|| "–".to_string())}
        </td>
    }
}

/// The computer tournament: seats and their strategies, games, rotation, Run tournament,
/// and the results for the chosen board.
#[component]
pub fn TournamentPanel() -> impl IntoView {
    let lab = expect_context::<Lab>();
    let seats = RwSignal::new(vec!["balanced".to_string(), "cautious".to_string()]);
    let games = RwSignal::new("100".to_string());
    let rotate = RwSignal::new(true);
    let outcome = RwSignal::new(None::<TournamentOutcome>);
    let busy = move || lab.running.with(Option::is_some);
    let run = move |_| start_tournament(lab, seats, games, rotate, outcome);

    view! {
        <div class="panel stats-tournament">
            <h2>"Computer tournament"</h2>
            <p class="hint">
                "Full games between computer players on the chosen board, game n seeded with the seed above plus n. A game still going at the round limit goes to the richest player."
            </p>
            <div class="stats-numbers">
                <SeatChoice seats=seats />
                {typed_number("Tournament games", "1", Some("100000"), games)}
            </div>
            <RotateSwitch rotate=rotate />
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

/// Checks the games and the seed typed, then plays the tournament the seats ask for on the
/// chosen board as a new run of the lab, its outcome going to `outcome`.
fn start_tournament(
    lab: Lab,
    seats: RwSignal<Vec<String>>,
    games: RwSignal<String>,
    rotate: RwSignal<bool>,
    outcome: RwSignal<Option<TournamentOutcome>>,
) {
    let asked = match whole("Tournament games", &games.get_untracked(), 1, 100_000) {
        Ok(v) => v,
        Err(e) => return lab.problem.set(Some(e.into())),
    };
    let seed = match lab.seed_value() {
        Ok(s) => s,
        Err(e) => return lab.problem.set(Some(e.into())),
    };
    let board = lab.board_untracked();
    match SeatedTournament::new(
        &board.board,
        seats.get_untracked(),
        asked,
        seed,
        rotate.get_untracked(),
    ) {
        Err(e) => lab.problem.set(Some(AppError::TournamentNotStarted(e))),
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
}

/// How many seats (within what the chosen board allows), and each seat's strategy.
#[component]
fn SeatChoice(seats: RwSignal<Vec<String>>) -> impl IntoView {
    let lab = expect_context::<Lab>();
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
    }
}

/// The "Rotate seating" switch and the sentence that says what it does.
#[component]
fn RotateSwitch(rotate: RwSignal<bool>) -> impl IntoView {
    view! {
        <div class="stats-switch">
            <label class="check">
                <input
                    type="checkbox"
                    role="switch"
                    aria-describedby="stats-rotate-desc"
                    prop:checked=move || rotate.get()
                    on:change=move |ev| rotate.set(event_target_checked(&ev))
                />
                "Rotate seating"
            </label>
            <p id="stats-rotate-desc" class="hint">
                {move || if rotate.get() {
                    "On: each game moves every strategy one seat on, so each sits in each seat equally often and going first favours none."
                } else {
                    "Off: every strategy keeps the seat chosen for it in every game."
                }}
            </p>
        </div>
    }
}

/// What a tournament came to: how its games ended, then wins by seat, by strategy and by
/// strategy and seat, and how long the games lasted.
#[component]
fn TournamentResults(outcome: TournamentOutcome) -> impl IntoView {
    let r = outcome.tally;
    let games = r.games;
    let partial = (!outcome.complete).then(|| {
        view! {
            <p class="problem">
                {format!(
                    "Stopped after {} of {}: the figures count those games only.",
                    grouped(games),
                    counted(outcome.asked, "game", "games"),
                )}
            </p>
        }
    });
    view! {
        <div class="stats-tournament-results" data-games=games.to_string() data-compute-ms=format!("{:.1}", outcome.compute_ms)>
            {partial}
            <p>{summary_sentence(&r, outcome.compute_ms)}</p>
            <p class="hint">{seating_sentence(&r)}</p>
            <p class="hint">
                "Win rates come with their 95% interval (Wilson): with few games it is wide, and the rate shows only the digits it allows."
            </p>
            <SeatTable tally=r.clone() />
            <StrategyTable tally=r.clone() />
            <StrategySeatTable tally=r.clone() />
            <LengthsTable lengths=r.lengths games=games />
        </div>
    }
}

/// "1,000 games on Classic (seed 1): … Played in 1.20 s (833.3 games per second)."
fn summary_sentence(r: &TournamentTally, compute_ms: f64) -> String {
    let games = r.games;
    let per_second = if compute_ms > 0.0 {
        games as f64 / (compute_ms / 1000.0)
    } else {
        0.0
    };
    format!(
        "{} on {} (seed {}): {} decided by bankruptcy, {} by the round limit of {}, {} unfinished; {} in all. Played in {:.2} s ({:.1} games per second).",
        counted(games, "game", "games"),
        r.board,
        r.seed,
        grouped(r.decided_by_bankruptcy),
        grouped(r.decided_by_round_limit),
        words::count(r.round_limit as usize, "round", "rounds"),
        grouped(r.unfinished),
        counted(r.bankruptcies, "bankruptcy", "bankruptcies"),
        compute_ms / 1000.0,
        per_second,
    )
}

/// Whether the seats rotated, and how often each strategy then sat in each seat.
fn seating_sentence(r: &TournamentTally) -> String {
    let games = r.games;
    let seat_count = r.seat_wins.len();
    if r.rotate {
        let each = games / seat_count.max(1) as u64;
        let even = games.is_multiple_of(seat_count.max(1) as u64);
        format!(
            "Seats rotated: each game moved every strategy one seat on, so each strategy sat in each seat {}.",
            if even {
                counted(each, "time", "times")
            } else {
                format!("{} or {} times", grouped(each), grouped(each + 1))
            }
        )
    } else {
        "Seats fixed: every strategy kept its seat in every game.".to_string()
    }
}

/// Wins, win rate and bankruptcies by seat, whoever sat there.
#[component]
fn SeatTable(tally: TournamentTally) -> impl IntoView {
    let r = tally;
    let games = r.games;
    let seat_rows = (0..r.seat_wins.len())
        .map(|i| {
            let strategy = if r.rotate {
                "each in turn".to_string()
            } else {
                r.chosen[i].clone()
            };
            view! {
                <tr>
                    <th scope="row">{format!("Seat {}", i + 1)}</th>
                    <td>{strategy}</td>
                    <td class="num">{grouped(r.seat_wins[i])}</td>
                    {rate_cells(r.seat_wins[i], games)}
                    <td class="num">{grouped(r.seat_bankruptcies[i])}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        {framed_table("stats-seats-caption", "Wins by seat", col_heads(&["Seat", "Strategy", "Wins", "Win rate", "95% interval", "Bankruptcies"]), seat_rows)}
    }
}

/// Seats held, wins and win rate by strategy.
#[component]
fn StrategyTable(tally: TournamentTally) -> impl IntoView {
    let games = tally.games;
    let strategy_rows = tally
        .strategies
        .iter()
        .map(|s| {
            view! {
                <tr>
                    <th scope="row">{s.strategy.clone()}</th>
                    <td class="num">{s.seats}</td>
                    <td class="num">{grouped(s.wins)}</td>
                    {rate_cells(s.wins, games)}
                </tr>
            }
        })
        .collect_view();
    view! {
        {framed_table("stats-strategies-caption", "Wins by strategy", col_heads(&["Strategy", "Seats", "Wins", "Win rate (of all games)", "95% interval"]), strategy_rows)}
    }
}

/// Each strategy's wins out of the games it sat in each seat.
#[component]
fn StrategySeatTable(tally: TournamentTally) -> impl IntoView {
    let seat_count = tally.seat_wins.len();
    let by_seat_head = (0..seat_count)
        .map(|i| view! { <th scope="col">{format!("Seat {}", i + 1)}</th> })
        .collect_view();
    let by_seat_rows = tally
        .strategies
        .iter()
        .map(|s| {
            let cells = (0..seat_count)
                .map(|i| {
                    view! {
                        <td
                            class="num"
                            data-games=s.seat_games[i].to_string()
                            data-wins=s.seat_wins[i].to_string()
                        >
                            {format!(
                                "{} of {}",
                                counted(s.seat_wins[i], "win", "wins"),
                                grouped(s.seat_games[i]),
                            )}
                        </td>
                    }
                })
                .collect_view();
            view! {
                <tr>
                    <th scope="row">{s.strategy.clone()}</th>
                    {cells}
                </tr>
            }
        })
        .collect_view();
    view! {
        {framed_table("stats-strategy-seats-caption", "Each strategy in each seat", (col_heads(&["Strategy"]), by_seat_head), by_seat_rows)}
    }
}

/// The games' lengths in rounds: shortest, median, mean and longest, then a histogram.
#[component]
fn LengthsTable(lengths: Vec<u32>, games: u64) -> impl IntoView {
    let worlds_engine::stats::tournament::GameLengths {
        min,
        median,
        mean,
        max,
        histogram: bins,
    } = worlds_engine::stats::tournament::lengths_of(&lengths);
    let most = bins.iter().map(|b| b.games).max().unwrap_or(1).max(1);
    let length_rows = bins
        .iter()
        .map(|b| {
            let width = format!("{:.1}%", b.games as f64 / most as f64 * 100.0);
            let share = percent(b.games as f64 / games.max(1) as f64);
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
        <p>
            {format!(
                "Game length in rounds: shortest {min}, median {median:.1}, mean {mean:.1}, longest {max}.",
            )}
        </p>
        {framed_table("stats-lengths-caption", "Game lengths", col_heads(&["Rounds", "Games", "Share"]), length_rows)}
    }
}

/// A table of the tournament's results under its title, in a frame that scrolls sideways on a
/// narrow screen; the title names the table and its frame (`id`).
fn framed_table(
    id: &'static str,
    title: &'static str,
    head: impl IntoView,
    rows: impl IntoView,
) -> impl IntoView {
    view! {
        <h3 class="table-title" id=id>{title}</h3>
        <div class="table-scroll" role="region" aria-labelledby=id tabindex="0">
            <table class="stats-table" aria-labelledby=id>
                <thead>
                    <tr>{head}</tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// Column headings.
fn col_heads(names: &[&'static str]) -> impl IntoView {
    names
        .iter()
        .map(|n| view! { <th scope="col">{*n}</th> })
        .collect_view()
}
