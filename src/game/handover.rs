//! Handing the game's page to another of its codes (`web/loader.mjs`, `window.__mwLoadGame`):
//! the light first code (the menu and the lobby) hands it to the game's code, and the game's
//! code built without online play (the one a hot-seat game starts in) hands it to the one
//! with it when a table, a room or a room's link is asked for. The code taking over opens the
//! screen named in `window.__mwPending`, with the lobby handed as filled in and its press
//! (`crate::game::lobby::HandedLobby`), and the code handing over leaves the page.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::common::context::Screen;
use crate::common::error::CodeNotLoaded;

/// Where a lobby handed over waits for the code taking the page over (the page's window: the
/// hand-over happens within one page), as JSON (`crate::game::lobby::HandedLobby`).
pub const HANDED_LOBBY: &str = "__mwLobby";

/// Which of the game's codes takes the page over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    /// The game's code a new game starts in: everything but online play.
    Game,
    /// The game's code with online play: all of the game's code, tables, rooms and their
    /// links as well.
    Online,
}

impl Code {
    /// Its name for `window.__mwLoadGame`.
    fn name(self) -> &'static str {
        match self {
            Code::Game => "game",
            Code::Online => "online",
        }
    }

    /// The code a screen of the game's page needs: My games, and Continue (the game screen)
    /// of a game played at a table or in a room, need online play.
    pub fn for_screen(screen: Screen) -> Code {
        if screen == Screen::MyGames {
            return Code::Online;
        }
        let at_table = || {
            crate::common::storage::LocalStore::open()
                .ok()
                .and_then(|s| {
                    crate::common::storage::saves::autosave_summary(&s)
                        .ok()
                        .flatten()
                })
                .is_some_and(|s| s.at_table)
        };
        if screen == Screen::Play && at_table() {
            Code::Online
        } else {
            Code::Game
        }
    }

    /// The code a link in the page's fragment needs: a table's, a room's or a reply's needs
    /// online play; the others (a shared world or game) are opened by either.
    pub fn for_link(hash: &str) -> Code {
        if ["#room=", "#join=", "#reply="]
            .iter()
            .any(|p| hash.starts_with(p))
        {
            Code::Online
        } else {
            Code::Game
        }
    }
}

/// The page handed to another code: `None` before it, `Some(Ok(()))` while that code loads,
/// `Some(Err(why))` when it could not be loaded. With what was handed last, for Retry.
#[derive(Clone, Copy)]
pub struct HandOver {
    opening: RwSignal<Option<Result<(), CodeNotLoaded>>>,
    last: StoredValue<Option<(Code, Screen, Option<String>)>>,
}

impl Default for HandOver {
    fn default() -> Self {
        HandOver {
            opening: RwSignal::new(None),
            last: StoredValue::new(None),
        }
    }
}

/// Said when the game's code could not be loaded.
const NOT_LOADED: &str =
    "The game could not be loaded. Check your connection and try again. Nothing you chose is lost.";

impl HandOver {
    /// Whether the page is being handed over (its code loading, or failed to).
    pub fn started(self) -> bool {
        self.opening.with(Option::is_some)
    }

    /// Whether the code taking the page over is on its way (not failed).
    pub fn loading(self) -> bool {
        self.opening.with(|o| matches!(o, Some(Ok(()))))
    }

    /// Hands the page to `code`, which opens `screen` (the lobby, when it is handed with
    /// it as JSON, as filled in, and carries out its press).
    pub fn to(self, code: Code, screen: Screen, lobby: Option<String>) {
        if matches!(self.opening.get_untracked(), Some(Ok(()))) {
            return;
        }
        self.last.set_value(Some((code, screen, lobby.clone())));
        let window = window();
        let _ = js_sys::Reflect::set(&window, &"__mwPending".into(), &screen.name().into());
        match lobby {
            Some(text) => {
                let _ = js_sys::Reflect::set(&window, &HANDED_LOBBY.into(), &text.into());
            }
            None => {
                let _ = js_sys::Reflect::delete_property(&window, &HANDED_LOBBY.into());
            }
        }
        let promise = js_sys::Reflect::get(&window, &"__mwLoadGame".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .and_then(|load| load.call1(&window, &code.name().into()).ok())
            .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
        let Some(promise) = promise else {
            self.opening.set(Some(Err(CodeNotLoaded { why: None })));
            return;
        };
        self.opening.set(Some(Ok(())));
        let opening = self.opening;
        leptos::task::spawn_local(async move {
            // Loaded: the other code has taken the page over and this app is gone.
            if let Err(e) = wasm_bindgen_futures::JsFuture::from(promise).await {
                let why = e
                    .dyn_ref::<js_sys::Error>()
                    .map(|e| String::from(e.message()))
                    .or_else(|| e.as_string())
                    .unwrap_or_else(|| "The code did not arrive.".into());
                opening.try_set(Some(Err(CodeNotLoaded { why: Some(why) })));
            }
        });
    }

    /// While the code loads (with how much has arrived), and when it could not be loaded
    /// (with Retry, which takes the focus).
    pub fn status(self) -> impl IntoView {
        let HandOver { opening, last } = self;
        let progress = RwSignal::new(game_progress());
        let on_progress =
            window_event_listener_untyped("mwgameprogress", move |_| progress.set(game_progress()));
        on_cleanup(move || on_progress.remove());
        let retry = move |_| {
            opening.set(None);
            if let Some((code, screen, lobby)) = last.get_value() {
                self.to(code, screen, lobby);
            }
        };
        let retry_button = NodeRef::<leptos::html::Button>::new();
        Effect::new(move |_| {
            if let Some(button) = retry_button.get() {
                let _ = button.focus();
            }
        });
        let waiting = move || match progress.get() {
            Some(p) if p < 100 => format!("Opening the game… {p}%"),
            _ => "Opening the game…".to_string(),
        };
        move || match opening.get() {
            None => None,
            Some(Ok(())) => Some(view! { <p class="hint" role="status">{waiting}</p> }.into_any()),
            Some(Err(why)) => Some(
                view! {
                    <div class="problem" role="alert">
                        <p>{NOT_LOADED}</p>
                        <p class="hint">{why.to_string()}</p>
                        <button
                            type="button"
                            class="menu-button primary"
                            node_ref=retry_button
                            on:click=retry
                        >
                            "Retry"
                        </button>
                    </div>
                }
                .into_any(),
            ),
        }
    }
}

/// How much of the code asked for has arrived, in percent (`web/loader.mjs` announces it).
pub fn game_progress() -> Option<u32> {
    js_sys::Reflect::get(&window(), &"__mwGameProgress".into())
        .ok()?
        .as_f64()
        .map(|p| p.clamp(0.0, 100.0) as u32)
}
