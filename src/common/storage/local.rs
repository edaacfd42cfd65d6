//! The raw `localStorage` handle (gloo-storage's, once the browser is known to offer one):
//! get, set, remove and list keys under the app's prefix, with every JavaScript exception
//! turned into a [`StorageError`] a player can read.
//!
//! A write that the browser refuses (the storage is full) changes nothing: `setItem` either
//! stores the whole new value or throws and keeps the old one, and every operation here that
//! touches two keys writes the new one before removing the old one.

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::{JsCast, JsValue};
use worlds_engine::envelope::{self, Envelope, EnvelopeError, ImportError, RecordKind};

/// Every key the app writes starts with this.
pub const APP_PREFIX: &str = "mw:";

/// Namespace of the copies of damaged records kept aside (listed by [`super::damaged`]).
pub(crate) const ASIDE: &str = "damaged:";

/// Why a storage operation failed. [`std::fmt::Display`] gives a message for the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageError {
    /// The browser offers no `localStorage` (blocked site data, some private modes).
    Unavailable { reason: String },
    /// The browser's storage for this site is full: the write was refused and the previous
    /// value (if any) is untouched.
    Full { key: String },
    /// The browser threw something else while reading, writing or removing.
    Failed {
        action: &'static str,
        key: String,
        reason: String,
    },
    /// No entry under this key (deleted meanwhile, perhaps in another tab).
    NotFound { key: String },
    /// The entry is there but cannot be read; it is left as it is (see [`super::damaged`]).
    Damaged { key: String, problem: EnvelopeError },
    /// The data could not be turned into JSON (a bug, not the player's doing).
    Unwritable(EnvelopeError),
    /// An imported board file was refused; nothing stored changed.
    BoardRefused(ImportError),
    /// An imported saved game was refused; nothing stored changed.
    GameRefused(EnvelopeError),
    /// An imported saved game is larger than the app accepts; nothing stored changed.
    FileTooLarge { bytes: usize, limit: usize },
}

impl std::fmt::Display for StorageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StorageError::Unavailable { reason } => write!(
                f,
                "This browser does not let Monopoly Worlds store anything ({reason}). Worlds and games cannot be saved; blocked site data or a private window can cause this."
            ),
            StorageError::Full { .. } => write!(
                f,
                "There is not enough room left in the browser's storage to save this. Nothing was changed: the previous copy is still there. Delete saved games or worlds you no longer need, then try again."
            ),
            StorageError::Failed { action, reason, .. } => write!(
                f,
                "The browser could not {action} the saved data ({reason}). Nothing was changed."
            ),
            StorageError::NotFound { .. } => write!(
                f,
                "This entry no longer exists; it may have been deleted in another tab."
            ),
            StorageError::Damaged { key, problem } => {
                write!(f, "The saved entry \"{key}\" is damaged. {problem}")
            }
            StorageError::Unwritable(problem) => write!(f, "{problem}"),
            StorageError::BoardRefused(problem) => write!(f, "{problem}"),
            StorageError::GameRefused(problem) => {
                write!(f, "This file cannot be opened as a saved game. {problem}")
            }
            StorageError::FileTooLarge { bytes, limit } => write!(
                f,
                "This file cannot be opened as a saved game: it is {} KB, and a saved game is at most {} KB.",
                bytes.div_ceil(1024),
                limit / 1024
            ),
        }
    }
}

impl std::error::Error for StorageError {}

impl StorageError {
    /// Whether the browser's storage is full (the player should free some room).
    pub fn is_full(&self) -> bool {
        matches!(self, StorageError::Full { .. })
    }
}

/// A handle on `localStorage`, limited to the keys under one prefix.
///
/// The app uses [`LocalStore::open`] (prefix [`APP_PREFIX`]); tests use their own prefix so
/// they never see each other's keys. Names passed to the methods are relative to the
/// prefix: `get("world:abc")` reads the key `mw:world:abc`.
#[derive(Debug, Clone)]
pub struct LocalStore {
    storage: web_sys::Storage,
    prefix: String,
}

