//! Monopoly Worlds in the browser: the Leptos app.
//!
//! The engine (`worlds_engine`) holds every rule; this crate only shows its state and turns
//! what the player clicks into engine actions. The site is three pages, each with its own
//! code and its own folder here; what more than one page uses is in [`common`]:
//!
//! - [`game`]: the game's page (`index.html`, entry `src/main.rs`);
//! - [`maker`]: the Board Maker's page (`maker.html`, entry `src/bin/maker.rs`);
//! - [`lab`]: the statistics lab's page (`lab.html`, entry `src/bin/lab.rs`).
//!
//! A page's folder uses only itself and `common`; `common` uses no page's folder
//! (`scripts/check_modules.py` checks both, and that no two modules import each other in a
//! circle).

pub mod common;
pub mod game;
pub mod lab;
pub mod maker;

pub use game::app::App;
