//! One module per screen.

pub mod board_maker;
pub mod credits;
pub mod editor;
pub mod help;
pub mod lobby;
pub mod menu;
pub mod play;
pub mod saves;
pub mod settings;
pub mod shared;
pub mod statistics;
