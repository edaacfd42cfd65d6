//! The game page's light first code (index.html): the menu and the lobby; the game's code
//! (src/main.rs) takes the page over for everything else (see `game::front`).
//!
//! Built by scripts/build_site.sh with the feature `split` (and without online play), the
//! game's app is in this code too, behind one split point: wasm-split-cli moves what only it
//! reaches into a chunk of its own (`split_game`), which web/loader.mjs fetches while the
//! player is in the lobby and `window.__mwSplitGame()` starts. The game then needs only the
//! chunk, not a second copy of what the two share (Leptos, serde, the engine, the lobby):
//! 140 KB brotli less on the way to the board (docs/CODE_SPLITTING.md).
fn main() {
    monopoly_worlds::common::page::start_front(monopoly_worlds::game::front::Front);
    #[cfg(feature = "split")]
    split::offer_game();
}

#[cfg(feature = "split")]
mod split {
    use leptos::wasm_split::SplitLoaderError;
    use wasm_bindgen::JsValue;

    /// Starts the game's app (it takes the page over from the light code, as the game's own
    /// code does); an error when its chunk could not be loaded.
    #[leptos::wasm_split::wasm_split(
        game,
        fallible,
        preload(preload_game),
        wasm_split_path = ::leptos::wasm_split
    )]
    fn start_game() -> Result<(), SplitLoaderError> {
        monopoly_worlds::common::page::start(monopoly_worlds::game::app::App);
        Ok(())
    }

    /// `window.__mwSplitGame()` starts the game, `window.__mwPreloadGame()` only loads its
    /// chunk (while the player is in the lobby): each a promise that rejects, with a message
    /// a player can read, when the chunk did not arrive (the lobby then offers Retry).
    pub fn offer_game() {
        offer("__mwSplitGame", || Box::pin(start_game()));
        offer("__mwPreloadGame", || Box::pin(preload_game()));
    }

    type Loading =
        std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), SplitLoaderError>>>>;

    fn offer(name: &str, load: fn() -> Loading) {
        let call =
            wasm_bindgen::closure::Closure::<dyn FnMut() -> js_sys::Promise>::new(move || {
                wasm_bindgen_futures::future_to_promise(async move {
                    load()
                        .await
                        .map(|()| JsValue::UNDEFINED)
                        .map_err(|_| js_sys::Error::new("The game's code did not arrive.").into())
                })
            });
        let _ = js_sys::Reflect::set(&leptos::prelude::window(), &name.into(), call.as_ref());
        call.forget();
    }
}
