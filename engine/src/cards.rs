//! Chance and Community Chest cards as data.
//!
//! A card is its text and its effect. Texts may contain `{c}`, replaced by the board's
//! currency symbol when shown, so a board with its own currency gets its own card texts.

use crate::tagged::TaggedDeserialize;
use serde::{Deserialize, Serialize};

/// A square named by its index or by its name (as the editor and scenario files write it).
/// Written as serde's untagged enum (a number or a string); read by hand, without serde's
/// untagged buffering (see [`crate::tagged`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum SquareRef {
    Index(usize),
    Name(String),
}

impl<'de> Deserialize<'de> for SquareRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(SquareRefVisitor)
    }
}

struct SquareRefVisitor;

impl serde::de::Visitor<'_> for SquareRefVisitor {
    type Value = SquareRef;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a square's index or name")
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<SquareRef, E> {
        usize::try_from(v)
            .map(SquareRef::Index)
            .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<SquareRef, E> {
        usize::try_from(v)
            .map(SquareRef::Index)
            .map_err(|_| E::invalid_value(serde::de::Unexpected::Signed(v), &self))
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<SquareRef, E> {
        Ok(SquareRef::Name(v.to_owned()))
    }
}

impl std::fmt::Display for SquareRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SquareRef::Index(i) => write!(f, "square {i}"),
            SquareRef::Name(n) => write!(f, "\"{n}\""),
        }
    }
}

/// A card's amount of money or its move: a fixed number, or a range drawn when the card is
/// applied, every whole number from `from` to `to` equally likely, from the game's seeded
/// generator ("collect between $20 and $200"). Written as a number, or as
/// `{"from": 20, "to": 200}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Amount<T> {
    Fixed(T),
    Between { from: T, to: T },
}

impl<T: Copy + Ord> Amount<T> {
    /// The smallest value it can take.
    pub fn low(self) -> T {
        match self {
            Amount::Fixed(v) => v,
            Amount::Between { from, to } => from.min(to),
        }
    }

    /// The largest value it can take.
    pub fn high(self) -> T {
        match self {
            Amount::Fixed(v) => v,
            Amount::Between { from, to } => from.max(to),
        }
    }

    /// A range of more than one value.
    pub fn is_range(self) -> bool {
        self.low() != self.high()
    }
}

impl<T: Copy + Ord + rand::distr::uniform::SampleUniform> Amount<T> {
    /// The value it takes this time: the fixed number, or one drawn from the range.
    pub fn draw<R: rand::Rng + ?Sized>(self, rng: &mut R) -> T {
        if self.is_range() {
            rng.random_range(self.low()..=self.high())
        } else {
            self.low()
        }
    }
}

impl<T> From<T> for Amount<T> {
    fn from(v: T) -> Self {
        Amount::Fixed(v)
    }
}

impl<T: Serialize> Serialize for Amount<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        match self {
            Amount::Fixed(v) => v.serialize(s),
            Amount::Between { from, to } => {
                let mut st = s.serialize_struct("Between", 2)?;
                st.serialize_field("from", from)?;
                st.serialize_field("to", to)?;
                st.end()
            }
        }
    }
}

impl<'de, T: Deserialize<'de> + TryFrom<i64> + TryFrom<u64>> Deserialize<'de> for Amount<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(AmountVisitor(std::marker::PhantomData))
    }
}

