//! The lobby's last setup (`lobby`): the seats (name, color, token, human or computer) and
//! the round limit of the last game started, so the next game starts from them.
//!
//! Stored in a settings envelope; a record that cannot be read is reported by
//! [`super::damaged::scan`] and copied aside before a new one replaces it.

use worlds_engine::envelope::{self, RecordKind};

pub use worlds_models::lobby::{LastSetup, SeatMemory};

use super::local::{LocalStore, StorageError};

const LOBBY: &str = "lobby";

pub(crate) fn readable(text: &str) -> bool {
    envelope::decode::<LastSetup>(RecordKind::Settings, text).is_ok()
}

/// The last setup; `None` when there is none or it cannot be read.
pub fn load(store: &LocalStore) -> Option<LastSetup> {
    store
        .read_record::<LastSetup>(LOBBY, &[RecordKind::Settings])
        .ok()
        .flatten()
        .map(|r| r.data)
}

/// Remembers a setup (a damaged record is first copied aside).
pub fn save(store: &LocalStore, setup: &LastSetup, now: u64) -> Result<(), StorageError> {
    let aside = store.set_aside_if_damaged(LOBBY, readable, now)?;
    let result = store.write_record(LOBBY, RecordKind::Settings, setup, now);
    if result.is_err() {
        if let Some(aside) = aside {
            let _ = store.remove(&aside);
        }
    }
    result
}
