//! Monopoly Worlds in the browser: the Leptos app.
//!
//! The engine (`worlds_engine`) holds every rule; this crate only shows its state and turns
//! what the player clicks into engine actions.

pub mod app;
pub mod boards;
pub mod components;
pub mod context;
pub mod download;
pub mod editor;
pub mod lobby;
pub mod pages;
pub mod pictures;
pub mod session;
pub mod share_link;
pub mod sound;
pub mod storage;
pub mod words;

pub use app::App;
