//! Play: choose a board (presets and saved worlds), then seat the players and start.

pub mod form;

use leptos::prelude::*;
use worlds_engine::{Board, ComputerStrategy};

use crate::common::context::{Navigator, Screen};
use crate::common::modal::Modal;
use crate::common::thumbnail::BoardThumbnail;
use crate::game::lobby::form::{pawn_token, LobbyForm, COLORS, MAX_COMPUTERS, STRATEGIES, TOKENS};
use crate::game::session::{new_seed, AutosaveState, Session};

/// A board the player can pick.
#[derive(Clone)]
struct Choice {
    id: String,
    label: String,
    kind: &'static str,
    board: Board,
    /// What the board is, in one line.
    about: String,
}

/// One line saying what a board is. It never names another board (a board is found by its
/// name in this card).
fn board_line(id: &str, board: &Board) -> String {
    match id {
        "preset:classic" => "The official US rules: 40 squares, auctions, houses and hotels".into(),
        "preset:mini" => "A short game on 16 squares: no auctions, no houses, 20 rounds".into(),
        "preset:campus" => "16 squares, rent is the price, a 6 rolls again".into(),
        "preset:worlds" => "The template for your own boards: 40 squares, houses and hotels".into(),
        _ => {
            let squares = board.len();
            if id.starts_with("world:") {
                format!("Your world: {squares} squares")
            } else {
                format!("Opened from a link: {squares} squares")
            }
        }
    }
}

fn board_choices() -> (Vec<Choice>, Option<String>) {
    let (list, problem) = crate::common::boards::board_choices();
    let choices = list
        .into_iter()
        .map(|c| Choice {
            about: board_line(&c.id, &c.board),
            id: c.id,
            label: c.name,
            kind: if c.preset { "Preset" } else { "Your world" },
            board: c.board,
        })
        .collect();
    (choices, problem)
}

/// A seed given in the address (`?seed=42`): the same seed and the same decisions play the
/// same game, which makes a game reproducible for a bug report or a test.
fn url_seed() -> Option<u64> {
    let search = window().location().search().ok()?;
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("seed="))
        .and_then(|v| v.parse().ok())
}

/// The boards the lobby offers, and the chosen one.
#[derive(Clone, Copy)]
struct Boards {
    choices: StoredValue<Vec<Choice>>,
    chosen: RwSignal<usize>,
}

impl Boards {
    /// `f` of the chosen board's entry (tracked).
    fn with_chosen<R>(&self, f: impl FnOnce(&Choice) -> R) -> R {
        let chosen = self.chosen.get();
        self.choices.with_value(|c| f(&c[chosen.min(c.len() - 1)]))
    }

    /// The chosen board (tracked).
    fn board(&self) -> Board {
        self.with_chosen(|c| c.board.clone())
    }

    /// Where the board with this id is in the list.
    fn position(&self, id: &str) -> Option<usize> {
        self.choices
            .with_value(|c| c.iter().position(|x| x.id == id))
    }
}

/// What the lobby's screen is made of, handed to what its buttons do ([`LobbyActions`]).
#[derive(Clone, Copy)]
pub struct LobbyParts {
    boards: Boards,
    pub form: RwSignal<LobbyForm>,
    /// What keeps the table from starting, in words (empty: it may start).
    pub problems: Memo<Vec<String>>,
    /// Why the last press of Start game (or Open table) failed.
    pub start_problem: RwSignal<Option<String>>,
    /// The seats played from other devices.
    pub remote: Memo<Vec<usize>>,
}

impl LobbyParts {
    /// The chosen board.
    pub fn board(&self) -> Board {
        self.boards.board()
    }

    /// The chosen board's id in the list (`preset:classic`, `world:<id>`, `link`).
    pub fn board_id(&self) -> String {
        untrack(|| self.boards.with_chosen(|c| c.id.clone()))
    }

    /// Chooses the board with this id as it was chosen before (the form is not reset);
    /// false when the list has no such board.
    pub fn restore(&self, id: &str, form: LobbyForm) -> bool {
        let Some(i) = self.boards.position(id) else {
            return false;
        };
        self.boards.chosen.set(i);
        self.form.set(form);
        true
    }
}

