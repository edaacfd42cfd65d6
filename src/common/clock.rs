//! The browser's clock, for the times stored with records and the ids made from them.

/// Milliseconds since 1970, from the browser's clock.
pub fn now_ms() -> u64 {
    js_sys::Date::now().max(0.0) as u64
}
