//! Invite links (`#join=<data>`) and reply links (`#reply=<data>`).
//!
//! The host makes one invite per remote seat; the guest opens it, sees the table's summary,
//! chooses a name, color and token, and sends back a reply link that the host pastes (or
//! scans). Both are bytes written in base64url without padding:
//!
//! | bytes | invite | reply |
//! | --- | --- | --- |
//! | 1 | format version ([`FORMAT_VERSION`]) | same |
//! | 1 | `J` | `R` |
//! | 2 | length of the whole, checksum included | same |
//! | 8 | table id (random, from the host) | same |
//! | 1 | seat index | same |
//! | | creation time (4 bytes, minutes since 1970) | guest's name, color, token |
//! | | host's name for the seat, board name, rule-set name, the seats (name, color, token, kind) | |
//! | | the host's packed offer ([`crate::signal`]) | the guest's packed answer |
//! | 4 | CRC-32 of everything before | same |
//!
//! Text is a length byte and UTF-8; names have at most [`MAX_NAME_CHARS`] characters and no
//! control characters or direction marks (writing strips them; a link with any is refused as
//! changed). A color is `#rrggbb` or none
//! (3 bytes or a zero flag), so nothing a peer writes ever reaches a style as free text.
//! Text is never HTML: the app shows it as text.
//!
//! Reading checks, in order: the characters, the version, the kind, the length (shorter
//! than written: cut; longer: changed), the checksum, the fields, then the age (an invite)
//! or the table and seat (a reply). Every refusal is one sentence a player can read
//! ([`InviteError`]'s `Display`).

use std::fmt;

use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, URL_SAFE_NO_PAD};
use base64::engine::DecodePaddingMode;
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use worlds_engine::{GameSetup, PlayerId, SeatKind};

use crate::signal::{Reader, SignalEssentials};

/// The version byte of links written now.
pub const FORMAT_VERSION: u8 = 1;
/// The fragment key of an invite.
pub const JOIN: &str = "join";
/// The fragment key of a reply.
pub const REPLY: &str = "reply";
/// Longest name (of a seat, a player, a token), in characters.
pub const MAX_NAME_CHARS: usize = 24;
/// Longest board or rule-set name an invite carries (longer ones are shortened).
pub const MAX_TITLE_CHARS: usize = 40;
/// An invite older than this (minutes) is refused.
pub const MAX_AGE_MINUTES: u32 = 24 * 60;
/// The most seats a summary lists.
pub const MAX_SEATS: usize = 8;
/// Longest link data read at all.
pub const MAX_DATA_CHARS: usize = 4096;

const KIND_INVITE: u8 = b'J';
const KIND_REPLY: u8 = b'R';

/// A table's id: 8 random bytes chosen by the host (the app passes them in). Written as 16
/// hexadecimal digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TableId(pub [u8; 8]);

impl fmt::Display for TableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl Serialize for TableId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for TableId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TableId, D::Error> {
        let text = String::deserialize(d)?;
        let bad = || serde::de::Error::custom("a table id is 16 hexadecimal digits");
        if text.len() != 16 || !text.is_ascii() {
            return Err(bad());
        }
        let mut out = [0u8; 8];
        for (i, o) in out.iter_mut().enumerate() {
            *o = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
        }
        Ok(TableId(out))
    }
}

/// Who plays a seat, as the invite's summary shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SummaryKind {
    /// A person at the host's device.
    Human,
    Computer,
    /// A person at another device.
    Remote,
}

/// One seat in an invite's summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatSummary {
    pub name: String,
    /// `#rrggbb`, or empty.
    pub color: String,
    /// The token's name (`Token::name`): `""`, `"pawn:N"` or a piece's name.
    pub token: String,
    pub kind: SummaryKind,
}

/// What a guest sees before joining (the full setup comes over the channel).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSummary {
    pub board: String,
    pub rules: String,
    pub seats: Vec<SeatSummary>,
}

