//! What happened ([`Event`]), and the log entry that wraps it with the round, the player,
//! their position and their cash after it (the audit trail).

use crate::tagged::TaggedDeserialize;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::action::{PlayerId, SquareId, TradeOffer};
use crate::cards::DeckKind;

/// The faces of one throw (one to four dice), kept inline: a throw allocates nothing.
/// Written as a list of faces, as before (`"dice": [3, 4]`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Dice {
    faces: [u8; 4],
    count: u8,
}

impl Dice {
    /// The most dice a rule set throws.
    pub const MAX: usize = 4;

    /// The faces of `dice`; `None` for more than [`Dice::MAX`] dice.
    pub fn from_slice(dice: &[u8]) -> Option<Dice> {
        if dice.len() > Dice::MAX {
            return None;
        }
        let mut faces = [0u8; 4];
        faces[..dice.len()].copy_from_slice(dice);
        Some(Dice {
            faces,
            count: dice.len() as u8,
        })
    }

    /// Adds a die (ignored past [`Dice::MAX`]; rule sets throw at most four).
    pub(crate) fn push(&mut self, face: u8) {
        if let Some(f) = self.faces.get_mut(usize::from(self.count)) {
            *f = face;
            self.count += 1;
        }
    }

    pub fn as_slice(&self) -> &[u8] {
        &self.faces[..usize::from(self.count)]
    }
}

impl std::ops::Deref for Dice {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl Serialize for Dice {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Dice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Dice, D::Error> {
        let faces = Vec::<u8>::deserialize(d)?;
        Dice::from_slice(&faces)
            .ok_or_else(|| serde::de::Error::invalid_length(faces.len(), &"one to four dice"))
    }
}

/// Who pays or is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Party {
    Bank,
    /// The Free Parking jackpot (house rule).
    Jackpot,
    Player(PlayerId),
}

/// Why money moved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TaggedDeserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    Rent { square: SquareId },
    Tax { square: SquareId },
    StationFee { square: SquareId },
    JailFine,
    Card,
    Joker { square: SquareId },
    Jackpot,
    MortgageInterest { square: SquareId },
}

/// A debt a player could not pay: how much, and what for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Owed {
    pub amount: i64,
    pub reason: Reason,
}

/// Why no rent was due. Written as the reason in words, as before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoRentWhy {
    #[serde(rename = "it is mortgaged")]
    Mortgaged,
    #[serde(rename = "its owner is in jail")]
    OwnerInJail,
}

/// How a player left jail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JailExit {
    Fine,
    Card,
    Doubles,
    /// A die showed its highest face (Campus).
    MaxFace,
    /// The last allowed try failed: fine paid, the token moves by that roll.
    FineAfterTries,
}

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TaggedDeserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TurnStarted,
    Rolled {
        dice: Dice,
        total: u32,
        double: bool,
    },
    /// The token moved `steps` squares (negative: backwards) from `from` to `to`.
    Moved {
        from: SquareId,
        to: SquareId,
        steps: i32,
    },
    /// Rolling again (doubles, or a 6 in Campus).
    RollAgain,
    /// Too many doubles in a row: the turn ends without moving.
    TooManyDoubles,
    Salary {
        amount: i64,
    },
    /// A bonus refused because one was already received this turn.
    NoBonus {
        amount: i64,
    },
    /// A bonus square reached after a bonus was taken this turn does nothing
    /// (`skip_bonus_squares_after_bonus`).
    BonusSquareSkipped {
        square: SquareId,
    },
    Payment {
        from: Party,
        to: Party,
        amount: i64,
        reason: Reason,
    },
    /// No rent: the lot is mortgaged or its owner is in jail (house rule).
    NoRent {
        square: SquareId,
        why: NoRentWhy,
    },
    Bought {
        square: SquareId,
        price: i64,
    },
    Declined {
        square: SquareId,
    },
    /// An auction of a lot (`square`) or of a house (`square: None`).
    AuctionStarted {
        square: Option<SquareId>,
        minimum: i64,
    },
    BidPlaced {
        amount: i64,
    },
    BidPassed,
    AuctionWon {
        square: Option<SquareId>,
        price: i64,
    },
    AuctionUnsold {
        square: Option<SquareId>,
    },
    /// `houses` is the level after building (5: a hotel).
    Built {
        square: SquareId,
        houses: u8,
        cost: i64,
    },
    /// `houses` is the level after selling.
    BuildingSold {
        square: SquareId,
        houses: u8,
        refund: i64,
    },
    Mortgaged {
        square: SquareId,
        amount: i64,
    },
    Unmortgaged {
        square: SquareId,
        cost: i64,
    },
    TradeProposed {
        offer: Box<TradeOffer>,
    },
    TradeAccepted {
        offer: Box<TradeOffer>,
    },
    TradeDeclined {
        offer: Box<TradeOffer>,
    },
    /// A lot changed hands outside a purchase (trade, bankruptcy).
    LotTransferred {
        square: SquareId,
        from: Party,
        to: Party,
    },
    /// A card drawn; its words are the board's ([`crate::Game::card_text`]).
    CardDrawn {
        deck: DeckKind,
        /// 1-based, as numbered in the deck definition.
        number: usize,
        /// For a card whose amount or move is a range ("collect between $20 and $200"): the
        /// one drawn this time, so the log shows every draw a game made (a public copy
        /// follows the game by it). Not written for a fixed card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        amount: Option<i64>,
    },
    GotJailCard {
        deck: DeckKind,
    },
    SentToJail,
    LeftJail {
        how: JailExit,
    },
    StayedInJail {
        tries: u8,
    },
    /// A Joker: the player will miss their next `turns` turns.
    WillWait {
        turns: u32,
    },
    TurnSkipped {
        remaining: u32,
    },
    /// A player waiting on a Joker stops waiting (the fine paid, doubles rolled...).
    StoppedWaiting {
        how: JailExit,
    },
    /// A player waiting on a Joker tried to leave and did not: this turn is waited out,
    /// `remaining` turns are left to wait.
    WaitedTurn {
        remaining: u32,
    },
    /// A debt larger than the player's cash: they must raise it or go bankrupt.
    DebtDue {
        to: Party,
        amount: i64,
    },
    /// Mini: the cheapest property sold to the bank to get back in credit.
    SoldToBank {
        square: SquareId,
        amount: i64,
    },
    /// Out of the game: everything went to `to`. `owed` is the debt that could not be paid
    /// (none when the player resigned), so the bankruptcy's line says why on its own.
    Bankrupt {
        to: Party,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        owed: Option<Owed>,
    },
    Resigned,
    TurnEnded,
    GameOver {
        winner: Option<PlayerId>,
    },
}

