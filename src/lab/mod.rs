//! The statistics lab (docs/PRODUCT.md section 4): where tokens land on a board (simulated and
//! exact), what each lot earns, which computer strategy wins, and a step-by-step trace of
//! typed dice. Every figure comes from `worlds_engine::stats`; this screen only asks for it
//! in slices so the page stays responsive, and shows it.

pub mod app;
pub mod interval;
mod landing;
mod payback;
mod tournament;
pub mod trace;

use leptos::prelude::*;

use worlds_engine::stats::exact::{Chain, ChainSolver};
use worlds_engine::stats::payback::payback_from;
use worlds_engine::stats::{
    Count, Decks, JailStrategy, LandingReport, PaybackReport, Simulation, SimulationConfig,
};
use worlds_engine::{Board, BoardDef};

use crate::common::context::{Navigator, Screen, Shared};
use crate::common::error::AppError;

use crate::common::boards::BoardChoice;
use crate::common::slices::{next_batch, now_ms, yield_now};
use interval::Spread;
use landing::LandingResults;
use payback::PaybackTables;
use tournament::TournamentPanel;
use trace::TracePanel;

/// A board the lab can study.
#[derive(Clone)]
pub struct LabBoard {
    /// Which board (results remember the board they belong to).
    pub id: BoardChoice,
    pub label: String,
    pub board: Board,
}

/// The board being edited (if any), then the presets, then the user's playable worlds;
/// with what went wrong while gathering them.
fn board_choices(editing: Option<BoardDef>, in_game: bool) -> (Vec<LabBoard>, Vec<String>) {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    if let Some(def) = editing {
        let name = def.name.clone();
        match Board::from_def(def) {
            Ok(board) => out.push(LabBoard {
                id: BoardChoice::Editing,
                label: if in_game {
                    format!("{name} (this game)")
                } else {
                    format!("{name} (being edited)")
                },
                board,
            }),
            Err(errors) => {
                let list: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
                problems.push(format!(
                    "The board being edited, {name}, cannot be studied yet: {}",
                    list.join("; ")
                ));
            }
        }
    }
    let (list, problem) = crate::common::boards::offered_boards();
    out.extend(list.into_iter().map(|c| LabBoard {
        label: if c.choice.is_preset() {
            format!("{} (preset)", c.name)
        } else {
            format!("{} (your world)", c.name)
        },
        id: c.choice,
        board: c.board,
    }));
    problems.extend(problem);
    (out, problems)
}

/// What is running now, for the progress bar.
#[derive(Clone, Debug, PartialEq)]
pub struct Running {
    /// "Simulating", "Solving the exact chain", "Playing the tournament".
    pub what: &'static str,
    /// Done and total in `unit`s; no total: the bar shows activity only.
    pub done: u64,
    pub total: Option<u64>,
    pub unit: &'static str,
}

/// A simulation that ran (to the end, or until cancelled).
#[derive(Clone, Debug, PartialEq)]
pub struct SimOutcome {
    pub board_id: BoardChoice,
    /// What was asked for (a cancelled run played fewer games).
    pub config: SimulationConfig,
    /// The result under each convention, in the order of `Count::ALL` (all three are
    /// tallied in one run, so the counting option can change afterwards).
    pub reports: Vec<LandingReport>,
    /// Game-by-game sums, for the 95% intervals.
    pub spread: Spread,
    /// Time spent simulating (the slices only), and from the click to the end.
    pub compute_ms: f64,
    pub wall_ms: f64,
    pub complete: bool,
}

impl SimOutcome {
    /// The result under `count`.
    pub fn report(&self, count: Count) -> &LandingReport {
        let i = Count::ALL.iter().position(|&c| c == count).unwrap_or(0);
        &self.reports[i]
    }

    /// Whether these figures are of the distribution the options describe: the same board,
    /// decks and jail strategy (any counting convention: all three were tallied).
    pub fn fits(&self, board_id: &BoardChoice, decks: Decks, jail: JailStrategy) -> bool {
        self.board_id == *board_id && self.config.decks == decks && self.config.jail == jail
    }
}

/// The exact chain of one board under one jail strategy, and what follows from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    pub board_id: BoardChoice,
    pub jail: JailStrategy,
    pub chain: Chain,
    pub payback: PaybackReport,
    pub elapsed_ms: f64,
}

