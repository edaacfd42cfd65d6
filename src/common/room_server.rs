//! The room server this page can use (`worlds serve`, which serves the site and hosts rooms):
//! whether there is one, where its rooms are, and the one HTTP request rooms need (opening a
//! room). A page served by a static host has none, and the lobby then offers no Play online.

use crate::common::transport::TransportError;
use std::cell::RefCell;

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{RequestInit, Response};

thread_local! {
    /// Whether the room server's `/healthz` answered `ok`, asked once per page and server
    /// (reference-counted: it outlives the screen that first asked, unlike a signal owned by
    /// that screen).
    static FOUND: RefCell<Option<(String, ArcRwSignal<bool>)>> = const { RefCell::new(None) };
}

/// The room server set in Settings as "Room server" (`https://rooms.example.org`), or ""
/// for this page's own server.
fn chosen() -> String {
    use crate::common::storage::{settings, LocalStore};
    LocalStore::open()
        .and_then(|s| settings::load(&s))
        .map(|s| s.room_server)
        .unwrap_or_default()
}

/// The address of `path` on the room server: on the one set in Settings, else on this
/// page's own.
pub fn server_url(path: &str) -> String {
    format!("{}{path}", chosen())
}

/// Whether there is a room server: the one set in Settings, else the one that served this
/// page (its `/healthz` answers `ok`); false until the answer comes, and false for good from
/// a static host with none set.
pub fn room_server() -> Signal<bool> {
    let base = chosen();
    let found = match FOUND.with_borrow(Clone::clone) {
        Some((asked, found)) if asked == base => found,
        _ => {
            let found = ArcRwSignal::new(false);
            FOUND.with_borrow_mut(|f| *f = Some((base.clone(), found.clone())));
            let answer = found.clone();
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok((200, body)) = request("GET", &format!("{base}/healthz"), None).await {
                    if body.trim() == "ok" {
                        answer.set(true);
                    }
                }
            });
            found
        }
    };
    Signal::derive(move || found.get())
}

/// The address of a room's socket on the room server.
pub fn socket_url(code: &str) -> String {
    let base = chosen();
    let (secure, host) = match base.split_once("://") {
        Some((scheme, host)) => (scheme == "https", host.to_string()),
        None => {
            let location = window().location();
            (
                location.protocol().is_ok_and(|p| p == "https:"),
                location.host().unwrap_or_default(),
            )
        }
    };
    format!(
        "{}://{host}/api/rooms/{code}/ws",
        if secure { "wss" } else { "ws" }
    )
}

/// The room link of a room: this page's address with `#room=CODE`; with a room server set in
/// Settings, that server's address (it serves the same site), so a friend's device needs no
/// setting of its own.
pub fn room_link(code: &str) -> String {
    let base = chosen();
    if !base.is_empty() {
        return format!("{base}/#room={code}");
    }
    let location = window().location();
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_else(|_| "/".into());
    format!("{origin}{path}#room={code}")
}

/// An HTTP request to this page's server: the status and the body as text, or why no answer
/// came (a sentence).
pub async fn request(
    method: &str,
    url: &str,
    body: Option<&str>,
) -> Result<(u16, String), TransportError> {
    let init = RequestInit::new();
    init.set_method(method);
    if let Some(body) = body {
        init.set_body(&JsValue::from_str(body));
        let headers = js_sys::Object::new();
        let _ = js_sys::Reflect::set(
            &headers,
            &JsValue::from_str("Content-Type"),
            &JsValue::from_str("application/json"),
        );
        init.set_headers(&headers);
    }
    let unreachable = || TransportError::ServerUnreachable;
    let response = JsFuture::from(window().fetch_with_str_and_init(url, &init))
        .await
        .map_err(|_| unreachable())?;
    let response: Response = response.dyn_into().map_err(|_| unreachable())?;
    let text = JsFuture::from(response.text().map_err(|_| unreachable())?)
        .await
        .map_err(|_| unreachable())?;
    Ok((response.status(), text.as_string().unwrap_or_default()))
}
