//! Sharing by link in the browser: the link to this site carrying a world or a game (the
//! format is the engine's [`worlds_engine::share`]), and what a link opened here holds.

use crate::common::error::AppError;
use worlds_engine::{share, BoardDef, GameRecord};

use crate::common::clock::now_ms;
use crate::common::storage::{saves, worlds, SavedGame};

/// A world link stays short enough to send when it is at most this long; pictures go in
/// only if it does.
pub const WORLD_LINK_BUDGET: usize = 8 * 1024;
/// The longest game link offered (longer games are shared as a file).
pub const GAME_LINK_LIMIT: usize = 32 * 1024;

/// The address of the game's page without any fragment (`https://host/path/`), from any
/// page of the site (the Board Maker's `maker.html` shares links the game's page opens).
pub fn site_address() -> String {
    let location = leptos::prelude::window().location();
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_else(|_| "/".into());
    let folder = match path.rsplit_once('/') {
        Some((folder, page)) if page.ends_with(".html") => format!("{folder}/"),
        _ => path,
    };
    format!("{origin}{folder}")
}

/// A link to this site carrying `text` under `key`.
pub fn link_for(key: &str, text: &str) -> String {
    format!("{}#{}", site_address(), share::fragment(key, text))
}

/// The world without its pictures (board picture, square pictures, pawns).
fn without_pictures(def: &BoardDef) -> BoardDef {
    let mut bare = def.clone();
    bare.picture = None;
    for sq in &mut bare.squares {
        sq.picture = None;
    }
    bare.pawns.clear();
    bare
}

/// Whether a world has any picture.
fn has_pictures(def: &BoardDef) -> bool {
    def.picture.is_some()
        || !def.pawns.is_empty()
        || def.squares.iter().any(|s| s.picture.is_some())
}

/// The link for a world, and whether its pictures were left out to keep it short enough.
pub fn world_link(def: &BoardDef) -> Result<(String, bool), AppError> {
    let text = worlds::export(def, now_ms())?;
    let link = link_for(share::WORLD, &text);
    if link.len() <= WORLD_LINK_BUDGET || !has_pictures(def) {
        return Ok((link, false));
    }
    let bare = worlds::export(&without_pictures(def), now_ms())?;
    Ok((link_for(share::WORLD, &bare), true))
}

/// What the Share dialog shows for a world: its link (or why none) and, when the pictures
/// had to be left out, a note saying so.
pub fn world_share(def: &BoardDef) -> (Result<String, AppError>, Option<String>) {
    match world_link(def) {
        Ok((link, dropped)) => (
            Ok(link),
            dropped.then(|| {
                "The pictures were left out to keep the link short enough to send: export the world as a file to share them too.".to_string()
            }),
        ),
        Err(e) => (Err(e), None),
    }
}

/// The link for a game (its setup and actions, as a saved game file), or why it cannot be
/// one.
pub fn game_link(name: &str, record: &GameRecord) -> Result<String, AppError> {
    let text = saves::export_game(name, record, now_ms())?;
    let link = link_for(share::GAME, &text);
    if link.len() > GAME_LINK_LIMIT {
        return Err(AppError::GameLinkTooLong {
            kb: link.len().div_ceil(1024),
            limit_kb: GAME_LINK_LIMIT / 1024,
        });
    }
    Ok(link)
}

/// The game a link's data carries, replayed to check it; refused with a reason a player can
/// read.
pub fn read_game(data: &str) -> Result<SavedGame<GameRecord>, AppError> {
    let text = share::unpack(data).map_err(AppError::Link)?;
    let saved = worlds_engine::envelope::decode::<SavedGame<GameRecord>>(
        worlds_engine::envelope::RecordKind::Save,
        &text,
    )
    .map_err(AppError::LinkGame)?;
    saved
        .game
        .replay()
        .map_err(AppError::LinkGameDoesNotReplay)?;
    Ok(saved)
}

/// The link in the address bar when the page was opened (`#world=…` / `#game=…`).
pub fn opened_link() -> Option<ShareLink> {
    let hash = leptos::prelude::window().location().hash().ok()?;
    let (key, data) = share::parse_fragment(&hash)?;
    match key {
        share::WORLD => Some(ShareLink::World(data.to_string())),
        share::GAME => Some(ShareLink::Game(data.to_string())),
        _ => None,
    }
}

/// A link the page was opened with: what it carries, with its data still packed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShareLink {
    /// A world (`#world=…`).
    World(String),
    /// A game (`#game=…`).
    Game(String),
}

/// Takes the link off the address (after it was read), so a reload shows the menu.
pub fn clear_opened_link() {
    let window = leptos::prelude::window();
    let location = window.location();
    let path = format!(
        "{}{}",
        location.pathname().unwrap_or_else(|_| "/".into()),
        location.search().unwrap_or_default()
    );
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
}