/// The lab's shared state, handed to its parts through context.
#[derive(Clone, Copy)]
pub struct Lab {
    choices: StoredValue<Vec<LabBoard>>,
    pub chosen: RwSignal<usize>,
    pub seed: RwSignal<String>,
    pub jail: RwSignal<JailStrategy>,
    /// The counting convention and card decks chosen: results shown follow them.
    pub count: RwSignal<Count>,
    pub decks: RwSignal<Decks>,
    pub running: RwSignal<Option<Running>>,
    /// Bumped to start or cancel a run; a run stops as soon as it no longer matches.
    run_id: RwSignal<u64>,
    pub problem: RwSignal<Option<AppError>>,
    pub sim: RwSignal<Option<SimOutcome>>,
    pub chain: RwSignal<Option<Solved>>,
}

impl Lab {
    /// The chosen board (tracked).
    pub fn board(&self) -> LabBoard {
        let i = self.chosen.get();
        self.choices
            .with_value(|c| c[i.min(c.len().saturating_sub(1))].clone())
    }

    pub fn board_untracked(&self) -> LabBoard {
        let i = self.chosen.get_untracked();
        self.choices
            .with_value(|c| c[i.min(c.len().saturating_sub(1))].clone())
    }

    /// Marks a new run as started and returns its id.
    pub fn start(&self, running: Running) -> u64 {
        self.problem.set(None);
        self.run_id.update(|id| *id += 1);
        self.running.set(Some(running));
        self.run_id.get_untracked()
    }

    /// Whether run `id` should go on (false once cancelled, superseded or the screen is gone).
    pub fn is_current(&self, id: u64) -> bool {
        self.run_id.try_get_untracked() == Some(id)
    }

    /// Updates the progress of run `id`.
    pub fn progress(&self, id: u64, done: u64) {
        if self.is_current(id) {
            self.running.update(|r| {
                if let Some(r) = r {
                    r.done = done;
                }
            });
        }
    }

    /// Updates the progress of run `id` whose total grows as it goes.
    pub fn progress_of(&self, id: u64, done: u64, total: u64) {
        if self.is_current(id) {
            self.running.update(|r| {
                if let Some(r) = r {
                    r.done = done;
                    r.total = Some(total);
                }
            });
        }
    }

    pub fn finish(&self, id: u64) {
        if self.is_current(id) {
            self.running.set(None);
        }
    }

    pub fn cancel(&self) {
        self.run_id.update(|id| *id += 1);
        self.running.set(None);
    }

    pub fn seed_value(&self) -> Result<u64, FieldError> {
        worlds_models::fields::seed(&self.seed.get_untracked())
    }

    /// The solved chain for the chosen board and jail strategy, if it is at hand.
    pub fn chain_for(&self, board_id: &BoardChoice, jail: JailStrategy) -> Option<Solved> {
        self.chain
            .get()
            .filter(|s| s.board_id == *board_id && s.jail == jail)
    }
}

use worlds_models::fields::{whole, FieldError};

/// Solves the exact chain of the chosen board under `jail` as run `id`, a few states per
/// slice.
async fn solve(lab: Lab, id: u64, board: LabBoard, jail: JailStrategy) {
    if lab.is_current(id) {
        lab.running.set(Some(Running {
            what: "Solving the exact chain",
            done: 0,
            total: Some(1),
            unit: "states explored",
        }));
    }
    let rules = board.board.rules().clone();
    let mut solver = ChainSolver::new(&board.board, &rules, jail);
    let mut batch = 1u64;
    let mut elapsed_ms = 0.0;
    loop {
        yield_now().await;
        if !lab.is_current(id) {
            return;
        }
        let t0 = now_ms();
        let step = solver.step(usize::try_from(batch).unwrap_or(usize::MAX));
        let slice = now_ms() - t0;
        elapsed_ms += slice;
        batch = next_batch(batch, slice);
        match step {
            Ok(false) => lab.progress_of(id, solver.explored() as u64, solver.known() as u64),
            Ok(true) => break,
            Err(e) => {
                if lab.is_current(id) {
                    lab.problem.set(Some(AppError::ChainNotSolved(e)));
                }
                return;
            }
        }
    }
    let t0 = now_ms();
    let solved = solver.finish().map(|chain| {
        let payback = payback_from(&board.board, &rules, &chain);
        (chain, payback)
    });
    elapsed_ms += now_ms() - t0;
    if !lab.is_current(id) {
        return;
    }
    match solved {
        Ok((chain, payback)) => lab.chain.set(Some(Solved {
            board_id: board.id,
            jail,
            chain,
            payback,
            elapsed_ms,
        })),
        Err(e) => lab.problem.set(Some(AppError::ChainNotSolved(e))),
    }
}

