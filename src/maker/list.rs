//! The Board Maker (docs/PRODUCT.md section 3): the list of boards (built-in templates, saved
//! worlds, the trash, entries that could not be read, import by file or by dropping one), and
//! the editor for the one chosen.

use std::cell::RefCell;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use worlds_engine::envelope::{ImportError, MAX_IMPORT_BYTES};
use worlds_engine::{GameRecord, Preset};

use crate::common::clock::now_ms;
use crate::common::context::{keep_for_tab, read_for_tab, Navigator, Screen};
use crate::common::download::download_text;
use crate::common::modal::Modal;
use crate::common::share::ShareDialog;
use crate::common::storage::{
    damaged, worlds, DamagedEntry, LocalStore, StorageError, TrashSummary, WorldSummary,
};
use crate::common::thumbnail::BoardThumbnail;
use crate::maker::editor::BoardEditor;
use crate::maker::model::EditorState;

thread_local! {
    /// The world being edited while the statistics lab is open, to come back to.
    static PARKED: RefCell<Option<EditorState>> = const { RefCell::new(None) };
}

/// Where an editing session waits while the lab's page is open: the tab's session storage.
const PARKED_KEY: &str = "mw:editor-parked";

/// Keeps an editing session while another screen is shown, on this page and, for the lab's
/// page, in the tab's session storage (without its undo steps if they do not fit).
pub fn park(state: EditorState) {
    if !keep_for_tab(PARKED_KEY, &state) {
        keep_for_tab(PARKED_KEY, &state.without_history());
    }
    PARKED.with(|p| *p.borrow_mut() = Some(state));
}

fn take_parked() -> Option<EditorState> {
    let stored = read_for_tab(PARKED_KEY, true);
    PARKED.with(|p| p.borrow_mut().take()).or(stored)
}

/// A saved world as the list shows it, with its board for the thumbnail.
#[derive(Clone, PartialEq)]
struct WorldRow {
    summary: WorldSummary,
    def: Option<worlds_engine::BoardDef>,
}

/// Everything the board list shows from storage.
#[derive(Clone, Default, PartialEq)]
struct Listing {
    worlds: Vec<WorldRow>,
    trash: Vec<TrashSummary>,
    damaged: Vec<DamagedEntry>,
}

/// Whether a damaged entry belongs to the Board Maker (a world or a world in the trash).
fn is_world_entry(key: &str, prefix: &str) -> bool {
    let name = key.strip_prefix(prefix).unwrap_or(key);
    let name = name.strip_prefix("damaged:").unwrap_or(name);
    name.starts_with("world:") || name.starts_with("trash:")
}

fn read_listing() -> Result<Listing, String> {
    let store = LocalStore::open().map_err(|e| e.to_string())?;
    let summaries = worlds::list(&store).map_err(|e| e.to_string())?;
    let worlds = summaries
        .into_iter()
        .map(|summary| WorldRow {
            def: worlds::load(&store, &summary.id).ok().map(|w| w.def),
            summary,
        })
        .collect();
    let trash = worlds::list_trash(&store).map_err(|e| e.to_string())?;
    let damaged = damaged::scan::<GameRecord>(&store)
        .map_err(|e| e.to_string())?
        .into_iter()
        .filter(|e| is_world_entry(&e.key, store.prefix()))
        .collect();
    Ok(Listing {
        worlds,
        trash,
        damaged,
    })
}

/// Imports a board file's bytes; the message says what happened, in words.
fn import_bytes(file_name: &str, bytes: &[u8]) -> (bool, String) {
    let result = LocalStore::open().and_then(|s| worlds::import(&s, bytes, now_ms()));
    match result {
        Ok(saved) if saved.playable => (true, format!("Imported \"{}\".", saved.def.name)),
        Ok(saved) => (true, format!("Imported \"{}\" as a draft.", saved.def.name)),
        Err(StorageError::BoardRefused(why)) => {
            (false, format!("{file_name} was not imported. {why}"))
        }
        Err(e) => (false, format!("{file_name} was not imported: {e}")),
    }
}

/// Reads a picked or dropped file and imports it.
fn import_file(file: web_sys::File, done: impl Fn(bool, String) + 'static) {
    let name = file.name();
    if file.size() > MAX_IMPORT_BYTES as f64 {
        let why = ImportError::TooLarge {
            bytes: file.size() as usize,
            limit: MAX_IMPORT_BYTES,
        };
        done(false, format!("{name} was not imported. {why}"));
        return;
    }
    leptos::task::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await {
            Ok(buffer) => {
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                let (ok, text) = import_bytes(&name, &bytes);
                done(ok, text);
            }
            Err(_) => done(false, format!("{name} could not be read.")),
        }
    });
}

