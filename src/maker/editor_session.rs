//! The editor screen's session: the signals its parts share (the board, the square open and
//! its draft, what is being asked, the last message) and every action on them (open, keep,
//! move and add squares; save; leave), so that each part of the screen only draws and calls.

use leptos::prelude::*;

use crate::common::error::AppError;
use wasm_bindgen::JsCast;
use worlds_engine::{BoardDef, BoardError, SquareDef, SquareKind};

use crate::common::clock::now_ms;
use crate::common::context::{Navigator, Screen, Shared};
use crate::common::storage::{worlds, LocalStore, StorageError};
use crate::maker::model::{problems_of, EditError, EditorState, Origin};
use crate::maker::square_editor::SquareCommands;

/// What the editor is asking the player.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Ask {
    Nothing,
    SaveOver,
    SaveAsNew,
    /// There are unsaved changes: save and exit, exit without saving, or stay.
    Leave,
    /// The editor's own menu, at one of its pages.
    Menu(MenuPage),
}

/// The pages of the editor's menu.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum MenuPage {
    Main,
    Help,
    Settings,
}

/// Puts the keyboard focus on the button named `name` inside `selector`, once the screen
/// has been redrawn (a moved square's panel is drawn anew).
fn focus_button_later(selector: &'static str, name: &'static str) {
    request_animation_frame(move || {
        let Ok(list) = document().query_selector_all(&format!("{selector} button")) else {
            return;
        };
        let found = (0..list.length())
            .filter_map(|i| list.item(i))
            .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
            .find(|b| b.text_content().is_some_and(|t| t.trim() == name));
        if let Some(b) = found {
            let _ = b.focus();
        }
    });
}

