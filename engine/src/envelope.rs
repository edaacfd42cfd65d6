//! The versioned envelope around every stored record, and the checks an imported board file
//! goes through.
//!
//! Everything the app keeps (worlds, drafts, the trash, saved games, settings) is stored as
//!
//! ```json
//! { "kind": "world", "version": 1, "saved_at": 1700000000000, "data": { ... } }
//! ```
//!
//! [`encode`] writes one; [`decode`] reads one back and says, in words a player can read,
//! what is wrong with text that is not such a record. [`import_board`] checks a board file a
//! player picked or dropped: size, text encoding, JSON syntax, the shape of a board, then the
//! engine's own validation ([`Board::from_def`]), listing every problem.
//!
//! Pure Rust, no browser: the app wraps `localStorage` around this.

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::board::{Board, BoardDef, BoardError};

/// The largest board file [`import_board`] accepts (pictures travel inside it as data URLs).
pub const MAX_IMPORT_BYTES: usize = 2 * 1024 * 1024;

/// Longest quoted reason (serde echoes values back; a picture could be megabytes long).
const MAX_REASON_CHARS: usize = 200;

/// What a stored record is. Written into the envelope as `"kind"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RecordKind {
    /// A playable saved world (a [`BoardDef`] that passed [`Board::from_def`]).
    World,
    /// A saved world that does not pass validation yet: kept, but not playable.
    Draft,
    /// A world in the trash.
    Trash,
    /// A saved game (the autosave or a named save).
    Save,
    /// The player's settings.
    Settings,
}

impl RecordKind {
    pub const ALL: [RecordKind; 5] = [
        RecordKind::World,
        RecordKind::Draft,
        RecordKind::Trash,
        RecordKind::Save,
        RecordKind::Settings,
    ];

    /// The name written in the envelope.
    pub fn as_str(self) -> &'static str {
        match self {
            RecordKind::World => "world",
            RecordKind::Draft => "draft",
            RecordKind::Trash => "trash",
            RecordKind::Save => "save",
            RecordKind::Settings => "settings",
        }
    }

    pub fn from_name(name: &str) -> Option<RecordKind> {
        RecordKind::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// What a player calls it, for messages.
    pub fn label(self) -> &'static str {
        match self {
            RecordKind::World => "saved world",
            RecordKind::Draft => "draft world",
            RecordKind::Trash => "world in the trash",
            RecordKind::Save => "saved game",
            RecordKind::Settings => "settings record",
        }
    }

    /// The newest format version of this kind that this build writes and reads. Older
    /// versions are migrated on reading (none exist yet: every kind is at version 1).
    pub fn current_version(self) -> u32 {
        1
    }
}

impl std::fmt::Display for RecordKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A decoded record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope<T> {
    pub kind: RecordKind,
    /// The format version it was written in.
    pub version: u32,
    /// When it was written, in milliseconds since 1970 (as the writer passed it).
    pub saved_at: u64,
    pub data: T,
}

/// The envelope without its data: enough to list a record or tell what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    pub kind: RecordKind,
    pub version: u32,
    pub saved_at: u64,
}

