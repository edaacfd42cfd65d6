//! Long work in slices (the lab's runs, a computer player thinking): the page gets the main
//! thread back between slices, so it keeps answering clicks (Cancel, Skip) and painting.

use wasm_bindgen::JsCast;

/// How long one slice of work may take before the page gets the thread back.
pub const SLICE_MS: f64 = 25.0;

/// Milliseconds from the page's clock (`performance.now()`, else `Date.now()`).
pub fn now_ms() -> f64 {
    let window = leptos::prelude::window();
    js_sys::Reflect::get(&window, &"performance".into())
        .ok()
        .and_then(|p| {
            let now = js_sys::Reflect::get(&p, &"now".into()).ok()?;
            let now: js_sys::Function = now.dyn_into().ok()?;
            now.call0(&p).ok()?.as_f64()
        })
        .unwrap_or_else(js_sys::Date::now)
}

/// Lets the browser run everything it has queued (events, painting), then resumes.
pub async fn yield_now() {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let _ = leptos::prelude::window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Sizes the next batch so that one slice takes about [`SLICE_MS`]: doubles while the work
/// is quick, halves when a slice ran long.
pub fn next_batch(batch: u64, slice_ms: f64) -> u64 {
    if slice_ms < SLICE_MS / 2.0 {
        batch.saturating_mul(2)
    } else if slice_ms > SLICE_MS * 2.0 {
        (batch / 2).max(1)
    } else {
        batch
    }
}
