//! Everything the app keeps in the browser's `localStorage`, one concern per file.
//!
//! Every record is wrapped in the engine's versioned envelope
//! ([`worlds_engine::envelope`]): `{"kind", "version", "saved_at", "data"}`. Keys:
//!
//! | key | what | module |
//! |---|---|---|
//! | `mw:world:<id>` | a saved world (`world`) or an unplayable draft (`draft`) | [`worlds`] |
//! | `mw:trash:<id>` | a deleted world | [`worlds`] |
//! | `mw:autosave` | the game in progress | [`saves`] |
//! | `mw:save:<id>` | a named saved game | [`saves`] |
//! | `mw:settings` | sound, volume, animation speed, theme | [`settings`] |
//! | `mw:lobby` | the seats and round limit last set in the lobby | [`last_setup`] |
//! | `mw:room-seats` | this device's seat tokens in online rooms, by room code | [`room_seats`] |
//! | `mw:damaged:<key>:<time>` | a damaged record kept aside when a newer one replaced it | [`damaged`] |
//!
//! Only this module writes keys under `mw:`; any other key there is reported as damaged.
//!
//! Rules kept throughout:
//! - A failed write (the browser's storage is full) leaves the previous value intact, and the
//!   error ([`StorageError::Full`]) says so in words for the player.
//! - A record that cannot be read is never deleted or overwritten silently: lists skip it,
//!   [`damaged::scan`] reports it (key, raw text, reason), and only [`damaged::delete`], on
//!   the player's request, removes it. Nothing here panics on stored content.
//! - Times (`now`, milliseconds since 1970) are passed in by the caller; ids are made from
//!   them (base 36, with a `-2` suffix when two saves share a millisecond).

pub mod damaged;
pub mod last_setup;
pub mod local;
pub mod room_seats;
pub mod saves;
pub mod settings;
pub mod worlds;

pub use damaged::DamagedEntry;
pub use local::{LocalStore, StorageError, APP_PREFIX};
pub use saves::{SaveSummary, SavedGame};
pub use settings::{AnimationSpeed, Settings, Theme};
pub use worlds::{SavedWorld, TrashSummary, TrashedWorld, WorldSummary};