/// Runs the simulation in slices as run `id`, then solves the chain if it is not at hand.
async fn simulate(lab: Lab, id: u64, board: LabBoard, config: SimulationConfig) {
    let started = now_ms();
    let jail = config.jail;
    let mut sim = Simulation::new(&board.board, board.board.rules(), config.clone());
    let mut spread = Spread::new(board.board.jail());
    let mut batch = 1u64;
    let mut compute_ms = 0.0;
    let mut complete = true;
    loop {
        let t0 = now_ms();
        // One game at a time, so the spread sees each game's counts.
        for _ in 0..batch {
            if sim.is_done() {
                break;
            }
            sim.step(1);
            spread.add_game(sim.tallies());
        }
        let progress = sim.progress();
        let slice = now_ms() - t0;
        compute_ms += slice;
        batch = next_batch(batch, slice);
        lab.progress(id, progress.done);
        if sim.is_done() {
            break;
        }
        yield_now().await;
        if !lab.is_current(id) {
            complete = false;
            break;
        }
    }
    let outcome = SimOutcome {
        board_id: board.id.clone(),
        config,
        reports: Count::ALL.iter().map(|&c| sim.report(c)).collect(),
        spread,
        compute_ms,
        wall_ms: now_ms() - started,
        complete,
    };
    // A cancelled run still shows what it counted, marked as partial (unless a newer run
    // has started since).
    let superseded = !complete && lab.running.try_get_untracked() != Some(None);
    if superseded || lab.sim.try_set(Some(outcome)).is_some() {
        return;
    }
    if complete && lab.is_current(id) {
        let have = lab
            .chain
            .get_untracked()
            .is_some_and(|s| s.board_id == board.id && s.jail == jail);
        if !have {
            solve(lab, id, board, jail).await;
        }
    }
    lab.finish(id);
}

fn count_sentence(count: Count) -> &'static str {
    match count {
        Count::Landings => {
            "Landings: every square a token stops on. A card square counts before its card \
             moves the token, and the destination counts too; being sent to jail counts once \
             for Jail (never for Go To Jail), and each later turn spent in jail once more."
        }
        Count::Rolls => {
            "Rolls: where the token rests after each roll of the dice, cards resolved. A turn \
             with doubles counts more than once."
        }
        Count::Turns => "Turns: where the token rests at the end of each turn, one count per turn.",
    }
}

fn decks_sentence(decks: Decks) -> &'static str {
    match decks {
        Decks::Shuffled => {
            "Shuffled: each deck is shuffled, drawn from the top and reshuffled when used up."
        }
        Decks::Random => "Random: every draw is any card of the deck with equal chance.",
    }
}

fn jail_sentence(jail: JailStrategy) -> &'static str {
    match jail {
        JailStrategy::Stay => {
            "Stay: a jailed player rolls for doubles as long as the rules allow, then pays."
        }
        JailStrategy::Leave => {
            "Leave: a jailed player pays the fine at once and rolls (where there is no fine, \
             as stay)."
        }
    }
}

/// The lab's screen: the board and options, the run buttons and progress, then the
/// results (landings, payback, tournament, trace). Its parts share the [`Lab`] context.
#[component]
pub fn Statistics() -> impl IntoView {
    let nav = expect_context::<Navigator>();
    let shared = use_context::<Shared>().unwrap_or_default();
    let editing = shared.lab_board.get_untracked();
    let in_game = shared.lab_back.get_untracked() == Screen::Play;
    let (choices, board_problems) = board_choices(editing, in_game);
    let lab = Lab {
        choices: StoredValue::new(choices),
        chosen: RwSignal::new(0),
        seed: RwSignal::new("1".to_string()),
        jail: RwSignal::new(JailStrategy::Stay),
        count: RwSignal::new(Count::Landings),
        decks: RwSignal::new(Decks::Shuffled),
        running: RwSignal::new(None),
        run_id: RwSignal::new(0),
        problem: RwSignal::new(None),
        sim: RwSignal::new(None),
        chain: RwSignal::new(None),
    };
    provide_context(lab);
    let fields = SimFields {
        games: RwSignal::new("1000".to_string()),
        turns: RwSignal::new("150".to_string()),
        players: RwSignal::new("2".to_string()),
    };

    let back = move |_| {
        lab.cancel();
        let to = shared.lab_back.get_untracked();
        // The editor sets both each time it opens the lab; the menu's entry opens it plain.
        shared.lab_board.set(None);
        shared.lab_back.set(Screen::Menu);
        nav.go(to);
    };

    view! {
        <section class="screen stats" aria-labelledby="stats-title">
            <div class="panel stats-head">
                <h1 id="stats-title">"Statistics lab"</h1>
                <button type="button" class="small-button" on:click=back>"Back"</button>
            </div>
            <div class="panel stats-options">
                <BoardChoice problems=board_problems />
                <h2>"Landing frequencies"</h2>
                <SimulationNumbers fields=fields />
                <CountChoice />
                <DecksAndJail />
                <RunButtons fields=fields />
                <ProgressLine />
                {move || lab.problem.get().map(|p| view! { <p class="problem" role="alert">{p.to_string()}</p> })}
            </div>
            <LandingResults />
            {move || {
                let b = lab.board();
                lab.chain_for(&b.id, lab.jail.get())
                    .map(|s| view! { <PaybackTables solved=s board=b.board /> })
            }}
            <TournamentPanel />
            <TracePanel />
        </section>
    }
}

