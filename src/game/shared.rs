//! A world or a game opened from a link (`#world=…`, `#game=…`): what it carries, and what
//! the player may do with it. Nothing is stored until the player chooses; a link that
//! cannot be read says why and stores nothing.

use leptos::prelude::*;
use worlds_engine::{share, Board, BoardDef, GameRecord, SquareKind};

use crate::common::board_view::{board_square_views, BoardRing};
use crate::common::clock::now_ms;
use crate::common::context::{Navigator, Screen, Shared};
use crate::common::error::AppError;
use crate::common::modal::Modal;
use crate::common::share_link::{clear_opened_link, read_game, ShareLink};
use crate::common::storage::{worlds, LocalStore, SavedGame};
use crate::game::autosave::AutosaveState;
use crate::game::help::rules_in_words;
use crate::game::session::Session;

/// Leaves the link's page for the menu (the link is taken off the address).
fn back_to_menu(shared: Shared, nav: Navigator) {
    clear_opened_link();
    shared.link.set(None);
    nav.go(Screen::Menu);
}

#[component]
pub fn SharedLink() -> impl IntoView {
    let nav = expect_context::<Navigator>();
    let shared = expect_context::<Shared>();
    let back = move |_| back_to_menu(shared, nav);
    let Some(link) = shared.link.get_untracked() else {
        return view! {
            <section class="screen shared panel">
                <p>"There is no link to open."</p>
                <button type="button" class="menu-button" on:click=back>"Back to menu"</button>
            </section>
        }
        .into_any();
    };
    let opened = match link {
        ShareLink::World(data) => share::read_world(&data)
            .map_err(|e| e.to_string())
            .and_then(|def| {
                Board::from_def(def.clone())
                    .map(|b| view! { <SharedWorld def=def board=b /> }.into_any())
                    .map_err(|e| {
                        let why: Vec<String> = e.iter().map(ToString::to_string).collect();
                        format!("The world in this link cannot be played: {}", why.join(" "))
                    })
            }),
        ShareLink::Game(data) => read_game(&data)
            .map(|saved| view! { <SharedGame saved=saved /> }.into_any())
            .map_err(|e| e.to_string()),
    };
    match opened {
        Ok(v) => v,
        Err(why) => view! {
            <section class="screen shared" aria-labelledby="shared-title">
                <div class="panel">
                    <h1 id="shared-title">"This link cannot be opened"</h1>
                    <p class="problem" role="alert">{why}</p>
                    <p class="hint">"Nothing was stored. Ask for the link again, or for the file."</p>
                    <div class="button-row">
                        <button type="button" class="menu-button" on:click=back>"Back to menu"</button>
                    </div>
                </div>
            </section>
        }
        .into_any(),
    }
}

/// What a square is, in a word or two, for the list of a shared world's squares.
fn kind_words(kind: &SquareKind) -> &'static str {
    match kind {
        SquareKind::Start => "start",
        SquareKind::Property { .. } => "lot",
        SquareKind::Railroad { .. } => "railroad",
        SquareKind::Utility { .. } => "utility",
        SquareKind::Station { .. } => "station",
        SquareKind::Tax { .. } => "tax",
        SquareKind::Chance => "Chance",
        SquareKind::CommunityChest => "Community Chest",
        SquareKind::Joker { .. } => "Joker",
        SquareKind::GoToJail => "go to jail",
        SquareKind::Jail => "jail",
        SquareKind::FreeParking => "Free Parking",
        SquareKind::Road => "road",
    }
}

