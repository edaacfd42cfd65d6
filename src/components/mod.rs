//! Components shared by the screens: the board ring, its thumbnail, dialogs and panels.

pub mod actions;
pub mod board_settings;
pub mod board_view;
pub mod dialogs;
pub mod end_screen;
pub mod fields;
pub mod game_log;
pub mod manage;
pub mod modal;
pub mod play_ui;
pub mod players;
pub mod share;
pub mod square_editor;
pub mod thumbnail;
pub mod trade;
