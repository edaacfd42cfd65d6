//! My games (issue 61): every room this device holds a seat in (`mw:room-seats`), asked of
//! the room server one by one: the room's title and board, whose turn it is ("Your turn"
//! first) with the time left on a turn timer, and rooms that closed or ended, with Forget.
//! Opening one goes to the room's link, where this device takes its seat again. How each room
//! stands is [`worlds_table::my_games`]'s to say.

use leptos::prelude::*;
use serde::Deserialize;
use worlds_table::my_games::{in_order, MyGame};
use worlds_table::room::RoomSummary;

use crate::common::clock::now_ms;
use crate::common::context::{Navigator, Screen};
use crate::common::room_server::{request, server_url};
use crate::common::storage::{room_seats, LocalStore};
use crate::game::room::{normalize_code, show_code};

/// A refusal's sentence from the room server (`{"error": "..."}`).
#[derive(Deserialize)]
struct Problem {
    error: String,
}

/// How one room stands, from the server's answer to `GET /api/rooms/CODE`.
async fn ask(code: String, seat: worlds_engine::PlayerId) -> MyGame {
    let shown = show_code(&code);
    match request("GET", &server_url(&format!("/api/rooms/{shown}")), None).await {
        Ok((200, body)) => match serde_json::from_str::<RoomSummary>(&body) {
            Ok(summary) => MyGame::from_summary(&shown, seat, &summary),
            Err(_) => {
                MyGame::unreachable(&shown, seat, "The room server's answer could not be read.")
            }
        },
        Ok((404 | 410, body)) => {
            let why = serde_json::from_str::<Problem>(&body)
                .map(|p| p.error)
                .unwrap_or_else(|_| "No room has this code.".into());
            MyGame::closed(&shown, seat, &why)
        }
        Ok((status, body)) => {
            let why = serde_json::from_str::<Problem>(&body)
                .map(|p| p.error)
                .unwrap_or_else(|_| format!("The room server answered {status}."));
            MyGame::unreachable(&shown, seat, &why)
        }
        Err(e) => MyGame::unreachable(&shown, seat, &e.to_string()),
    }
}

#[component]
pub fn MyGames() -> impl IntoView {
    let nav = expect_context::<Navigator>();
    let held = LocalStore::open()
        .map(|s| room_seats::load(&s))
        .unwrap_or_default();
    let games = RwSignal::new(
        held.iter()
            .map(|(code, h)| {
                let shown = show_code(code);
                MyGame::asking(&shown, h.seat)
            })
            .collect::<Vec<_>>(),
    );
    let problem = RwSignal::new(None::<String>);
    for (code, h) in held {
        let seat = h.seat;
        leptos::task::spawn_local(async move {
            let game = ask(code, seat).await;
            games.try_update(|all| {
                if let Some(g) = all.iter_mut().find(|g| g.code == game.code) {
                    *g = game;
                }
                in_order(all);
            });
        });
    }
    let forget = move |code: String| {
        let stored = normalize_code(&code);
        match LocalStore::open().and_then(|s| room_seats::forget(&s, &stored, now_ms())) {
            Ok(()) => games.update(|all| all.retain(|g| g.code != code)),
            Err(e) => problem.set(Some(e.to_string())),
        }
    };
    let open = move |code: String| {
        let _ = window().location().set_hash(&format!("room={code}"));
    };
    let rows = move || {
        games
            .get()
            .into_iter()
            .map(|g| {
                let heading = if g.title.is_empty() {
                    format!("Room {}", g.code)
                } else {
                    g.title.clone()
                };
                let details = if g.board.is_empty() {
                    format!("Room {}", g.code)
                } else if g.round > 0 {
                    format!("{} · Round {} · Room {}", g.board, g.round, g.code)
                } else {
                    format!("{} · Room {}", g.board, g.code)
                };
                let yours = g.rank() == 0;
                let (code_open, code_forget) = (g.code.clone(), g.code.clone());
                let open_label = format!("Open {heading}");
                let forget_label = format!("Forget {heading}");
                view! {
                    <li class="my-game" class:yours=yours>
                        <div class="my-game-text">
                            <strong>{heading}</strong>
                            <span class="hint">{details}</span>
                            <span class="my-game-standing">{g.words()}</span>
                        </div>
                        <div class="my-game-buttons">
                            {(!g.forgettable()).then(|| view! {
                                <button type="button" class="menu-button" class:primary=yours
                                    aria-label=open_label
                                    on:click=move |_| open(code_open.clone())>"Open"</button>
                            })}
                            {g.forgettable().then(|| view! {
                                <button type="button" class="menu-button"
                                    aria-label=forget_label
                                    on:click=move |_| forget(code_forget.clone())>"Forget"</button>
                            })}
                        </div>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="screen my-games" aria-labelledby="my-games-title">
            <div class="menu-card">
                <h1 id="my-games-title">"My games"</h1>
                <p class="hint">"The rooms this device holds a seat in. A game in a room can last days: each of you plays when it is your turn."</p>
                {move || games.with(Vec::is_empty).then(|| view! {
                    <p>"No games in rooms yet: Play, then Play online, opens one."</p>
                })}
                <ul class="my-game-list">{rows}</ul>
                {move || problem.get().map(|p| view! { <p class="problem" role="alert">{p}</p> })}
                <button type="button" class="menu-button" on:click=move |_| nav.go(Screen::Menu)>"Back"</button>
            </div>
        </section>
    }
}
