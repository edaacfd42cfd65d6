//! What the lobby's buttons do on the game's page: start the game (asking first when a game
//! is in progress), open a table across devices and its waiting room, play online, and carry
//! out the press the lobby's light first code handed over.

use leptos::prelude::*;

use super::{take_handed_lobby, LobbyActions, LobbyParts, LobbyPress};
use crate::common::boards::BoardChoice;
use crate::common::context::{Navigator, Screen};
use crate::common::error::AppError;
use crate::common::modal::Modal;
use crate::game::autosave::{new_seed, AutosaveState};
use crate::game::session::Session;
#[cfg(feature = "online")]
use crate::game::table::{FriendReply, TableUi};

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

/// Start game pressed in the light first code's lobby on a preset board, with no game in
/// progress to ask about: the game's code starts that game at once, as the lobby would
/// ([`GameLobby::start`]), without making the lobby first (its four boards read and its
/// screen built only to be replaced). `false`, with the hand-over left for the lobby to carry
/// out, in every other case.
pub(crate) fn start_handed_game(session: Session) -> bool {
    let Some(text) = crate::common::page::take_page_string(super::HANDED_LOBBY) else {
        return false;
    };
    let started = serde_json::from_str::<super::HandedLobby>(&text)
        .ok()
        .is_some_and(|handed| start_at_once(session, handed));
    if !started {
        let _ = js_sys::Reflect::set(&window(), &super::HANDED_LOBBY.into(), &text.into());
    }
    started
}

fn start_at_once(session: Session, handed: super::HandedLobby) -> bool {
    let super::HandedLobby {
        board: BoardChoice::Preset(preset),
        form,
        press: LobbyPress::Start,
        ..
    } = handed
    else {
        return false;
    };
    let board = preset.board();
    let rules = board.rules();
    if !form
        .problems(rules.min_players, rules.max_players)
        .is_empty()
        || session.autosave_state() != AutosaveState::Empty
    {
        return false;
    }
    let setup = form.to_setup(board, url_seed().unwrap_or_else(new_seed));
    if session.start(form.title.trim(), setup).is_err() {
        return false;
    }
    // The seats are remembered for the next game, as the lobby remembers them.
    let memory = form.memory();
    super::remember_seats(&memory);
    if let Some(shared) = use_context::<crate::common::context::Shared>() {
        shared.lobby_seats.set(Some(memory));
    }
    true
}

/// What the game page's lobby works with (all of it Copy, for the buttons' closures).
#[derive(Clone, Copy)]
struct GameLobby {
    parts: LobbyParts,
    nav: Navigator,
    session: Session,
    /// A table across devices: seats played from other devices are invited from the
    /// waiting room, and the game starts once every one of them is connected.
    #[cfg(feature = "online")]
    table_ui: TableUi,
    table_open: RwSignal<bool>,
    table_seed: RwSignal<u64>,
    /// The game in progress Start game would replace (its title and round), while asking.
    replacing: RwSignal<Option<(String, u32)>>,
    /// Takes a friend's name, color and token from the waiting room into the form.
    #[cfg(feature = "online")]
    on_friend: Callback<FriendReply>,
    /// Without online play in this code, Open table and Play online hand the lobby to the
    /// code with it.
    #[cfg(not(feature = "online"))]
    handover: crate::game::handover::HandOver,
}

/// What the lobby's buttons do on the game's page.
#[cfg(feature = "online")]
pub(super) fn game_actions(parts: LobbyParts) -> LobbyActions {
    let nav = expect_context::<Navigator>();
    let session = expect_context::<Session>();
    let table_ui = expect_context::<TableUi>();
    let table_open = RwSignal::new(false);
    let all_connected = Memo::new(move |_| {
        table_ui.seats.with(|seats| {
            !seats.is_empty()
                && seats
                    .iter()
                    .all(|s| s.status == crate::game::table::LinkStatus::Connected)
        })
    });
    let friend_note = RwSignal::new(None::<String>);
    let form = parts.form;
    let on_friend = Callback::new(move |friend: FriendReply| {
        let note = form
            .try_update(|f| f.take_friend(friend.seat, &friend.name, &friend.color, &friend.token))
            .flatten();
        friend_note.set(note);
    });
    let lobby = GameLobby {
        parts,
        nav,
        session,
        table_ui,
        table_open,
        table_seed: RwSignal::new(0u64),
        replacing: RwSignal::new(None),
        on_friend,
    };
    lobby.carry_out_handed();
    LobbyActions {
        back: Callback::new(move |()| {
            crate::game::table::close_table(table_ui);
            nav.go(Screen::Menu)
        }),
        table_open: table_open.into(),
        all_connected: all_connected.into(),
        notes: ViewFn::from(move || {
            view! {
                <TableNotes
                    table_ui=table_ui
                    on_friend=on_friend
                    table_open=table_open
                    all_connected=all_connected
                    friend_note=friend_note
                />
            }
        }),
        ..lobby.actions()
    }
}

