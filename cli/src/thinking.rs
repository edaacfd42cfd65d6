//! The expert at a benchmark's table (`worlds tournament`, `worlds bench-expert`): an expert
//! seat that thinks with a play-out budget and, when given one, a time per decision (the
//! clock is the CLI's: the engine never reads it), and records how long each of its
//! decisions took.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;
use worlds_engine::bots::{bot, Strategy};
use worlds_engine::expert::{Budget, ExpertThinking};
use worlds_engine::game::ComputerStrategy;
use worlds_engine::{Action, Game, PlayerId};

use crate::args::ExpertArgs;
use crate::landing::{in_range, BadArgs};

/// How an expert seat thinks: its budget, and the time it may take per decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Thinking {
    pub playouts: u32,
    pub horizon: u32,
    /// Milliseconds per decision that matters; `None`: the play-out budget alone (the run
    /// repeats exactly).
    pub think_ms: Option<u64>,
}

impl Thinking {
    /// Checks `--think-ms`, `--playouts` and `--horizon`.
    pub fn of(think_ms: Option<u64>, playouts: u64, horizon: u64) -> Result<Thinking, BadArgs> {
        Ok(Thinking {
            playouts: in_range("playouts", playouts, 0, 1_000_000)? as u32,
            horizon: in_range("horizon", horizon, 1, 10_000)? as u32,
            think_ms: match think_ms {
                Some(ms) => Some(in_range("think-ms", ms, 1, 600_000)?),
                None => None,
            },
        })
    }

    pub fn from_args(a: &ExpertArgs) -> Result<Thinking, BadArgs> {
        Thinking::of(a.think_ms, a.playouts, a.horizon)
    }

    fn budget(&self) -> Budget {
        Budget {
            playouts: self.playouts,
            horizon: self.horizon,
        }
    }
}

/// One decision of an expert seat that was not forced (more than one legal action).
#[derive(Debug, Clone, Copy)]
struct Decided {
    ms: f64,
    /// Of which setting up (choosing the candidates, pricing trade offers).
    setup_ms: f64,
    /// Weighed by play-outs (a decision that matters), not taken at once.
    weighed: bool,
    playouts: u32,
}

/// Every expert seat's decisions over a run (shared by the threads).
#[derive(Debug, Clone, Default)]
pub struct Decisions(Arc<Mutex<Vec<Decided>>>);

impl Decisions {
    fn push(&self, d: Decided) {
        if let Ok(mut v) = self.0.lock() {
            v.push(d);
        }
    }

    /// The decision times: over every decision that was not forced, and over those that
    /// were weighed.
    pub fn summary(&self) -> Option<DecisionTimes> {
        let v = self.0.lock().ok()?;
        if v.is_empty() {
            return None;
        }
        let all: Vec<f64> = v.iter().map(|d| d.ms).collect();
        let weighed: Vec<&Decided> = v.iter().filter(|d| d.weighed).collect();
        let weighed_ms: Vec<f64> = weighed.iter().map(|d| d.ms).collect();
        let setup_ms: Vec<f64> = weighed.iter().map(|d| d.setup_ms).collect();
        let playouts: u64 = weighed.iter().map(|d| u64::from(d.playouts)).sum();
        Some(DecisionTimes {
            decisions: all.len() as u64,
            all: Times::of(&all),
            weighed_decisions: weighed.len() as u64,
            weighed: Times::of(&weighed_ms),
            weighed_setup: Times::of(&setup_ms),
            playouts_per_weighed: if weighed.is_empty() {
                0.0
            } else {
                playouts as f64 / weighed.len() as f64
            },
        })
    }
}

/// Medians and tails of a set of decision times, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Times {
    pub median_ms: f64,
    pub p95_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub mean_ms: f64,
}

impl Times {
    fn of(ms: &[f64]) -> Times {
        if ms.is_empty() {
            return Times {
                median_ms: 0.0,
                p95_ms: 0.0,
                p99_ms: 0.0,
                max_ms: 0.0,
                mean_ms: 0.0,
            };
        }
        let mut s = ms.to_vec();
        s.sort_by(f64::total_cmp);
        let at = |q: f64| s[((s.len() - 1) as f64 * q).round() as usize];
        Times {
            median_ms: at(0.5),
            p95_ms: at(0.95),
            p99_ms: at(0.99),
            max_ms: s[s.len() - 1],
            mean_ms: s.iter().sum::<f64>() / s.len() as f64,
        }
    }

    fn line(&self) -> String {
        format!(
            "median {:.3} ms, p95 {:.3} ms, p99 {:.3} ms, max {:.1} ms, mean {:.3} ms",
            self.median_ms, self.p95_ms, self.p99_ms, self.max_ms, self.mean_ms
        )
    }
}

/// The expert's decision times over a run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecisionTimes {
    /// Decisions that were not forced (more than one legal action).
    pub decisions: u64,
    pub all: Times,
    /// Of those, the ones weighed by play-outs.
    pub weighed_decisions: u64,
    pub weighed: Times,
    /// Of their time, setting up the candidates (before any play-out).
    pub weighed_setup: Times,
    pub playouts_per_weighed: f64,
}

impl DecisionTimes {
    /// The lines the text reports print.
    pub fn lines(&self) -> String {
        format!(
            "Expert decisions not forced: {}; time per decision: {}\n  of which weighed by play-outs: {} ({:.0} play-outs each on average): {}\n  their setting up (candidates, trade prices): {}",
            self.decisions,
            self.all.line(),
            self.weighed_decisions,
            self.playouts_per_weighed,
            self.weighed.line(),
            self.weighed_setup.line()
        )
    }
}

/// An expert seat that thinks with the budget, stops at the time per decision, and records
/// each decision that is not forced.
struct TimedExpert {
    thinking: Thinking,
    decisions: Decisions,
}

impl Strategy for TimedExpert {
    fn name(&self) -> &str {
        "expert"
    }

    fn choose(&self, game: &Game, me: PlayerId) -> Action {
        let forced = game
            .legal_actions()
            .iter()
            .filter(|a| !matches!(a, Action::Resign { .. }))
            .count()
            <= 1;
        let limit = self.thinking.think_ms.map(Duration::from_millis);
        let t0 = Instant::now();
        let mut t = ExpertThinking::with_budget(game, me, self.thinking.budget());
        let setup_ms = t0.elapsed().as_secs_f64() * 1000.0;
        let action = loop {
            // About half a millisecond of play-outs between looks at the clock.
            if let Some(a) = t.step(game, 4) {
                break a;
            }
            if limit.is_some_and(|l| t0.elapsed() >= l) {
                break t.conclude(game);
            }
        };
        if !forced {
            self.decisions.push(Decided {
                ms: t0.elapsed().as_secs_f64() * 1000.0,
                setup_ms,
                weighed: t.is_weighed(),
                playouts: t.playouts(),
            });
        }
        action
    }
}

/// Who plays a tournament's seats: the built-in computers, the expert timed.
pub fn players(
    thinking: Thinking,
    decisions: &Decisions,
) -> impl Fn(ComputerStrategy) -> Box<dyn Strategy> + Sync + '_ {
    move |s| match s {
        ComputerStrategy::Expert => Box::new(TimedExpert {
            thinking,
            decisions: decisions.clone(),
        }),
        other => bot(other),
    }
}
