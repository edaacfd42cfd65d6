//! Settings: the game's Settings screen (the panel itself is shared with the Board Maker's
//! menu: [`crate::common::settings_panel`]).

use leptos::prelude::*;

use crate::common::context::{Navigator, Screen};
pub use crate::common::settings_panel::SettingsPanel;

#[component]
pub fn SettingsPage(back: Screen) -> impl IntoView {
    let nav = expect_context::<Navigator>();
    view! {
        <section class="screen" aria-labelledby="settings-title">
            <div class="panel">
                <SettingsPanel on_back=Callback::new(move |_| nav.go(back)) />
            </div>
        </section>
    }
}