/// Why a text is not a readable record. Every message can be shown to a player as it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnvelopeError {
    #[error("The entry is empty.")]
    Empty,
    #[error("The entry is not valid JSON (line {line}, column {column}): {reason}.")]
    NotJson {
        line: usize,
        column: usize,
        reason: String,
    },
    #[error("The entry is nested too deeply to be anything Monopoly Worlds writes.")]
    TooDeep,
    #[error("The entry is JSON, but not a Monopoly Worlds record (it should be an object with a kind, a version and data).")]
    NotARecord,
    #[error("The entry has no \"{field}\"; every Monopoly Worlds record has one.")]
    MissingField { field: &'static str },
    #[error("The entry's \"{field}\" is not valid.")]
    BadField { field: &'static str },
    #[error("The entry is of a kind Monopoly Worlds does not know (\"{found}\").")]
    UnknownKind { found: String },
    #[error("This is a {}, not a {}.", found.label(), expected.label())]
    WrongKind {
        expected: RecordKind,
        found: RecordKind,
    },
    #[error("This {} was written by a newer version of Monopoly Worlds (format {found}; this version reads up to {supported}). Update the app to open it.", kind.label())]
    NewerVersion {
        kind: RecordKind,
        found: u64,
        supported: u32,
    },
    #[error("The {} does not contain what Monopoly Worlds expects (line {line}, column {column}): {reason}.", kind.label())]
    DataMismatch {
        kind: RecordKind,
        line: usize,
        column: usize,
        reason: String,
    },
    #[error("The {} could not be written: {reason}.", kind.label())]
    Unwritable { kind: RecordKind, reason: String },
}

/// Why an imported board file was refused. Every message can be shown to a player as it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("The file is empty.")]
    Empty,
    #[error("The file is {}; a board file may be at most {}.", file_size(*bytes, *limit), megabytes(*limit))]
    TooLarge { bytes: usize, limit: usize },
    #[error("The file is not a text file (it has binary content at byte {offset}).")]
    NotText { offset: usize },
    #[error("The file is not valid JSON (line {line}, column {column}): {reason}.")]
    NotJson {
        line: usize,
        column: usize,
        reason: String,
    },
    #[error("The file is nested too deeply to be a board.")]
    TooDeep,
    #[error("The file is JSON, but not a Monopoly Worlds board (line {line}, column {column}): {reason}.")]
    NotABoard {
        line: usize,
        column: usize,
        reason: String,
    },
    /// An exported record of another kind (a saved game, settings).
    #[error("This file is a {}, not a board.", found.label())]
    NotABoardFile { found: RecordKind },
    /// An exported world that cannot be read (a newer version, damaged data...).
    #[error("{0}")]
    Record(EnvelopeError),
    /// The board is well formed but breaks the rules of a playable board: every problem.
    #[error("{}", list_problems(problems))]
    InvalidBoard { problems: Vec<BoardError> },
}

/// A size in megabytes, to the nearest tenth.
fn megabytes(bytes: usize) -> String {
    let tenths = (bytes as u128 * 10 + 524_288) / 1_048_576;
    if tenths.is_multiple_of(10) {
        format!("{} MB", tenths / 10)
    } else {
        format!("{}.{} MB", tenths / 10, tenths % 10)
    }
}

/// The size of a file over `limit`, never reading as the limit itself.
fn file_size(bytes: usize, limit: usize) -> String {
    let size = megabytes(bytes);
    if bytes > limit && size == megabytes(limit) {
        format!("just over {size}")
    } else {
        size
    }
}

fn list_problems(problems: &[BoardError]) -> String {
    let mut out = match problems.len() {
        1 => "The board cannot be played; 1 problem:".to_string(),
        n => format!("The board cannot be played; {n} problems:"),
    };
    for p in problems {
        out.push_str("\n- ");
        out.push_str(&p.to_string());
    }
    out
}

/// Writes a record. `saved_at` is the time in milliseconds since 1970, given by the caller.
///
/// Fails only when `data` cannot be written as JSON at all (a map with non-text keys, a
/// failing `Serialize` implementation).
pub fn encode<T: Serialize>(
    kind: RecordKind,
    data: &T,
    saved_at: u64,
) -> Result<String, EnvelopeError> {
    #[derive(Serialize)]
    struct Out<'a, T> {
        kind: &'static str,
        version: u32,
        saved_at: u64,
        data: &'a T,
    }
    serde_json::to_string(&Out {
        kind: kind.as_str(),
        version: kind.current_version(),
        saved_at,
        data,
    })
    .map_err(|e| EnvelopeError::Unwritable {
        kind,
        reason: e.to_string(),
    })
}

/// Reads a record of one kind and returns its data.
pub fn decode<T: DeserializeOwned>(kind: RecordKind, text: &str) -> Result<T, EnvelopeError> {
    decode_envelope(&[kind], text).map(|e| e.data)
}