/// What the lobby's buttons do, and what it shows besides the form. The game's page starts the
/// game and opens tables ([`Lobby`]); the lobby's light first code hands the form over to the
/// game's page instead (`crate::game::front`), so the engine's game and the table are not in it.
pub struct LobbyActions {
    /// Start game (the form has no problems).
    pub start: Callback<()>,
    /// Open table: invite the seats played from other devices.
    pub open_table: Callback<()>,
    /// Play online: open a room on the room server and go to its waiting room.
    pub play_online: Callback<()>,
    /// Whether a room server is there (Play online shows only then).
    pub online: Signal<bool>,
    /// Saved games.
    pub saved_games: Callback<()>,
    /// Back to the menu.
    pub back: Callback<()>,
    /// A table across devices is open: the form is locked.
    pub table_open: Signal<bool>,
    /// Every device of the open table is connected.
    pub all_connected: Signal<bool>,
    /// Shown above the buttons (the waiting room and its notes).
    pub notes: ViewFn,
    /// Shown after the screen's panel (a question asked in a dialog).
    pub dialog: ViewFn,
}

/// The lobby of the game's page: its buttons start the game and open tables.
#[component]
pub fn Lobby() -> impl IntoView {
    lobby_screen(game_actions)
}

/// What the lobby's buttons do on the game's page.
fn game_actions(parts: LobbyParts) -> LobbyActions {
    let nav = expect_context::<Navigator>();
    let session = expect_context::<Session>();
    let LobbyParts {
        form,
        problems,
        start_problem,
        remote,
        ..
    } = parts;
    // A table across devices: seats played from other devices are invited from the
    // waiting room, and the game starts once every one of them is connected.
    let table_ui = expect_context::<crate::game::table::TableUi>();
    let table_open = RwSignal::new(false);
    let table_seed = RwSignal::new(0u64);
    let all_connected = Memo::new(move |_| {
        table_ui.seats.with(|seats| {
            !seats.is_empty()
                && seats
                    .iter()
                    .all(|s| s.status == crate::game::table::LinkStatus::Connected)
        })
    });
    let friend_note = RwSignal::new(None::<String>);
    let on_friend = Callback::new(
        move |(seat, name, color, token): (usize, String, String, String)| {
            let note = form
                .try_update(|f| f.take_friend(seat, &name, &color, &token))
                .flatten();
            friend_note.set(note);
        },
    );
    let open_table = move || {
        if !problems.get_untracked().is_empty() {
            return;
        }
        let seed = url_seed().unwrap_or_else(new_seed);
        table_seed.set(seed);
        let b = parts.board();
        let setup = form.with_untracked(|f| f.to_setup(b.clone(), seed));
        let r = &setup.rules;
        let rules_name = format!(
            "start with {}, {} salary{}{}",
            b.money(r.starting_cash),
            b.money(r.salary),
            if r.auctions { ", auctions" } else { "" },
            if r.trades { ", trades" } else { "" }
        );
        crate::game::table::open_table(table_ui, &setup, &rules_name, remote.get_untracked());
        // A reply opened in another tab of this browser comes here too.
        crate::game::table::listen_for_replies(table_ui, on_friend);
        table_open.set(true);
    };
    // A game in progress is never replaced without asking (and an autosave that can no
    // longer be continued is kept aside first, never overwritten).
    let replacing = RwSignal::new(None::<(String, u32)>);
    let begin = move || {
        if !problems.get_untracked().is_empty() {
            return;
        }
        let seed = if table_open.get_untracked() {
            table_seed.get_untracked()
        } else {
            url_seed().unwrap_or_else(new_seed)
        };
        let setup = form.with_untracked(|f| f.to_setup(parts.board(), seed));
        let title = form.with_untracked(|f| f.title.trim().to_string());
        match session.start(&title, setup) {
            Ok(()) if table_open.get_untracked() => {
                let game = session.game.get_untracked();
                let hosted = game
                    .ok_or_else(|| "The game did not start.".to_string())
                    .and_then(|g| {
                        crate::game::table::start_hosting(table_ui, g, remote.get_untracked())
                    });
                match hosted {
                    Ok(()) => nav.go(Screen::Play),
                    Err(e) => start_problem.set(Some(e)),
                }
            }
            Ok(()) => {
                let memory = form.with_untracked(|f| f.memory());
                // Not remembering the setup costs nothing a player would lose.
                let _ = crate::common::storage::LocalStore::open().and_then(|s| {
                    crate::common::storage::last_setup::save(
                        &s,
                        &memory,
                        crate::common::clock::now_ms(),
                    )
                });
                nav.go(Screen::Play)
            }
            Err(e) => start_problem.set(Some(e)),
        }
    };
    let start = move || {
        if !problems.get_untracked().is_empty() {
            return;
        }
        match session.autosave_state() {
            AutosaveState::Empty => begin(),
            AutosaveState::InProgress { title, round } => replacing.set(Some((title, round))),
            AutosaveState::Unplayable => match session.set_aside_autosave() {
                Ok(()) => begin(),
                Err(e) => start_problem.set(Some(e)),
            },
        }
    };
    let keep_and_start = move |_| match session.keep_autosave_as_named() {
        Ok(_) => {
            replacing.set(None);
            begin();
        }
        Err(e) => {
            replacing.set(None);
            start_problem.set(Some(format!("The game in progress was not kept: {e}")));
        }
    };
    let replace_question = move || {
        let (title, round) = replacing.get()?;
        let close = Callback::new(move |()| replacing.set(None));
        Some(view! {
            <Modal title="A game is in progress".to_string() on_close=close>
                <p>{format!("“{title}” (round {round}) is still in progress. Starting a new game replaces it as the game Continue resumes.")}</p>
                <div class="button-row">
                    <button type="button" class="menu-button primary" on:click=keep_and_start>"Keep it as a saved game and start"</button>
                    <button type="button" class="menu-button danger" on:click=move |_| { replacing.set(None); begin(); }>"Start without keeping it"</button>
                    <button type="button" class="menu-button" on:click=move |_| replacing.set(None)>"Cancel"</button>
                </div>
            </Modal>
        })
    };
    // Play online: the room server holds the game; this device plays its person's seat,
    // the server plays the computers, and friends join by the room link.
    let play_online = move || {
        if !problems.get_untracked().is_empty() {
            return;
        }
        let setup = form.with_untracked(|f| f.to_setup(parts.board(), 0));
        let title = form.with_untracked(|f| f.title.trim().to_string());
        start_problem.set(None);
        let others = remote.get_untracked();
        crate::game::room::open_room(title, setup, others, move |result| match result {
            Ok(()) => {}
            Err(why) => start_problem.set(Some(why)),
        });
    };
    // The lobby's light first code handed its form over with a press to carry out.
    if let Some(handed) = take_handed_lobby() {
        if parts.restore(&handed.board, handed.form) {
            let press = handed.press;
            // Carried out once the screen is made (it may open a dialog or the game).
            queue_microtask(move || match press {
                LobbyPress::Start => start(),
                LobbyPress::OpenTable => open_table(),
                LobbyPress::PlayOnline => play_online(),
            });
        } else {
            start_problem.set(Some(
                "The board you chose is no longer in the list: choose it again.".into(),
            ));
        }
    }
    LobbyActions {
        start: Callback::new(move |()| start()),
        open_table: Callback::new(move |()| open_table()),
        play_online: Callback::new(move |()| play_online()),
        online: crate::common::room_server::room_server(),
        saved_games: Callback::new(move |()| nav.go(Screen::SavedGames)),
        back: Callback::new(move |()| {
            crate::game::table::close_table();
            nav.go(Screen::Menu)
        }),
        table_open: table_open.into(),
        all_connected: all_connected.into(),
        notes: ViewFn::from(move || {
            view! {
                {move || table_open.get().then(|| view! {
                    <crate::game::table::views::WaitingRoom ui=table_ui on_friend=on_friend />
                })}
                {move || friend_note.get().map(|n| view! { <p class="notice" role="status">{n}</p> })}
                {move || (table_open.get() && !all_connected.get()).then(|| view! {
                    <p class="hint">"Start game is possible once every device is connected."</p>
                })}
            }
        }),
        dialog: ViewFn::from(move || replace_question),
    }
}

