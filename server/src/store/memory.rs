//! Rooms kept in this process's memory: gone when it stops (tests, and `--memory`).

use std::collections::HashMap;
use std::sync::Mutex;

use async_trait::async_trait;

use super::{Found, Kept, RoomStore, StoreError, CLOSED_MS, DUE_AT_ONCE};
use crate::{lock, now_ms};

struct Room {
    kept: Kept,
    /// Set aside: closed at this time (ms) unless woken.
    closes_at: Option<u64>,
    /// Set aside with a turn clock running: taken up again at this time (ms).
    wakes_at: Option<u64>,
}

#[derive(Default)]
struct Rooms {
    rooms: HashMap<String, Room>,
    /// The server's keys, by name.
    keys: HashMap<String, String>,
    /// Closed codes: when they were closed, until when they say so (ms), and the reason the
    /// server's operator gave, if it was them.
    closed: HashMap<String, (u64, u64, Option<String>)>,
}

/// Rooms in memory.
#[derive(Default)]
pub struct MemoryStore {
    inner: Mutex<Rooms>,
}

impl MemoryStore {
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }
}

impl Rooms {
    fn close(&mut self, code: &str, now: u64, reason: Option<&str>) {
        self.rooms.remove(code);
        self.closed.insert(
            code.to_string(),
            (now, now + CLOSED_MS, reason.map(str::to_string)),
        );
    }
}

#[async_trait]
impl RoomStore for MemoryStore {
    fn describe(&self) -> String {
        "rooms in memory only (lost when the server stops)".into()
    }

    async fn create(&self, code: &str, opening: &str, state: &str) -> Result<bool, StoreError> {
        let mut all = lock(&self.inner);
        if all.rooms.contains_key(code) || all.closed.contains_key(code) {
            return Ok(false);
        }
        all.rooms.insert(
            code.to_string(),
            Room {
                kept: Kept {
                    opening: opening.to_string(),
                    state: state.to_string(),
                    actions: Vec::new(),
                },
                closes_at: None,
                wakes_at: None,
            },
        );
        Ok(true)
    }

    async fn write(
        &self,
        code: &str,
        from: usize,
        actions: &[String],
        state: Option<&str>,
    ) -> Result<bool, StoreError> {
        let mut all = lock(&self.inner);
        let Some(room) = all.rooms.get_mut(code) else {
            return Ok(false);
        };
        if room.kept.actions.len() != from {
            return Ok(false);
        }
        room.kept.actions.extend_from_slice(actions);
        if let Some(state) = state {
            room.kept.state = state.to_string();
        }
        Ok(true)
    }

    async fn load(&self, code: &str) -> Result<Option<Kept>, StoreError> {
        Ok(lock(&self.inner).rooms.get(code).map(|r| r.kept.clone()))
    }

    async fn find(&self, code: &str) -> Result<Found, StoreError> {
        let all = lock(&self.inner);
        Ok(if all.rooms.contains_key(code) {
            Found::Kept
        } else if let Some((at, _, reason)) = all.closed.get(code) {
            Found::Closed {
                at_ms: Some(*at),
                reason: reason.clone(),
            }
        } else {
            Found::Unknown
        })
    }

    async fn close(&self, code: &str, reason: Option<&str>) -> Result<(), StoreError> {
        lock(&self.inner).close(code, now_ms(), reason);
        Ok(())
    }

    async fn set_aside(
        &self,
        code: &str,
        remaining_ms: u64,
        wakes_at: Option<u64>,
    ) -> Result<bool, StoreError> {
        let mut all = lock(&self.inner);
        let Some(room) = all.rooms.get_mut(code) else {
            return Ok(false);
        };
        room.closes_at = Some(now_ms() + remaining_ms);
        room.wakes_at = wakes_at;
        Ok(true)
    }

    async fn due(&self, now: u64) -> Result<Vec<String>, StoreError> {
        let all = lock(&self.inner);
        let mut due: Vec<(u64, String)> = all
            .rooms
            .iter()
            .filter_map(|(c, r)| r.wakes_at.filter(|&t| t <= now).map(|t| (t, c.clone())))
            .collect();
        worlds_engine::sorting::sort_by(&mut due, Ord::cmp);
        Ok(due.into_iter().take(DUE_AT_ONCE).map(|(_, c)| c).collect())
    }

    async fn wake(&self, code: &str) -> Result<(), StoreError> {
        if let Some(room) = lock(&self.inner).rooms.get_mut(code) {
            room.closes_at = None;
            room.wakes_at = None;
        }
        Ok(())
    }

    async fn server_key(&self, name: &str, fresh: &str) -> Result<String, StoreError> {
        let mut all = lock(&self.inner);
        Ok(all
            .keys
            .entry(name.to_string())
            .or_insert_with(|| fresh.to_string())
            .clone())
    }

    async fn count(&self) -> Result<u64, StoreError> {
        Ok(lock(&self.inner).rooms.len() as u64)
    }

    async fn sweep(&self, now: u64) -> Result<(), StoreError> {
        let mut all = lock(&self.inner);
        let due: Vec<String> = all
            .rooms
            .iter()
            .filter(|(_, r)| r.closes_at.is_some_and(|t| t <= now))
            .map(|(c, _)| c.clone())
            .collect();
        for code in due {
            all.close(&code, now, None);
        }
        all.closed.retain(|_, (_, until, _)| *until > now);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_memory_store_keeps_its_contract() {
        let store = MemoryStore::new();
        super::super::contract::keeps_opens_writes_and_closes(&store, now_ms()).await;
        super::super::contract::keeps_the_operators_reason(&store, now_ms()).await;
    }
}
