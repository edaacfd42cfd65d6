//! The game's page (`index.html`): the main menu, the lobby, the game in play with its
//! dialogs, saved games, settings, help, credits and links opened from outside. Uses only
//! this folder and `common`.

pub mod app;
pub mod autosave;
pub mod credits;
pub use worlds_models::driver;
pub mod front;
pub mod handover;
pub mod help;
pub mod link;
pub mod lobby;
pub mod menu;
#[cfg(feature = "online")]
pub mod my_games;
pub mod pieces;
pub mod play;
#[cfg(feature = "online")]
pub mod room;
pub mod saves;
pub mod session;
pub mod settings;
pub mod shared;
pub use worlds_models::steps;
#[cfg(feature = "online")]
pub mod table;
#[cfg(feature = "online")]
pub mod talk;
pub mod turns;