/// Puts the keyboard focus back on square `index` of the ring.
fn focus_square(index: usize) {
    let square = document()
        .query_selector_all(".board-ring button.sq")
        .ok()
        .and_then(|list| list.item(index as u32))
        .and_then(|node| node.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(square) = square {
        let _ = square.focus();
    }
}

/// Everything the editor screen's parts share. All of it is signals and callbacks, so the
/// session is `Copy` and handed to each part as it is.
#[derive(Clone, Copy)]
pub(super) struct Session {
    pub state: RwSignal<EditorState>,
    /// The square open in the panel.
    pub editing: RwSignal<Option<usize>>,
    /// The open square as it is being edited (handed to the board by Done).
    pub draft: RwSignal<SquareDef>,
    pub ask: RwSignal<Ask>,
    /// The board shown in the Share dialog.
    pub sharing: RwSignal<Option<BoardDef>>,
    /// The last save's outcome: (saved, in words).
    pub message: RwSignal<Option<(bool, String)>>,
    /// The id of the world just saved when it can be played: "Play this world" is offered
    /// until the board is changed again.
    pub just_saved: RwSignal<Option<String>>,
    /// The last refused edit, in words.
    pub problem: RwSignal<Option<AppError>>,
    /// The name typed in "Save as new".
    pub new_name: RwSignal<String>,
    /// The board as shown: the saved edits plus the square being edited, as it stands.
    pub shown: Memo<BoardDef>,
    pub problems: Memo<Vec<BoardError>>,
    pub dirty: Memo<bool>,
    /// Set when the session is parked for the lab: its page may load without asking.
    pub parked: StoredValue<bool>,
    on_leave: Callback<()>,
    on_park: Callback<()>,
    nav: Navigator,
    shared: Option<Shared>,
}

impl Session {
    pub fn new(
        state: RwSignal<EditorState>,
        on_leave: Callback<()>,
        on_park: Callback<()>,
    ) -> Self {
        let editing = RwSignal::new(None::<usize>);
        let draft = RwSignal::new(SquareDef::new("", SquareKind::Road));
        let shown = Memo::new(move |_| {
            let mut def = state.with(|s| s.def().clone());
            if let Some(i) = editing.get() {
                if let Some(slot) = def.squares.get_mut(i) {
                    *slot = draft.get();
                }
            }
            def
        });
        Session {
            state,
            editing,
            draft,
            ask: RwSignal::new(Ask::Nothing),
            sharing: RwSignal::new(None),
            message: RwSignal::new(None),
            just_saved: RwSignal::new(None),
            problem: RwSignal::new(None),
            new_name: RwSignal::new(String::new()),
            shown,
            problems: Memo::new(move |_| shown.with(problems_of)),
            dirty: Memo::new(move |_| state.with(|s| s.is_dirty())),
            parked: StoredValue::new(false),
            on_leave,
            on_park,
            nav: expect_context::<Navigator>(),
            shared: use_context::<Shared>(),
        }
    }

    /// The board's name, as shown.
    pub fn board_name(self) -> String {
        self.shown.with(|d| d.name.clone())
    }

    /// Closes whatever is asked.
    pub fn close_ask(self) {
        self.ask.set(Ask::Nothing);
    }

    // Squares.

    /// Opens square `i` in the panel, with a draft copy of it.
    pub fn open_square(self, i: usize) {
        let sq = self
            .state
            .with_untracked(|s| s.def().squares.get(i).cloned());
        if let Some(sq) = sq {
            self.draft.set(sq);
            self.editing.set(Some(i));
            self.problem.set(None);
        }
    }

    /// After an edit that puts a square somewhere: that square is opened, or the reason the
    /// edit was refused is shown.
    fn open_placed(self, placed: Option<Result<usize, EditError>>) {
        match placed {
            Some(Ok(at)) => self.open_square(at),
            Some(Err(e)) => self.problem.set(Some(e.into())),
            None => {}
        }
    }

    /// Hands the draft to the board; false (with the reason shown) when it is refused.
    fn apply_draft(self) -> bool {
        let Some(i) = self.editing.get_untracked() else {
            return true;
        };
        let square = self.draft.get_untracked();
        match self.state.try_update(|s| s.set_square(i, square)) {
            Some(Err(e)) => {
                self.problem.set(Some(e.into()));
                false
            }
            _ => true,
        }
    }

    /// Closes the square's panel (its draft dropped) and puts the focus back on its square.
    fn close_square(self) {
        let at = self.editing.get_untracked();
        self.editing.set(None);
        self.problem.set(None);
        if let Some(at) = at {
            focus_square(at);
        }
    }

    /// The square being edited is kept (as Done would) before the whole board is saved or
    /// grown; `false`: its draft was refused and the reason is shown.
    pub fn finish_square(self) -> bool {
        if self.editing.get_untracked().is_none() {
            return true;
        }
        if self.apply_draft() {
            self.editing.set(None);
            true
        } else {
            false
        }
    }

    /// A square clicked on the board: the open one is kept first.
    pub fn select(self, i: usize) {
        if self.editing.get_untracked() == Some(i) {
            return;
        }
        if self.apply_draft() {
            self.open_square(i);
        }
    }

    /// Moves the open square one place back or on (its draft kept first); it stays open at
    /// its new place with the focus on the same button, so the keys can move it again.
    fn move_open(self, right: bool) {
        let Some(i) = self.editing.get_untracked() else {
            return;
        };
        if !self.apply_draft() {
            return;
        }
        let moved = self.state.try_update(|s| {
            if right {
                s.move_right(i)
            } else {
                s.move_left(i)
            }
        });
        match moved {
            Some(Ok(at)) => {
                self.open_square(at);
                focus_button_later(
                    ".square-panel",
                    if right { "Move right" } else { "Move left" },
                );
            }
            Some(Err(e)) => self.problem.set(Some(e.into())),
            None => {}
        }
    }

    /// A square dragged onto another's place: the open square is kept first, then the moved
    /// square is opened where it landed.
    pub fn drag_move(self, from: usize, to: usize) {
        if self.editing.get_untracked().is_some() && !self.apply_draft() {
            return;
        }
        self.open_placed(self.state.try_update(|s| s.move_square(from, to)));
    }

    /// A new square after the open one (its draft kept first).
    fn add_after(self) {
        let Some(i) = self.editing.get_untracked() else {
            return;
        };
        if !self.apply_draft() {
            return;
        }
        self.open_placed(self.state.try_update(|s| s.add_square(i + 1)));
    }

    /// A new square at the end of the board (the open square kept first).
    pub fn add_at_end(self) {
        if !self.finish_square() {
            return;
        }
        let end = self.state.with_untracked(|s| s.def().squares.len());
        self.open_placed(self.state.try_update(|s| s.add_square(end)));
    }

    fn remove_open(self) {
        let Some(i) = self.editing.get_untracked() else {
            return;
        };
        match self.state.try_update(|s| s.remove_square(i)) {
            Some(Ok(())) => {
                self.editing.set(None);
                self.problem.set(None);
            }
            Some(Err(e)) => self.problem.set(Some(e.into())),
            None => {}
        }
    }

    /// Undo drops the square being edited, then the last change.
    pub fn undo(self) {
        self.editing.set(None);
        self.problem.set(None);
        self.state.update(|s| {
            let _ = s.undo();
        });
    }

    /// What the square's panel asks of the screen.
    pub fn square_commands(self) -> SquareCommands {
        SquareCommands {
            done: Callback::new(move |()| {
                if self.apply_draft() {
                    self.close_square();
                }
            }),
            back: Callback::new(move |()| self.close_square()),
            add_after: Callback::new(move |()| self.add_after()),
            remove: Callback::new(move |()| self.remove_open()),
            move_left: Callback::new(move |()| self.move_open(false)),
            move_right: Callback::new(move |()| self.move_open(true)),
        }
    }

    /// The engine's problems with the open square, as its draft stands.
    pub fn square_problems(self) -> Signal<Vec<String>> {
        Signal::derive(move || {
            let Some(i) = self.editing.get() else {
                return Vec::new();
            };
            self.problems.with(|p| {
                p.iter()
                    .filter(|e| e.square() == Some(i))
                    .map(|e| e.to_string())
                    .collect()
            })
        })
    }

    // Saving.

    fn store_result(self, result: Result<worlds::SavedWorld, StorageError>) {
        match result {
            Ok(saved) => {
                self.state.update(|s| s.mark_saved(&saved.id));
                self.just_saved
                    .set(saved.playable.then(|| saved.id.clone()));
                let text = if saved.playable {
                    format!("Saved \"{}\".", saved.def.name)
                } else {
                    format!(
                        "Saved \"{}\" as a draft: it cannot be played until its problems are fixed.",
                        saved.def.name
                    )
                };
                self.message.set(Some((true, text)));
            }
            Err(e) => {
                self.just_saved.set(None);
                self.message.set(Some((false, format!("Not saved: {e}"))));
            }
        }
    }

    fn save_new(self) {
        let def = self.state.with_untracked(|s| s.def().clone());
        self.store_result(
            LocalStore::open().and_then(|store| worlds::save_new(&store, &def, now_ms())),
        );
    }

    pub fn save_over(self) {
        let Some(id) = self
            .state
            .with_untracked(|s| s.saved_id().map(str::to_string))
        else {
            return;
        };
        let def = self.state.with_untracked(|s| s.def().clone());
        self.store_result(
            LocalStore::open().and_then(|store| worlds::save_over(&store, &id, &def, now_ms())),
        );
    }

    fn was_saved(self) -> bool {
        self.state
            .with_untracked(|s| matches!(s.origin(), Origin::Saved { .. }))
    }

    /// Save: a world saved before is saved over (after a question), another one as new.
    pub fn save(self) {
        if !self.finish_square() {
            return;
        }
        if self.was_saved() {
            self.ask.set(Ask::SaveOver);
        } else {
            self.save_new();
        }
    }

    /// "Save" in the menu: as the Save button (saving over a saved world still asks).
    pub fn menu_save(self) {
        if !self.finish_square() {
            self.close_ask();
            return;
        }
        if self.was_saved() {
            self.ask.set(Ask::SaveOver);
        } else {
            self.save_new();
        }
    }

    /// "Save as new": asks for the new world's name.
    pub fn save_as_new(self) {
        if !self.finish_square() {
            return;
        }
        self.new_name
            .set(self.state.with_untracked(|s| s.def().name.clone()));
        self.ask.set(Ask::SaveAsNew);
    }

    pub fn confirm_save_as_new(self) {
        let name = self.new_name.get_untracked().trim().to_string();
        if name.is_empty() {
            self.problem.set(Some(AppError::WorldNameNeeded));
            return;
        }
        self.state.update(|s| s.set_name(&name));
        self.close_ask();
        self.problem.set(None);
        self.save_new();
    }

    /// Hands the saved world to the lobby, as "Play this world" in the list does.
    pub fn play_saved(self) {
        let Some(id) = self.just_saved.get_untracked() else {
            return;
        };
        if let Some(shared) = self.shared {
            shared
                .lobby_board
                .set(Some(crate::common::boards::BoardChoice::World(id)));
        }
        self.nav.go(Screen::Lobby);
    }

    /// Opens the Share dialog for the board (the open square kept first).
    pub fn share(self) {
        if !self.finish_square() {
            return;
        }
        self.sharing
            .set(Some(self.state.with_untracked(|s| s.def().clone())));
    }

    // Leaving.

    /// Back: closes the open square, else leaves (asking first about unsaved changes).
    pub fn leave(self) {
        if self.editing.get_untracked().is_some() {
            self.close_square();
            return;
        }
        if self.state.with_untracked(|s| s.is_dirty()) {
            self.ask.set(Ask::Leave);
        } else {
            self.on_leave.run(());
        }
    }

    /// "Exit editing" (the menu): the open square's changes count as unsaved changes too.
    pub fn exit_editing(self) {
        let draft_changed = self.editing.get_untracked().is_some_and(|i| {
            self.state
                .with_untracked(|s| s.def().squares.get(i).cloned())
                != Some(self.draft.get_untracked())
        });
        if draft_changed || self.state.with_untracked(|s| s.is_dirty()) {
            self.ask.set(Ask::Leave);
        } else {
            self.close_ask();
            self.on_leave.run(());
        }
    }

    /// "Exit without saving".
    pub fn exit_without_saving(self) {
        self.close_ask();
        self.editing.set(None);
        self.on_leave.run(());
    }

    /// "Save and exit": saved over the world it came from, or as a new world; the editor
    /// stays open (with the reason shown) when the square or the save is refused.
    pub fn save_and_exit(self) {
        self.close_ask();
        if !self.finish_square() {
            return;
        }
        if self.was_saved() {
            self.save_over();
        } else {
            self.save_new();
        }
        if !self.state.with_untracked(|s| s.is_dirty()) {
            self.on_leave.run(());
        }
    }

    pub fn open_menu(self) {
        self.message.set(None);
        self.ask.set(Ask::Menu(MenuPage::Main));
    }

    /// Opens the statistics lab on the board as shown; the session is parked to come back to.
    pub fn open_lab(self) {
        self.parked.set_value(true);
        if let Some(shared) = self.shared {
            shared.lab_board.set(Some(self.shown.get_untracked()));
            shared.lab_back.set(Screen::BoardMaker);
        }
        self.on_park.run(());
        self.nav.go(Screen::Statistics);
    }
}
