//! The Board Maker's editor screen: the board drawn as in play (squares can be dragged to
//! another place), a panel for the clicked square, the board settings, the engine's problems
//! listed next to their squares, Save / Save as new, the editor's own menu (Esc or Menu:
//! Resume, Save, Help, Settings, Exit editing) and a question before unsaved changes are lost
//! (Back, Exit editing, or leaving the page).

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use worlds_engine::{BoardDef, BoardError, SquareDef, SquareKind};

use crate::common::board_view::{board_square_views, BoardRing, SquareView};
use crate::common::clock::now_ms;
use crate::common::context::{Navigator, Screen, SettingsStore, Shared};
use crate::common::editor_guide::EditorGuide;
use crate::common::modal::Modal;
use crate::common::settings_panel::SettingsPanel;
use crate::common::share::ShareDialog;
use crate::common::storage::{worlds, LocalStore};
use crate::maker::board_settings::BoardSettings;
use crate::maker::model::{problems_of, warnings_of, EditorState, Origin};
use crate::maker::square_editor::{SquareCommands, SquareEditor};

/// The squares of a board definition as the ring draws them in play (without owners and
/// tokens), with the squares that have problems flagged and the one being edited selected.
pub fn square_views(
    def: &BoardDef,
    problems: &[BoardError],
    selected: Option<usize>,
) -> Vec<SquareView> {
    let mut views = board_square_views(def);
    for (i, v) in views.iter_mut().enumerate() {
        v.flagged = problems.iter().any(|p| p.square() == Some(i));
        v.selected = selected == Some(i);
    }
    views
}

