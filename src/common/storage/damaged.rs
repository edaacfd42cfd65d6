//! Damaged entries: every key under the app's prefix whose record cannot be read, with its
//! raw text (to export) and the reason in plain words.
//!
//! Nothing here runs on its own: [`scan`] only reads, and [`delete`] removes one entry when
//! the player asks. Entries copied aside when a newer record replaced a damaged one
//! (`damaged:<name>:<time>`) are always listed, so nothing is lost without the player
//! knowing. [`scan`] never panics, whatever the stored text.

use serde::de::DeserializeOwned;
use worlds_engine::envelope::{self, EnvelopeError, RecordKind};
use worlds_engine::BoardDef;

use super::local::{LocalStore, StorageError, ASIDE};
use super::saves::SavedGame;
use super::settings::Settings;
use super::worlds::TrashedWorld;

/// An entry that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamagedEntry {
    /// The browser's key, e.g. `mw:world:loyw3v28`.
    pub key: String,
    /// What the entry is (or was), in the player's words: "A saved game", "Your seats in
    /// online rooms (…)", so nothing the app needs is deleted without the player knowing.
    pub what: String,
    /// The stored text, exactly as it is (for Export).
    pub raw: String,
    /// Why it cannot be read, for the player.
    pub reason: String,
}

impl DamagedEntry {
    /// A file name for exporting the raw text: `mw-world-loyw3v28.json`.
    pub fn export_file_name(&self) -> String {
        let stem: String = self
            .key
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .take(80)
            .collect();
        format!("{}.json", stem.trim_matches('-'))
    }
}

/// Every damaged entry, in key order. `G` is the saved game type (the engine's `Game`):
/// a saved game is damaged when it does not read as one.
pub fn scan<G: DeserializeOwned>(store: &LocalStore) -> Result<Vec<DamagedEntry>, StorageError> {
    let mut damaged = Vec::new();
    for name in store.names()? {
        let key = store.full_key(&name);
        let (raw, reason) = match store.get(&name) {
            Ok(Some(raw)) => match problem::<G>(&name, &raw) {
                Some(reason) => (raw, reason),
                None => continue,
            },
            // Removed between listing and reading: nothing to report.
            Ok(None) => continue,
            Err(e) => (String::new(), e.to_string()),
        };
        let what = what_it_is(&name).to_string();
        damaged.push(DamagedEntry {
            key,
            what,
            raw,
            reason,
        });
    }
    Ok(damaged)
}

/// Removes one damaged entry (the player chose Delete). Refuses an entry that reads fine
/// (it is not damaged, or no longer) and a key outside the app's prefix.
pub fn delete<G: DeserializeOwned>(store: &LocalStore, key: &str) -> Result<(), StorageError> {
    let not_found = || StorageError::NotFound {
        key: key.to_string(),
    };
    let name = key.strip_prefix(store.prefix()).ok_or_else(not_found)?;
    let raw = store.get(name)?.ok_or_else(not_found)?;
    if problem::<G>(name, &raw).is_none() {
        return Err(not_found());
    }
    store.remove(name)
}

/// What the entry under `name` is, for the player: every name the app writes is known here.
pub fn what_it_is(name: &str) -> &'static str {
    if let Some(rest) = name.strip_prefix(ASIDE) {
        let original = rest.rsplit_once(':').map_or(rest, |(orig, _time)| orig);
        return match original {
            super::saves::UNPLAYABLE_AUTOSAVE | "autosave" => {
                "A copy of a game in progress, kept aside"
            }
            super::room_seats::ROOM_SEATS => "A copy of your seats in online rooms, kept aside",
            _ => "A copy kept aside",
        };
    }
    match name {
        "autosave" => "The game in progress (Continue resumes it)",
        "lobby" => "The lobby's last seats and round limit",
        "settings" => "Your settings",
        super::room_seats::ROOM_SEATS => {
            "Your seats in online rooms (they let this device back into its seat by the room's link)"
        }
        _ if has_id(name, "save:") => "A saved game",
        _ if has_id(name, "world:") => "A board of yours from the Board Maker",
        _ if has_id(name, "trash:") => "A board in the Board Maker's trash",
        _ => "An entry Monopoly Worlds does not use",
    }
}

/// What is wrong with the text under `name`; `None` when it reads as what that name holds.
fn problem<G: DeserializeOwned>(name: &str, raw: &str) -> Option<String> {
    let Some(rest) = name.strip_prefix(ASIDE) else {
        return record_problem::<G>(name, raw);
    };
    let original = rest.rsplit_once(':').map_or(rest, |(orig, _time)| orig);
    if original == super::saves::UNPLAYABLE_AUTOSAVE {
        return Some(
            "An autosaved game kept aside: it reads, but this version of the game can no \
             longer replay it. Export it to keep it."
                .to_string(),
        );
    }
    let why = match record_problem::<G>(original, raw) {
        Some(reason) => reason,
        None => "It reads correctly now, but was kept in case it is needed.".to_string(),
    };
    let shown: String = original.chars().take(60).collect();
    Some(format!(
        "Kept aside when a newer copy of \"{shown}\" was saved. {why}"
    ))
}

/// What is wrong with the text under a record's own name (not a copy kept aside).
fn record_problem<G: DeserializeOwned>(name: &str, raw: &str) -> Option<String> {
    let check = |r: Result<(), EnvelopeError>| r.err().map(|e| e.to_string());
    if name == "autosave" || has_id(name, "save:") {
        return check(envelope::decode::<SavedGame<G>>(RecordKind::Save, raw).map(drop));
    }
    if has_id(name, "world:") {
        return check(
            envelope::decode_envelope::<BoardDef>(&[RecordKind::World, RecordKind::Draft], raw)
                .map(drop),
        );
    }
    if has_id(name, "trash:") {
        return check(envelope::decode::<TrashedWorld>(RecordKind::Trash, raw).map(drop));
    }
    if name == "lobby" {
        return check(
            envelope::decode::<super::last_setup::LastSetup>(RecordKind::Settings, raw).map(drop),
        );
    }
    if name == "settings" {
        return check(envelope::decode::<Settings>(RecordKind::Settings, raw).map(drop));
    }
    if name == super::room_seats::ROOM_SEATS {
        return check(
            envelope::decode::<super::room_seats::RoomSeats>(RecordKind::Settings, raw).map(drop),
        );
    }
    Some("Monopoly Worlds does not use an entry by this name.".to_string())
}

fn has_id(name: &str, namespace: &str) -> bool {
    name.strip_prefix(namespace)
        .is_some_and(|id| !id.is_empty())
}
