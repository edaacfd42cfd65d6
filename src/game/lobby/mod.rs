//! Play: choose a board (presets and saved worlds), then seat the players and start.
//!
//! The screen ([`lobby_screen`]) is made of one view per job: the boards ([`boards`]), the
//! quick start ([`quick`]), the table and house rules ([`rules`]), the seats ([`seats`]) and
//! the buttons ([`buttons`]); what the buttons do on the game's page is [`actions`].

mod actions;
mod boards;
mod buttons;
pub(crate) use actions::start_handed_game;
pub use worlds_models::lobby as form;
mod quick;
mod rules;
mod seats;

use leptos::prelude::*;
use worlds_engine::Board;

use crate::common::boards::BoardChoice;
use crate::game::lobby::form::LobbyForm;
use boards::{board_choices, BoardList, Boards};
use buttons::{ButtonActions, LobbyButtons};
use quick::QuickStart;
use rules::{HouseRuleFields, TableFields};
use seats::SeatList;

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
    /// The turn timer of a room Play online opens.
    pub turn_timer: RwSignal<worlds_table::clock::TurnTimer>,
}

impl LobbyParts {
    /// The chosen board.
    pub fn board(&self) -> Board {
        self.boards.board()
    }

    /// Which board is chosen.
    pub fn board_id(&self) -> BoardChoice {
        untrack(|| self.boards.with_chosen(|c| c.id.clone()))
    }

    /// Chooses the board with this id as it was chosen before (the form is not reset);
    /// false when the list has no such board.
    pub fn restore(&self, id: &BoardChoice, form: LobbyForm) -> bool {
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
    lobby_screen(|parts| {
        keep_seats_in_storage(parts.form);
        actions::game_actions(parts)
    })
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
    pub board: BoardChoice,
    pub form: LobbyForm,
    pub press: LobbyPress,
    /// The turn timer of a room Play online opens.
    #[serde(default)]
    pub turn_timer: worlds_table::clock::TurnTimer,
}

pub use crate::game::handover::HANDED_LOBBY;

impl HandedLobby {
    /// The lobby as filled in, with `press`: `None` while its form has problems.
    pub fn of(parts: &LobbyParts, press: LobbyPress) -> Option<HandedLobby> {
        if !parts.problems.get_untracked().is_empty() {
            return None;
        }
        Some(HandedLobby {
            board: parts.board_id(),
            form: parts.form.get_untracked(),
            press,
            turn_timer: parts.turn_timer.get_untracked(),
        })
    }