struct AmountVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de> + TryFrom<i64> + TryFrom<u64>> serde::de::Visitor<'de>
    for AmountVisitor<T>
{
    type Value = Amount<T>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a whole number, or a range {\"from\": N, \"to\": M}")
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Amount<T>, E> {
        T::try_from(v)
            .map(Amount::Fixed)
            .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Amount<T>, E> {
        T::try_from(v)
            .map(Amount::Fixed)
            .map_err(|_| E::invalid_value(serde::de::Unexpected::Signed(v), &self))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Amount<T>, A::Error> {
        use serde::de::Error;
        let (mut from, mut to) = (None, None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "from" if from.is_none() => from = Some(map.next_value::<T>()?),
                "to" if to.is_none() => to = Some(map.next_value::<T>()?),
                "from" | "to" => return Err(A::Error::duplicate_field("from or to")),
                other => return Err(A::Error::unknown_field(other, &["from", "to"])),
            }
        }
        match (from, to) {
            (Some(from), Some(to)) => Ok(Amount::Between { from, to }),
            (None, _) => Err(A::Error::missing_field("from")),
            (_, None) => Err(A::Error::missing_field("to")),
        }
    }
}

/// What a card does. Generic over how squares are named: `SquareRef` in a definition,
/// `usize` once the board has resolved it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TaggedDeserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum CardEffect<S = SquareRef> {
    /// Move forward to a square, collecting the salary when passing the start.
    AdvanceTo {
        square: S,
    },
    /// Move forward to the nearest railroad; an owner is paid `rent_multiplier` x the rent.
    AdvanceToNearestRailroad {
        rent_multiplier: i64,
    },
    /// Move forward to the nearest utility; an owner is paid a fresh throw of the dice x
    /// `dice_multiplier`.
    AdvanceToNearestUtility {
        dice_multiplier: i64,
    },
    /// Move by `steps` squares (negative: backwards, no salary).
    MoveBy {
        steps: Amount<i32>,
    },
    GoToJail,
    /// The bank pays the player.
    Collect {
        amount: Amount<i64>,
    },
    /// The player pays the bank (or the Free Parking jackpot when that house rule is on).
    Pay {
        amount: Amount<i64>,
    },
    /// Kept until used or sold; out of its deck meanwhile.
    GetOutOfJailFree,
    /// Pay per house and per hotel owned.
    Repairs {
        per_house: i64,
        per_hotel: i64,
    },
    PayEachPlayer {
        amount: Amount<i64>,
    },
    CollectFromEachPlayer {
        amount: Amount<i64>,
    },
}

/// A card as the editor and the preset files write it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    pub text: String,
    pub effect: CardEffect,
}

/// The two decks of a board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Decks {
    pub chance: Vec<CardDef>,
    pub community_chest: Vec<CardDef>,
}

/// Which deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckKind {
    Chance,
    CommunityChest,
}

impl DeckKind {
    pub fn label(self) -> &'static str {
        match self {
            DeckKind::Chance => "Chance",
            DeckKind::CommunityChest => "Community Chest",
        }
    }
}

/// A card whose squares are resolved against a board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    pub text: String,
    pub effect: CardEffect<usize>,
}

impl Card {
    /// The card's text with the currency symbol filled in.
    pub fn text_with(&self, symbol: &str) -> String {
        self.text.replace("{c}", symbol)
    }
}

/// The current US decks (docs/PRODUCT.md Appendix B), in their numbered order: the decks of the
/// classic preset file, its single source (read here without the board, which uses them for
/// boards that have Chance or Community Chest squares but no decks of their own).
pub fn classic_decks() -> Decks {
    #[derive(Deserialize)]
    struct DecksOnly {
        #[serde(default)]
        decks: Option<Decks>,
    }
    serde_json::from_str::<DecksOnly>(include_str!("../presets/classic.json"))
        .ok()
        .and_then(|d| d.decks)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effects_read_as_tagged_json() {
        let c: CardDef = serde_json::from_str(
            r#"{"text": "Advance to Boardwalk", "effect": {"kind": "advance_to", "square": "Boardwalk"}}"#,
        )
        .expect("parses");
        assert_eq!(
            c.effect,
            CardEffect::AdvanceTo {
                square: SquareRef::Name("Boardwalk".into())
            }
        );
        let c: CardDef = serde_json::from_str(
            r#"{"text": "x", "effect": {"kind": "advance_to", "square": 39}}"#,
        )
        .expect("parses");
        assert_eq!(
            c.effect,
            CardEffect::AdvanceTo {
                square: SquareRef::Index(39)
            }
        );
    }

    #[test]
    fn classic_decks_have_sixteen_cards_each() {
        let d = classic_decks();
        assert_eq!(d.chance.len(), 16);
        assert_eq!(d.community_chest.len(), 16);
        assert_eq!(
            d.chance[14].effect,
            CardEffect::PayEachPlayer { amount: 50.into() }
        );
        assert_eq!(
            d.community_chest[8].effect,
            CardEffect::CollectFromEachPlayer { amount: 10.into() }
        );
    }

    #[test]
    fn currency_symbol_is_filled_in() {
        let card = Card {
            text: "Collect {c}50".into(),
            effect: CardEffect::Collect { amount: 50.into() },
        };
        assert_eq!(card.text_with("£"), "Collect £50");
    }
}
