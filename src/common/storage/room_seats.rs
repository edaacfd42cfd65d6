//! This device's seats in online rooms (`room-seats`): for each room code, the seat token the
//! room server handed this device, which puts it back in its seat when it opens the room's
//! link again (or Continue). Without it the device cannot take its seat back.
//!
//! Stored in a settings envelope; a record that cannot be read is reported by
//! [`super::damaged::scan`] (saying what it is) and copied aside before a new one replaces it.

use std::collections::BTreeMap;

use worlds_engine::envelope::{self, RecordKind};
use worlds_table::room::HeldSeat;

use super::local::{LocalStore, StorageError};

pub(crate) const ROOM_SEATS: &str = "room-seats";

/// The most rooms whose seats are remembered (the newest codes stay).
pub const MOST_ROOMS: usize = 20;

/// The seats this device holds, by room code.
pub type RoomSeats = BTreeMap<String, HeldSeat>;

pub(crate) fn readable(text: &str) -> bool {
    envelope::decode::<RoomSeats>(RecordKind::Settings, text).is_ok()
}

/// The seats this device holds; none when there is no record or it cannot be read (it is then
/// listed among the damaged entries).
pub fn load(store: &LocalStore) -> RoomSeats {
    store
        .read_record::<RoomSeats>(ROOM_SEATS, &[RecordKind::Settings])
        .ok()
        .flatten()
        .map(|r| r.data)
        .unwrap_or_default()
}

/// Keeps the seat held in room `code` (with the others, at most [`MOST_ROOMS`]); a damaged
/// record is first copied aside, never written over.
pub fn keep(store: &LocalStore, code: &str, seat: HeldSeat, now: u64) -> Result<(), StorageError> {
    let mut all = load(store);
    all.insert(code.to_string(), seat);
    while all.len() > MOST_ROOMS {
        let Some(first) = all.keys().next().cloned() else {
            break;
        };
        all.remove(&first);
    }
    write(store, &all, now)
}

/// Forgets the seat held in room `code` (My games' Forget, for a room that closed or ended);
/// a damaged record is first copied aside, never written over.
pub fn forget(store: &LocalStore, code: &str, now: u64) -> Result<(), StorageError> {
    let mut all = load(store);
    if all.remove(code).is_none() {
        return Ok(());
    }
    write(store, &all, now)
}

fn write(store: &LocalStore, all: &RoomSeats, now: u64) -> Result<(), StorageError> {
    let aside = store.set_aside_if_damaged(ROOM_SEATS, readable, now)?;
    let result = store.write_record(ROOM_SEATS, RecordKind::Settings, all, now);
    if result.is_err() {
        if let Some(aside) = aside {
            let _ = store.remove(&aside);
        }
    }
    result
}
