//! Reading serde's internally tagged enums (`#[serde(tag = "...")]`) without buffering: the
//! runtime of `#[derive(TaggedDeserialize)]` (crate `worlds-tagged`, which explains why).
//!
//! [`TaggedVisitor`] reads the map's first key. When it is the tag (serde's `Serialize` always
//! writes it first), the tag's value names the variant and the rest of the map is handed to
//! the enum's tagless copy (`M`, serde's externally tagged form) as that variant's content, so
//! every field is read straight from the file. When the first key is not the tag (a file
//! written by hand), the map is buffered as JSON values and read again with the tag first.
//! Errors are serde's: unknown variant, missing or duplicate tag, unknown or missing field.

use core::fmt;
use core::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, EnumAccess, Error as _, IgnoredAny, MapAccess,
    VariantAccess, Visitor,
};
use serde::{forward_to_deserialize_any, Deserialize, Deserializer};

pub use worlds_tagged::TaggedDeserialize;

/// The visitor of an internally tagged enum `T`, read through its tagless copy `M`.
pub struct TaggedVisitor<T, M> {
    tag: &'static str,
    expecting: &'static str,
    marker: PhantomData<fn() -> (T, M)>,
}

impl<T, M> TaggedVisitor<T, M> {
    pub fn new(tag: &'static str, expecting: &'static str) -> Self {
        TaggedVisitor {
            tag,
            expecting,
            marker: PhantomData,
        }
    }
}

impl<'de, T, M> Visitor<'de> for TaggedVisitor<T, M>
where
    T: From<M> + DeserializeOwned,
    M: Deserialize<'de>,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
        match map.next_key_seed(KeySeed(self.tag))? {
            None => Err(A::Error::missing_field(self.tag)),
            Some(Key::Tag) => M::deserialize(Rest(map)).map(T::from),
            Some(Key::Other(first)) => buffered::<T, A>(self.tag, first, map),
        }
    }
}

/// An internally tagged enum read from the rest of a map whose tag's key has just been read
/// (its value is next): how a struct with such an enum among its fields (a log entry and its
/// event) reads it straight from the file, where serde's `#[serde(flatten)]` would buffer the
/// map and compile a second reader of the enum. `#[derive(TaggedDeserialize)]` implements it.
pub trait AfterTag: Sized {
    fn after_tag<'de, A: MapAccess<'de>>(map: A) -> Result<Self, A::Error>;
}

/// [`AfterTag::after_tag`] of `T`, read through its tagless copy `M`.
pub fn after_tag<'de, T, M, A>(map: A) -> Result<T, A::Error>
where
    T: From<M>,
    M: Deserialize<'de>,
    A: MapAccess<'de>,
{
    M::deserialize(Rest(map)).map(T::from)
}

/// A JSON object written again, entry by entry, by a reader that buffered it (to put the tag
/// first), and read with `seed` ([`Rewritten::read`]).
pub(crate) struct Rewritten(String);

impl Rewritten {
    pub(crate) fn new() -> Rewritten {
        Rewritten(String::from("{"))
    }

    pub(crate) fn push<V: serde::Serialize + ?Sized>(
        &mut self,
        key: &str,
        value: &V,
    ) -> Result<(), serde_json::Error> {
        if self.0.len() > 1 {
            self.0.push(',');
        }
        self.0.push_str(&serde_json::to_string(key)?);
        self.0.push(':');
        self.0.push_str(&serde_json::to_string(value)?);
        Ok(())
    }

    /// Reads the object with serde_json's string reader: the same compiled code as the game's
    /// files (`serde_json::from_str` would add a copy per type for its end check, and the text
    /// is known to end here). An error says its words without the place in this text (the
    /// file's reader adds its own).
    pub(crate) fn read<T, S, E>(mut self, seed: S) -> Result<T, E>
    where
        S: for<'a> DeserializeSeed<'a, Value = T>,
        E: de::Error,
    {
        self.0.push('}');
        seed.deserialize(&mut serde_json::Deserializer::from_str(&self.0))
            .map_err(|e| E::custom(without_position(&e)))
    }
}

/// The tag not first: the map's entries are kept as JSON values and written again, tag first,
/// then read as `T` (the fast path, with the same reader as the game's files). A square's
/// kind (flattened into the square, after its name) and a log entry's event (after the
/// entry's fields) are read this way.
fn buffered<'de, T, A>(tag: &'static str, first: String, mut map: A) -> Result<T, A::Error>
where
    T: DeserializeOwned,
    A: MapAccess<'de>,
{
    let mut tag_value: Option<serde_json::Value> = None;
    let mut rest = vec![(first, map.next_value::<serde_json::Value>()?)];
    while let Some(key) = map.next_key_seed(KeySeed(tag))? {
        match key {
            Key::Tag if tag_value.is_some() => return Err(A::Error::duplicate_field(tag)),
            Key::Tag => tag_value = Some(map.next_value()?),
            Key::Other(k) => rest.push((k, map.next_value()?)),
        }
    }
    let tag_value = tag_value.ok_or_else(|| A::Error::missing_field(tag))?;
    let mut text = Rewritten::new();
    text.push(tag, &tag_value).map_err(A::Error::custom)?;
    for (k, v) in &rest {
        text.push(k, v).map_err(A::Error::custom)?;
    }
    text.read(PhantomData::<T>)
}

/// An error's words without the place in the text written again (the reader of the file
/// adds its own place: the line and column a player can find).
fn without_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    if e.line() == 0 {
        return text;
    }
    let place = format!(" at line {} column {}", e.line(), e.column());
    match text.strip_suffix(&place) {
        Some(words) => words.to_owned(),
        None => text,
    }
}

enum Key {
    Tag,
    Other(String),
}

/// Reads a map key, telling the tag from the other keys.
struct KeySeed(&'static str);

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Key;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Key, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for KeySeed {
    type Value = Key;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a field name")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Key, E> {
        Ok(if v == self.0 {
            Key::Tag
        } else {
            Key::Other(v.to_owned())
        })
    }
}

/// The rest of the map after the tag, seen by the tagless copy as an externally tagged enum:
/// the tag's value names the variant, the remaining entries are its content.
struct Rest<A>(A);

impl<'de, A: MapAccess<'de>> Deserializer<'de> for Rest<A> {
    type Error = A::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_enum(self)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

impl<'de, A: MapAccess<'de>> EnumAccess<'de> for Rest<A> {
    type Error = A::Error;
    type Variant = Self;

    fn variant_seed<S: DeserializeSeed<'de>>(
        mut self,
        seed: S,
    ) -> Result<(S::Value, Self), A::Error> {
        let variant = self.0.next_value_seed(seed)?;
        Ok((variant, self))
    }
}

impl<'de, A: MapAccess<'de>> VariantAccess<'de> for Rest<A> {
    type Error = A::Error;

    /// A variant without data: any other key is ignored, as serde does.
    fn unit_variant(mut self) -> Result<(), A::Error> {
        while self.0.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(())
    }

    /// A variant holding one value: the value is the rest of the map.
    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, A::Error> {
        seed.deserialize(MapAccessDeserializer::new(self.0))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _v: V) -> Result<V::Value, A::Error> {
        Err(A::Error::custom(
            "an internally tagged enum has no tuple variants",
        ))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        visitor.visit_map(self.0)
    }
}