fn when(ms: u64) -> String {
    js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64))
        .to_locale_string("en-GB", &wasm_bindgen::JsValue::UNDEFINED)
        .as_string()
        .unwrap_or_default()
}

#[component]
pub fn BoardMaker() -> impl IntoView {
    let parked = take_parked();
    let editing = RwSignal::new(parked.is_some());
    let state = RwSignal::new(parked.unwrap_or_else(EditorState::new_world));
    let open = move |s: EditorState| {
        state.set(s);
        editing.set(true);
    };
    let on_leave = Callback::new(move |()| editing.set(false));
    let on_park = Callback::new(move |()| park(state.get_untracked()));
    view! {
        {move || if editing.get() {
            view! { <BoardEditor state=state on_leave=on_leave on_park=on_park /> }.into_any()
        } else {
            view! { <BoardList open=Callback::new(open) /> }.into_any()
        }}
    }
}

/// What the list is asking the player.
#[derive(Clone, PartialEq, Eq)]
enum ListAsk {
    Nothing,
    DeleteForever {
        id: String,
        name: String,
    },
    /// The Share dialog for a world: its link (or why none), and a note.
    Share {
        name: String,
        link: Result<String, String>,
        note: Option<String>,
    },
}

/// The Share dialog's contents for a world.
fn share_world(def: &worlds_engine::BoardDef) -> ListAsk {
    let (link, note) = crate::common::share_link::world_share(def);
    ListAsk::Share {
        name: def.name.clone(),
        link,
        note,
    }
}