/// The simulation's number fields as typed (checked when the simulation starts).
#[derive(Clone, Copy)]
struct SimFields {
    games: RwSignal<String>,
    turns: RwSignal<String>,
    players: RwSignal<String>,
}

impl SimFields {
    /// The simulation the fields and the lab's options ask for, or what is wrong with them.
    fn config(&self, lab: Lab) -> Result<SimulationConfig, FieldError> {
        Ok(SimulationConfig {
            games: whole("Games", &self.games.get_untracked(), 1, 1_000_000)?,
            turns: whole("Turns per game", &self.turns.get_untracked(), 1, 10_000)? as u32,
            players: whole("Players", &self.players.get_untracked(), 1, 8)? as u32,
            seed: lab.seed_value()?,
            count: lab.count.get_untracked(),
            decks: lab.decks.get_untracked(),
            jail: lab.jail.get_untracked(),
        })
    }
}

/// The board to study (with why a board could not be offered), and its size and dice.
#[component]
fn BoardChoice(problems: Vec<String>) -> impl IntoView {
    let lab = expect_context::<Lab>();
    let busy = move || lab.running.with(Option::is_some);
    let board_options = lab.choices.with_value(|c| {
        c.iter()
            .enumerate()
            .map(|(i, b)| view! { <option value=i.to_string()>{b.label.clone()}</option> })
            .collect_view()
    });
    let problems = problems
        .into_iter()
        .map(|p| view! { <p class="problem" role="alert">{p}</p> })
        .collect_view();
    view! {
        {problems}
        <label>
            "Board"
            <select
                prop:value=move || lab.chosen.get().to_string()
                disabled=busy
                on:change=move |ev| {
                    if let Ok(i) = event_target_value(&ev).parse::<usize>() {
                        lab.chosen.set(i);
                        lab.sim.set(None);
                        lab.chain.set(None);
                        lab.problem.set(None);
                    }
                }
            >
                {board_options}
            </select>
        </label>
        <p class="hint">
            {move || {
                let b = lab.board().board;
                let r = b.rules();
                format!(
                    "{} squares, {} {} with {} faces, {} to {} players.",
                    b.len(),
                    r.dice_count,
                    if r.dice_count == 1 { "die" } else { "dice" },
                    r.dice_sides,
                    r.min_players,
                    r.max_players,
                )
            }}
        </p>
    }
}

/// Games, turns per game, players and the seed (the seed is shared with the tournament
/// and the trace).
/// A number field kept as typed (so a refusal can quote what was typed), read when a run
/// starts ([`whole`]).
fn typed_number(
    label: &'static str,
    min: &'static str,
    max: Option<&'static str>,
    value: RwSignal<String>,
) -> impl IntoView {
    view! {
        <label>
            {label}
            <input type="number" min=min max=max inputmode="numeric"
                prop:value=move || value.get()
                on:input=move |ev| value.set(event_target_value(&ev)) />
        </label>
    }
}

#[component]
fn SimulationNumbers(fields: SimFields) -> impl IntoView {
    let lab = expect_context::<Lab>();
    let SimFields {
        games,
        turns,
        players,
    } = fields;
    view! {
        <div class="stats-numbers">
            {typed_number("Games", "1", Some("1000000"), games)}
            {typed_number("Turns per game", "1", Some("10000"), turns)}
            {typed_number("Players", "1", Some("8"), players)}
            {typed_number("Seed", "0", None, lab.seed)}
        </div>
    }
}

