//! What more than one page uses: the page shell and navigation with its hand-offs, settings,
//! storage, the board ring view, the modal, form fields, thumbnails, the share dialog, links,
//! downloads and pictures. Nothing here imports a page's folder (`game`, `maker`, `lab`).

pub mod alerts;
pub mod board_view;
pub mod boards;
pub mod clock;
pub mod context;
pub mod deed;
pub mod download;
pub mod editor_guide;
pub mod error;
pub mod fields;
pub mod focus;
pub mod modal;
pub mod page;
pub mod pictures;
pub mod room_server;
pub mod settings_panel;
pub mod share;
pub mod share_link;
pub mod slices;
pub mod socket;
pub mod sound;
pub mod storage;
pub mod thumbnail;
pub mod transport;
pub use worlds_models::words;