/// What the lobby's buttons do on the game's code without online play: Open table and Play
/// online hand the lobby to the code with it.
#[cfg(not(feature = "online"))]
pub(super) fn game_actions(parts: LobbyParts) -> LobbyActions {
    let handover = expect_context::<crate::game::handover::HandOver>();
    let lobby = GameLobby {
        parts,
        nav: expect_context::<Navigator>(),
        session: expect_context::<Session>(),
        table_open: RwSignal::new(false),
        table_seed: RwSignal::new(0u64),
        replacing: RwSignal::new(None),
        handover,
    };
    lobby.carry_out_handed();
    LobbyActions {
        notes: ViewFn::from(move || handover.status()),
        ..lobby.actions()
    }
}

impl GameLobby {
    /// The buttons' actions, as both codes of the game's page make them.
    fn actions(self) -> LobbyActions {
        let nav = self.nav;
        LobbyActions {
            start: Callback::new(move |()| self.start()),
            open_table: Callback::new(move |()| self.open_table()),
            play_online: Callback::new(move |()| self.play_online()),
            online: crate::common::room_server::room_server(),
            saved_games: Callback::new(move |()| nav.go(Screen::SavedGames)),
            back: Callback::new(move |()| nav.go(Screen::Menu)),
            table_open: Signal::stored(false),
            all_connected: Signal::stored(false),
            notes: ViewFn::default(),
            dialog: ViewFn::from(move || view! { <ReplaceQuestion lobby=self /> }),
        }
    }

    /// Hands the lobby, as filled in, with `press` to the game's code with online play.
    #[cfg(not(feature = "online"))]
    fn hand_to_online(self, press: LobbyPress) {
        if let Some(lobby) = super::HandedLobby::of(&self.parts, press) {
            lobby.hand_over(self.handover);
        }
    }

    /// Open table, here: handed to the code with online play.
    #[cfg(not(feature = "online"))]
    fn open_table(self) {
        self.hand_to_online(LobbyPress::OpenTable);
    }

    /// Play online, here: handed to the code with online play.
    #[cfg(not(feature = "online"))]
    fn play_online(self) {
        self.hand_to_online(LobbyPress::PlayOnline);
    }

    /// Whether the form keeps the table from starting.
    fn has_problems(&self) -> bool {
        !self.parts.problems.get_untracked().is_empty()
    }

    /// Open table: invites the seats played from other devices, with the game's seed and
    /// rules named, and listens for their replies.
    #[cfg(feature = "online")]
    fn open_table(self) {
        if self.has_problems() {
            return;
        }
        let GameLobby {
            parts, table_ui, ..
        } = self;
        let seed = url_seed().unwrap_or_else(new_seed);
        self.table_seed.set(seed);
        let b = parts.board();
        let setup = parts.form.with_untracked(|f| f.to_setup(b.clone(), seed));
        let r = &setup.rules;
        let rules_name = format!(
            "start with {}, {} salary{}{}",
            b.money(r.starting_cash),
            b.money(r.salary),
            if r.auctions { ", auctions" } else { "" },
            if r.trades { ", trades" } else { "" }
        );
        crate::game::table::open_table(table_ui, &setup, &rules_name, parts.remote.get_untracked());
        // A reply opened in another tab of this browser comes here too.
        crate::game::table::listen_for_replies(table_ui, self.on_friend);
        self.table_open.set(true);
    }

    /// Starts the game the form sets up (hosting it when a table is open) and opens it; the
    /// setup is remembered for the next game.
    fn begin(self) {
        if self.has_problems() {
            return;
        }
        let GameLobby {
            parts,
            nav,
            session,
            table_open,
            ..
        } = self;
        let LobbyParts {
            form,
            start_problem,
            ..
        } = parts;
        let seed = if table_open.get_untracked() {
            self.table_seed.get_untracked()
        } else {
            url_seed().unwrap_or_else(new_seed)
        };
        let setup = form.with_untracked(|f| f.to_setup(parts.board(), seed));
        let title = form.with_untracked(|f| f.title.trim().to_string());
        match session.start(&title, setup) {
            #[cfg(feature = "online")]
            Ok(()) if table_open.get_untracked() => {
                let game = session.game.get_untracked();
                let hosted = game
                    .ok_or(crate::common::error::AppError::NotStarted)
                    .and_then(|g| {
                        crate::game::table::start_hosting(
                            self.table_ui,
                            g,
                            parts.remote.get_untracked(),
                        )
                    });
                match hosted {
                    Ok(()) => nav.go(Screen::Play),
                    Err(e) => start_problem.set(Some(e.to_string())),
                }
            }
            Ok(()) => nav.go(Screen::Play),
            Err(e) => start_problem.set(Some(e.to_string())),
        }
    }

