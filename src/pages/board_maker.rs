//! The Board Maker (PRODUCT.md section 3). Being built: see issue 5.

use leptos::prelude::*;

use crate::app::{Navigator, Screen};

#[component]
pub fn BoardMaker() -> impl IntoView {
    let nav = expect_context::<Navigator>();
    view! {
        <section class="screen" aria-labelledby="maker-title">
            <div class="panel">
                <h1 id="maker-title">"Board Maker"</h1>
                <button type="button" class="menu-button" on:click=move |_| nav.go(Screen::Menu)>"Back"</button>
            </div>
        </section>
    }
}
