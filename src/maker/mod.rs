//! The Board Maker's page (`maker.html`): the list of boards and the trash, the editor's
//! model ([`model`]: plain data and every edit), and the views that show it (the editor
//! screen, the square editor, the board settings and their cards). Uses only this folder and `common`.

pub mod app;
pub mod board_settings;
pub mod cards;
pub mod editor;
mod editor_dialogs;
mod editor_session;
pub mod list;
pub use worlds_models::editor as model;
mod share;
pub mod square_editor;