/// Every square of a shared world in order, readable whatever the board's size: number,
/// color, name, kind and price or amount.
#[component]
fn SquareList(def: BoardDef) -> impl IntoView {
    let views = board_square_views(&def);
    let items = def
        .squares
        .iter()
        .zip(views)
        .map(|(sq, v)| {
            let kind = kind_words(&sq.kind);
            let what = if v.detail.is_empty() {
                kind.to_string()
            } else {
                format!("{kind}, {}", v.detail)
            };
            view! {
                <li>
                    <span class="square-list-chip" style:background=v.band.unwrap_or_else(|| "transparent".into())></span>
                    <span class="square-list-name">{sq.name.clone()}</span>
                    " "
                    <span class="square-list-what">{format!("({what})")}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="panel shared-square-list" aria-labelledby="shared-squares-title">
            <h2 id="shared-squares-title">"Its squares"</h2>
            <ol class="square-list">{items}</ol>
        </section>
    }
}

#[component]
fn SharedWorld(def: BoardDef, board: Board) -> impl IntoView {
    let nav = expect_context::<Navigator>();
    let shared = expect_context::<Shared>();
    let message = RwSignal::new(None::<(bool, String)>);
    let saved = RwSignal::new(false);
    let squares = Signal::stored(board_square_views(&def));
    let rules = rules_in_words(&board);
    let name = def.name.clone();
    let count = def.squares.len();
    let def_for_play = def.clone();
    let def_for_list = def.clone();
    let play = move |_| {
        clear_opened_link();
        shared.link.set(None);
        shared.link_world.set(Some(def_for_play.clone()));
        shared
            .lobby_board
            .set(Some(crate::common::boards::BoardChoice::Link));
        nav.go(Screen::Lobby);
    };
    let def_for_save = def.clone();
    let save = move |_| {
        let result = LocalStore::open().and_then(|store| {
            let mut def = def_for_save.clone();
            def.name = worlds::free_name(&store, &def.name)?;
            worlds::save_new(&store, &def, now_ms())
        });
        match result {
            Ok(w) => {
                saved.set(true);
                message.set(Some((
                    true,
                    format!("Saved as “{}” in your worlds.", w.def.name),
                )));
            }
            Err(e) => message.set(Some((false, format!("Not saved: {e}")))),
        }
    };
    let back = move |_| back_to_menu(shared, nav);
    view! {
        <section class="screen shared" aria-labelledby="shared-title">
            <div class="panel">
                <h1 id="shared-title">{format!("A world shared with you: {name}")}</h1>
                <p>{format!("{count} squares.")}</p>
                <div aria-live="polite">
                    {move || message.get().map(|(ok, m)| view! {
                        <p class=if ok { "notice" } else { "problem" } role=if ok { "status" } else { "alert" }>{m}</p>
                    })}
                </div>
                <div class="button-row">
                    <button type="button" class="menu-button primary" on:click=play>"Play it"</button>
                    <button type="button" class="menu-button" disabled=move || saved.get() on:click=save>"Save to my worlds"</button>
                    <button type="button" class="menu-button" on:click=back>"Back to menu"</button>
                </div>
            </div>
            // A small board for the look of it (colors and icons); the names are read in
            // the list beside it, where none is cut.
            <div class="shared-world-squares">
                <div class="shared-board">
                    <BoardRing squares=squares label=format!("The board of {}", def.name)>
                        <p class="center-name">{def.name.clone()}</p>
                    </BoardRing>
                </div>
                <SquareList def=def_for_list />
            </div>
            <div class="panel">
                <h2>"Its rules"</h2>
                <ul>{rules.into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}</ul>
            </div>
        </section>
    }
}

#[component]
fn SharedGame(saved: SavedGame<GameRecord>) -> impl IntoView {
    let nav = expect_context::<Navigator>();
    let shared = expect_context::<Shared>();
    let session = expect_context::<Session>();
    let problem = RwSignal::new(None::<AppError>);
    let replacing = RwSignal::new(None::<(String, u32)>);
    let game = saved.game.replay().ok();
    let (round, rows) = game
        .as_ref()
        .map(|g| {
            let b = g.board();
            let rows: Vec<(String, String, String, usize, String)> = g
                .players()
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    (
                        p.name.clone(),
                        b.money(p.cash),
                        b.square(p.position).name.clone(),
                        g.lots_of(worlds_engine::PlayerId(i)).len(),
                        if p.bankrupt {
                            "bankrupt".to_string()
                        } else if p.in_jail {
                            "in jail".to_string()
                        } else {
                            "in the game".to_string()
                        },
                    )
                })
                .collect();
            (g.round(), rows)
        })
        .unwrap_or_default();
    let name = saved.name.clone();
    let record = StoredValue::new(saved.game.clone());
    let title = StoredValue::new(saved.name.clone());
    let take_over = move || match session.rebuild(&title.get_value(), &record.get_value()) {
        Ok(()) => {
            session.autosave();
            clear_opened_link();
            shared.link.set(None);
            nav.go(Screen::Play);
        }
        Err(e) => problem.set(Some(e)),
    };
    let continue_here = move |_| match session.autosave_state() {
        AutosaveState::InProgress { title, round } => replacing.set(Some((title, round))),
        AutosaveState::Unplayable => match session.set_aside_autosave() {
            Ok(()) => take_over(),
            Err(e) => problem.set(Some(e)),
        },
        AutosaveState::Empty => take_over(),
    };
    let keep_and_continue = move |_| match session.keep_autosave_as_named() {
        Ok(_) => {
            replacing.set(None);
            take_over();
        }
        Err(e) => {
            replacing.set(None);
            problem.set(Some(AppError::NotKept(Box::new(e))));
        }
    };
    let back = move |_| back_to_menu(shared, nav);
    view! {
        <section class="screen shared" aria-labelledby="shared-title">
            <div class="panel">
                <h1 id="shared-title">{format!("A game shared with you: {name}")}</h1>
                <p>{format!("Round {round}. Continue it here, take your turn, then share it back from the game menu.")}</p>
                <table class="standings">
                    <thead><tr><th scope="col">"Player"</th><th scope="col">"Cash"</th><th scope="col">"On"</th><th scope="col">"Lots"</th><th scope="col">"Status"</th></tr></thead>
                    <tbody>
                        {rows.into_iter().map(|(n, cash, on, lots, status)| view! {
                            <tr><td>{n}</td><td>{cash}</td><td>{on}</td><td>{lots.to_string()}</td><td>{status}</td></tr>
                        }).collect_view()}
                    </tbody>
                </table>
                {move || problem.get().map(|p| view! { <p class="problem" role="alert">{p.to_string()}</p> })}
                <div class="button-row">
                    <button type="button" class="menu-button primary" on:click=continue_here>"Continue this game here"</button>
                    <button type="button" class="menu-button" on:click=back>"Back to menu"</button>
                </div>
            </div>
            {move || replacing.get().map(|(title, round)| {
                let close = Callback::new(move |()| replacing.set(None));
                view! {
                    <Modal title="A game is in progress".to_string() on_close=close>
                        <p>{format!("“{title}” (round {round}) is still in progress here. Continuing the shared game replaces it as the game Continue resumes.")}</p>
                        <div class="button-row">
                            <button type="button" class="menu-button primary" on:click=keep_and_continue>"Keep it as a saved game and continue"</button>
                            <button type="button" class="menu-button danger" on:click=move |_| { replacing.set(None); take_over(); }>"Continue without keeping it"</button>
                            <button type="button" class="menu-button" on:click=move |_| replacing.set(None)>"Cancel"</button>
                        </div>
                    </Modal>
                }
            })}
        </section>
    }
}
