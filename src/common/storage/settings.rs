//! The player's settings (`settings`): sound, volume, animation speed and color theme.
//!
//! Fields missing from a stored record take their defaults, so a record written before a
//! setting existed still reads. A record that cannot be read is reported by
//! [`super::damaged::scan`] and copied aside before new settings replace it.

use serde::{Deserialize, Deserializer, Serialize};
use worlds_engine::envelope::{self, RecordKind};
use worlds_models::fields::FieldError;

use super::local::{LocalStore, StorageError};

const SETTINGS: &str = "settings";

/// How fast moves and computer players are animated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnimationSpeed {
    /// No animation: everything shows at once.
    Off,
    Slow,
    #[default]
    Normal,
    Fast,
}

impl AnimationSpeed {
    pub const ALL: [AnimationSpeed; 4] = [
        AnimationSpeed::Off,
        AnimationSpeed::Slow,
        AnimationSpeed::Normal,
        AnimationSpeed::Fast,
    ];

    pub fn label(self) -> &'static str {
        match self {
            AnimationSpeed::Off => "Off",
            AnimationSpeed::Slow => "Slow",
            AnimationSpeed::Normal => "Normal",
            AnimationSpeed::Fast => "Fast",
        }
    }

    /// How long an animation of `normal_ms` at normal speed lasts at this speed.
    pub fn scale_ms(self, normal_ms: u32) -> u32 {
        match self {
            AnimationSpeed::Off => 0,
            AnimationSpeed::Slow => normal_ms.saturating_mul(2),
            AnimationSpeed::Normal => normal_ms,
            AnimationSpeed::Fast => normal_ms / 2,
        }
    }
}

/// The color theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

impl Theme {
    pub fn label(self) -> &'static str {
        match self {
            Theme::Light => "Light",
            Theme::Dark => "Dark",
        }
    }
}

/// Highest volume.
pub const MAX_VOLUME: u8 = 100;

/// The settings, with their defaults.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Sound effects on or off.
    pub sound: bool,
    /// 0 to 100.
    #[serde(deserialize_with = "volume_from_json")]
    pub volume: u8,
    pub animation: AnimationSpeed,
    pub theme: Theme,
    /// A STUN server (`stun:host:port`) for a table across networks; empty: none, devices on
    /// the same network connect directly. Left out of the record when empty (the record
    /// reads as before).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub stun_server: String,
    /// A room server (`worlds serve`) for Play online when this page's own host has none,
    /// e.g. `https://rooms.example.org`; empty: this page's server, if it is one. Left out of
    /// the record when empty.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub room_server: String,
    /// The player pressed "Tell me when it's my turn" (and the browser allowed
    /// notifications): a decision that becomes theirs while the page is hidden is notified.
    /// Left out of the record when off.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub turn_alerts: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            sound: true,
            volume: 80,
            animation: AnimationSpeed::Normal,
            theme: Theme::Light,
            stun_server: String::new(),
            room_server: String::new(),
            turn_alerts: false,
        }
    }
}

impl Settings {
    /// Sets the room server from what the player typed: an `http://` or `https://` address
    /// of a server (no path, query or spaces; a trailing `/` is dropped), or nothing. A
    /// refusal says what is wrong and changes nothing.
    pub fn set_room_server(&mut self, typed: &str) -> Result<(), FieldError> {
        let text = typed.trim().trim_end_matches('/');
        if text.is_empty() {
            self.room_server.clear();
            return Ok(());
        }
        let rest = text
            .strip_prefix("https://")
            .or_else(|| text.strip_prefix("http://"))
            .ok_or(FieldError::RoomServerScheme)?;
        let fine = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']');
        if rest.is_empty() || text.len() > 200 || !rest.chars().all(fine) {
            return Err(FieldError::RoomServerShape);
        }
        self.room_server = text.to_string();
        Ok(())
    }

    /// Sets the volume, kept within 0 to 100.
    pub fn set_volume(&mut self, volume: i64) {
        self.volume = volume.clamp(0, i64::from(MAX_VOLUME)) as u8;
    }
}

/// Any whole number is accepted and kept within 0 to 100.
fn volume_from_json<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let v = i64::deserialize(d)?;
    Ok(v.clamp(0, i64::from(MAX_VOLUME)) as u8)
}

fn readable(text: &str) -> bool {
    envelope::decode::<Settings>(RecordKind::Settings, text).is_ok()
}

/// The stored settings; the defaults when none are stored. A damaged record is an error
/// ([`StorageError::Damaged`]); the app then runs with `Settings::default()`.
pub fn load(store: &LocalStore) -> Result<Settings, StorageError> {
    Ok(store
        .read_record::<Settings>(SETTINGS, &[RecordKind::Settings])?
        .map(|r| r.data)
        .unwrap_or_default())
}

/// Stores the settings. A damaged settings record is first copied aside (it stays in the
/// damaged list); when the browser's storage is full, the previous settings stay as they
/// were and the error says so.
pub fn save(store: &LocalStore, settings: &Settings, now: u64) -> Result<(), StorageError> {
    let aside = store.set_aside_if_damaged(SETTINGS, readable, now)?;
    let result = store.write_record(SETTINGS, RecordKind::Settings, settings, now);
    if result.is_err() {
        if let Some(aside) = aside {
            let _ = store.remove(&aside);
        }
    }
    result
}
