//! "Your turn" for a room's player whose page is hidden (issue 61): when a decision becomes
//! this device's seat's while the page is not seen, the tab's title reads "(Your turn) Monopoly
//! Worlds" until it is seen again, the turn chime plays (with sound on), and, if the player
//! pressed "Tell me when it's my turn", the system shows "Your turn — ROOM TITLE". When is
//! [`TurnAlert`]'s to decide.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use worlds_models::turn_alert::{notification_title, AlertStep, TurnAlert, YOUR_TURN_TITLE};

use crate::common::alerts;
use crate::common::context::SettingsStore;
use crate::common::sound::{self, Speaker};
use crate::game::room::{show_code, RoomUi};
use crate::game::session::Cue;

/// Watches the room's game and the page's visibility for as long as the page lives, and
/// keeps the room's push subscription for this device's seat as the player chose.
pub fn watch_turns(ui: RoomUi) {
    offer_push_as_chosen(ui);
    let alert = StoredValue::new(TurnAlert::default());
    let title = StoredValue::new(String::new());
    let speaker: Speaker = StoredValue::new_local(None);
    Effect::new(move |_| {
        // Both read first, so the effect follows the game and the seat whatever they are.
        let actor = ui
            .session
            .game
            .with(|g| g.as_ref().filter(|g| !g.is_over()).and_then(|g| g.actor()));
        let seat = ui.seat.get();
        let mine = seat.is_some() && actor == seat && ui.conn.is_open();
        let step = alert.try_update_value(|a| a.on_game(mine, alerts::page_hidden()));
        if step == Some(AlertStep::Alert) {
            say_your_turn(ui, title, speaker);
        }
    });
    let seen = Closure::<dyn Fn()>::new(move || {
        let step = alert.try_update_value(|a| a.on_visibility(alerts::page_hidden()));
        if step == Some(AlertStep::Restore) {
            if let Some(t) = title.try_get_value() {
                alerts::set_title(&t);
            }
        }
    });
    if let Some(d) = web_sys::window().and_then(|w| w.document()) {
        let _ =
            d.add_event_listener_with_callback("visibilitychange", seen.as_ref().unchecked_ref());
    }
    // The listener lives as long as the page.
    seen.forget();
}

fn say_your_turn(ui: RoomUi, title: StoredValue<String>, speaker: Speaker) {
    let now = alerts::title();
    if now != YOUR_TURN_TITLE {
        title.set_value(now);
    }
    alerts::set_title(YOUR_TURN_TITLE);
    let settings = use_context::<SettingsStore>().map(|s| s.settings.get_untracked());
    if let Some(s) = settings.as_ref().filter(|s| s.sound) {
        sound::play_now(speaker, Cue::Turn, s.volume);
    }
    if !alerts::wanted() {
        return;
    }
    let Some((code, room_title)) = ui
        .info
        .with_untracked(|i| i.as_ref().map(|i| (i.code.clone(), i.title.clone())))
    else {
        return;
    };
    let url = crate::common::room_server::room_link(&show_code(&code));
    alerts::notify(
        notification_title(&room_title),
        format!("A decision waits for you in room {}.", show_code(&code)),
        format!("mw-room-{code}"),
        url,
    );
}

/// "Tell me when it's my turn" on, in a room with a seat (and again on every reconnect, the
/// room's record keeping only the newest): the browser's push subscription goes to the room,
/// so a turn that comes while no page of the seat is open is pushed. Turned off: the room
/// forgets it, and the browser's subscription is withdrawn, so other rooms' pushes stop too
/// (their push service answers "gone" and they forget it).
fn offer_push_as_chosen(ui: RoomUi) {
    let Some(store) = use_context::<SettingsStore>() else {
        return;
    };
    Effect::new(move |was_on: Option<bool>| {
        let on = store.settings.with(|s| s.turn_alerts);
        let connected = ui.status.get() == Some(crate::game::room::RoomStatus::Connected);
        let seated = ui.seat.get().is_some();
        if seated && connected {
            if on {
                leptos::task::spawn_local(async move {
                    if let Some(json) = alerts::push_subscription().await {
                        if let Ok(subscription) = serde_json::from_value(json) {
                            crate::game::room::send_push(ui, Some(subscription));
                        }
                    }
                });
            } else if was_on == Some(true) {
                crate::game::room::send_push(ui, None);
            }
        }
        if !on && was_on == Some(true) {
            leptos::task::spawn_local(alerts::withdraw_push());
        }
        on
    });
}