/// A press in the lobby's light first code that the game's page carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LobbyPress {
    Start,
    OpenTable,
    PlayOnline,
}

/// The lobby as the light first code hands it to the game's page: the chosen board, the
/// form as filled in and the button pressed.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct HandedLobby {
    pub board: String,
    pub form: LobbyForm,
    pub press: LobbyPress,
}

/// Where the handed lobby waits for the game's page to read it (the page's window: the
/// hand-over happens within one page).
pub const HANDED_LOBBY: &str = "__mwLobby";

/// The lobby handed over by the light first code, taken once.
fn take_handed_lobby() -> Option<HandedLobby> {
    serde_json::from_str(&crate::common::page::take_page_string(HANDED_LOBBY)?).ok()
}

/// The lobby's screen, with what its buttons do made by `actions`.
pub fn lobby_screen(actions: impl FnOnce(LobbyParts) -> LobbyActions) -> impl IntoView {
    let (mut choices, list_problem) = board_choices();
    // A world opened from a link and played without saving it is offered first.
    let shared = use_context::<crate::common::context::Shared>();
    let from_link = shared.and_then(|s| s.link_world.get_untracked());
    if let Some(def) = from_link {
        if let Ok(board) = Board::from_def(def.clone()) {
            choices.insert(
                0,
                Choice {
                    id: "link".into(),
                    label: def.name.clone(),
                    kind: "From a link",
                    about: board_line("link", &board),
                    board,
                },
            );
        }
    }
    let choices = StoredValue::new(choices);
    let chosen = RwSignal::new(0usize);
    let boards = Boards { choices, chosen };
    let board = move || boards.board();
    let first_name = choices.with_value(|c| c[0].board.def().name.clone());
    let form = RwSignal::new(LobbyForm::new(&first_name));
    {
        let b = board();
        form.update(|f| f.reset_house_rules(b.rules()));
    }
    // The last game's players and round limit come back.
    if let Some(last) = crate::common::storage::LocalStore::open()
        .ok()
        .and_then(|s| crate::common::storage::last_setup::load(&s))
    {
        let b = board();
        let (min, max) = (b.rules().min_players, b.rules().max_players);
        form.update(|f| f.remember(&last, min, max));
    }
    let start_problem = RwSignal::new(None::<String>);
    let rules = Memo::new(move |_| {
        let b = board();
        (b.rules().min_players, b.rules().max_players)
    });
    let problems = Memo::new(move |_| {
        let (min, max) = rules.get();
        form.with(|f| f.problems(min, max))
    });
    let pick = move |i: usize| {
        chosen.set(i);
        let b = board();
        let (min, max) = (b.rules().min_players, b.rules().max_players);
        form.update(|f| {
            f.title = format!("{} game", b.def().name);
            let n = f.seats.len().clamp(usize::from(min), usize::from(max));
            f.set_seat_count(n);
            f.reset_house_rules(b.rules());
        });
    };
    // "Play this world" in the Board Maker opens the lobby on that world.
    let wanted = shared.and_then(|s| s.lobby_board.try_update(Option::take).flatten());
    if let Some(id) = wanted {
        if let Some(i) = boards.position(&id) {
            pick(i);
        }
    }
    let remote = Memo::new(move |_| form.with(|f| f.remote_seats()));
    let LobbyActions {
        start,
        open_table,
        play_online,
        online,
        saved_games,
        back,
        table_open,
        all_connected,
        notes,
        dialog,
    } = actions(LobbyParts {
        boards,
        form,
        problems,
        start_problem,
        remote,
    });
    // The quick start: you and some computers, named and chosen for you, then the same
    // start as "Start game" (asking first when a game is in progress).
    let computers = RwSignal::new(3usize);
    let computer_strategy = RwSignal::new(ComputerStrategy::Balanced);
    let most_computers = move || {
        usize::from(rules.get().1)
            .saturating_sub(1)
            .clamp(1, MAX_COMPUTERS)
    };
    let quick_start = move |_| {
        let max = rules.get_untracked().1;
        let n = computers
            .get_untracked()
            .min(usize::from(max).saturating_sub(1));
        let strategy = computer_strategy.get_untracked();
        form.update(|f| f.quick_start(n, strategy, max));
        start.run(());
    };

    let board_list = move || {
        choices.with_value(|list| {
            list.iter()
                .enumerate()
                .map(|(i, c)| {
                    let def = c.board.def().clone();
                    let label = c.label.clone();
                    let kind = c.kind;
                    let about = c.about.clone();
                    let id = c.id.clone();
                    view! {
                        <li>
                            <label class="board-choice" class:selected=move || chosen.get() == i>
                                <input
                                    type="radio"
                                    name="board"
                                    value=id
                                    prop:checked=move || chosen.get() == i
                                    on:change=move |_| pick(i)
                                />
                                <BoardThumbnail def=def />
                                <span class="board-choice-name">{label}</span>
                                <span class="board-choice-kind">{kind}</span>
                                <span class="board-choice-about">{about}</span>
                            </label>
                        </li>
                    }
                })
                .collect_view()
        })
    };

    let seat_rows = move || {
        let b = board();
        let pawns: Vec<(String, String)> = b
            .def()
            .pawns
            .iter()
            .enumerate()
            .map(|(i, p)| (pawn_token(i), p.name.clone()))
            .collect();
        let count = form.with(|f| f.seats.len());
        (0..count)
            .map(|i| {
                let pawns = pawns.clone();
                let n = i + 1;
                let seat = move || form.with(|f| f.seats.get(i).cloned());
                let name_id = format!("seat-{n}-name");
                view! {
                    <fieldset class="seat">
                        <legend>{format!("Player {n}")}</legend>
                        <label class="seat-name">
                            "Name"
                            <input
                                id=name_id
                                type="text"
                                maxlength="40"
                                aria-label=format!("Player {n} name")
                                prop:value=move || seat().map(|s| s.name).unwrap_or_default()
                                on:input=move |ev| {
                                    let v = event_target_value(&ev);
                                    form.update(|f| if let Some(s) = f.seats.get_mut(i) { s.name = v });
                                }
                            />
                        </label>
                        <label>
                            "Color"
                            <select
                                aria-label=format!("Player {n} color")
                                prop:value=move || seat().map(|s| s.color).unwrap_or_default()
                                on:change=move |ev| {
                                    let v = event_target_value(&ev);
                                    form.update(|f| if let Some(s) = f.seats.get_mut(i) { s.color = v });
                                }
                            >
                                {COLORS
                                    .iter()
                                    .map(|(label, hex)| {
                                        let taken = move || {
                                            form.with(|f| {
                                                f.seats.iter().enumerate().any(|(j, s)| j != i && s.color == *hex)
                                            })
                                        };
                                        view! {
                                            <option value=*hex selected=move || seat().is_some_and(|s| s.color == *hex)>
                                                {move || if taken() { format!("{label} (taken)") } else { label.to_string() }}
                                            </option>
                                        }
                                    })
                                    .collect_view()}
                            </select>
                        </label>
                        <span class="seat-swatch" aria-hidden="true" style:background=move || seat().map(|s| s.color).unwrap_or_default()></span>
                        <label>
                            "Token"
                            <select
                                aria-label=format!("Player {n} token")
                                prop:value=move || seat().map(|s| s.token).unwrap_or_default()
                                on:change=move |ev| {
                                    let v = event_target_value(&ev);
                                    form.update(|f| if let Some(s) = f.seats.get_mut(i) { s.token = v });
                                }
                            >
                                {TOKENS
                                    .iter()
                                    .map(|(id, glyph)| view! {
                                        <option value=*id selected=move || seat().is_some_and(|s| s.token == *id)>
                                            {format!("{glyph} {id}")}
                                        </option>
                                    })
                                    .collect_view()}
                                {pawns
                                    .into_iter()
                                    .map(|(id, name)| {
                                        let id2 = id.clone();
                                        view! {
                                            <option value=id selected=move || seat().is_some_and(|s| s.token == id2)>
                                                {name}
                                            </option>
                                        }
                                    })
                                    .collect_view()}
                            </select>
                        </label>
                        <label class="seat-plays">
                            "Plays as"
                            <select
                                aria-label=format!("Player {n} plays as")
                                disabled=move || table_open.get()
                                prop:value=move || seat().map_or("human", |s| if s.remote { "remote" } else { s.computer.map_or("human", ComputerStrategy::name) })
                                on:change=move |ev| {
                                    let v = event_target_value(&ev);
                                    form.update(|f| f.set_plays_as(i, &v));
                                }
                            >
                                <option value="human">"Human"</option>
                                <option value="remote">"Another device"</option>
                                {STRATEGIES
                                    .iter()
                                    .map(|(strategy, label)| view! { <option value=strategy.name()>{*label}</option> })
                                    .collect_view()}
                            </select>
                        </label>
                    </fieldset>
                }
            })
            .collect_view()
    };

    // The common house rules, starting from the board's (picking a board resets them).
    let switch = move |label: &'static str,
                       get: fn(&form::HouseRules) -> bool,
                       set: fn(&mut form::HouseRules, bool)| {
        view! {
            <label class="check house-switch">
                <input
                    type="checkbox"
                    disabled=move || table_open.get()
                    prop:checked=move || form.with(|f| get(&f.house))
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        form.update(|f| set(&mut f.house, on));
                    }
                />
                {label}
            </label>
        }
    };
    let house_rules = move || {
        let buildings = board().rules().buildings;
        view! {
            <fieldset class="house-rules">
                <legend>"House rules"</legend>
                <label class="house-cash">
                    "Starting cash"
                    <input
                        type="text"
                        inputmode="numeric"
                        aria-label="Starting cash"
                        disabled=move || table_open.get()
                        prop:value=move || form.with(|f| f.house.starting_cash.clone())
                        on:input=move |ev| {
                            let v = event_target_value(&ev);
                            form.update(|f| f.house.starting_cash = v);
                        }
                    />
                </label>
                {switch("Free Parking jackpot", |h| h.free_parking_jackpot, |h, on| h.free_parking_jackpot = on)}
                {switch("Double salary on landing on Go", |h| h.double_salary_on_go, |h, on| h.double_salary_on_go = on)}
                {switch("Auctions", |h| h.auctions, |h, on| h.auctions = on)}
                {buildings.then(|| switch("Even building", |h| h.even_build, |h, on| h.even_build = on))}
                {switch("No rent in jail", |h| h.no_rent_in_jail, |h, on| h.no_rent_in_jail = on)}
                {switch("Trades", |h| h.trades, |h, on| h.trades = on)}
            </fieldset>
        }
    };

    view! {
        <section class="screen lobby" aria-labelledby="lobby-title">
            <div class="panel">
                <h1 id="lobby-title">"New game"</h1>
                {list_problem.map(|p| view! { <p class="problem" role="alert">{p}</p> })}
                <h2>"Board"</h2>
                <ul class="board-choices" role="radiogroup" aria-label="Board">{board_list}</ul>
                {move || (!table_open.get()).then(|| view! {
                    <div class="quick-start" role="group" aria-label="Quick start">
                        <label>
                            "Computers"
                            <select
                                prop:value=move || computers.get().min(most_computers()).to_string()
                                on:change=move |ev| {
                                    if let Ok(n) = event_target_value(&ev).parse::<usize>() {
                                        computers.set(n);
                                    }
                                }
                            >
                                {move || (1..=most_computers())
                                    .map(|n| view! {
                                        <option value=n.to_string() selected=move || computers.get().min(most_computers()) == n>
                                            {n.to_string()}
                                        </option>
                                    })
                                    .collect_view()}
                            </select>
                        </label>
                        <label>
                            "Computer strategy"
                            <select
                                prop:value=move || computer_strategy.get().name()
                                on:change=move |ev| {
                                    if let Some(s) = ComputerStrategy::from_name(&event_target_value(&ev)) {
                                        computer_strategy.set(s);
                                    }
                                }
                            >
                                {STRATEGIES
                                    .iter()
                                    .map(|(strategy, label)| {
                                        let strategy = *strategy;
                                        view! {
                                            <option value=strategy.name() selected=move || computer_strategy.get() == strategy>
                                                {label.trim_start_matches("Computer (").trim_end_matches(')').to_string()}
                                            </option>
                                        }
                                    })
                                    .collect_view()}
                            </select>
                        </label>
                        <button
                            type="button"
                            class="menu-button primary"
                            disabled=move || form.with(|f| f.house.parsed_starting_cash().is_err() || f.parsed_round_limit().is_err() || f.title.trim().is_empty())
                            on:click=quick_start
                        >
                            "Play against computers"
                        </button>
                    </div>
                })}
                <h2>"Table"</h2>
                <div class="lobby-row">
                    <label>
                        "Game title"
                        <input
                            type="text"
                            maxlength="60"
                            prop:value=move || form.with(|f| f.title.clone())
                            on:input=move |ev| {
                                let v = event_target_value(&ev);
                                form.update(|f| f.title = v);
                            }
                        />
                    </label>
                    <label>
                        "Number of players"
                        <select
                            prop:value=move || form.with(|f| f.seats.len().to_string())
                            on:change=move |ev| {
                                if let Ok(n) = event_target_value(&ev).parse::<usize>() {
                                    form.update(|f| f.set_seat_count(n));
                                }
                            }
                        >
                            {move || {
                                let (min, max) = rules.get();
                                (min..=max)
                                    .map(|n| {
                                        view! {
                                            <option value=n.to_string() selected=move || form.with(|f| f.seats.len() == usize::from(n))>
                                                {n.to_string()}
                                            </option>
                                        }
                                    })
                                    .collect_view()
                            }}
                        </select>
                    </label>
                    <label>
                        "Round limit"
                        <input
                            type="text"
                            inputmode="numeric"
                            placeholder=move || board().rules().round_limit.map_or("none".to_string(), |n| n.to_string())
                            prop:value=move || form.with(|f| f.round_limit.clone())
                            on:input=move |ev| {
                                let v = event_target_value(&ev);
                                form.update(|f| f.round_limit = v);
                            }
                        />
                    </label>
                </div>
                {house_rules}
                <div class="seats">{seat_rows}</div>
                <ul class="problems" aria-live="polite">
                    {move || problems.get().into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}
                </ul>
                {move || start_problem.get().map(|p| view! { <p class="problem" role="alert">{p}</p> })}
                {notes.run()}
                <div class="button-row">
                    <button type="button" class="menu-button" on:click=move |_| back.run(())>"Back"</button>
                    <button type="button" class="menu-button" on:click=move |_| saved_games.run(())>"Saved games"</button>
                    {move || (!remote.get().is_empty() && !table_open.get()).then(|| view! {
                        <button
                            type="button"
                            class="menu-button primary"
                            disabled=move || !problems.get().is_empty()
                            on:click=move |_| open_table.run(())
                        >
                            "Open table"
                        </button>
                    })}
                    <button
                        type="button"
                        class="menu-button primary"
                        disabled=move || {
                            !problems.get().is_empty()
                                || !(remote.get().is_empty() || (table_open.get() && all_connected.get()))
                        }
                        on:click=move |_| start.run(())
                    >
                        "Start game"
                    </button>
                    {move || (online.get() && !table_open.get()).then(|| view! {
                        <button
                            type="button"
                            class="menu-button primary"
                            disabled=move || !problems.get().is_empty()
                            on:click=move |_| play_online.run(())
                        >
                            "Play online"
                        </button>
                    })}
                </div>
            </div>
            {dialog.run()}
        </section>
    }
}
