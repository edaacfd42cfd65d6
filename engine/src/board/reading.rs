//! How a square is read from a board file: its fields are checked against its type, so a
//! typo such as `"gruop"` is refused instead of dropped silently (serde cannot deny unknown
//! fields of a flattened enum by itself).

use std::marker::PhantomData;

use serde::Deserialize;

use super::{is_forbidden_name_char, SquareDef, SquareKind};
use crate::tagged::Rewritten;

/// The fields a square of each type may have (besides `name`, `type` and `picture`).
fn square_fields(kind: &str) -> Option<&'static [&'static str]> {
    Some(match kind {
        "start" | "chance" | "community_chest" | "go_to_jail" | "jail" | "free_parking"
        | "road" => &[],
        "property" => &["price", "rents", "house_cost", "group"],
        "railroad" => &["price", "rents"],
        "utility" => &["price", "multipliers"],
        "station" => &["fee_per_pip"],
        "tax" => &["amount", "percent", "percent_on_double"],
        "joker" => &["move_by", "wait", "money", "pay_each_player"],
        _ => return None,
    })
}

impl<'de> Deserialize<'de> for SquareDef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(SquareVisitor)
    }
}

/// Reads a square's fields, refuses those its type does not have, then builds it; errors
/// are raised inside the object, so a reader's line and column still point at it.
struct SquareVisitor;

impl<'de> serde::de::Visitor<'de> for SquareVisitor {
    type Value = SquareDef;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a square")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<SquareDef, A::Error> {
        use serde::de::Error;
        let clean = |t: &str| -> String {
            t.chars()
                .filter(|c| !is_forbidden_name_char(*c))
                .take(40)
                .collect()
        };
        let mut obj = serde_json::Map::new();
        while let Some((key, value)) = map.next_entry::<String, serde_json::Value>()? {
            if obj.contains_key(&key) {
                return Err(A::Error::custom(format!(
                    "duplicate field `{}`",
                    clean(&key)
                )));
            }
            obj.insert(key, value);
        }
        let kind = obj.get("type").and_then(|t| t.as_str()).unwrap_or("");
        if let Some(fields) = square_fields(kind) {
            for key in obj.keys() {
                let known = matches!(key.as_str(), "name" | "type" | "picture")
                    || fields.contains(&key.as_str());
                if !known {
                    let name = clean(obj.get("name").and_then(|n| n.as_str()).unwrap_or(""));
                    return Err(A::Error::custom(format!(
                        "the {kind} square \"{name}\" has an unknown field `{}`; expected one of: name, type, picture{}",
                        clean(key),
                        fields.iter().map(|f| format!(", {f}")).collect::<String>()
                    )));
                }
            }
        }
        // The name and the picture are the square's; the rest is its kind, written again with
        // its tag first and read by the kind's own reader (serde's `#[serde(flatten)]` would
        // buffer the square once more and compile a second reader of every kind).
        let name = match obj.remove("name") {
            Some(name) => String::deserialize(name).map_err(A::Error::custom)?,
            None => return Err(A::Error::missing_field("name")),
        };
        let picture = match obj.remove("picture") {
            Some(picture) => Option::<String>::deserialize(picture).map_err(A::Error::custom)?,
            None => None,
        };
        let mut kind = Rewritten::new();
        if let Some(tag) = obj.remove("type") {
            kind.push("type", &tag).map_err(A::Error::custom)?;
        }
        for (key, value) in &obj {
            kind.push(key, value).map_err(A::Error::custom)?;
        }
        Ok(SquareDef {
            name,
            kind: kind.read(PhantomData::<SquareKind>)?,
            picture,
        })
    }
}
