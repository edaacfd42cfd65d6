//! The statistics lab (PRODUCT.md section 4): where tokens go, what lots earn, who wins.
//!
//! - [`simulate`]: Monte Carlo movement ([`Simulation`]): N games x T turns x P players,
//!   seeded, counted under the three conventions of [`Count`].
//! - [`exact`]: the exact long-run distribution from the Markov chain of movement
//!   ([`solve`]), cards drawn at random.
//! - [`payback`]: per lot and color group, expected rent per opponent turn at each building
//!   level and the turns it takes to pay back the price and the buildings.
//! - [`tournament`]: many full games between computer strategies ([`Tournament`]).
//! - [`trace`]: a step-by-step account of movement with dice typed in by the user.
//!
//! Movement is a dedicated model ([`model::Movement`]) built from a
//! [`Board`](crate::board::Board) and a [`RuleSet`](crate::rules::RuleSet); it mirrors the movement rules of the game (dice, doubles, the extra roll on
//! a die's highest face, jail, Go To Jail squares, the moving parts of cards and Jokers)
//! without money. Two simplifications, stated here because they change nothing else:
//! a Get Out of Jail Free card does not move the token and goes straight back to its deck
//! (held cards are not modelled), and a jailed player never uses one.
//!
//! Everything here is plain Rust with no clock and no OS randomness, so it runs in the
//! browser in chunks ([`Simulation::step`], [`Tournament::run_chunk`]).

pub mod exact;
pub mod model;
pub mod payback;
pub mod simulate;
pub mod tournament;
pub mod trace;

use serde::{Deserialize, Serialize};

pub use exact::{solve, ExactReport, ExactSquare};
pub use model::Movement;
pub use payback::{payback, PaybackReport};
pub use simulate::{LandingReport, Simulation, SimulationConfig};
pub use tournament::{Tournament, TournamentConfig, TournamentReport};
pub use trace::trace;

/// What is counted on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Count {
    /// Every square a token stops on: a card or Joker square is counted before it moves the
    /// token, and the destination is counted too. Being sent to jail (Go To Jail square, a
    /// card, too many doubles) counts once for Jail (in jail) and never for Go To Jail; each
    /// later turn that starts and ends in jail counts once more for Jail, as does each turn
    /// spent waiting on a Joker for the square waited on. A square reached by a roll of the
    /// highest face that rolls again (Campus) is passed, not stopped on.
    Landings,
    /// Where the token rests after each roll, cards and Jokers resolved.
    Rolls,
    /// Where the token rests at the end of each turn.
    Turns,
}

/// How cards are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decks {
    /// A real deck: shuffled, drawn from the top, reshuffled when used up.
    Shuffled,
    /// Each draw is any card of the deck with equal chance.
    Random,
}

/// What a jailed player does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JailStrategy {
    /// Roll to get out as long as the rules allow (classic: leave on the third turn).
    Stay,
    /// Pay the fine at once, before rolling; where the rules have no fine, roll as `stay`.
    Leave,
}

macro_rules! named {
    ($t:ty, $what:literal, $($v:ident = $s:literal),+) => {
        impl $t {
            /// The name used on the command line and in JSON.
            pub fn name(self) -> &'static str {
                match self {
                    $(Self::$v => $s,)+
                }
            }
            /// Every value, in order.
            pub const ALL: &'static [$t] = &[$(Self::$v),+];
        }
        impl std::str::FromStr for $t {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                match s {
                    $($s => Ok(Self::$v),)+
                    _ => Err(format!(
                        "unknown {} '{}': use {}",
                        $what,
                        s,
                        [$($s),+].join(" or ")
                    )),
                }
            }
        }
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

named!(
    Count,
    "count",
    Landings = "landings",
    Rolls = "rolls",
    Turns = "turns"
);
named!(Decks, "decks", Shuffled = "shuffled", Random = "random");
named!(
    JailStrategy,
    "jail strategy",
    Stay = "stay",
    Leave = "leave"
);

impl Count {
    /// The convention in words, as the lab states it on screen and in reports.
    pub fn description(self) -> &'static str {
        match self {
            Count::Landings => {
                "every square a token stops on; a card square is counted before its card moves \
                 the token, and the destination too; being sent to jail counts once for Jail \
                 (never for Go To Jail) and each later turn spent in jail once more"
            }
            Count::Rolls => "where the token rests after each roll, cards resolved",
            Count::Turns => "where the token rests at the end of each turn",
        }
    }
}