/// Reads a record of any of `kinds` (the first is named in a wrong-kind message).
pub fn decode_envelope<T: DeserializeOwned>(
    kinds: &[RecordKind],
    text: &str,
) -> Result<Envelope<T>, EnvelopeError> {
    let header = read_header(text)?;
    if !kinds.contains(&header.kind) {
        return Err(EnvelopeError::WrongKind {
            expected: kinds.first().copied().unwrap_or(header.kind),
            found: header.kind,
        });
    }
    // Versions older than the current one would be migrated here, kind by kind; every kind
    // is at its first version, so there is nothing to migrate yet.
    #[derive(Deserialize)]
    struct Body<T> {
        data: T,
    }
    let body: Body<T> = serde_json::from_str(text).map_err(|e| match json_problem(&e) {
        Some(problem) => problem,
        None => EnvelopeError::DataMismatch {
            kind: header.kind,
            line: e.line(),
            column: e.column(),
            reason: plain_reason(&e),
        },
    })?;
    Ok(Envelope {
        kind: header.kind,
        version: header.version,
        saved_at: header.saved_at,
        data: body.data,
    })
}

/// Reads only the envelope: kind, version and time. Checks the whole text is JSON, but not
/// what the data holds.
pub fn read_header(text: &str) -> Result<Header, EnvelopeError> {
    if text.trim().is_empty() {
        return Err(EnvelopeError::Empty);
    }
    let raw: RawHeader = serde_json::from_str(text).map_err(|e| match json_problem(&e) {
        Some(problem) => problem,
        None => EnvelopeError::NotARecord,
    })?;
    // serde would also read a struct from a list: a record is an object, nothing else.
    if !text.trim_start().starts_with('{') {
        return Err(EnvelopeError::NotARecord);
    }
    let kind_name = match raw.kind.0 {
        None => return Err(EnvelopeError::MissingField { field: "kind" }),
        Some(Value::String(s)) => s,
        Some(_) => return Err(EnvelopeError::BadField { field: "kind" }),
    };
    let kind = RecordKind::from_name(&kind_name).ok_or_else(|| EnvelopeError::UnknownKind {
        found: kind_name.chars().take(40).collect(),
    })?;
    let version = match raw.version.0 {
        None => return Err(EnvelopeError::MissingField { field: "version" }),
        Some(v) => v
            .as_u64()
            .filter(|&v| v >= 1)
            .ok_or(EnvelopeError::BadField { field: "version" })?,
    };
    let supported = kind.current_version();
    if version > u64::from(supported) {
        return Err(EnvelopeError::NewerVersion {
            kind,
            found: version,
            supported,
        });
    }
    let saved_at = match raw.saved_at.0 {
        None => return Err(EnvelopeError::MissingField { field: "saved_at" }),
        Some(v) => v
            .as_u64()
            .ok_or(EnvelopeError::BadField { field: "saved_at" })?,
    };
    if raw.data.0.is_none() {
        return Err(EnvelopeError::MissingField { field: "data" });
    }
    Ok(Header {
        kind,
        // `version` is at most `supported`, a u32.
        version: version as u32,
        saved_at,
    })
}

#[derive(Deserialize)]
struct RawHeader {
    #[serde(default)]
    kind: Field<Value>,
    #[serde(default)]
    version: Field<Value>,
    #[serde(default)]
    saved_at: Field<Value>,
    /// Only whether it is there: the data is read once, by its own type.
    #[serde(default)]
    data: Field<IgnoredAny>,
}

/// A field that may be absent; unlike `Option`, a `null` value counts as present.
struct Field<T>(Option<T>);

impl<T> Default for Field<T> {
    fn default() -> Self {
        Field(None)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Field<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(|v| Field(Some(v)))
    }
}

/// A syntax problem (or excessive nesting) as an envelope error; `None` for a data problem.
fn json_problem(e: &serde_json::Error) -> Option<EnvelopeError> {
    if is_too_deep(e) {
        return Some(EnvelopeError::TooDeep);
    }
    match e.classify() {
        serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
            Some(EnvelopeError::NotJson {
                line: e.line(),
                column: e.column(),
                reason: plain_reason(e),
            })
        }
        _ => None,
    }
}

fn is_too_deep(e: &serde_json::Error) -> bool {
    e.to_string().starts_with("recursion limit exceeded")
}

