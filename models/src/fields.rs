//! What a player types into a form, read into numbers: whole numbers in a range, a seed, dice
//! values. A value that cannot be read comes back as a [`FieldError`], worded in one place
//! and pointing at the field or the character that is wrong.

use std::fmt;

/// Why a typed value was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldError {
    /// `text` typed in `label` is not a whole number from `min` to `max`.
    NotWholeInRange {
        label: String,
        text: String,
        min: u64,
        max: u64,
    },
    /// A table's starting cash that is not a whole number from 0 to `max`.
    StartingCash { max: i64 },
    /// A round limit that is neither blank nor a whole number from 1 to `max`.
    RoundLimit { max: u32 },
    /// A room server's address that does not start with https:// or http://.
    RoomServerScheme,
    /// A room server's address with more than a scheme, a name and a port.
    RoomServerShape,
    /// A seed that is not a whole number of 0 or more.
    NotSeed { text: String },
    /// Nothing typed where dice values were asked for.
    NoDice,
    /// A character that is not a die value (`column`: 1-based, in characters).
    NotADie { c: char, column: usize, sides: u8 },
    /// Die `die` (1-based) shows `value` (`None`: too large to write), not a face.
    NoSuchFace {
        die: usize,
        value: Option<u64>,
        sides: u8,
    },
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldError::NotWholeInRange {
                label,
                text,
                min,
                max,
            } => write!(
                f,
                "{label}: '{text}' is not a whole number from {min} to {max}."
            ),
            FieldError::StartingCash { max } => {
                write!(f, "The starting cash is a whole number from 0 to {max}.")
            }
            FieldError::RoundLimit { max } => write!(
                f,
                "The round limit is a whole number from 1 to {max}, or blank."
            ),
            FieldError::RoomServerScheme => f.write_str(
                "A room server's address starts with https:// (or http://), e.g. https://rooms.example.org.",
            ),
            FieldError::RoomServerShape => f.write_str(
                "A room server's address is its scheme, name and port only, e.g. https://rooms.example.org:8080.",
            ),
            FieldError::NotSeed { text } => {
                write!(f, "Seed: '{text}' is not a whole number of 0 or more.")
            }
            FieldError::NoDice => {
                f.write_str("Type some dice values first, for example \"3 4, 6 6\".")
            }
            FieldError::NotADie { c, column, sides } => write!(
                f,
                "'{c}' (character {column}) is not a die value: type digits 1 to {sides}, separated by spaces or commas."
            ),
            FieldError::NoSuchFace { die, value, sides } => {
                let shown = value.map_or_else(|| "a very large number".to_string(), |v| v.to_string());
                write!(
                    f,
                    "Die {die} shows {shown}; a die of this board shows 1 to {sides}."
                )
            }
        }
    }
}

impl std::error::Error for FieldError {}

/// A whole number within `min..=max` typed in the field `label`.
pub fn whole(label: &str, text: &str, min: u64, max: u64) -> Result<u64, FieldError> {
    match text.trim().parse::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(FieldError::NotWholeInRange {
            label: label.to_string(),
            text: text.trim().to_string(),
            min,
            max,
        }),
    }
}

/// A seed: any whole number of 0 or more.
pub fn seed(text: &str) -> Result<u64, FieldError> {
    text.trim().parse::<u64>().map_err(|_| FieldError::NotSeed {
        text: text.trim().to_string(),
    })
}

/// Reads die values from text such as `3 4, 6 6, 1 2` or `34 66 12`.
///
/// Anything that is not a digit separates values (spaces, commas, semicolons, dashes,
/// slashes, `+`, brackets). When a die has at most nine faces every digit is one die, so
/// `34` is a 3 and a 4; with ten faces or more a run of digits is one value. Letters and
/// other symbols, values of 0 and values above `sides` are refused with a message that
/// points at the bad part.
pub fn parse_dice(text: &str, sides: u8) -> Result<Vec<u8>, FieldError> {
    if text.trim().is_empty() {
        return Err(FieldError::NoDice);
    }
    if let Some((at, c)) = text
        .char_indices()
        .find(|&(_, c)| !c.is_ascii_digit() && !is_separator(c))
    {
        let column = text[..at].chars().count() + 1;
        return Err(FieldError::NotADie { c, column, sides });
    }
    let mut dice = Vec::new();
    for token in text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
    {
        if sides <= 9 {
            for c in token.chars() {
                let v = c.to_digit(10).unwrap_or(0);
                dice.push(face(v.into(), sides, dice.len())?);
            }
        } else {
            let v: u64 = token.parse().unwrap_or(u64::MAX);
            dice.push(face(v, sides, dice.len())?);
        }
    }
    Ok(dice)
}

fn is_separator(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            ',' | ';' | '-' | '/' | '+' | '(' | ')' | '[' | ']' | '|' | '.'
        )
}

fn face(v: u64, sides: u8, before: usize) -> Result<u8, FieldError> {
    if v == 0 || v > u64::from(sides) {
        return Err(FieldError::NoSuchFace {
            die: before + 1,
            value: (v != u64::MAX).then_some(v),
            sides,
        });
    }
    Ok(v as u8)
}
