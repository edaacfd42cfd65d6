//! Movement without money, the layer under the statistics lab and the computer players:
//! the movement model ([`model::Movement`]) and the exact Markov chain of movement
//! ([`exact`]), with the counting conventions ([`Count`]), the decks ([`Decks`]) and the
//! jail strategies ([`JailStrategy`]). `stats` re-exports all of it under its old paths
//! (`stats::exact`, `stats::model`, `stats::Count`, ...); it lives here so the expert
//! computer player (in `bots`) can value lots by the chain while the lab's tournaments
//! (in `stats`) play the bots, without an import circle.

use serde::{Deserialize, Serialize};

pub mod exact;
pub mod model;

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
