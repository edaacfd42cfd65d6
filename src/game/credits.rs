//! Credits: who made the game and what it stands on.

use leptos::prelude::*;

use crate::common::context::{Navigator, Screen};

#[component]
pub fn Credits() -> impl IntoView {
    let nav = expect_context::<Navigator>();
    view! {
        <section class="screen" aria-labelledby="credits-title">
            <div class="menu-card">
                <h1 id="credits-title">"Credits"</h1>
                <p>"Monopoly Worlds is a fan-made property-trading game of the Monopoly family, written in Rust and compiled to WebAssembly."</p>
                <h2>"Made by"</h2>
                <ul>
                    <li>"The Monopoly Worlds project: the engine, the rules, the Board Maker, the statistics lab, the computer players and the rooms"</li>
                    <li>"Its contributors: the Monopoly Worlds developers and the maintainers who began it"</li>
                    <li>"Every player who reported what they tripped over"</li>
                </ul>
                <h2>"Built with"</h2>
                <ul>
                    <li>"User interface: Leptos"</li>
                    <li>"Randomness: rand_chacha (seeded, so every game can be replayed)"</li>
                    <li>"Build: trunk, wasm-bindgen, binaryen"</li>
                    <li>"Room server: tokio, axum, tower-http"</li>
                    <li>"Tests: wasm-bindgen-test, Playwright, Chromium"</li>
                </ul>
                <p>"Monopoly is a trademark of Hasbro. This project is not affiliated with Hasbro."</p>
                <button type="button" class="menu-button" on:click=move |_| nav.go(Screen::Menu)>
                    "Back"
                </button>
            </div>
        </section>
    }
}
