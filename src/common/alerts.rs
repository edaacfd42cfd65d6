//! "Your turn" alerts (issue 61): the player's permission for system notifications, asked
//! only when they press **Tell me when it's my turn** (in a room's panel and in Settings),
//! never on load; the notification itself, shown through the service worker so that clicking
//! it focuses the room's page (or opens its link); the tab's title; whether the page is seen.
//! When to alert is [`worlds_models::turn_alert`]'s to decide.

use leptos::prelude::*;

use crate::common::context::SettingsStore;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{NotificationOptions, NotificationPermission, VisibilityState};

/// What this browser lets the site do with notifications.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Permission {
    /// Allowed: a decision that becomes this device's while the page is hidden is notified.
    Granted,
    /// Refused (in the browser's settings, for this site).
    Denied,
    /// Not asked yet.
    Ask,
    /// This browser has no notifications.
    Unsupported,
}

impl Permission {
    /// What the button's note says.
    pub fn words(self) -> &'static str {
        match self {
            Permission::Granted => "You will be told when it's your turn, even in another tab.",
            Permission::Denied => "This browser blocks notifications from this site: allow them in its site settings to be told.",
            Permission::Ask => "",
            Permission::Unsupported => "This browser cannot show notifications; the tab's title still says \"(Your turn)\".",
        }
    }
}

fn supported() -> bool {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::has(&w, &JsValue::from_str("Notification")).ok())
        .unwrap_or(false)
}

/// The permission now.
pub fn permission() -> Permission {
    if !supported() {
        return Permission::Unsupported;
    }
    match web_sys::Notification::permission() {
        NotificationPermission::Granted => Permission::Granted,
        NotificationPermission::Denied => Permission::Denied,
        _ => Permission::Ask,
    }
}

/// Asks the browser (after the player pressed the button); the answer.
pub async fn ask() -> Permission {
    if !supported() {
        return Permission::Unsupported;
    }
    if let Ok(promise) = web_sys::Notification::request_permission() {
        let _ = JsFuture::from(promise).await;
    }
    permission()
}

/// Whether the page is hidden (another tab, a minimised window, a locked phone).
pub fn page_hidden() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_some_and(|d| d.visibility_state() == VisibilityState::Hidden)
}

/// The tab's title now.
pub fn title() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .map(|d| d.title())
        .unwrap_or_default()
}

/// Sets the tab's title.
pub fn set_title(title: &str) {
    if let Some(d) = web_sys::window().and_then(|w| w.document()) {
        d.set_title(title);
    }
}

/// The service worker's registration, once it is active; `None` where there is none.
async fn registration() -> Option<JsValue> {
    let container = web_sys::window()?.navigator().service_worker();
    JsFuture::from(container.ready().ok()?).await.ok()
}

/// The service worker's `pushManager`.
async fn push_manager() -> Option<JsValue> {
    js_sys::Reflect::get(&registration().await?, &JsValue::from_str("pushManager")).ok()
}

/// The browser's push subscription, if it has one.
async fn existing_subscription(manager: &JsValue) -> Option<JsValue> {
    call_await(manager, "getSubscription", &[])
        .await
        .filter(|s| !s.is_null() && !s.is_undefined())
}

/// Shows a system notification through the service worker (if the player allowed them):
/// `tag` replaces an earlier one of the same room, and a click opens `url`.
pub fn notify(title: String, body: String, tag: String, url: String) {
    if permission() != Permission::Granted {
        return;
    }
    // The service worker is registered once the page is idle; ask for it now if it was not.
    if let Some(start) = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &JsValue::from_str("__mwStartServiceWorker")).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    {
        let _ = start.call0(&JsValue::NULL);
    }
    leptos::task::spawn_local(async move {
        let Some(reg) = registration().await else {
            return;
        };
        let Ok(reg) = reg.dyn_into::<web_sys::ServiceWorkerRegistration>() else {
            return;
        };
        let options = NotificationOptions::new();
        options.set_body(&body);
        options.set_tag(&tag);
        let data = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&data, &JsValue::from_str("url"), &JsValue::from_str(&url));
        options.set_data(&data);
        if let Ok(shown) = reg.show_notification_with_options(&title, &options) {
            let _ = JsFuture::from(shown).await;
        }
    });
}