/// Imports a board file: a bare board definition, or a world exported by the app (its
/// envelope). Checks, in order: size, UTF-8 text, no NUL bytes, JSON syntax, the shape of a
/// board, then every rule of [`Board::from_def`]. Returns the definition only when it is a
/// playable board. Names are kept exactly as written (markup is text, never interpreted).
pub fn import_board(bytes: &[u8]) -> Result<BoardDef, ImportError> {
    if bytes.len() > MAX_IMPORT_BYTES {
        return Err(ImportError::TooLarge {
            bytes: bytes.len(),
            limit: MAX_IMPORT_BYTES,
        });
    }
    let text = import_text(bytes)?;
    let probe: Value = serde_json::from_str(text).map_err(|e| {
        if is_too_deep(&e) {
            ImportError::TooDeep
        } else {
            ImportError::NotJson {
                line: e.line(),
                column: e.column(),
                reason: plain_reason(&e),
            }
        }
    })?;
    let is_envelope = match &probe {
        Value::Object(fields) => fields.contains_key("kind"),
        other => {
            return Err(ImportError::NotABoard {
                line: 1,
                column: 1,
                reason: format!(
                    "a board is an object, but the file holds {}",
                    what_json(other)
                ),
            })
        }
    };
    drop(probe);
    let def = if is_envelope {
        decode_envelope::<BoardDef>(&[RecordKind::World, RecordKind::Draft], text)
            .map_err(|e| match e {
                EnvelopeError::WrongKind { found, .. } => ImportError::NotABoardFile { found },
                other => ImportError::Record(other),
            })?
            .data
    } else {
        serde_json::from_str::<BoardDef>(text).map_err(|e| {
            if is_too_deep(&e) {
                ImportError::TooDeep
            } else {
                ImportError::NotABoard {
                    line: e.line(),
                    column: e.column(),
                    reason: plain_reason(&e),
                }
            }
        })?
    };
    Board::from_def(def)
        .map(BoardDef::from)
        .map_err(|problems| ImportError::InvalidBoard { problems })
}