impl TableSummary {
    /// The summary of a setup: `rules` is the rule set's name as the lobby shows it,
    /// `remote` the seats played from other devices. Names are cleaned and shortened.
    pub fn of(setup: &GameSetup, rules: &str, remote: &[PlayerId]) -> TableSummary {
        TableSummary {
            board: clean_text(setup.board.name(), MAX_TITLE_CHARS),
            rules: clean_text(rules, MAX_TITLE_CHARS),
            seats: setup
                .seats
                .iter()
                .take(MAX_SEATS)
                .enumerate()
                .map(|(i, s)| SeatSummary {
                    name: clean_name(&s.name),
                    color: clean_color(&s.color),
                    token: clean_name(&s.token.name()),
                    kind: if remote.contains(&PlayerId(i)) {
                        SummaryKind::Remote
                    } else if matches!(s.kind, SeatKind::Computer { .. }) {
                        SummaryKind::Computer
                    } else {
                        SummaryKind::Human
                    },
                })
                .collect(),
        }
    }
}

/// An invite to one seat of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invite {
    pub table_id: TableId,
    pub seat: PlayerId,
    /// The name the host gave the seat (the guest may keep it or choose another).
    pub seat_name: String,
    /// When the invite was made, in minutes since 1970 (the app passes its clock in).
    pub created_minutes: u32,
    pub summary: TableSummary,
    /// The host's offer.
    pub offer: SignalEssentials,
}

/// A guest's answer to an invite.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub table_id: TableId,
    pub seat: PlayerId,
    pub name: String,
    /// `#rrggbb`, or empty.
    pub color: String,
    pub token: String,
    /// The guest's answer.
    pub answer: SignalEssentials,
}

/// Which link a message is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkKind {
    Invite,
    Reply,
}

impl LinkKind {
    fn word(self) -> &'static str {
        match self {
            LinkKind::Invite => "invite",
            LinkKind::Reply => "reply",
        }
    }
}

/// Why an invite or reply is refused. `Display` is one sentence a player can read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InviteError {
    /// Not a link of this kind at all (empty, other characters, too long).
    NotALink(LinkKind),
    /// Shorter than it was written.
    Cut(LinkKind),
    /// The checksum or the content does not match what was written.
    Changed(LinkKind),
    /// An invite made more than [`MAX_AGE_MINUTES`] ago.
    TooOld,
    /// Written by another version of the format.
    OtherVersion(LinkKind),
    /// A reply where an invite was expected, or the other way round.
    WrongKind(LinkKind),
    /// A reply for another table.
    WrongTable,
    /// A seat the table does not have, or that waits for no device.
    BadSeat(LinkKind),
}

impl fmt::Display for InviteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InviteError::NotALink(k) => write!(
                f,
                "This is not a Monopoly Worlds {} — copy the whole link.",
                k.word()
            ),
            InviteError::Cut(k) => {
                write!(f, "This {} is incomplete — copy the whole link.", k.word())
            }
            InviteError::Changed(k) => write!(
                f,
                "This {} was changed after it was made — copy it again from the message it came in.",
                k.word()
            ),
            InviteError::TooOld => {
                f.write_str("This invite is more than a day old — ask the host for a new one.")
            }
            InviteError::OtherVersion(k) => write!(
                f,
                "This {} was made by another version of Monopoly Worlds — both devices need the same version.",
                k.word()
            ),
            InviteError::WrongKind(LinkKind::Invite) => f.write_str(
                "This is a reply, not an invite — open it on the host's device.",
            ),
            InviteError::WrongKind(LinkKind::Reply) => f.write_str(
                "This is an invite, not a reply — send it to the friend who should join.",
            ),
            InviteError::WrongTable => f.write_str(
                "This reply is for another table — it answers an invite this table did not send.",
            ),
            InviteError::BadSeat(LinkKind::Invite) => {
                f.write_str("This invite names a seat the table does not have.")
            }
            InviteError::BadSeat(LinkKind::Reply) => f.write_str(
                "This reply is for a seat that is not waiting for a device — send a new invite.",
            ),
        }
    }
}

impl std::error::Error for InviteError {}