    /// Hands the page, with this lobby, to the code its press needs: Open table and Play
    /// online need the game's code with online play.
    pub fn hand_over(self, handover: crate::game::handover::HandOver) {
        use crate::game::handover::Code;
        let code = match self.press {
            LobbyPress::Start => Code::Game,
            LobbyPress::OpenTable | LobbyPress::PlayOnline => Code::Online,
        };
        handover.to(
            code,
            crate::common::context::Screen::Lobby,
            serde_json::to_string(&self).ok(),
        );
    }
}

/// The lobby handed over by the light first code, taken once.
fn take_handed_lobby() -> Option<HandedLobby> {
    serde_json::from_str(&crate::common::page::take_page_string(HANDED_LOBBY)?).ok()
}

/// The lobby's screen, with what its buttons do made by `actions`.
pub fn lobby_screen(actions: impl FnOnce(LobbyParts) -> LobbyActions) -> impl IntoView {
    // A world opened from a link and played without saving it is offered first.
    let shared = use_context::<crate::common::context::Shared>();
    let from_link = shared.and_then(|s| s.link_world.get_untracked());
    let (choices, list_problem) = board_choices(from_link);
    let boards = Boards {
        choices: StoredValue::new(choices),
        chosen: RwSignal::new(0usize),
    };
    let form = first_form(boards);
    let start_problem = RwSignal::new(None::<String>);
    let players = Memo::new(move |_| {
        let b = boards.board();
        (b.rules().min_players, b.rules().max_players)
    });
    let problems = Memo::new(move |_| {
        let (min, max) = players.get();
        form.with(|f| f.problems(min, max))
    });
    let pick = Callback::new(move |i: usize| pick_board(boards, form, i));
    // "Play this world" in the Board Maker opens the lobby on that world.
    let wanted = shared.and_then(|s| s.lobby_board.try_update(Option::take).flatten());
    if let Some(id) = wanted {
        if let Some(i) = boards.position(&id) {
            pick.run(i);
        }
    }
    let remote = Memo::new(move |_| form.with(|f| f.remote_seats()));
    let parts = LobbyParts {
        boards,
        form,
        problems,
        start_problem,
        remote,
        turn_timer: RwSignal::new(Default::default()),
    };
    let actions = actions(parts);
    let buttons = ButtonActions::of(&actions);
    let LobbyActions {
        start,
        table_open,
        notes,
        dialog,
        ..
    } = actions;

    view! {
        <section class="screen lobby" aria-labelledby="lobby-title">
            <div class="panel">
                <h1 id="lobby-title">"New game"</h1>
                {list_problem.map(|p| view! { <p class="problem" role="alert">{p}</p> })}
                <h2>"Board"</h2>
                <ul class="board-choices" role="radiogroup" aria-label="Board">
                    <BoardList boards=boards pick=pick />
                </ul>
                <QuickStart form=form players=players table_open=table_open start=start />
                <h2>"Table"</h2>
                <TableFields boards=boards form=form players=players />
                <HouseRuleFields boards=boards form=form table_open=table_open />
                <div class="seats">
                    <SeatList boards=boards form=form table_open=table_open />
                </div>
                <ul class="problems" aria-live="polite">
                    {move || problems.get().into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}
                </ul>
                {move || start_problem.get().map(|p| view! { <p class="problem" role="alert">{p}</p> })}
                {notes.run()}
                <LobbyButtons parts=parts actions=buttons />
            </div>
            {dialog.run()}
        </section>
    }
}

/// The form for the first board: its house rules, and the last players and round limit set.
fn first_form(boards: Boards) -> RwSignal<LobbyForm> {
    let first_name = boards.choices.with_value(|c| c[0].board.def().name.clone());
    let form = RwSignal::new(LobbyForm::new(&first_name));
    {
        let b = boards.board();
        form.update(|f| f.reset_house_rules(b.rules()));
    }
    // The seats as last set on this page, else the last ones kept in storage, come back.
    let shared = use_context::<crate::common::context::Shared>();
    let last = shared
        .and_then(|s| s.lobby_seats.get_untracked())
        .or_else(|| {
            crate::common::storage::LocalStore::open()
                .ok()
                .and_then(|s| crate::common::storage::last_setup::load(&s))
        });
    if let Some(last) = last {
        let b = boards.board();
        let (min, max) = (b.rules().min_players, b.rules().max_players);
        form.update(|f| f.remember(&last, min, max));
    }
    // ...and the lobby keeps its seats as they are set (a friend's other device too).
    if let Some(shared) = shared {
        Effect::new(move |_| {
            let memory = form.with(|f| f.memory());
            shared.lobby_seats.set(Some(memory));
        });
    }
    form
}

/// The game's code keeps the lobby's seats in storage as they are set, so the next visit
/// finds them (the light first code keeps them for the page only: its bytes are counted).
fn keep_seats_in_storage(form: RwSignal<LobbyForm>) {
    Effect::new(move |_| remember_seats(&form.with(|f| f.memory())));
}

/// Keeps the seats in storage for the next visit.
fn remember_seats(memory: &worlds_models::lobby::LastSetup) {
    // Not remembering the setup costs nothing a player would lose.
    let _ = crate::common::storage::LocalStore::open().and_then(|s| {
        crate::common::storage::last_setup::save(&s, memory, crate::common::clock::now_ms())
    });
}

/// Chooses board `i`: the title names it, the seats fit its player count and the house
/// rules are its own.
fn pick_board(boards: Boards, form: RwSignal<LobbyForm>, i: usize) {
    boards.chosen.set(i);
    let b = boards.board();
    let (min, max) = (b.rules().min_players, b.rules().max_players);
    form.update(|f| {
        f.title = format!("{} game", b.def().name);
        let n = f.seats.len().clamp(usize::from(min), usize::from(max));
        f.set_seat_count(n);
        f.reset_house_rules(b.rules());
    });
}
