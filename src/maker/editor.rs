//! The Board Maker's editor screen: the board drawn as in play (squares can be dragged to
//! another place), a panel for the clicked square, the board settings, the engine's problems
//! listed next to their squares, Save / Save as new, the editor's own menu (Esc or Menu:
//! Resume, Save, Help, Settings, Exit editing) and a question before unsaved changes are lost
//! (Back, Exit editing, or leaving the page).

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use worlds_engine::{BoardDef, BoardError};

use crate::common::board_view::{board_square_views, BoardRing, SquareView};
use crate::maker::board_settings::BoardSettings;
use crate::maker::editor_dialogs::{editor_dialogs, problem_alert};
use crate::maker::editor_session::{Ask, Session};
use crate::maker::model::{warnings_of, EditorState, Origin};
use crate::maker::square_editor::SquareEditor;

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

/// Whether an event started inside an open dialog (which handles its own Esc).
fn inside_dialog(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("[role='dialog']").ok().flatten())
        .is_some()
}

/// Esc opens the editor's menu, and closes it again (a dialog inside takes its own Esc);
/// leaving the page with unsaved changes asks first (unless parked for the lab).
fn listen_to_window(s: Session) {
    let key_handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() != "Escape" || ev.default_prevented() || inside_dialog(&ev) {
            return;
        }
        match s.ask.get_untracked() {
            Ask::Nothing => {
                ev.prevent_default();
                s.open_menu();
            }
            Ask::Menu(_) => {
                ev.prevent_default();
                s.close_ask();
            }
            _ => {}
        }
    });
    let unload_handle = window_event_listener(leptos::ev::beforeunload, move |ev| {
        if s.dirty.get_untracked() && !s.parked.get_value() {
            ev.prevent_default();
            ev.set_return_value("You have unsaved changes to this world.");
        }
    });
    on_cleanup(move || {
        key_handle.remove();
        unload_handle.remove();
    });
}

/// The Board toolbar: Save, Save as new, Undo, Statistics, Share, Add square, Menu, Back.
fn toolbar(s: Session) -> impl IntoView {
    let can_undo = Memo::new(move |_| s.state.with(|st| st.can_undo()));
    let full = move || {
        s.state
            .with(|st| st.def().squares.len() >= worlds_engine::board::MAX_SQUARES)
    };
    view! {
        <div class="button-row editor-tools" role="toolbar" aria-label="Board">
            <button type="button" class="action primary" on:click=move |_| s.save()>"Save"</button>
            <button type="button" class="action" on:click=move |_| s.save_as_new()>"Save as new"</button>
            <button type="button" class="action" disabled=move || !can_undo.get() on:click=move |_| s.undo()>"Undo"</button>
            <button type="button" class="action" on:click=move |_| s.open_lab()>"Statistics"</button>
            <button type="button" class="action" on:click=move |_| s.share()>"Share"</button>
            <button type="button" class="action" disabled=full on:click=move |_| s.add_at_end()>"Add square"</button>
            <button type="button" class="action" aria-keyshortcuts="Escape" on:click=move |_| s.open_menu()>"Menu"</button>
            // While a square is open its panel has the Back button.
            {move || s.editing.get().is_none().then(|| view! {
                <button type="button" class="action" on:click=move |_| s.leave()>"Back"</button>
            })}
        </div>
    }
}

/// Whether the changes are saved, and whether the world can be played.
fn status_line(s: Session) -> impl IntoView {
    let status = move || {
        let saved_before = s
            .state
            .with(|st| matches!(st.origin(), Origin::Saved { .. }));
        match (s.dirty.get(), saved_before) {
            (true, _) => "Unsaved changes",
            (false, true) => "All changes saved",
            (false, false) => "Not saved yet",
        }
    };
    let playable_line = move || {
        let n = s.problems.with(Vec::len);
        if n == 0 {
            "This world can be played.".to_string()
        } else {
            format!(
                "This world cannot be played yet ({n} problem{}). It can still be saved as a draft.",
                if n == 1 { "" } else { "s" }
            )
        }
    };
    view! { <p class="editor-status">{status}" · "{playable_line}</p> }
}

/// The screen's header: the title, the status, the toolbar and what the last save did.
fn header(s: Session) -> impl IntoView {
    view! {
        <header class="editor-header panel">
            <h1 id="editor-title">{move || format!("Board Maker: {}", s.board_name())}</h1>
            {status_line(s)}
            {toolbar(s)}
            <div aria-live="polite">
                {move || s.message.get().map(|(ok, m)| view! {
                    <p class=if ok { "notice" } else { "problem" } role=if ok { "status" } else { "alert" }>{m}</p>
                })}
                {move || (s.just_saved.with(Option::is_some) && !s.dirty.get()).then(|| view! {
                    <button type="button" class="action primary play-saved" on:click=move |_| s.play_saved()>"Play this world"</button>
                })}
            </div>
        </header>
    }
}

/// The engine's problems, each with a link to its square when it has one.
fn problem_list(s: Session) -> impl IntoView {
    move || {
        s.problems.with(|list| {
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
                                <button type="button" class="link-button" on:click=move |_| s.select(i)>
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
    }
}

/// Warnings: allowed, but probably not meant; they never stop a save or a game.
fn warning_list(s: Session) -> impl IntoView {
    let warnings = Memo::new(move |_| s.shown.with(warnings_of));
    move || {
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
    }
}

/// Beside the board: the open square's panel, or the problems, warnings and board settings.
fn side_panel(s: Session) -> impl IntoView {
    let commands = s.square_commands();
    let square_problems = s.square_problems();
    move || match s.editing.get() {
        Some(i) => view! {
            <SquareEditor
                index=i
                draft=s.draft
                state=s.state
                problems=square_problems
                commands=commands
                problem=s.problem
            />
        }
        .into_any(),
        None => view! {
            {problem_list(s)}
            {warning_list(s)}
            {problem_alert(s)}
            <BoardSettings state=s.state problem=s.problem />
        }
        .into_any(),
    }
}

/// The board drawn as in play; a square is opened by a click and moved by a drag.
fn board(s: Session) -> impl IntoView {
    let views = Signal::derive(move || {
        s.shown
            .with(|def| s.problems.with(|p| square_views(def, p, s.editing.get())))
    });
    let select = Callback::new(move |i: usize| s.select(i));
    let drag_move = Callback::new(move |(from, to): (usize, usize)| s.drag_move(from, to));
    view! {
        <BoardRing squares=views on_select=select on_move=drag_move label="The board being edited">
            {move || s.shown.with(|d| d.picture.clone()).map(|p| view! { <img class="center-picture" src=p alt="" /> })}
            <p class="prompt">{move || s.board_name()}</p>
            <p class="hint">"Click a square to edit it; drag it to move it."</p>
        </BoardRing>
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
    let s = Session::new(state, on_leave, on_park);
    listen_to_window(s);
    let modal_open = move || s.ask.get() != Ask::Nothing || s.sharing.with(Option::is_some);
    view! {
        <section class="screen editor" aria-labelledby="editor-title">
            <div class="editor-main" inert=modal_open aria-hidden=move || modal_open().then_some("true")>
                {header(s)}
                <div class="editor-layout">
                    <div class="editor-board">{board(s)}</div>
                    <div class="editor-side">{side_panel(s)}</div>
                </div>
            </div>
            {editor_dialogs(s)}
        </section>
    }
}