impl Invite {
    /// The link data (base64url, no padding).
    pub fn to_data(&self) -> String {
        let mut out = header(KIND_INVITE, self.table_id, self.seat);
        out.extend_from_slice(&self.created_minutes.to_be_bytes());
        put_text(&mut out, &clean_name(&self.seat_name));
        put_text(&mut out, &clean_text(&self.summary.board, MAX_TITLE_CHARS));
        put_text(&mut out, &clean_text(&self.summary.rules, MAX_TITLE_CHARS));
        let seats = &self.summary.seats[..self.summary.seats.len().min(MAX_SEATS)];
        out.push(seats.len() as u8);
        for s in seats {
            put_text(&mut out, &clean_name(&s.name));
            put_color(&mut out, &s.color);
            put_text(&mut out, &clean_name(&s.token));
            out.push(match s.kind {
                SummaryKind::Human => 0,
                SummaryKind::Computer => 1,
                SummaryKind::Remote => 2,
            });
        }
        out.extend_from_slice(&self.offer.to_bytes());
        finish(out)
    }

    /// The fragment, without `#`: `join=<data>`.
    pub fn fragment(&self) -> String {
        format!("{JOIN}={}", self.to_data())
    }
}

impl Reply {
    /// The link data (base64url, no padding).
    pub fn to_data(&self) -> String {
        let mut out = header(KIND_REPLY, self.table_id, self.seat);
        put_text(&mut out, &clean_name(&self.name));
        put_color(&mut out, &self.color);
        put_text(&mut out, &clean_name(&self.token));
        out.extend_from_slice(&self.answer.to_bytes());
        finish(out)
    }

    /// The fragment, without `#`: `reply=<data>`.
    pub fn fragment(&self) -> String {
        format!("{REPLY}={}", self.to_data())
    }
}

/// Reads an invite: the whole URL, its fragment (`#join=...` or `join=...`) or the bare
/// data. `now_minutes` is the reading device's clock (minutes since 1970).
pub fn parse_invite(text: &str, now_minutes: u32) -> Result<Invite, InviteError> {
    let kind = LinkKind::Invite;
    let bytes = open(text, kind)?;
    let mut r = Reader::new(&bytes[13..bytes.len() - 4]);
    let changed = |_| InviteError::Changed(kind);
    let (table_id, seat) = read_head(&bytes);
    let created_minutes = r.u32().map_err(changed)?;
    let seat_name = get_name(&mut r, MAX_NAME_CHARS).ok_or(InviteError::Changed(kind))?;
    let board = get_name(&mut r, MAX_TITLE_CHARS).ok_or(InviteError::Changed(kind))?;
    let rules = get_name(&mut r, MAX_TITLE_CHARS).ok_or(InviteError::Changed(kind))?;
    let n = usize::from(r.u8().map_err(changed)?);
    if n > MAX_SEATS {
        return Err(InviteError::Changed(kind));
    }
    let mut seats = Vec::with_capacity(n);
    for _ in 0..n {
        let name = get_name(&mut r, MAX_NAME_CHARS).ok_or(InviteError::Changed(kind))?;
        let color = get_color(&mut r).ok_or(InviteError::Changed(kind))?;
        let token = get_name(&mut r, MAX_NAME_CHARS).ok_or(InviteError::Changed(kind))?;
        let kind = match r.u8().map_err(changed)? {
            0 => SummaryKind::Human,
            1 => SummaryKind::Computer,
            2 => SummaryKind::Remote,
            _ => return Err(InviteError::Changed(kind)),
        };
        seats.push(SeatSummary {
            name,
            color,
            token,
            kind,
        });
    }
    let offer = SignalEssentials::read(&mut r).map_err(changed)?;
    if !r.is_empty() {
        return Err(InviteError::Changed(kind));
    }
    if now_minutes.saturating_sub(created_minutes) > MAX_AGE_MINUTES {
        return Err(InviteError::TooOld);
    }
    if seats.get(seat.index()).map(|s| s.kind) != Some(SummaryKind::Remote) {
        return Err(InviteError::BadSeat(kind));
    }
    Ok(Invite {
        table_id,
        seat,
        seat_name,
        created_minutes,
        summary: TableSummary {
            board,
            rules,
            seats,
        },
        offer,
    })
}