/// The counting convention: one radio button per convention, each described.
#[component]
fn CountChoice() -> impl IntoView {
    let count = expect_context::<Lab>().count;
    let radio = move |c: Count| {
        let id = format!("stats-count-{}", c.name());
        let desc = format!("{id}-desc");
        view! {
            <div class="stats-radio">
                <input
                    type="radio"
                    id=id.clone()
                    name="stats-count"
                    value=c.name()
                    aria-describedby=desc.clone()
                    prop:checked=move || count.get() == c
                    on:change=move |_| count.set(c)
                />
                <label for=id class="check">{c.name()}</label>
                <p id=desc class="hint">{count_sentence(c)}</p>
            </div>
        }
    };
    view! {
        <fieldset class="stats-count">
            <legend>"Counting convention"</legend>
            {Count::ALL.iter().map(|&c| radio(c)).collect_view()}
        </fieldset>
    }
}

/// The card decks and the jail strategy, each with the sentence that describes it.
#[component]
fn DecksAndJail() -> impl IntoView {
    let lab = expect_context::<Lab>();
    let decks = lab.decks;
    view! {
        <div class="stats-numbers">
            <label>
                "Card decks"
                <select
                    aria-describedby="stats-decks-desc"
                    prop:value=move || decks.get().name()
                    on:change=move |ev| {
                        if let Ok(d) = event_target_value(&ev).parse() {
                            decks.set(d);
                        }
                    }
                >
                    {Decks::ALL
                        .iter()
                        .map(|d| view! { <option value=d.name()>{d.name()}</option> })
                        .collect_view()}
                </select>
            </label>
            <label>
                "Jail strategy"
                <select
                    aria-describedby="stats-jail-desc"
                    prop:value=move || lab.jail.get().name()
                    on:change=move |ev| {
                        if let Ok(j) = event_target_value(&ev).parse() {
                            lab.jail.set(j);
                        }
                    }
                >
                    {JailStrategy::ALL
                        .iter()
                        .map(|j| view! { <option value=j.name()>{j.name()}</option> })
                        .collect_view()}
                </select>
            </label>
        </div>
        <p id="stats-decks-desc" class="hint">{move || decks_sentence(decks.get())}</p>
        <p id="stats-jail-desc" class="hint">{move || jail_sentence(lab.jail.get())}</p>
    }
}

/// Run simulation, Solve exactly and Cancel: each starts (or stops) a run of the lab.
#[component]
fn RunButtons(fields: SimFields) -> impl IntoView {
    let lab = expect_context::<Lab>();
    let busy = move || lab.running.with(Option::is_some);
    let run_simulation = move |_| match fields.config(lab) {
        Err(e) => lab.problem.set(Some(e.into())),
        Ok(config) => {
            let id = lab.start(Running {
                what: "Simulating",
                done: 0,
                total: Some(config.games),
                unit: "games",
            });
            let board = lab.board_untracked();
            leptos::task::spawn_local(simulate(lab, id, board, config));
        }
    };
    let solve_exactly = move |_| {
        let id = lab.start(Running {
            what: "Solving the exact chain",
            done: 0,
            total: None,
            unit: "",
        });
        let board = lab.board_untracked();
        let jail = lab.jail.get_untracked();
        leptos::task::spawn_local(async move {
            solve(lab, id, board, jail).await;
            lab.finish(id);
        });
    };
    view! {
        <div class="button-row">
            <button type="button" class="action primary" disabled=busy on:click=run_simulation>
                "Run simulation"
            </button>
            <button type="button" class="action" disabled=busy on:click=solve_exactly>
                "Solve exactly"
            </button>
            <button type="button" class="action danger" disabled=move || !busy() on:click=move |_| lab.cancel()>
                "Cancel"
            </button>
        </div>
    }
}

/// The progress bar and its words, announced politely to screen readers.
#[component]
fn ProgressLine() -> impl IntoView {
    let lab = expect_context::<Lab>();
    view! {
        <div class="stats-progress" aria-live="polite">
            {move || {
                lab.running
                    .get()
                    .map(|r| {
                        let words = match r.total {
                            Some(t) => format!("{}: {} of {} {}", r.what, r.done, t, r.unit),
                            None => format!("{}…", r.what),
                        };
                        let bar = match r.total {
                            Some(t) => {
                                view! {
                                    <progress aria-label=r.what max=t.max(1).to_string() value=r.done.to_string()></progress>
                                }
                                    .into_any()
                            }
                            None => view! { <progress aria-label=r.what></progress> }.into_any(),
                        };
                        view! {
                            {bar}
                            <span>{words}</span>
                        }
                    })
            }}
        </div>
    }
}

/// `1234567` as `1,234,567`.
pub fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A share as a percentage with three decimals.
pub fn percent(f: f64) -> String {
    format!("{:.3}%", f * 100.0)
}

/// "1 game", "1,000 games": a count with its noun, grouped in thousands.
pub fn counted(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{} {many}", grouped(n))
    }
}
