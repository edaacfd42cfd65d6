//! The player's settings panel: sound and volume, full screen, animation speed, color theme,
//! the STUN server and the room server. Stored at once. The game's Settings screen and menu
//! and the Board Maker's menu show it.

use leptos::prelude::*;

use crate::common::context::SettingsStore;
use crate::common::storage::{AnimationSpeed, Theme};

/// The settings, each stored at once, then Back (`on_back`), asking first whether to keep
/// changes.
#[component]
pub fn SettingsPanel(on_back: Callback<()>) -> impl IntoView {
    let store = expect_context::<SettingsStore>();
    view! {
        <div class="settings">
            <h1 id="settings-title">"Settings"</h1>
            <SoundAndLook />
            <h2 class="settings-part">"Your turn"</h2>
            <p class="hint">"A game in a room can last days: the tab's title says \"(Your turn)\" when a decision is yours, and a notification can say so too."</p>
            <crate::common::alerts::TellMeButton />
            <ServerFields />
            <FullScreenButton />
            {move || store.problem.get().map(|p| view! { <p class="problem" role="alert">{p.to_string()}</p> })}
            <BackOrKeep on_back=on_back />
        </div>
    }
}

/// Sound effects, volume, animation speed and color theme.
#[component]
fn SoundAndLook() -> impl IntoView {
    let store = expect_context::<SettingsStore>();
    let s = store.settings;
    view! {
        <label class="check">
            <input
                type="checkbox"
                prop:checked=move || s.get().sound
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    store.change(|x| x.sound = on);
                }
            />
            "Sound effects"
        </label>
        <label>
            "Volume"
            <input
                type="range"
                min="0"
                max="100"
                prop:value=move || s.get().volume.to_string()
                on:input=move |ev| {
                    let v = event_target_value(&ev).parse::<i64>().unwrap_or(80);
                    store.change(|x| x.set_volume(v));
                }
            />
        </label>
        <label>
            "Animation speed"
            <select on:change=move |ev| {
                let v = event_target_value(&ev);
                if let Some(a) = AnimationSpeed::ALL.iter().find(|a| a.label() == v) {
                    let a = *a;
                    store.change(|x| x.animation = a);
                }
            }>
                {AnimationSpeed::ALL.iter().map(|a| view! {
                    <option value=a.label() selected=move || s.get().animation == *a>{a.label()}</option>
                }).collect_view()}
            </select>
        </label>
        <label>
            "Theme"
            <select on:change=move |ev| {
                let theme = if event_target_value(&ev) == "Dark" { Theme::Dark } else { Theme::Light };
                store.change(|x| x.theme = theme);
            }>
                {[Theme::Light, Theme::Dark].into_iter().map(|t| view! {
                    <option value=t.label() selected=move || s.get().theme == t>{t.label()}</option>
                }).collect_view()}
            </select>
        </label>
    }
}

/// The STUN server and the room server, each with its hint (a room server that is not an
/// address is refused, and said why).
#[component]
fn ServerFields() -> impl IntoView {
    let store = expect_context::<SettingsStore>();
    let s = store.settings;
    let room_problem = RwSignal::new(None::<String>);
    view! {
        <label>
            "STUN server (for play across networks)"
            <input
                type="text"
                maxlength="200"
                placeholder="none: devices on the same Wi-Fi"
                prop:value=move || s.get().stun_server
                on:change=move |ev| {
                    let v = event_target_value(&ev).trim().to_string();
                    store.change(|x| x.stun_server = v);
                }
            />
        </label>
        <p class="hint">"Only needed to play with devices on other networks, e.g. stun:stun.example.org:3478. Without a relay some networks still cannot connect."</p>
        <label>
            "Room server"
            <input
                type="url"
                maxlength="200"
                placeholder="this page's server, if it is one"
                prop:value=move || s.get().room_server
                on:change=move |ev| {
                    let typed = event_target_value(&ev);
                    let mut next = s.get_untracked();
                    match next.set_room_server(&typed) {
                        Ok(()) => {
                            room_problem.set(None);
                            store.change(|x| x.room_server = next.room_server);
                        }
                        Err(why) => room_problem.set(Some(why.to_string())),
                    }
                }
            />
        </label>
        {move || room_problem.get().map(|p| view! { <p class="problem" role="alert">{p}</p> })}
        <p class="hint">"For Play online from a page whose host runs no room server: the address of one (worlds serve), e.g. https://rooms.example.org. Room links then lead there."</p>
    }
}

/// Full screen on and off (following the browser, whose Esc leaves it too), and why the
/// browser refused it.
#[component]
fn FullScreenButton() -> impl IntoView {
    let full_screen_problem = RwSignal::new(None::<String>);
    // Whether the page is in full screen now (the browser's Esc leaves it too).
    let full = RwSignal::new(document().fullscreen_element().is_some());
    let listener = window_event_listener_untyped("fullscreenchange", move |_| {
        full.set(document().fullscreen_element().is_some());
    });
    on_cleanup(move || listener.remove());
    let toggle_full_screen = move |_| {
        let doc = document();
        if doc.fullscreen_element().is_some() {
            doc.exit_fullscreen();
        } else if let Some(root) = doc.document_element() {
            if root.request_fullscreen().is_err() {
                full_screen_problem.set(Some("This browser refused full screen.".into()));
            }
        }
    };
    view! {
        <button type="button" class="menu-button" on:click=toggle_full_screen>
            {move || if full.get() { "Exit full screen" } else { "Full screen" }}
        </button>
        {move || full_screen_problem.get().map(|p| view! { <p class="problem" role="alert">{p}</p> })}
    }
}

/// Back; after a change, first "Keep the changes?" with Keep changes and Revert (to the
/// settings as they were when the panel opened).
#[component]
fn BackOrKeep(on_back: Callback<()>) -> impl IntoView {
    let store = expect_context::<SettingsStore>();
    let s = store.settings;
    let opened_with = StoredValue::new(s.get_untracked());
    let asking = RwSignal::new(false);
    let back = move |_| {
        if s.get_untracked() == opened_with.get_value() {
            on_back.run(());
        } else {
            asking.set(true);
        }
    };
    let keep = move |_| {
        asking.set(false);
        on_back.run(());
    };
    let revert = move |_| {
        let before = opened_with.get_value();
        store.change(|x| *x = before);
        asking.set(false);
        on_back.run(());
    };
    view! {
        <Show
            when=move || asking.get()
            fallback=move || view! {
                <button type="button" class="menu-button" on:click=back>"Back"</button>
            }
        >
            <div role="alertdialog" aria-labelledby="settings-changed" class="settings-changed">
                <p id="settings-changed">"You changed the settings. Keep the changes?"</p>
                <div class="button-row">
                    <button type="button" class="menu-button primary" on:click=keep>"Keep changes"</button>
                    <button type="button" class="menu-button" on:click=revert>"Revert"</button>
                </div>
            </div>
        </Show>
    }
}