/// Calls `target[name](args…)` and awaits the promise it returns.
async fn call_await(target: &JsValue, name: &str, args: &[JsValue]) -> Option<JsValue> {
    let f = js_sys::Reflect::get(target, &JsValue::from_str(name))
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?;
    let promise = match args {
        [] => f.call0(target),
        [a] => f.call1(target, a),
        _ => return None,
    }
    .ok()?
    .dyn_into::<js_sys::Promise>()
    .ok()?;
    JsFuture::from(promise).await.ok()
}

/// This browser's push subscription for the room server's key (`GET /api/push/key`), made
/// if there is none, as the JSON the room keeps (`PushSubscription.toJSON()`); `None` where
/// push cannot be had (no permission, no service worker or push service, a server without a
/// key). Push brings "Your turn" when no page of the room is open.
pub async fn push_subscription() -> Option<serde_json::Value> {
    use base64::Engine as _;
    if permission() != Permission::Granted {
        return None;
    }
    let url = crate::common::room_server::server_url("/api/push/key");
    let (status, body) = crate::common::room_server::request("GET", &url, None)
        .await
        .ok()?;
    let answer: serde_json::Value = serde_json::from_str(&body).ok().filter(|_| status == 200)?;
    let key = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(answer.get("key")?.as_str()?.trim_end_matches('='))
        .ok()?;
    let manager = push_manager().await?;
    let subscription = match existing_subscription(&manager).await {
        Some(s) => s,
        None => {
            let options = js_sys::Object::new();
            js_sys::Reflect::set(&options, &"userVisibleOnly".into(), &JsValue::TRUE).ok()?;
            let key = js_sys::Uint8Array::from(key.as_slice());
            js_sys::Reflect::set(&options, &"applicationServerKey".into(), &key).ok()?;
            call_await(&manager, "subscribe", &[options.into()]).await?
        }
    };
    let json = js_sys::Reflect::get(&subscription, &"toJSON".into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?
        .call0(&subscription)
        .ok()?;
    let text = js_sys::JSON::stringify(&json).ok()?.as_string()?;
    serde_json::from_str(&text).ok()
}

/// Withdraws this browser's push subscription (Stop telling me), if it has one.
pub async fn withdraw_push() {
    let Some(manager) = push_manager().await else {
        return;
    };
    if let Some(sub) = existing_subscription(&manager).await {
        let _ = call_await(&sub, "unsubscribe", &[]).await;
    }
}

/// Whether a decision that becomes this device's while the page is hidden is notified: the
/// player pressed **Tell me when it's my turn** and the browser allows it.
pub fn wanted() -> bool {
    use_context::<SettingsStore>().is_some_and(|s| s.settings.with_untracked(|s| s.turn_alerts))
        && permission() == Permission::Granted
}

/// **Tell me when it's my turn**: asks for the browser's permission (only when pressed, never
/// on load) and keeps the player's choice; **Stop telling me** turns it off again.
#[component]
pub fn TellMeButton() -> impl IntoView {
    let store = expect_context::<SettingsStore>();
    let state = RwSignal::new(permission());
    let on = move || store.settings.with(|s| s.turn_alerts) && state.get() == Permission::Granted;
    let press = move |_| {
        leptos::task::spawn_local(async move {
            let answer = ask().await;
            state.set(answer);
            if answer == Permission::Granted {
                store.change(|s| s.turn_alerts = true);
            }
        });
    };
    let stop = move |_| store.change(|s| s.turn_alerts = false);
    view! {
        <div class="turn-alerts">
            {move || if on() {
                view! {
                    <button type="button" class="menu-button" on:click=stop>"Stop telling me"</button>
                    <p class="hint" role="status">{Permission::Granted.words()}</p>
                }.into_any()
            } else {
                let words = state.get().words();
                view! {
                    <button type="button" class="menu-button" on:click=press
                        disabled=move || state.get() == Permission::Unsupported>"Tell me when it's my turn"</button>
                    {(state.get() != Permission::Granted && !words.is_empty())
                        .then(|| view! { <p class="hint" role="status">{words}</p> })}
                }.into_any()
            }}
        </div>
    }
}
