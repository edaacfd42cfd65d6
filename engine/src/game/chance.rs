//! Where a game's chance comes from: its own seeded generator (the game that decides), or,
//! in a public copy ([`super::PublicGame`], a client's), only what the log revealed of the
//! action it follows: the throws' dice, the cards drawn and a ranged card's amount.
//!
//! A public copy has no generator at all, so it cannot make up a throw: asked for one the
//! log did not reveal, it notes the shortfall ([`Revealed::spent`] is then false) and the
//! copy refuses to follow ([`super::PublicError::Unrevealed`]).

use std::collections::VecDeque;

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::cards::{Amount, CardEffect, DeckKind};
use crate::event::{Dice, Event, LogEntry};

/// A game's source of chance.
// The generator is the larger variant and the common one (every real game, every play-out's
// copy): kept inline as it always was, so cloning a game allocates nothing more for it.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Chance {
    /// The game's own generator: the dice to come, the amounts of ranged cards, and (at the
    /// start) the order of the decks.
    Seeded(ChaCha8Rng),
    /// A public copy's: what the log revealed of the action being followed, nothing more.
    Revealed(Revealed),
}

/// Written as the generator (`"rng"`, as every saved game has it); a public copy, which has
/// none, as `null`.
impl Serialize for Chance {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Chance::Seeded(rng) => rng.serialize(s),
            Chance::Revealed(_) => s.serialize_none(),
        }
    }
}

impl<'de> Deserialize<'de> for Chance {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Chance, D::Error> {
        Ok(match Option::<ChaCha8Rng>::deserialize(d)? {
            Some(rng) => Chance::Seeded(rng),
            None => Chance::Revealed(Revealed::default()),
        })
    }
}

/// A card the log showed drawn: its deck, its index in the deck and, for a ranged card, the
/// amount (or move) drawn for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RevealedCard {
    deck: DeckKind,
    index: usize,
    amount: Option<i64>,
}

/// What the log entries of one action revealed, taken in the order the action asks for it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Revealed {
    dice: VecDeque<Dice>,
    cards: VecDeque<RevealedCard>,
    /// The amount of the card last taken.
    amount: Option<i64>,
    /// Something was asked for that the log did not reveal, or revealed otherwise.
    short: bool,
}

impl Revealed {
    /// The dice and cards `entries` show.
    pub(crate) fn of(entries: &[LogEntry]) -> Revealed {
        let mut r = Revealed::default();
        for e in entries {
            match &e.event {
                Event::Rolled { dice, .. } => r.dice.push_back(*dice),
                Event::CardDrawn {
                    deck,
                    number,
                    amount,
                } => r.cards.push_back(RevealedCard {
                    deck: *deck,
                    // Numbers are 1-based; 0 matches no card and shows as a shortfall.
                    index: number.wrapping_sub(1),
                    amount: *amount,
                }),
                _ => {}
            }
        }
        r
    }

    /// Something was asked for that the log did not reveal.
    pub(crate) fn short(&self) -> bool {
        self.short
    }

    /// Everything revealed was used, and nothing else was asked for.
    pub(crate) fn spent(&self) -> bool {
        !self.short && self.dice.is_empty() && self.cards.is_empty()
    }
}

impl Chance {
    /// One throw of `count` dice of `sides` faces.
    pub(crate) fn throw(&mut self, count: u8, sides: u8) -> Dice {
        match self {
            Chance::Seeded(rng) => {
                let mut dice = Dice::default();
                for _ in 0..count {
                    dice.push(rng.random_range(1..=sides));
                }
                dice
            }
            Chance::Revealed(r) => match r.dice.pop_front() {
                Some(d)
                    if d.len() == usize::from(count) && d.iter().all(|&f| f >= 1 && f <= sides) =>
                {
                    d
                }
                _ => {
                    // Not revealed: ones stand in (a legal throw), and the copy will not follow.
                    r.short = true;
                    let mut dice = Dice::default();
                    for _ in 0..count {
                        dice.push(1);
                    }
                    dice
                }
            },
        }
    }

    /// The next card of deck `kind` (its index in the deck), taken out of `deck`: the top
    /// card with a generator; the card the log revealed without one. `None` for an empty
    /// deck.
    pub(crate) fn take_card(
        &mut self,
        kind: DeckKind,
        deck: &mut VecDeque<usize>,
    ) -> Option<usize> {
        match self {
            Chance::Seeded(_) => deck.pop_front(),
            Chance::Revealed(r) => {
                if deck.is_empty() {
                    return None;
                }
                let at = r
                    .cards
                    .pop_front()
                    .filter(|c| c.deck == kind)
                    .and_then(|c| Some((deck.iter().position(|&i| i == c.index)?, c.amount)));
                match at {
                    Some((at, amount)) => {
                        r.amount = amount;
                        deck.remove(at)
                    }
                    None => {
                        r.short = true;
                        None
                    }
                }
            }
        }
    }

    /// The amount (or move) of the card just taken when it is a range ("collect between $20
    /// and $200"); `None` for a card of fixed amounts. Drawn from the generator, or read from
    /// what the log revealed.
    pub(crate) fn card_amount<S>(&mut self, effect: &CardEffect<S>) -> Option<i64> {
        let ranged = match effect {
            CardEffect::MoveBy { steps } => steps.is_range().then_some(Range::Steps(*steps)),
            CardEffect::Collect { amount }
            | CardEffect::Pay { amount }
            | CardEffect::PayEachPlayer { amount }
            | CardEffect::CollectFromEachPlayer { amount } => {
                amount.is_range().then_some(Range::Money(*amount))
            }
            _ => None,
        };
        match self {
            Chance::Seeded(rng) => ranged.map(|r| match r {
                // Each drawn as its own type, as games always drew them (same numbers).
                Range::Steps(s) => i64::from(s.draw(rng)),
                Range::Money(m) => m.draw(rng),
            }),
            Chance::Revealed(r) => {
                let shown = r.amount.take();
                match (ranged, shown) {
                    (None, None) => None,
                    (Some(range), Some(v)) if range.holds(v) => Some(v),
                    (Some(range), _) => {
                        r.short = true;
                        Some(range.low())
                    }
                    (None, Some(_)) => {
                        r.short = true;
                        None
                    }
                }
            }
        }
    }
}

/// A ranged card's amount or move.
#[derive(Clone, Copy)]
enum Range {
    Steps(Amount<i32>),
    Money(Amount<i64>),
}

impl Range {
    fn low(self) -> i64 {
        match self {
            Range::Steps(s) => i64::from(s.low()),
            Range::Money(m) => m.low(),
        }
    }

    fn holds(self, v: i64) -> bool {
        match self {
            Range::Steps(s) => (i64::from(s.low())..=i64::from(s.high())).contains(&v),
            Range::Money(m) => (m.low()..=m.high()).contains(&v),
        }
    }
}
