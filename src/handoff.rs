//! What one page of the site hands to the next (see [`crate::app::Page`]): the board the lab
//! opens on and where its Back button returns, and the board the lobby opens on. It is kept
//! in the tab's session storage, so a reload of the lab shows the same board again.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use worlds_engine::BoardDef;

use crate::app::{Page, Screen, Shared};

const KEY: &str = "mw:handoff";

#[derive(Serialize, Deserialize, Default)]
struct Handoff {
    #[serde(default)]
    lab_board: Option<BoardDef>,
    #[serde(default)]
    lab_back: Option<String>,
    #[serde(default)]
    lobby_board: Option<String>,
}

fn session_storage() -> Option<web_sys::Storage> {
    window().session_storage().ok().flatten()
}

/// Writes what the page opening `to` needs. A tab without session storage (or a board too
/// large for it) opens the next page plain.
pub fn write(shared: &Shared, to: Screen) {
    let Some(storage) = session_storage() else {
        return;
    };
    let handoff = Handoff {
        lab_board: (to == Screen::Statistics)
            .then(|| shared.lab_board.get_untracked())
            .flatten(),
        lab_back: Some(shared.lab_back.get_untracked().name().to_string()),
        lobby_board: shared.lobby_board.get_untracked(),
    };
    match serde_json::to_string(&handoff) {
        Ok(text) if storage.set_item(KEY, &text).is_ok() => {}
        _ => {
            let _ = storage.remove_item(KEY);
        }
    }
}

/// Reads what the previous page handed to `page` into `shared`. The game's page takes it
/// once; the lab keeps it, so a reload shows the same board.
pub fn read(page: Page, shared: &Shared) {
    let Some(storage) = session_storage() else {
        return;
    };
    let Some(text) = storage.get_item(KEY).ok().flatten() else {
        return;
    };
    let handoff: Handoff = serde_json::from_str(&text).unwrap_or_default();
    match page {
        Page::Main => {
            let _ = storage.remove_item(KEY);
            shared.lobby_board.set(handoff.lobby_board);
        }
        Page::Lab => {
            shared.lab_board.set(handoff.lab_board);
            if let Some(back) = handoff.lab_back.as_deref().and_then(Screen::from_name) {
                shared.lab_back.set(back);
            }
        }
        Page::Maker => {}
    }
}
