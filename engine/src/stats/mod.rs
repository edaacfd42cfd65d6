//! The statistics lab (docs/PRODUCT.md section 4): where tokens go, what lots earn, who wins.
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

pub mod payback;
pub mod simulate;
pub mod tournament;
pub mod trace;

pub use crate::movement::{exact, model, Count, Decks, JailStrategy};
pub use exact::{solve, ExactReport, ExactSquare};
pub use model::Movement;
pub use payback::{payback, PaybackReport};
pub use simulate::{LandingReport, Simulation, SimulationConfig};
pub use tournament::{Tournament, TournamentConfig, TournamentError, TournamentReport};
pub use trace::trace;
