//! The session's game in the device's storage: the autosave (resumed, asked about before a
//! new game replaces it, kept as a named save, set aside when it cannot be continued) and
//! named saves.

use leptos::prelude::*;
use worlds_engine::GameRecord;
use worlds_table::saved::SavedTable;

use crate::common::clock::{after_paint, now_ms};
use crate::common::error::{AppError, Doing};
use crate::common::storage::{saves, LocalStore};
use crate::game::session::{Link, Session};

/// A fresh seed for a new game from the browser's cryptographic source (the engine itself
/// never asks for entropy); `Math.random` only if that source is refused.
pub fn new_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_ok() {
        return u64::from_le_bytes(bytes);
    }
    let hi = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let lo = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (hi << 32) | lo
}

/// The game in the autosave, as the lobby asks about it before starting a new one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AutosaveState {
    /// No game in progress.
    Empty,
    /// A game that can be continued: its title and round.
    InProgress { title: String, round: u32 },
    /// The autosave reads as a save but cannot be replayed (or not read at all).
    Unplayable,
}

impl Session {
    /// Resumes the autosaved game. `Ok(false)`: there is none.
    pub fn resume_autosave(&self) -> Result<bool, AppError> {
        self.resume_autosave_at_table().map(|r| r.is_some())
    }

    /// Resumes the autosaved game and hands back the table it was played at, if any (the
    /// table module reopens it). `Ok(None)`: there is no autosave.
    pub fn resume_autosave_at_table(&self) -> Result<Option<Option<SavedTable>>, AppError> {
        flush_autosave();
        let store = LocalStore::open()?;
        let Some(saved) = saves::read_autosave::<GameRecord>(&store)? else {
            return Ok(None);
        };
        match self.rebuild(&saved.name, &saved.game) {
            Ok(()) => Ok(Some(saved.table)),
            Err(e) => {
                // Kept aside, never overwritten: the player can export or delete it.
                let kept = saves::set_aside_autosave(&store, now_ms());
                Err(AppError::AutosaveNotRebuilt {
                    why: Box::new(e),
                    kept_aside: kept.map(drop),
                })
            }
        }
    }

    /// What the autosave holds, for the lobby's question before a new game replaces it.
    pub fn autosave_state(&self) -> AutosaveState {
        flush_autosave();
        let Ok(store) = LocalStore::open() else {
            return AutosaveState::Empty;
        };
        match saves::read_autosave::<GameRecord>(&store) {
            Ok(None) => AutosaveState::Empty,
            Ok(Some(saved)) => match saved.game.replay() {
                Ok(g) if g.is_over() => AutosaveState::Empty,
                Ok(g) => AutosaveState::InProgress {
                    title: saved.name,
                    round: g.round(),
                },
                Err(_) => AutosaveState::Unplayable,
            },
            Err(_) => AutosaveState::Unplayable,
        }
    }

    /// Keeps the game in the autosave as a named save (before a new game replaces it).
    pub fn keep_autosave_as_named(&self) -> Result<String, AppError> {
        flush_autosave();
        let store = LocalStore::open()?;
        let saved =
            saves::read_autosave::<GameRecord>(&store)?.ok_or(AppError::NoGame(Doing::Keeping))?;
        saves::save_new(&store, &saved.name, &saved.game, now_ms())?;
        Ok(saved.name)
    }

    /// Moves an autosave that cannot be continued out of the way, keeping a copy.
    pub fn set_aside_autosave(&self) -> Result<(), AppError> {
        Ok(LocalStore::open()
            .and_then(|store| saves::set_aside_autosave(&store, now_ms()))
            .map(drop)?)
    }

    /// Writes the game over the autosave, with the table it is played at; a full storage
    /// leaves the old one and says so. A write asked for with [`Session::autosave_soon`]
    /// is done now instead.
    pub fn autosave(&self) {
        PENDING.with(|p| p.set(None));
        let record = self.play.try_with_untracked(|p| {
            p.game
                .as_ref()
                .map(|g| (p.title.clone(), GameRecord::of(g)))
        });
        let Some(Some((title, record))) = record else {
            return;
        };
        let table = match self.link.try_get_value() {
            Some(Link::Remote(remote)) => remote.saved(),
            _ => None,
        };
        let result = LocalStore::open().and_then(|store| {
            saves::write_autosave_at_table(&store, &title, &record, table, now_ms())
        });
        match result {
            Ok(()) if self.storage_warning.try_get_untracked().flatten().is_some() => {
                self.storage_warning.set(None)
            }
            Ok(()) => {}
            Err(e) => {
                self.storage_warning
                    .try_set(Some(AppError::NotAutosaved(e)));
            }
        }
    }

    /// Leaves the game (it stays in the autosave for "Continue", written now if it was due).
    pub fn close(&self) {
        flush_autosave();
        self.play.update(worlds_models::play::Play::close);
    }

    /// Autosaves once the page has painted what the action changed (writing the game took
    /// as long as the rest of a roll of the dice on a phone): after the next frame, at the
    /// latest 100 ms later (a hidden page paints no frames), and before the page is left.
    /// Asked again before then, the game is written once.
    pub fn autosave_soon(&self) {
        let first = PENDING.with(|p| p.replace(Some(*self)).is_none());
        if !first {
            return;
        }
        FLUSH_ON_LEAVING.with(|once| {
            once.get_or_init(|| {
                let flush = wasm_bindgen::closure::Closure::<dyn Fn()>::new(flush_autosave);
                let _ = window().add_event_listener_with_callback(
                    "pagehide",
                    wasm_bindgen::JsCast::unchecked_ref(flush.as_ref()),
                );
                flush.forget();
            });
        });
        after_paint(flush_autosave);
        set_timeout(flush_autosave, std::time::Duration::from_millis(100));
    }

    /// The game as a record (its setup and actions), for a named save or a link.
    pub fn record(&self) -> Option<GameRecord> {
        self.play
            .with_untracked(|p| p.game.as_ref().map(GameRecord::of))
    }

    /// Saves the game as a named save.
    pub fn save_named(&self, name: &str) -> Result<(), AppError> {
        let record = self.record().ok_or(AppError::NoGame(Doing::Saving))?;
        let store = LocalStore::open()?;
        saves::save_new(&store, name, &record, now_ms())?;
        Ok(())
    }
}

thread_local! {
    /// The session whose autosave is due ([`Session::autosave_soon`]).
    static PENDING: std::cell::Cell<Option<Session>> = const { std::cell::Cell::new(None) };
    static FLUSH_ON_LEAVING: std::cell::OnceCell<()> = const { std::cell::OnceCell::new() };
}

/// Writes the autosave that is due now, if there is one (before reading the autosave or
/// leaving the game).
pub fn flush_autosave() {
    if let Some(session) = PENDING.with(|p| p.take()) {
        session.autosave();
    }
}

/// How long each sliced decision took, from its first slice to its action, in
/// `window.__mwThinkingMs` (read by the journeys that measure it; nothing else uses it).
pub(crate) fn record_thinking(ms: f64) {
    let window = leptos::prelude::window();
    let key = wasm_bindgen::JsValue::from_str("__mwThinkingMs");
    let list = js_sys::Reflect::get(&window, &key)
        .ok()
        .filter(js_sys::Array::is_array)
        .map(wasm_bindgen::JsCast::unchecked_into::<js_sys::Array>)
        .unwrap_or_else(|| {
            let a = js_sys::Array::new();
            let _ = js_sys::Reflect::set(&window, &key, &a);
            a
        });
    list.push(&wasm_bindgen::JsValue::from_f64(ms));
}