#[component]
fn BoardList(open: Callback<EditorState>) -> impl IntoView {
    let nav = expect_context::<Navigator>();
    let refresh = RwSignal::new(0u32);
    let message = RwSignal::new(None::<(bool, String)>);
    let show_trash = RwSignal::new(false);
    let dragging = RwSignal::new(false);
    let ask = RwSignal::new(ListAsk::Nothing);
    let listing = Memo::new(move |_| {
        refresh.get();
        read_listing()
    });
    let say = move |ok: bool, text: String| {
        message.set(Some((ok, text)));
        refresh.update(|r| *r += 1);
    };
    let with_store =
        move |f: &dyn Fn(&LocalStore) -> Result<String, StorageError>| match LocalStore::open()
            .and_then(|s| f(&s))
        {
            Ok(text) => say(true, text),
            Err(e) => say(false, e.to_string()),
        };

    let edit = move |id: String| match LocalStore::open().and_then(|s| worlds::load(&s, &id)) {
        Ok(w) => open.run(EditorState::open_saved(&w.id, w.def)),
        Err(e) => say(false, e.to_string()),
    };
    let shared = use_context::<crate::common::context::Shared>();
    let navigator = use_context::<crate::common::context::Navigator>();
    let play_world = move |id: String| {
        if let Some(shared) = shared {
            shared
                .lobby_board
                .set(Some(crate::common::boards::BoardChoice::World(id)));
        }
        if let Some(nav) = navigator {
            nav.go(crate::common::context::Screen::Lobby);
        }
    };
    let export = move |id: String| {
        let result = LocalStore::open()
            .and_then(|s| worlds::load(&s, &id))
            .and_then(|w| {
                worlds::export(&w.def, now_ms())
                    .map(|text| (worlds::export_file_name(&w.def.name), text))
            })
            .map_err(|e| e.to_string())
            .and_then(|(file, text)| {
                download_text(&file, "application/json", &text).map(|()| file)
            });
        match result {
            Ok(file) => say(true, format!("Exported as {file} (see your downloads).")),
            Err(e) => say(false, e),
        }
    };
    let on_import = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        import_file(file, say);
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        let Some(file) = ev
            .data_transfer()
            .and_then(|dt| dt.files())
            .and_then(|f| f.get(0))
        else {
            say(false, "Only a file can be dropped here.".to_string());
            return;
        };
        import_file(file, say);
    };

    let presets = Preset::ALL
        .into_iter()
        .map(|p| {
            let name_id = format!("preset-{}", p.id());
            view! {
                <li class="board-row">
                    <BoardThumbnail def=p.board_def() />
                    <span class="board-row-name" id=name_id.clone()>{p.display_name()}</span>
                    <span class="board-row-kind">"Built-in template"</span>
                    <span class="board-row-buttons">
                        <button type="button" class="small-button" aria-describedby=name_id.clone() on:click=move |_| open.run(EditorState::from_preset(p))>"Edit a copy"</button>
                        <button type="button" class="small-button" aria-describedby=name_id on:click=move |_| ask.set(share_world(&p.board_def()))>"Share"</button>
                    </span>
                </li>
            }
        })
        .collect_view();

    let world_rows = move |rows: Vec<WorldRow>| {
        if rows.is_empty() {
            return view! { <p class="hint">"No world yet. Press New world, edit a copy of a built-in board, or import a board file."</p> }.into_any();
        }
        view! {
            <ul class="board-rows" aria-label="Your worlds">
                {rows.into_iter().map(|row| {
                    let s = row.summary;
                    let name_id = format!("world-{}", s.id);
                    let (id1, id2, id3, id4) = (s.id.clone(), s.id.clone(), s.id.clone(), s.id.clone());
                    let name = s.name.clone();
                    let thumb = row.def.map(|d| view! { <BoardThumbnail def=d /> });
                    view! {
                        <li class="board-row">
                            {thumb}
                            <span class="board-row-name" id=name_id.clone()>{s.name.clone()}</span>
                            <span class="board-row-kind">
                                {if s.playable { "Playable".to_string() } else { "Draft: cannot be played yet".to_string() }}
                                " · saved " {when(s.updated_at)}
                            </span>
                            <span class="board-row-buttons" role="group" aria-label=s.name.clone()>
                                <button type="button" class="small-button" aria-describedby=name_id.clone() on:click=move |_| edit(id1.clone())>"Edit"</button>
                                <button type="button" class="small-button" aria-describedby=name_id.clone() on:click=move |_| {
                                    let id = id2.clone();
                                    with_store(&move |st| worlds::duplicate(st, &id, now_ms()).map(|w| format!("Made \"{}\".", w.def.name)));
                                }>"Duplicate"</button>
                                <button type="button" class="small-button" aria-describedby=name_id.clone() on:click=move |_| export(id3.clone())>"Export"</button>
                                {
                                    let id = s.id.clone();
                                    view! {
                                        <button type="button" class="small-button" aria-describedby=name_id.clone() on:click=move |_| {
                                            match LocalStore::open().and_then(|st| worlds::load(&st, &id)) {
                                                Ok(w) => ask.set(share_world(&w.def)),
                                                Err(e) => say(false, e.to_string()),
                                            }
                                        }>"Share"</button>
                                    }
                                }
                                {s.playable.then(|| {
                                    let id = s.id.clone();
                                    view! {
                                        <button type="button" class="small-button" aria-describedby=name_id.clone() on:click=move |_| play_world(id.clone())>"Play this world"</button>
                                    }
                                })}
                                <button type="button" class="small-button danger" aria-describedby=name_id on:click=move |_| {
                                    let id = id4.clone();
                                    let name = name.clone();
                                    with_store(&move |st| worlds::delete(st, &id, now_ms()).map(|_| format!("Moved \"{name}\" to the trash.")));
                                }>"Delete"</button>
                            </span>
                        </li>
                    }
                }).collect_view()}
            </ul>
        }
        .into_any()
    };

    let trash_rows = move |rows: Vec<TrashSummary>| {
        if rows.is_empty() {
            return view! { <p class="hint">"The trash is empty."</p> }.into_any();
        }
        view! {
            <ul class="board-rows" aria-label="Worlds in the trash">
                {rows.into_iter().map(|t| {
                    let name_id = format!("trash-{}", t.id);
                    let (id1, id2) = (t.id.clone(), t.id.clone());
                    let (n1, n2) = (t.name.clone(), t.name.clone());
                    view! {
                        <li class="board-row">
                            <span class="board-row-name" id=name_id.clone()>{t.name.clone()}</span>
                            <span class="board-row-kind">"Deleted " {when(t.deleted_at)}</span>
                            <span class="board-row-buttons" role="group" aria-label=t.name.clone()>
                                <button type="button" class="small-button" aria-describedby=name_id.clone() on:click=move |_| {
                                    let id = id1.clone();
                                    let name = n1.clone();
                                    with_store(&move |st| worlds::restore(st, &id, now_ms()).map(|_| format!("Restored \"{name}\".")));
                                }>"Restore"</button>
                                <button type="button" class="small-button danger" aria-describedby=name_id on:click=move |_| {
                                    ask.set(ListAsk::DeleteForever { id: id2.clone(), name: n2.clone() });
                                }>"Delete forever"</button>
                            </span>
                        </li>
                    }
                }).collect_view()}
            </ul>
        }
        .into_any()
    };

    let damaged_rows = move |rows: Vec<DamagedEntry>| {
        (!rows.is_empty()).then(|| view! {
            <section class="damaged" aria-labelledby="damaged-title">
                <h2 id="damaged-title">"Entries that could not be read"</h2>
                <p class="hint">"These stored worlds are damaged. Export one to keep its text, or delete it."</p>
                <ul class="damaged-list">
                    {rows.into_iter().map(|e| {
                        let key = e.key.clone();
                        let entry = e.clone();
                        let key_id = format!("damaged-{}", e.key.replace(':', "-"));
                        view! {
                            <li>
                                <code id=key_id.clone()>{e.key.clone()}</code>
                                <span>{e.reason.clone()}</span>
                                <button type="button" class="small-button" aria-describedby=key_id.clone() on:click=move |_| {
                                    if let Err(err) = download_text(&entry.export_file_name(), "application/json", &entry.raw) {
                                        say(false, err);
                                    }
                                }>"Export"</button>
                                <button type="button" class="small-button danger" aria-describedby=key_id on:click=move |_| {
                                    let key = key.clone();
                                    with_store(&move |st| damaged::delete::<GameRecord>(st, &key).map(|()| format!("Deleted the damaged entry {key}.")));
                                }>"Delete"</button>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </section>
        })
    };

    let list_body = move || match listing.get() {
        Err(e) => view! { <p class="problem" role="alert">{e}</p> }.into_any(),
        Ok(l) => {
            let trash_count = l.trash.len();
            view! {
                <h2>"Your worlds"</h2>
                {world_rows(l.worlds)}
                {damaged_rows(l.damaged)}
                <div class="trash-toggle">
                    <button
                        type="button"
                        class="small-button"
                        aria-expanded=move || show_trash.get().to_string()
                        aria-controls="trash-list"
                        on:click=move |_| show_trash.update(|v| *v = !*v)
                    >"Trash"</button>
                    <span class="hint">{format!("{trash_count} world{} in the trash", if trash_count == 1 { "" } else { "s" })}</span>
                </div>
                <div id="trash-list">
                    {move || show_trash.get().then(|| trash_rows(l.trash.clone()))}
                </div>
            }
            .into_any()
        }
    };

    let key_handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && ask.get_untracked() == ListAsk::Nothing {
            nav.go(Screen::Menu);
        }
    });
    on_cleanup(move || key_handle.remove());

    let modal_open = move || ask.get() != ListAsk::Nothing;
    view! {
        <section class="screen board-maker" aria-labelledby="maker-title">
            <div
                class="panel board-list"
                class:dragging=move || dragging.get()
                inert=modal_open
                aria-hidden=move || modal_open().then_some("true")
                on:dragover=move |ev: leptos::ev::DragEvent| { ev.prevent_default(); dragging.set(true); }
                on:dragleave=move |_| dragging.set(false)
                on:drop=on_drop
            >
                <h1 id="maker-title">"Board Maker"</h1>
                <div aria-live="polite">
                    {move || message.get().map(|(ok, m)| view! {
                        <p class=if ok { "notice" } else { "problem" } role=if ok { "status" } else { "alert" }>{m}</p>
                    })}
                </div>
                <div class="button-row">
                    <button type="button" class="menu-button primary" on:click=move |_| open.run(EditorState::new_world())>"New world"</button>
                    <label class="file-button">
                        "Import"
                        <input type="file" accept=".json,application/json" on:change=on_import />
                    </label>
                </div>
                <p class="hint">"Import a board file with the button above, or drop one anywhere on this list."</p>
                {list_body}
                <h2>"Built-in boards"</h2>
                <p class="hint">"Built-in boards cannot be changed: editing one makes a copy that is saved as your own world."</p>
                <ul class="board-rows" aria-label="Built-in boards">{presets}</ul>
                <div class="button-row">
                    <button type="button" class="menu-button" on:click=move |_| nav.go(Screen::Menu)>"Back"</button>
                </div>
            </div>
            {move || match ask.get() {
                ListAsk::Nothing => ().into_any(),
                ListAsk::Share { name, link, note } => view! {
                    <ShareDialog
                        title=format!("Share \"{name}\"")
                        link=link
                        note=note
                        on_close=Callback::new(move |()| ask.set(ListAsk::Nothing))
                    />
                }.into_any(),
                ListAsk::DeleteForever { id, name } => {
                    let title = format!("Delete \"{name}\" forever?");
                    view! {
                        <Modal title=title on_close=Callback::new(move |()| ask.set(ListAsk::Nothing))>
                            <p>"It cannot be restored afterwards."</p>
                            <div class="button-row">
                                <button type="button" class="action danger" on:click=move |_| {
                                    ask.set(ListAsk::Nothing);
                                    let id = id.clone();
                                    let name = name.clone();
                                    with_store(&move |st| worlds::delete_forever(st, &id).map(|()| format!("Deleted \"{name}\" for good.")));
                                }>"Delete forever"</button>
                                <button type="button" class="action" on:click=move |_| ask.set(ListAsk::Nothing)>"Cancel"</button>
                            </div>
                        </Modal>
                    }.into_any()
                }
            }}
        </section>
    }
}
