//! The browser's clock, for the times stored with records and the ids made from them.

/// Milliseconds since 1970, from the browser's clock.
pub fn now_ms() -> u64 {
    js_sys::Date::now().max(0.0) as u64
}

/// Runs `f` once the page has painted its next frame (a task after that frame's rendering):
/// work the player need not wait for, such as a sound or the autosave, then does not hold up
/// what the action changed on screen. A hidden page paints no frames, so `f` waits until it
/// is shown.
pub fn after_paint(f: impl FnOnce() + 'static) {
    leptos::prelude::request_animation_frame(move || {
        leptos::prelude::set_timeout(f, std::time::Duration::ZERO)
    });
}
