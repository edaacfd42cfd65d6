//! The statistics lab (PRODUCT.md section 4). Being built: see issue 6.

use leptos::prelude::*;

use crate::app::{Navigator, Screen};

#[component]
pub fn Statistics() -> impl IntoView {
    let nav = expect_context::<Navigator>();
    view! {
        <section class="screen" aria-labelledby="stats-title">
            <div class="panel">
                <h1 id="stats-title">"Statistics"</h1>
                <button type="button" class="menu-button" on:click=move |_| nav.go(Screen::Menu)>"Back"</button>
            </div>
        </section>
    }
}