impl LocalStore {
    /// The app's store.
    pub fn open() -> Result<LocalStore, StorageError> {
        LocalStore::open_with_prefix(APP_PREFIX)
    }

    /// A store over the keys starting with `prefix`.
    pub fn open_with_prefix(prefix: &str) -> Result<LocalStore, StorageError> {
        let window = web_sys::window().ok_or_else(|| StorageError::Unavailable {
            reason: "no window".into(),
        })?;
        // gloo-storage's handle panics when the browser blocks localStorage: check first
        // that it is there at all, and say so in words when it is not.
        window
            .local_storage()
            .map_err(|e| StorageError::Unavailable {
                reason: js_reason(&e),
            })?
            .ok_or_else(|| StorageError::Unavailable {
                reason: "localStorage is missing".into(),
            })?;
        let storage = <gloo_storage::LocalStorage as gloo_storage::Storage>::raw();
        Ok(LocalStore {
            storage,
            prefix: prefix.to_string(),
        })
    }

    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// The key as the browser stores it.
    pub fn full_key(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }

    /// The raw text under a name, `None` when there is none.
    pub fn get(&self, name: &str) -> Result<Option<String>, StorageError> {
        let key = self.full_key(name);
        self.storage
            .get_item(&key)
            .map_err(|e| StorageError::Failed {
                action: "read",
                reason: js_reason(&e),
                key,
            })
    }

    /// Writes the raw text under a name. On failure the previous value is untouched.
    pub fn set(&self, name: &str, value: &str) -> Result<(), StorageError> {
        let key = self.full_key(name);
        WRITTEN.with(|w| w.borrow_mut().remove(&key));
        self.storage.set_item(&key, value).map_err(|e| {
            if is_quota_error(&e) {
                StorageError::Full { key }
            } else {
                StorageError::Failed {
                    action: "write",
                    reason: js_reason(&e),
                    key,
                }
            }
        })
    }

    /// Removes a name (nothing happens when it is not there).
    pub fn remove(&self, name: &str) -> Result<(), StorageError> {
        let key = self.full_key(name);
        WRITTEN.with(|w| w.borrow_mut().remove(&key));
        self.storage
            .remove_item(&key)
            .map_err(|e| StorageError::Failed {
                action: "remove",
                reason: js_reason(&e),
                key,
            })
    }

    pub fn contains(&self, name: &str) -> Result<bool, StorageError> {
        Ok(self.get(name)?.is_some())
    }

    /// Every name under the prefix, sorted.
    pub fn names(&self) -> Result<Vec<String>, StorageError> {
        let failed = |e: JsValue| StorageError::Failed {
            action: "list",
            key: self.prefix.clone(),
            reason: js_reason(&e),
        };
        let count = self.storage.length().map_err(failed)?;
        let mut names = Vec::new();
        for i in 0..count {
            if let Some(key) = self.storage.key(i).map_err(failed)? {
                if let Some(name) = key.strip_prefix(&self.prefix) {
                    names.push(name.to_string());
                }
            }
        }
        worlds_engine::sorting::sort(&mut names);
        Ok(names)
    }

    /// The ids under a namespace such as `"world:"` (the rest of each name), sorted.
    pub fn ids_in(&self, namespace: &str) -> Result<Vec<String>, StorageError> {
        Ok(self
            .names()?
            .into_iter()
            .filter_map(|n| n.strip_prefix(namespace).map(str::to_string))
            .filter(|id| !id.is_empty())
            .collect())
    }

    /// Wraps `data` in its envelope and writes it.
    pub fn write_record<T: Serialize>(
        &self,
        name: &str,
        kind: RecordKind,
        data: &T,
        now: u64,
    ) -> Result<(), StorageError> {
        let text = envelope::encode(kind, data, now).map_err(StorageError::Unwritable)?;
        self.set(name, &text)?;
        WRITTEN.with(|w| {
            w.borrow_mut()
                .insert(self.full_key(name), fingerprint(&text))
        });
        Ok(())
    }