/// An event with its context: the audit trail the game log shows. Written as one object, the
/// entry's fields and then the event's, tag first (`{"round": 1, "player": 0, "position": 5,
/// "cash": 1500, "event": "rolled", ...}`); read by [`EntryVisitor`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogEntry {
    pub round: u32,
    /// The player the event is about.
    pub player: PlayerId,
    /// Their position after it.
    pub position: usize,
    /// Their cash after it.
    pub cash: i64,
    #[serde(flatten)]
    pub event: Event,
}

impl<'de> Deserialize<'de> for LogEntry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<LogEntry, D::Error> {
        serde::de::DeserializeSeed::deserialize(EntryVisitor { again: false }, d)
    }
}

/// The fields a log entry has besides its event's.
const ENTRY_FIELDS: [&str; 4] = ["round", "player", "position", "cash"];

/// Reads a log entry. As written (the entry's fields, then the event's tag), the event is read
/// straight from the file after its tag ([`crate::tagged::AfterTag`]); serde's
/// `#[serde(flatten)]` buffered every entry and compiled a second reader of [`Event`] (29 KB
/// of the game's code). In any other order (a file written by hand) the entry is buffered as
/// JSON values, written again in that order and read again (`again`).
struct EntryVisitor {
    again: bool,
}

/// A field of the entry read once.
fn once<T, E: serde::de::Error>(
    slot: &mut Option<T>,
    value: T,
    name: &'static str,
) -> Result<(), E> {
    if slot.is_some() {
        return Err(E::duplicate_field(name));
    }
    *slot = Some(value);
    Ok(())
}

impl<'de> serde::de::DeserializeSeed<'de> for EntryVisitor {
    type Value = LogEntry;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<LogEntry, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> serde::de::Visitor<'de> for EntryVisitor {
    type Value = LogEntry;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a log entry")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<LogEntry, A::Error> {
        use crate::tagged::AfterTag;
        use serde::de::Error;
        let (mut round, mut player, mut position, mut cash) = (None, None, None, None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "round" => once(&mut round, map.next_value()?, "round")?,
                "player" => once(&mut player, map.next_value()?, "player")?,
                "position" => once(&mut position, map.next_value()?, "position")?,
                "cash" => once(&mut cash, map.next_value()?, "cash")?,
                _ => {
                    if let ("event", Some(round), Some(player), Some(position), Some(cash)) =
                        (key.as_str(), round, player, position, cash)
                    {
                        return Ok(LogEntry {
                            round,
                            player,
                            position,
                            cash,
                            event: Event::after_tag(map)?,
                        });
                    }
                    let read = [
                        round.map(i64::from),
                        player.map(|p: PlayerId| p.0 as i64),
                        position.map(|p: usize| p as i64),
                        cash,
                    ];
                    if self.again {
                        // Written again in order: a field of the entry, or else the tag, is
                        // missing.
                        let missing = read
                            .iter()
                            .position(Option::is_none)
                            .map_or("event", |i| ENTRY_FIELDS[i]);
                        return Err(A::Error::missing_field(missing));
                    }
                    return rewritten(key, map, read);
                }
            }
        }
        Err(A::Error::missing_field("event"))
    }
}

/// The rest of an entry not written in order, from `first` on: buffered, written again with the
/// entry's fields first and the event's tag after them, and read again.
fn rewritten<'de, A: serde::de::MapAccess<'de>>(
    first: String,
    mut map: A,
    read: [Option<i64>; 4],
) -> Result<LogEntry, A::Error> {
    use serde::de::Error;
    let mut rest = vec![(first, map.next_value::<serde_json::Value>()?)];
    while let Some(key) = map.next_key::<String>()? {
        rest.push((key, map.next_value()?));
    }
    let mut text = crate::tagged::Rewritten::new();
    for (name, value) in ENTRY_FIELDS.into_iter().zip(read) {
        if let Some(value) = value {
            if rest.iter().any(|(k, _)| k == name) {
                return Err(A::Error::duplicate_field(name));
            }
            text.push(name, &value).map_err(A::Error::custom)?;
        }
    }
    // The entry's fields, then the tag, then the event's fields (in passes: a sort would
    // compile a sort of its own into the game's code).
    let pass = |k: &str| match k {
        "event" => 1,
        k if ENTRY_FIELDS.contains(&k) => 0,
        _ => 2,
    };
    for now in 0..3 {
        for (key, value) in rest.iter().filter(|(k, _)| pass(k) == now) {
            text.push(key, value).map_err(A::Error::custom)?;
        }
    }
    text.read(EntryVisitor { again: true })
}