/// Reads a reply on the host's device: the whole URL, its fragment or the bare data. It must
/// be for `table` and for one of `open_seats` (the seats waiting for a device).
pub fn parse_reply(
    text: &str,
    table: TableId,
    open_seats: &[PlayerId],
) -> Result<Reply, InviteError> {
    let kind = LinkKind::Reply;
    let bytes = open(text, kind)?;
    let (table_id, seat) = read_head(&bytes);
    let mut r = Reader::new(&bytes[13..bytes.len() - 4]);
    let name = get_name(&mut r, MAX_NAME_CHARS).ok_or(InviteError::Changed(kind))?;
    let color = get_color(&mut r).ok_or(InviteError::Changed(kind))?;
    let token = get_name(&mut r, MAX_NAME_CHARS).ok_or(InviteError::Changed(kind))?;
    let answer = SignalEssentials::read(&mut r).map_err(|_| InviteError::Changed(kind))?;
    if !r.is_empty() {
        return Err(InviteError::Changed(kind));
    }
    if table_id != table {
        return Err(InviteError::WrongTable);
    }
    if !open_seats.contains(&seat) {
        return Err(InviteError::BadSeat(kind));
    }
    Ok(Reply {
        table_id,
        seat,
        name,
        color,
        token,
        answer,
    })
}

/// A name as links carry it: control characters removed, spaces trimmed, at most
/// [`MAX_NAME_CHARS`] characters.
pub fn clean_name(text: &str) -> String {
    clean_text(text, MAX_NAME_CHARS)
}