fn what_json(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// The file's text: not empty, UTF-8 (a byte-order mark is dropped), no NUL bytes.
fn import_text(bytes: &[u8]) -> Result<&str, ImportError> {
    let text = std::str::from_utf8(bytes).map_err(|e| ImportError::NotText {
        offset: e.valid_up_to(),
    })?;
    let bom = text.len() - text.trim_start_matches('\u{feff}').len();
    let text = &text[bom..];
    if let Some(offset) = text.find('\0') {
        return Err(ImportError::NotText {
            offset: offset + bom,
        });
    }
    if text.trim().is_empty() {
        return Err(ImportError::Empty);
    }
    Ok(text)
}

/// A serde_json message in plainer words, without its position (reported separately) and
/// never longer than a couple of lines.
pub fn plain_reason(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let message = full.strip_suffix(&suffix).unwrap_or(&full);
    plain_words(message)
}

/// serde quotes names and literals alike with backticks: numbers and booleans lose them,
/// names get double quotes.
fn unquote_literals(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut parts = message.split('`');
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    let rest: Vec<&str> = parts.collect();
    let mut i = 0;
    while i < rest.len() {
        if i + 1 < rest.len() {
            let inner = rest[i];
            let literal = inner.parse::<f64>().is_ok() || inner == "true" || inner == "false";
            if literal {
                out.push_str(inner);
            } else {
                out.push('"');
                out.push_str(inner);
                out.push('"');
            }
            out.push_str(rest[i + 1]);
            i += 2;
        } else {
            // An unpaired backtick: keep it as it is.
            out.push('`');
            out.push_str(rest[i]);
            i += 1;
        }
    }
    out
}

/// Rewrites serde's vocabulary (`i64`, `sequence`, `struct BoardDef`) into a player's.
fn plain_words(message: &str) -> String {
    const WORDS: &[(&str, &str)] = &[
        (
            "EOF while parsing a value",
            "the text ends too early (is it cut off?)",
        ),
        (
            "EOF while parsing a list",
            "the text ends in the middle of a list (is it cut off?)",
        ),
        (
            "EOF while parsing an object",
            "the text ends in the middle of an object (is it cut off?)",
        ),
        (
            "EOF while parsing a string",
            "the text ends in the middle of a text value (is it cut off?)",
        ),
        (
            "trailing characters",
            "there is more text after the end of the JSON",
        ),
        (
            "trailing comma",
            "there is a comma before a closing bracket",
        ),
        ("expected value", "a value was expected here"),
        ("expected ident", "a value was expected here"),
        (
            "key must be a string",
            "a field name must be in double quotes",
        ),
        (
            "control character (\\u0000-\\u001F) found while parsing a string",
            "a text value contains a control character",
        ),
        (
            "unexpected end of hex escape",
            "a text value has a broken \\u escape",
        ),
        (
            "lone leading surrogate in hex escape",
            "a text value has a broken \\u escape",
        ),
        (
            "invalid unicode code point",
            "a text value has a broken \\u escape",
        ),
        (
            "invalid escape",
            "a text value has an invalid backslash escape",
        ),
        ("invalid number", "a number is not written correctly"),
        ("number out of range", "a number is too large"),
        ("invalid type: ", "wrong type: found "),
        ("invalid value: ", "value out of range: found "),
        ("invalid length ", "wrong number of entries: "),
        ("expected i64", "expected a whole number"),
        ("expected i32", "expected a whole number"),
        ("expected u64", "expected a whole number of 0 or more"),
        ("expected u32", "expected a whole number of 0 or more"),
        ("expected u16", "expected a whole number of 0 or more"),
        ("expected u8", "expected a whole number of 0 or more"),
        ("expected usize", "expected a whole number of 0 or more"),
        ("expected a string", "expected text"),
        ("expected a boolean", "expected true or false"),
        ("expected a sequence", "expected a list"),
        ("expected struct BoardDef", "expected a board (an object)"),
        ("internally tagged enum SquareKind", "a square"),
        ("internally tagged enum", "an object with a kind"),
        ("found string ", "found the text "),
        ("found sequence", "found a list"),
        ("found map", "found an object"),
        ("found floating point ", "found the number "),
        ("found integer ", "found the number "),
        ("found unit value", "found null"),
        ("found boolean ", "found "),
        ("unknown variant ", "unknown type "),
    ];
    let mut out = message.to_string();
    for (from, to) in WORDS {
        if out.contains(from) {
            out = out.replace(from, to);
        }
    }
    out = unquote_literals(&out);
    // "struct Foo" names a Rust type: a player knows it as an object.
    while let Some(at) = out.find("struct ") {
        let end = out[at + 7..]
            .find(|c: char| !c.is_alphanumeric() && c != '_')
            .map_or(out.len(), |i| at + 7 + i);
        out.replace_range(at..end, "an object");
    }
    if out.chars().count() > MAX_REASON_CHARS {
        out = out.chars().take(MAX_REASON_CHARS).collect::<String>() + "...";
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_in_megabytes() {
        assert_eq!(megabytes(2 * 1024 * 1024), "2 MB");
        assert_eq!(megabytes(3 * 1024 * 1024 + 300 * 1024), "3.3 MB");
        assert_eq!(
            file_size(2 * 1024 * 1024 + 1, 2 * 1024 * 1024),
            "just over 2 MB"
        );
        assert_eq!(file_size(3 * 1024 * 1024 + 9, 2 * 1024 * 1024), "3 MB");
    }

    #[test]
    fn rust_type_names_become_plain_words() {
        assert_eq!(
            plain_words("invalid type: sequence, expected struct GameSetup"),
            "wrong type: found a list, expected an object"
        );
        assert_eq!(
            plain_words("unknown field `colour`, expected `name` or `color`"),
            "unknown field \"colour\", expected \"name\" or \"color\""
        );
        assert_eq!(
            plain_words("invalid type: string \"x\", expected i64"),
            "wrong type: found the text \"x\", expected a whole number"
        );
    }

    #[test]
    fn every_kind_round_trips_its_name() {
        for k in RecordKind::ALL {
            assert_eq!(RecordKind::from_name(k.as_str()), Some(k));
        }
        assert_eq!(RecordKind::from_name("World"), None);
    }
}