    /// Start game. A game in progress is never replaced without asking (and an autosave
    /// that can no longer be continued is kept aside first, never overwritten).
    fn start(self) {
        if self.has_problems() {
            return;
        }
        match self.session.autosave_state() {
            AutosaveState::Empty => self.begin(),
            AutosaveState::InProgress { title, round } => self.replacing.set(Some((title, round))),
            AutosaveState::Unplayable => match self.session.set_aside_autosave() {
                Ok(()) => self.begin(),
                Err(e) => self.parts.start_problem.set(Some(e.to_string())),
            },
        }
    }

    /// Keeps the game in progress as a saved game, then starts.
    fn keep_and_start(self) {
        match self.session.keep_autosave_as_named() {
            Ok(_) => {
                self.replacing.set(None);
                self.begin();
            }
            Err(e) => {
                self.replacing.set(None);
                self.parts
                    .start_problem
                    .set(Some(AppError::NotKept(Box::new(e)).to_string()));
            }
        }
    }

    /// Play online: the room server holds the game; this device plays its person's seat,
    /// the server plays the computers, and friends join by the room link.
    #[cfg(feature = "online")]
    fn play_online(self) {
        if self.has_problems() {
            return;
        }
        let LobbyParts {
            form,
            start_problem,
            remote,
            ..
        } = self.parts;
        let setup = form.with_untracked(|f| f.to_setup(self.parts.board(), 0));
        let title = form.with_untracked(|f| f.title.trim().to_string());
        start_problem.set(None);
        let others = remote.get_untracked();
        let timer = self.parts.turn_timer.get_untracked();
        crate::game::room::open_room(title, setup, others, timer, move |result| match result {
            Ok(()) => {}
            Err(why) => start_problem.set(Some(why.to_string())),
        });
    }

    /// The lobby's light first code handed its form over with a press to carry out.
    fn carry_out_handed(self) {
        let Some(handed) = take_handed_lobby() else {
            return;
        };
        if self.parts.restore(&handed.board, handed.form) {
            self.parts.turn_timer.set(handed.turn_timer);
            let press = handed.press;
            // Carried out once the screen is made (it may open a dialog or the game).
            queue_microtask(move || match press {
                LobbyPress::Start => self.start(),
                LobbyPress::OpenTable => self.open_table(),
                LobbyPress::PlayOnline => self.play_online(),
            });
        } else {
            self.parts.start_problem.set(Some(
                "The board you chose is no longer in the list: choose it again.".into(),
            ));
        }
    }
}

/// Above the lobby's buttons while a table is open: its waiting room, the note on the last
/// friend taken, and why Start game waits.
#[cfg(feature = "online")]
#[component]
fn TableNotes(
    table_ui: TableUi,
    on_friend: Callback<FriendReply>,
    table_open: RwSignal<bool>,
    all_connected: Memo<bool>,
    friend_note: RwSignal<Option<String>>,
) -> impl IntoView {
    view! {
        {move || table_open.get().then(|| view! {
            <crate::game::table::views::WaitingRoom ui=table_ui on_friend=on_friend />
        })}
        {move || friend_note.get().map(|n| view! { <p class="notice" role="status">{n}</p> })}
        {move || (table_open.get() && !all_connected.get()).then(|| view! {
            <p class="hint">"Start game is possible once every device is connected."</p>
        })}
    }
}

/// "A game is in progress": keep it as a saved game and start, start without keeping it,
/// or cancel (shown while Start game would replace a game in progress).
#[component]
fn ReplaceQuestion(lobby: GameLobby) -> impl IntoView {
    let replacing = lobby.replacing;
    move || {
        let (title, round) = replacing.get()?;
        let close = Callback::new(move |()| replacing.set(None));
        Some(view! {
            <Modal title="A game is in progress".to_string() on_close=close>
                <p>{format!("“{title}” (round {round}) is still in progress. Starting a new game replaces it as the game Continue resumes.")}</p>
                <div class="button-row">
                    <button type="button" class="menu-button primary" on:click=move |_| lobby.keep_and_start()>"Keep it as a saved game and start"</button>
                    <button type="button" class="menu-button danger" on:click=move |_| { replacing.set(None); lobby.begin(); }>"Start without keeping it"</button>
                    <button type="button" class="menu-button" on:click=move |_| replacing.set(None)>"Cancel"</button>
                </div>
            </Modal>
        })
    }
}