/// What the editor is asking the player.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ask {
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
enum MenuPage {
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

/// Whether an event started inside an open dialog (which handles its own Esc).
fn inside_dialog(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("[role='dialog']").ok().flatten())
        .is_some()
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

#[component]
pub fn BoardEditor(
    state: RwSignal<EditorState>,
    /// Back to the board list (after any question about unsaved changes).
    on_leave: Callback<()>,
    /// The editor is about to open the statistics lab: keep the state to come back to.
    on_park: Callback<()>,
) -> impl IntoView {
    let nav = expect_context::<Navigator>();
    let shared = use_context::<Shared>();
    let editing = RwSignal::new(None::<usize>);
    let draft = RwSignal::new(SquareDef::new("", SquareKind::Road));
    let ask = RwSignal::new(Ask::Nothing);
    // The Share dialog: the world's name, its link (or why none) and a note.
    type Sharing = (String, Result<String, String>, Option<String>);
    let sharing = RwSignal::new(None::<Sharing>);
    let message = RwSignal::new(None::<(bool, String)>);
    // The id of the world just saved when it can be played: "Play this world" is offered
    // until the board is changed again.
    let just_saved = RwSignal::new(None::<String>);
    let problem = RwSignal::new(None::<String>);
    let new_name = RwSignal::new(String::new());

    // The board as shown: the saved edits plus the square being edited, as it stands.
    let shown = Memo::new(move |_| {
        let mut def = state.with(|s| s.def().clone());
        if let Some(i) = editing.get() {
            if let Some(slot) = def.squares.get_mut(i) {
                *slot = draft.get();
            }
        }
        def
    });
    let problems = Memo::new(move |_| shown.with(problems_of));
    let warnings = Memo::new(move |_| shown.with(warnings_of));
    let views = Signal::derive(move || {
        shown.with(|def| problems.with(|p| square_views(def, p, editing.get())))
    });
    let dirty = Memo::new(move |_| state.with(|s| s.is_dirty()));
    let can_undo = Memo::new(move |_| state.with(|s| s.can_undo()));

    let open_square = move |i: usize| {
        let sq = state.with_untracked(|s| s.def().squares.get(i).cloned());
        if let Some(sq) = sq {
            draft.set(sq);
            editing.set(Some(i));
            problem.set(None);
        }
    };
    // Hands the draft to the board; false (with the reason shown) when it is refused.
    let apply_draft = move || -> bool {
        let Some(i) = editing.get_untracked() else {
            return true;
        };
        let square = draft.get_untracked();
        match state.try_update(|s| s.set_square(i, square)) {
            Some(Err(e)) => {
                problem.set(Some(e.to_string()));
                false
            }
            _ => true,
        }
    };
    let select = Callback::new(move |i: usize| {
        if editing.get_untracked() == Some(i) {
            return;
        }
        if apply_draft() {
            open_square(i);
        }
    });
    // Moves the open square one place back or on (its draft kept first); it stays open at
    // its new place with the focus on the same button, so the keys can move it again.
    let move_open = move |right: bool| {
        let Some(i) = editing.get_untracked() else {
            return;
        };
        if !apply_draft() {
            return;
        }
        let moved = state.try_update(|s| {
            if right {
                s.move_right(i)
            } else {
                s.move_left(i)
            }
        });
        match moved {
            Some(Ok(at)) => {
                open_square(at);
                focus_button_later(
                    ".square-panel",
                    if right { "Move right" } else { "Move left" },
                );
            }
            Some(Err(e)) => problem.set(Some(e.to_string())),
            None => {}
        }
    };
    // A square dragged onto another's place: the open square is kept first, then the moved
    // square is opened where it landed.
    let drag_move = Callback::new(move |(from, to): (usize, usize)| {
        if editing.get_untracked().is_some() && !apply_draft() {
            return;
        }
        match state.try_update(|s| s.move_square(from, to)) {
            Some(Ok(at)) => open_square(at),
            Some(Err(e)) => problem.set(Some(e.to_string())),
            None => {}
        }
    });
    let commands = SquareCommands {
        done: Callback::new(move |()| {
            let at = editing.get_untracked();
            if apply_draft() {
                editing.set(None);
                problem.set(None);
                if let Some(at) = at {
                    focus_square(at);
                }
            }
        }),
        back: Callback::new(move |()| {
            let at = editing.get_untracked();
            editing.set(None);
            problem.set(None);
            if let Some(at) = at {
                focus_square(at);
            }
        }),
        add_after: Callback::new(move |()| {
            let Some(i) = editing.get_untracked() else {
                return;
            };
            if !apply_draft() {
                return;
            }
            match state.try_update(|s| s.add_square(i + 1)) {
                Some(Ok(at)) => open_square(at),
                Some(Err(e)) => problem.set(Some(e.to_string())),
                None => {}
            }
        }),
        remove: Callback::new(move |()| {
            let Some(i) = editing.get_untracked() else {
                return;
            };
            match state.try_update(|s| s.remove_square(i)) {
                Some(Ok(())) => {
                    editing.set(None);
                    problem.set(None);
                }
                Some(Err(e)) => problem.set(Some(e.to_string())),
                None => {}
            }
        }),
        move_left: Callback::new(move |()| move_open(false)),
        move_right: Callback::new(move |()| move_open(true)),
    };
    // The square being edited is kept (as Done would) before the whole board is saved or
    // grown; `false`: its draft was refused and the reason is shown.
    let finish_square = move || {
        if editing.get_untracked().is_none() {
            return true;
        }
        if apply_draft() {
            editing.set(None);
            true
        } else {
            false
        }
    };
    let square_problems = Signal::derive(move || {
        let Some(i) = editing.get() else {
            return Vec::new();
        };
        problems.with(|p| {
            p.iter()
                .filter(|e| e.square() == Some(i))
                .map(|e| e.to_string())
                .collect()
        })
    });

    // Saving.
    let store_result = move |result: Result<worlds::SavedWorld, String>| match result {
        Ok(saved) => {
            state.update(|s| s.mark_saved(&saved.id));
            just_saved.set(saved.playable.then(|| saved.id.clone()));
            let text = if saved.playable {
                format!("Saved \"{}\".", saved.def.name)
            } else {
                format!(
                    "Saved \"{}\" as a draft: it cannot be played until its problems are fixed.",
                    saved.def.name
                )
            };
            message.set(Some((true, text)));
        }
        Err(e) => {
            just_saved.set(None);
            message.set(Some((false, format!("Not saved: {e}"))));
        }
    };
    // Hands the saved world to the lobby, as "Play this world" in the list does.
    let play_saved = move |_| {
        let Some(id) = just_saved.get_untracked() else {
            return;
        };
        if let Some(shared) = shared {
            shared
                .lobby_board
                .set(Some(crate::common::boards::BoardChoice::World(id)));
        }
        nav.go(Screen::Lobby);
    };
    let save_new = move || {
        let def = state.with_untracked(|s| s.def().clone());
        store_result(
            LocalStore::open()
                .and_then(|store| worlds::save_new(&store, &def, now_ms()))
                .map_err(|e| e.to_string()),
        );
    };
    let save_over = move || {
        let Some(id) = state.with_untracked(|s| s.saved_id().map(str::to_string)) else {
            return;
        };
        let def = state.with_untracked(|s| s.def().clone());
        store_result(
            LocalStore::open()
                .and_then(|store| worlds::save_over(&store, &id, &def, now_ms()))
                .map_err(|e| e.to_string()),
        );
    };
    let on_save = move |_| {
        if !finish_square() {
            return;
        }
        match state.with_untracked(|s| s.origin().clone()) {
            Origin::Saved { .. } => ask.set(Ask::SaveOver),
            Origin::New | Origin::Preset(_) => save_new(),
        }
    };
    let on_save_as_new = move |_| {
        if !finish_square() {
            return;
        }
        new_name.set(state.with_untracked(|s| s.def().name.clone()));
        ask.set(Ask::SaveAsNew);
    };
    let confirm_save_as_new = move || {
        let name = new_name.get_untracked().trim().to_string();
        if name.is_empty() {
            problem.set(Some("The new world needs a name.".into()));
            return;
        }
        state.update(|s| s.set_name(&name));
        ask.set(Ask::Nothing);
        problem.set(None);
        save_new();
    };

    // Leaving.
    let leave = move || {
        if let Some(at) = editing.get_untracked() {
            editing.set(None);
            problem.set(None);
            focus_square(at);
            return;
        }
        if state.with_untracked(|s| s.is_dirty()) {
            ask.set(Ask::Leave);
        } else {
            on_leave.run(());
        }
    };
    // "Exit editing" (the menu): the open square's changes count as unsaved changes too.
    let exit_editing = move || {
        let draft_changed = editing.get_untracked().is_some_and(|i| {
            state.with_untracked(|s| s.def().squares.get(i).cloned()) != Some(draft.get_untracked())
        });
        if draft_changed || state.with_untracked(|s| s.is_dirty()) {
            ask.set(Ask::Leave);
        } else {
            ask.set(Ask::Nothing);
            on_leave.run(());
        }
    };
    // "Save and exit": saved over the world it came from, or as a new world; the editor
    // stays open (with the reason shown) when the square or the save is refused.
    let save_and_exit = move || {
        ask.set(Ask::Nothing);
        if !finish_square() {
            return;
        }
        match state.with_untracked(|s| s.origin().clone()) {
            Origin::Saved { .. } => save_over(),
            Origin::New | Origin::Preset(_) => save_new(),
        }
        if !state.with_untracked(|s| s.is_dirty()) {
            on_leave.run(());
        }
    };
    // "Save" in the menu: as the Save button (saving over a saved world still asks).
    let menu_save = move || {
        if !finish_square() {
            ask.set(Ask::Nothing);
            return;
        }
        match state.with_untracked(|s| s.origin().clone()) {
            Origin::Saved { .. } => ask.set(Ask::SaveOver),
            Origin::New | Origin::Preset(_) => save_new(),
        }
    };
    let open_menu = move || {
        message.set(None);
        ask.set(Ask::Menu(MenuPage::Main));
    };
    // Set when the session is parked for the lab: its page may load without asking.
    let parked = StoredValue::new(false);
    let open_lab = move |_| {
        parked.set_value(true);
        if let Some(shared) = shared {
            shared.lab_board.set(Some(shown.get_untracked()));
            shared.lab_back.set(Screen::BoardMaker);
        }
        on_park.run(());
        nav.go(Screen::Statistics);
    };

    // Esc opens the editor's menu, and closes it again (a dialog inside takes its own Esc).
    let key_handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() != "Escape" || ev.default_prevented() || inside_dialog(&ev) {
            return;
        }
        match ask.get_untracked() {
            Ask::Nothing => {
                ev.prevent_default();
                open_menu();
            }
            Ask::Menu(_) => {
                ev.prevent_default();
                ask.set(Ask::Nothing);
            }
            _ => {}
        }
    });
    let unload_handle = window_event_listener(leptos::ev::beforeunload, move |ev| {
        if dirty.get_untracked() && !parked.get_value() {
            ev.prevent_default();
            ev.set_return_value("You have unsaved changes to this world.");
        }
    });
    on_cleanup(move || {
        key_handle.remove();
        unload_handle.remove();
    });

    let status = move || {
        let saved_before = state.with(|s| matches!(s.origin(), Origin::Saved { .. }));
        match (dirty.get(), saved_before) {
            (true, _) => "Unsaved changes",
            (false, true) => "All changes saved",
            (false, false) => "Not saved yet",
        }
    };
    let playable_line = move || {
        let n = problems.with(Vec::len);
        if n == 0 {
            "This world can be played.".to_string()
        } else {
            format!(
                "This world cannot be played yet ({n} problem{}). It can still be saved as a draft.",
                if n == 1 { "" } else { "s" }
            )
        }
    };
    let problem_list = move || {
        problems.with(|list| {
            if list.is_empty() {
                return ().into_any();
            }
            let items = list
                .iter()
                .map(|p| {
                    let text = p.to_string();
                    match p.square() {
                        Some(i) => view! {
                            <li>
                                <button type="button" class="link-button" on:click=move |_| select.run(i)>
                                    {format!("Square {}", i + 1)}
                                </button>
                                " "
                                <span>{text}</span>
                            </li>
                        }
                        .into_any(),
                        None => view! { <li>{text}</li> }.into_any(),
                    }
                })
                .collect_view();
            view! {
                <section class="panel problems-panel" aria-labelledby="problems-title">
                    <h2 id="problems-title">"Problems"</h2>
                    <ul class="problems">{items}</ul>
                </section>
            }
            .into_any()
        })
    };
    // Warnings: allowed, but probably not meant; they never stop a save or a game.
    let warning_list = move || {
        warnings.with(|list| {
            (!list.is_empty()).then(|| {
                let items = list
                    .iter()
                    .map(|w| view! { <li>{w.clone()}</li> })
                    .collect_view();
                view! {
                    <section class="panel warnings-panel" aria-labelledby="warnings-title">
                        <h2 id="warnings-title">"Warnings"</h2>
                        <ul class="warnings">{items}</ul>
                    </section>
                }
            })
        })
    };
    let modal_open = move || ask.get() != Ask::Nothing || sharing.with(Option::is_some);
    let board_name = move || shown.with(|d| d.name.clone());

    view! {
        <section class="screen editor" aria-labelledby="editor-title">
            <div class="editor-main" inert=modal_open aria-hidden=move || modal_open().then_some("true")>
                <header class="editor-header panel">
                    <h1 id="editor-title">{move || format!("Board Maker: {}", board_name())}</h1>
                    <p class="editor-status">{status}" · "{playable_line}</p>
                    {view! {
                        <div class="button-row editor-tools" role="toolbar" aria-label="Board">
                            <button type="button" class="action primary" on:click=on_save>"Save"</button>
                            <button type="button" class="action" on:click=on_save_as_new>"Save as new"</button>
                            <button type="button" class="action" disabled=move || !can_undo.get() on:click=move |_| {
                                // Undo drops the square being edited, then the last change.
                                editing.set(None);
                                problem.set(None);
                                state.update(|s| { let _ = s.undo(); });
                            }>"Undo"</button>
                            <button type="button" class="action" on:click=open_lab>"Statistics"</button>
                            <button type="button" class="action" on:click=move |_| {
                                if !finish_square() {
                                    return;
                                }
                                let def = state.with_untracked(|s| s.def().clone());
                                let (link, note) = crate::common::share_link::world_share(&def);
                                sharing.set(Some((def.name, link, note)));
                            }>"Share"</button>
                            <button
                                type="button"
                                class="action"
                                disabled=move || state.with(|s| s.def().squares.len() >= worlds_engine::board::MAX_SQUARES)
                                on:click=move |_| {
                                    if !finish_square() {
                                        return;
                                    }
                                    let end = state.with_untracked(|s| s.def().squares.len());
                                    match state.try_update(|s| s.add_square(end)) {
                                        Some(Ok(at)) => open_square(at),
                                        Some(Err(e)) => problem.set(Some(e.to_string())),
                                        None => {}
                                    }
                                }
                            >"Add square"</button>
                            <button type="button" class="action" aria-keyshortcuts="Escape" on:click=move |_| open_menu()>"Menu"</button>
                            // While a square is open its panel has the Back button.
                            {move || editing.get().is_none().then(|| view! {
                                <button type="button" class="action" on:click=move |_| leave()>"Back"</button>
                            })}
                        </div>
                    }}
                    <div aria-live="polite">
                        {move || message.get().map(|(ok, m)| view! {
                            <p class=if ok { "notice" } else { "problem" } role=if ok { "status" } else { "alert" }>{m}</p>
                        })}
                        {move || (just_saved.with(Option::is_some) && !dirty.get()).then(|| view! {
                            <button type="button" class="action primary play-saved" on:click=play_saved>"Play this world"</button>
                        })}
                    </div>
                </header>
                <div class="editor-layout">
                    <div class="editor-board">
                        <BoardRing squares=views on_select=select on_move=drag_move label="The board being edited">
                            {move || shown.with(|d| d.picture.clone()).map(|p| view! { <img class="center-picture" src=p alt="" /> })}
                            <p class="prompt">{board_name}</p>
                            <p class="hint">"Click a square to edit it; drag it to move it."</p>
                        </BoardRing>
                    </div>
                    <div class="editor-side">
                        {move || match editing.get() {
                            Some(i) => view! {
                                <SquareEditor
                                    index=i
                                    draft=draft
                                    state=state
                                    problems=square_problems
                                    commands=commands
                                    problem=problem
                                />
                            }.into_any(),
                            None => view! {
                                {problem_list}
                                {warning_list}
                                {move || problem.get().map(|p| view! { <p class="problem" role="alert">{p}</p> })}
                                <BoardSettings state=state problem=problem />
                            }.into_any(),
                        }}
                    </div>
                </div>
            </div>
            {move || sharing.get().map(|(name, link, note)| view! {
                <ShareDialog
                    title=format!("Share \"{name}\"")
                    link=link
                    note=note
                    on_close=Callback::new(move |()| sharing.set(None))
                />
            })}
            {move || match ask.get() {
                Ask::Nothing => ().into_any(),
                Ask::SaveOver => view! {
                    <Modal title=Signal::derive(move || format!("Save over \"{}\"?", board_name())) on_close=Callback::new(move |()| ask.set(Ask::Nothing))>
                        <p>"The saved world will be replaced by this version."</p>
                        <div class="button-row">
                            <button type="button" class="action primary" on:click=move |_| { ask.set(Ask::Nothing); save_over(); }>"Save"</button>
                            <button type="button" class="action" on:click=move |_| ask.set(Ask::Nothing)>"Cancel"</button>
                        </div>
                    </Modal>
                }.into_any(),
                Ask::SaveAsNew => view! {
                    <Modal title="Save as new" on_close=Callback::new(move |()| ask.set(Ask::Nothing))>
                        <label class="field">
                            <span>"Name of the new world"</span>
                            <input
                                type="text"
                                maxlength=worlds_engine::board::MAX_NAME_CHARS.to_string()
                                prop:value=move || new_name.get()
                                on:input=move |ev| new_name.set(event_target_value(&ev))
                                on:keydown=move |ev| if ev.key() == "Enter" { confirm_save_as_new() }
                            />
                        </label>
                        {move || problem.get().map(|p| view! { <p class="problem" role="alert">{p}</p> })}
                        <div class="button-row">
                            <button type="button" class="action primary" on:click=move |_| confirm_save_as_new()>"Save"</button>
                            <button type="button" class="action" on:click=move |_| ask.set(Ask::Nothing)>"Cancel"</button>
                        </div>
                    </Modal>
                }.into_any(),
                Ask::Leave => view! {
                    <Modal title="Leave without saving?" on_close=Callback::new(move |()| ask.set(Ask::Nothing))>
                        <p>{move || format!("Your changes to \"{}\" have not been saved.", board_name())}</p>
                        <div class="button-row">
                            <button type="button" class="action primary" on:click=move |_| save_and_exit()>"Save and exit"</button>
                            <button type="button" class="action danger" on:click=move |_| {
                                ask.set(Ask::Nothing);
                                editing.set(None);
                                on_leave.run(());
                            }>"Exit without saving"</button>
                            <button type="button" class="action" on:click=move |_| ask.set(Ask::Nothing)>"Cancel"</button>
                        </div>
                    </Modal>
                }.into_any(),
                Ask::Menu(page) => {
                    let close = Callback::new(move |()| ask.set(Ask::Nothing));
                    let back = Callback::new(move |()| ask.set(Ask::Menu(MenuPage::Main)));
                    let body = match page {
                        MenuPage::Main => view! {
                            <div class="menu-list">
                                <button type="button" class="menu-button primary" on:click=move |_| ask.set(Ask::Nothing)>"Resume"</button>
                                <button type="button" class="menu-button" on:click=move |_| menu_save()>"Save"</button>
                                <button type="button" class="menu-button" on:click=move |_| ask.set(Ask::Menu(MenuPage::Help))>"Help"</button>
                                <button type="button" class="menu-button" on:click=move |_| ask.set(Ask::Menu(MenuPage::Settings))>"Settings"</button>
                                <button type="button" class="menu-button" on:click=move |_| exit_editing()>"Exit editing"</button>
                            </div>
                            {move || message.get().map(|(ok, m)| view! {
                                <p class=if ok { "notice" } else { "problem" } role="status">{m}</p>
                            })}
                            {move || problem.get().map(|p| view! { <p class="problem" role="alert">{p}</p> })}
                        }.into_any(),
                        MenuPage::Help => view! {
                            <div class="help">
                                <EditorGuide sub=true />
                                <button type="button" class="menu-button" on:click=move |_| back.run(())>"Back"</button>
                            </div>
                        }.into_any(),
                        MenuPage::Settings => match use_context::<SettingsStore>() {
                            Some(_) => view! {
                                <SettingsPanel on_back=back />
                                <p class="hint">"These are your settings for the whole game. The board's own settings (name, money, rules, groups) are beside the board, under Board settings."</p>
                            }.into_any(),
                            None => view! {
                                <p class="problem" role="alert">"The settings cannot be shown here."</p>
                                <button type="button" class="menu-button" on:click=move |_| back.run(())>"Back"</button>
                            }.into_any(),
                        },
                    };
                    view! {
                        <Modal title="Board Maker menu" on_close=close class="game-menu editor-menu">
                            {body}
                        </Modal>
                    }.into_any()
                }
            }}
        </section>
    }
}