    /// Reads the record under a name: `Ok(None)` when there is none, [`StorageError::Damaged`]
    /// when it is there but not a readable record of one of `kinds`.
    pub fn read_record<T: DeserializeOwned>(
        &self,
        name: &str,
        kinds: &[RecordKind],
    ) -> Result<Option<Envelope<T>>, StorageError> {
        let Some(text) = self.get(name)? else {
            return Ok(None);
        };
        envelope::decode_envelope(kinds, &text)
            .map(Some)
            .map_err(|problem| StorageError::Damaged {
                key: self.full_key(name),
                problem,
            })
    }

    /// Like [`LocalStore::read_record`], but a missing record is [`StorageError::NotFound`].
    pub fn read_existing<T: DeserializeOwned>(
        &self,
        name: &str,
        kinds: &[RecordKind],
    ) -> Result<Envelope<T>, StorageError> {
        self.read_record(name, kinds)?
            .ok_or_else(|| StorageError::NotFound {
                key: self.full_key(name),
            })
    }

    /// A fresh id, free in every one of `namespaces`: the time in base 36, with `-2`, `-3`...
    /// when that is taken (two saves in the same millisecond).
    pub fn new_id(&self, namespaces: &[&str], now: u64) -> Result<String, StorageError> {
        let names = self.names()?;
        let taken = |id: &str| {
            namespaces
                .iter()
                .any(|ns| names.iter().any(|n| n.strip_prefix(ns) == Some(id)))
        };
        let base = base36(now);
        if !taken(&base) {
            return Ok(base);
        }
        // At most `names.len()` candidates can be taken, so this always finds one.
        let mut n = 2usize;
        loop {
            let id = format!("{base}-{n}");
            if !taken(&id) {
                return Ok(id);
            }
            n += 1;
        }
    }

    /// If the record under `name` is damaged, copies it aside (to `damaged:<name>:<now>`) so
    /// that writing over it loses nothing. Returns the name of the copy, if one was made.
    /// `readable` says whether a text is a good record for that name.
    pub(crate) fn set_aside_if_damaged(
        &self,
        name: &str,
        readable: impl Fn(&str) -> bool,
        now: u64,
    ) -> Result<Option<String>, StorageError> {
        let Some(text) = self.get(name)? else {
            return Ok(None);
        };
        // What this page itself wrote there last (with write_record, so readable) is not
        // read again: the autosave is written after every action, and reading the whole
        // game back each time took longer than the action.
        let ours =
            WRITTEN.with(|w| w.borrow().get(&self.full_key(name)) == Some(&fingerprint(&text)));
        if ours || readable(&text) {
            return Ok(None);
        }
        let base = format!("{}{name}:{now}", ASIDE);
        let mut aside = base.clone();
        let mut n = 2;
        while self.contains(&aside)? {
            aside = format!("{base}-{n}");
            n += 1;
        }
        self.set(&aside, &text)?;
        Ok(Some(aside))
    }
}

thread_local! {
    /// A fingerprint of the text each key was last given by [`LocalStore::write_record`] on
    /// this page; a raw write or a removal forgets it. Another tab's write leaves a text with
    /// another fingerprint, which is then checked as before.
    static WRITTEN: std::cell::RefCell<std::collections::HashMap<String, u64>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

fn fingerprint(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

pub(crate) fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    out.into_iter().map(char::from).collect()
}

/// Whether a JavaScript exception is the browser saying the storage is full.
fn is_quota_error(e: &JsValue) -> bool {
    match e.dyn_ref::<web_sys::DomException>() {
        Some(dom) => {
            matches!(
                dom.name().as_str(),
                "QuotaExceededError" | "NS_ERROR_DOM_QUOTA_REACHED"
            ) || matches!(dom.code(), 22 | 1014)
        }
        None => false,
    }
}

/// A short description of a JavaScript exception.
fn js_reason(e: &JsValue) -> String {
    if let Some(dom) = e.dyn_ref::<web_sys::DomException>() {
        let message = dom.message();
        return if message.is_empty() {
            dom.name()
        } else {
            format!("{}: {message}", dom.name())
        };
    }
    if let Some(error) = e.dyn_ref::<js_sys::Error>() {
        return String::from(error.message());
    }
    e.as_string()
        .unwrap_or_else(|| "the browser gave no reason".to_string())
}