/// Control characters, and the invisible marks that turn text around (a name could
/// otherwise show as another one).
fn unwanted(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn clean_text(text: &str, max_chars: usize) -> String {
    let kept: String = text.chars().filter(|&c| !unwanted(c)).collect();
    kept.trim()
        .chars()
        .take(max_chars)
        .collect::<String>()
        .trim()
        .to_string()
}

/// `#rrggbb` (lowercased) or empty: the only colors links carry.
pub fn clean_color(text: &str) -> String {
    match parse_color(text) {
        Some([r, g, b]) => format!("#{r:02x}{g:02x}{b:02x}"),
        None => String::new(),
    }
}

fn parse_color(text: &str) -> Option<[u8; 3]> {
    let hex = text.trim().strip_prefix('#')?;
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

fn header(kind: u8, table: TableId, seat: PlayerId) -> Vec<u8> {
    let mut out = Vec::with_capacity(256);
    out.push(FORMAT_VERSION);
    out.push(kind);
    out.extend_from_slice(&[0, 0]); // the length, set by `finish`
    out.extend_from_slice(&table.0);
    out.push(u8::try_from(seat.index()).unwrap_or(u8::MAX));
    out
}

fn finish(mut out: Vec<u8>) -> String {
    let total = (out.len() + 4) as u16;
    out[2..4].copy_from_slice(&total.to_be_bytes());
    let crc = crc32(&out);
    out.extend_from_slice(&crc.to_be_bytes());
    URL_SAFE_NO_PAD.encode(out)
}

fn put_text(out: &mut Vec<u8>, text: &str) {
    // Cleaned text has at most 40 characters of at most 4 bytes: always under 256 bytes.
    let bytes = text.as_bytes();
    let n = bytes.len().min(255);
    out.push(n as u8);
    out.extend_from_slice(&bytes[..n]);
}

fn put_color(out: &mut Vec<u8>, color: &str) {
    match parse_color(color) {
        Some(rgb) => {
            out.push(1);
            out.extend_from_slice(&rgb);
        }
        None => out.push(0),
    }
}

/// A name as written by `put_text`: valid UTF-8, no control character, not too long.
fn get_name(r: &mut Reader<'_>, max_chars: usize) -> Option<String> {
    let n = usize::from(r.u8().ok()?);
    let text = std::str::from_utf8(r.take(n).ok()?).ok()?;
    if text.chars().count() > max_chars || text.chars().any(unwanted) {
        return None;
    }
    Some(text.to_string())
}

fn get_color(r: &mut Reader<'_>) -> Option<String> {
    match r.u8().ok()? {
        0 => Some(String::new()),
        1 => {
            let [red, g, b] = r.array::<3>().ok()?;
            Some(format!("#{red:02x}{g:02x}{b:02x}"))
        }
        _ => None,
    }
}

/// The link's data from a URL, a fragment or bare data.
fn data_of(text: &str, kind: LinkKind) -> Result<&str, InviteError> {
    let text = text.trim();
    let after_hash = match text.rfind('#') {
        Some(i) => &text[i + 1..],
        None => text,
    };
    let (key, data) = match after_hash.split_once('=') {
        Some((k, d)) => (Some(k), d),
        None => (None, after_hash),
    };
    match (key, kind) {
        (None, _) => Ok(data),
        (Some(JOIN), LinkKind::Invite) | (Some(REPLY), LinkKind::Reply) => Ok(data),
        (Some(JOIN), LinkKind::Reply) | (Some(REPLY), LinkKind::Invite) => {
            Err(InviteError::WrongKind(kind))
        }
        (Some(_), _) => Err(InviteError::NotALink(kind)),
    }
}

/// Decodes and checks everything up to the checksum; returns the bytes (checksum included).
fn open(text: &str, kind: LinkKind) -> Result<Vec<u8>, InviteError> {
    let data = data_of(text, kind)?;
    if data.is_empty() || data.len() > MAX_DATA_CHARS {
        return Err(InviteError::NotALink(kind));
    }
    if !data
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err(InviteError::Changed(kind));
    }
    // A cut may leave a length base64 never has: read what whole characters carry.
    let usable = if data.len() % 4 == 1 {
        &data[..data.len() - 1]
    } else {
        data
    };
    // A cut leaves arbitrary bits at the end of the last character: they are allowed (the
    // length then tells a cut link, the checksum a changed one).
    let lenient = GeneralPurpose::new(
        &base64::alphabet::URL_SAFE,
        GeneralPurposeConfig::new()
            .with_encode_padding(false)
            .with_decode_padding_mode(DecodePaddingMode::RequireNone)
            .with_decode_allow_trailing_bits(true),
    );
    let bytes = lenient
        .decode(usable)
        .map_err(|_| InviteError::Changed(kind))?;
    let Some(&version) = bytes.first() else {
        return Err(InviteError::Cut(kind));
    };
    if version != FORMAT_VERSION {
        return Err(InviteError::OtherVersion(kind));
    }
    let Some(&k) = bytes.get(1) else {
        return Err(InviteError::Cut(kind));
    };
    match (k, kind) {
        (KIND_INVITE, LinkKind::Invite) | (KIND_REPLY, LinkKind::Reply) => {}
        (KIND_INVITE, LinkKind::Reply) | (KIND_REPLY, LinkKind::Invite) => {
            return Err(InviteError::WrongKind(kind))
        }
        _ => return Err(InviteError::Changed(kind)),
    }
    if bytes.len() < 4 {
        return Err(InviteError::Cut(kind));
    }
    let total = usize::from(u16::from_be_bytes([bytes[2], bytes[3]]));
    if bytes.len() < total || data.len() != usable.len() {
        return Err(InviteError::Cut(kind));
    }
    if bytes.len() > total || total < 17 {
        return Err(InviteError::Changed(kind));
    }
    let (body, sum) = bytes.split_at(total - 4);
    if crc32(body).to_be_bytes() != sum {
        return Err(InviteError::Changed(kind));
    }
    Ok(bytes)
}

/// The table id and seat of opened bytes (at least 17 long).
fn read_head(bytes: &[u8]) -> (TableId, PlayerId) {
    let mut id = [0u8; 8];
    id.copy_from_slice(&bytes[4..12]);
    (TableId(id), PlayerId(usize::from(bytes[12])))
}

/// CRC-32 (IEEE 802.3, as zlib and PNG use).
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_is_the_standard_one() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
    }

    #[test]
    fn names_and_colors_are_cleaned() {
        assert_eq!(clean_name("  Bea\u{0007}\n "), "Bea");
        assert_eq!(clean_name(&"x".repeat(40)).chars().count(), MAX_NAME_CHARS);
        assert_eq!(clean_color("#E07A5F"), "#e07a5f");
        assert_eq!(clean_color("red; background: url(x)"), "");
        assert_eq!(clean_color("#e07a5"), "");
    }

    #[test]
    fn table_ids_are_written_in_hex() {
        let id = TableId([1, 2, 3, 4, 0xaa, 0xbb, 0xcc, 0xff]);
        let json = serde_json::to_string(&id).expect("writes");
        assert_eq!(json, "\"01020304aabbccff\"");
        assert_eq!(serde_json::from_str::<TableId>(&json).expect("reads"), id);
        assert!(serde_json::from_str::<TableId>("\"0102\"").is_err());
        assert!(serde_json::from_str::<TableId>("\"é102030405060708\"").is_err());
    }
}
