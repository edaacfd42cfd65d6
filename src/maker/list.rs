//! The Board Maker (docs/PRODUCT.md section 3): the list of boards (built-in templates, saved
//! worlds, the trash, entries that could not be read, import by file or by dropping one), and
//! the editor for the one chosen.

use std::cell::RefCell;

use leptos::prelude::*;
use worlds_engine::envelope::{ImportError, MAX_IMPORT_BYTES};
use worlds_engine::{GameRecord, Preset};

use crate::common::clock::now_ms;
use crate::common::context::{keep_for_tab, read_for_tab, Navigator, Screen, Shared};
use crate::common::download::download_text;
use crate::common::error::AppError;
use crate::common::modal::Modal;
use crate::common::storage::{
    damaged, worlds, DamagedEntry, LocalStore, StorageError, TrashSummary, WorldSummary,
};
use crate::common::thumbnail::BoardThumbnail;
use crate::maker::editor::BoardEditor;
use crate::maker::model::EditorState;
use crate::maker::share::share_dialog;

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

fn read_listing() -> Result<Listing, StorageError> {
    let store = LocalStore::open()?;
    let worlds = worlds::list(&store)?
        .into_iter()
        .map(|summary| WorldRow {
            def: worlds::load(&store, &summary.id).ok().map(|w| w.def),
            summary,
        })
        .collect();
    let trash = worlds::list_trash(&store)?;
    let damaged = damaged::scan::<GameRecord>(&store)?
        .into_iter()
        .filter(|e| is_world_entry(&e.key, store.prefix()))
        .collect();
    Ok(Listing {
        worlds,
        trash,
        damaged,
    })
}

/// Downloads saved world `id` as a board file; the file's name when done.
fn export_world(id: &str) -> Result<String, AppError> {
    let world = worlds::load(&LocalStore::open()?, id)?;
    let text = worlds::export(&world.def, now_ms())?;
    let file = worlds::export_file_name(&world.def.name);
    download_text(&file, "application/json", &text)?;
    Ok(file)
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
#[derive(Clone, PartialEq)]
enum ListAsk {
    Nothing,
    /// Whether to delete a world in the trash for good.
    DeleteForever(TrashSummary),
    /// The Share dialog for a world.
    Share(Box<worlds_engine::BoardDef>),
}

/// What the list's parts share: the question asked, the last message, and the way to the
/// editor. All of it is signals and callbacks, so it is `Copy`.
#[derive(Clone, Copy)]
struct ListCtx {
    open: Callback<EditorState>,
    ask: RwSignal<ListAsk>,
    message: RwSignal<Option<(bool, String)>>,
    /// Bumped to read the list from storage again.
    refresh: RwSignal<u32>,
    nav: Navigator,
    shared: Option<Shared>,
}

impl ListCtx {
    /// Says what happened (`ok`: it worked) and reads the list again.
    fn say(self, ok: bool, text: String) {
        self.message.set(Some((ok, text)));
        self.refresh.update(|r| *r += 1);
    }

    /// Runs a change on the storage and says how it went.
    fn with_store(self, change: impl FnOnce(&LocalStore) -> Result<String, StorageError>) {
        match LocalStore::open().and_then(|s| change(&s)) {
            Ok(text) => self.say(true, text),
            Err(e) => self.say(false, e.to_string()),
        }
    }

    fn close_ask(self) {
        self.ask.set(ListAsk::Nothing);
    }

    fn edit(self, id: &str) {
        match LocalStore::open().and_then(|s| worlds::load(&s, id)) {
            Ok(w) => self.open.run(EditorState::open_saved(&w.id, w.def)),
            Err(e) => self.say(false, e.to_string()),
        }
    }

    /// Hands the world to the lobby.
    fn play(self, id: &str) {
        if let Some(shared) = self.shared {
            shared
                .lobby_board
                .set(Some(crate::common::boards::BoardChoice::World(
                    id.to_string(),
                )));
        }
        self.nav.go(Screen::Lobby);
    }

    fn export(self, id: &str) {
        match export_world(id) {
            Ok(file) => self.say(true, format!("Exported as {file} (see your downloads).")),
            Err(e) => self.say(false, e.to_string()),
        }
    }

    fn share(self, id: &str) {
        match LocalStore::open().and_then(|st| worlds::load(&st, id)) {
            Ok(w) => self.ask.set(ListAsk::Share(Box::new(w.def))),
            Err(e) => self.say(false, e.to_string()),
        }
    }

    /// Imports a picked or dropped file, and says how it went.
    fn import(self, file: web_sys::File) {
        import_file(file, move |ok, text| self.say(ok, text));
    }
}

/// One of a row's small buttons, described by the row's name (`name_id`).
fn row_button(
    label: &'static str,
    class: &'static str,
    name_id: &str,
    on_click: impl Fn() + 'static,
) -> impl IntoView {
    view! {
        <button type="button" class=class aria-describedby=name_id.to_string() on:click=move |_| on_click()>
            {label}
        </button>
    }
}

const BUTTON: &str = "small-button";
const DANGER: &str = "small-button danger";

fn world_row(list: ListCtx, row: WorldRow) -> impl IntoView {
    let thumb = row.def.map(|d| view! { <BoardThumbnail def=d /> });
    let s = row.summary;
    let name_id = format!("world-{}", s.id);
    let kind = if s.playable {
        "Playable"
    } else {
        "Draft: cannot be played yet"
    };
    let saved = when(s.updated_at);
    let (playable, name) = (s.playable, s.name.clone());
    let w = StoredValue::new(s);
    view! {
        <li class="board-row">
            {thumb}
            <span class="board-row-name" id=name_id.clone()>{name.clone()}</span>
            <span class="board-row-kind">{kind} " · saved " {saved}</span>
            <span class="board-row-buttons" role="group" aria-label=name>
                {row_button("Edit", BUTTON, &name_id, move || w.with_value(|s| list.edit(&s.id)))}
                {row_button("Duplicate", BUTTON, &name_id, move || w.with_value(|s| {
                    list.with_store(|st| worlds::duplicate(st, &s.id, now_ms()).map(|w| format!("Made \"{}\".", w.def.name)))
                }))}
                {row_button("Export", BUTTON, &name_id, move || w.with_value(|s| list.export(&s.id)))}
                {row_button("Share", BUTTON, &name_id, move || w.with_value(|s| list.share(&s.id)))}
                {playable.then(|| row_button("Play this world", BUTTON, &name_id, move || w.with_value(|s| list.play(&s.id))))}
                {row_button("Delete", DANGER, &name_id, move || w.with_value(|s| {
                    list.with_store(|st| worlds::delete(st, &s.id, now_ms()).map(|_| format!("Moved \"{}\" to the trash.", s.name)))
                }))}
            </span>
        </li>
    }
}

fn world_rows(list: ListCtx, rows: Vec<WorldRow>) -> AnyView {
    if rows.is_empty() {
        return view! { <p class="hint">"No world yet. Press New world, edit a copy of a built-in board, or import a board file."</p> }.into_any();
    }
    view! {
        <ul class="board-rows" aria-label="Your worlds">
            {rows.into_iter().map(|row| world_row(list, row)).collect_view()}
        </ul>
    }
    .into_any()
}

fn trash_row(list: ListCtx, t: TrashSummary) -> impl IntoView {
    let name_id = format!("trash-{}", t.id);
    let deleted = when(t.deleted_at);
    let name = t.name.clone();
    let t = StoredValue::new(t);
    view! {
        <li class="board-row">
            <span class="board-row-name" id=name_id.clone()>{name.clone()}</span>
            <span class="board-row-kind">"Deleted " {deleted}</span>
            <span class="board-row-buttons" role="group" aria-label=name>
                {row_button("Restore", BUTTON, &name_id, move || t.with_value(|t| {
                    list.with_store(|st| worlds::restore(st, &t.id, now_ms()).map(|_| format!("Restored \"{}\".", t.name)))
                }))}
                {row_button("Delete forever", DANGER, &name_id, move || list.ask.set(ListAsk::DeleteForever(t.get_value())))}
            </span>
        </li>
    }
}

fn trash_rows(list: ListCtx, rows: Vec<TrashSummary>) -> AnyView {
    if rows.is_empty() {
        return view! { <p class="hint">"The trash is empty."</p> }.into_any();
    }
    view! {
        <ul class="board-rows" aria-label="Worlds in the trash">
            {rows.into_iter().map(|t| trash_row(list, t)).collect_view()}
        </ul>
    }
    .into_any()
}

/// The Trash button (with the count) and, when it is open, the worlds in the trash.
fn trash_section(list: ListCtx, trash: Vec<TrashSummary>, show: RwSignal<bool>) -> impl IntoView {
    let count = trash.len();
    let trash = StoredValue::new(trash);
    view! {
        <div class="trash-toggle">
            <button
                type="button"
                class="small-button"
                aria-expanded=move || show.get().to_string()
                aria-controls="trash-list"
                on:click=move |_| show.update(|v| *v = !*v)
            >"Trash"</button>
            <span class="hint">{format!("{count} world{} in the trash", if count == 1 { "" } else { "s" })}</span>
        </div>
        <div id="trash-list">
            {move || show.get().then(|| trash_rows(list, trash.get_value()))}
        </div>
    }
}

fn damaged_row(list: ListCtx, e: DamagedEntry) -> impl IntoView {
    let key_id = format!("damaged-{}", e.key.replace(':', "-"));
    let file = e.export_file_name();
    let DamagedEntry {
        key,
        what,
        raw,
        reason,
    } = e;
    let shown_key = key.clone();
    let (key, raw) = (StoredValue::new(key), StoredValue::new(raw));
    view! {
        <li>
            <strong>{what}</strong>
            <code id=key_id.clone()>{shown_key}</code>
            <span>{reason}</span>
            {row_button("Export", BUTTON, &key_id, move || raw.with_value(|raw| {
                if let Err(err) = download_text(&file, "application/json", raw) {
                    list.say(false, err.to_string());
                }
            }))}
            {row_button("Delete", DANGER, &key_id, move || key.with_value(|key| {
                list.with_store(|st| damaged::delete::<GameRecord>(st, key).map(|()| format!("Deleted the damaged entry {key}.")))
            }))}
        </li>
    }
}

fn damaged_rows(list: ListCtx, rows: Vec<DamagedEntry>) -> impl IntoView {
    (!rows.is_empty()).then(|| {
        view! {
            <section class="damaged" aria-labelledby="damaged-title">
                <h2 id="damaged-title">"Entries that could not be read"</h2>
                <p class="hint">"These stored worlds are damaged. Export one to keep its text, or delete it."</p>
                <ul class="damaged-list">
                    {rows.into_iter().map(|e| damaged_row(list, e)).collect_view()}
                </ul>
            </section>
        }
    })
}

/// The saved worlds, the damaged entries and the trash, as read from storage.
fn list_body(list: ListCtx, show_trash: RwSignal<bool>) -> impl IntoView {
    let listing = Memo::new(move |_| {
        list.refresh.get();
        read_listing()
    });
    move || match listing.get() {
        Err(e) => view! { <p class="problem" role="alert">{e.to_string()}</p> }.into_any(),
        Ok(l) => view! {
            <h2>"Your worlds"</h2>
            {world_rows(list, l.worlds)}
            {damaged_rows(list, l.damaged)}
            {trash_section(list, l.trash, show_trash)}
        }
        .into_any(),
    }
}

/// The built-in boards, each with Edit a copy and Share.
fn preset_rows(list: ListCtx) -> impl IntoView {
    Preset::ALL
        .into_iter()
        .map(|p| {
            let name_id = format!("preset-{}", p.id());
            view! {
                <li class="board-row">
                    <BoardThumbnail def=p.board_def() />
                    <span class="board-row-name" id=name_id.clone()>{p.display_name()}</span>
                    <span class="board-row-kind">"Built-in template"</span>
                    <span class="board-row-buttons">
                        {row_button("Edit a copy", BUTTON, &name_id, move || list.open.run(EditorState::from_preset(p)))}
                        {row_button("Share", BUTTON, &name_id, move || list.ask.set(ListAsk::Share(Box::new(p.board_def()))))}
                    </span>
                </li>
            }
        })
        .collect_view()
}

/// New world and Import (a file picked here, or dropped anywhere on the list).
fn list_buttons(list: ListCtx) -> impl IntoView {
    let on_import = move |ev: leptos::ev::Event| {
        let Some(file) = crate::common::fields::take_picked_file(&ev) else {
            return;
        };
        list.import(file);
    };
    view! {
        <div class="button-row">
            <button type="button" class="menu-button primary" on:click=move |_| list.open.run(EditorState::new_world())>"New world"</button>
            <label class="file-button">
                "Import"
                <input type="file" accept=".json,application/json" on:change=on_import />
            </label>
        </div>
        <p class="hint">"Import a board file with the button above, or drop one anywhere on this list."</p>
    }
}

fn delete_forever_dialog(list: ListCtx, t: TrashSummary) -> impl IntoView {
    let title = format!("Delete \"{}\" forever?", t.name);
    let t = StoredValue::new(t);
    view! {
        <Modal title=title on_close=Callback::new(move |()| list.close_ask())>
            <p>"It cannot be restored afterwards."</p>
            <div class="button-row">
                <button type="button" class="action danger" on:click=move |_| {
                    list.close_ask();
                    t.with_value(|t| list.with_store(|st| {
                        worlds::delete_forever(st, &t.id).map(|()| format!("Deleted \"{}\" for good.", t.name))
                    }));
                }>"Delete forever"</button>
                <button type="button" class="action" on:click=move |_| list.close_ask()>"Cancel"</button>
            </div>
        </Modal>
    }
}

/// Whichever dialog the list has open.
fn list_dialogs(list: ListCtx) -> impl IntoView {
    move || match list.ask.get() {
        ListAsk::Nothing => ().into_any(),
        ListAsk::Share(def) => {
            share_dialog(&def, Callback::new(move |()| list.close_ask())).into_any()
        }
        ListAsk::DeleteForever(t) => delete_forever_dialog(list, t).into_any(),
    }
}

#[component]
fn BoardList(open: Callback<EditorState>) -> impl IntoView {
    let list = ListCtx {
        open,
        ask: RwSignal::new(ListAsk::Nothing),
        message: RwSignal::new(None),
        refresh: RwSignal::new(0),
        nav: expect_context::<Navigator>(),
        shared: use_context::<Shared>(),
    };
    let show_trash = RwSignal::new(false);
    let dragging = RwSignal::new(false);
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        match ev
            .data_transfer()
            .and_then(|dt| dt.files())
            .and_then(|f| f.get(0))
        {
            Some(file) => list.import(file),
            None => list.say(false, "Only a file can be dropped here.".to_string()),
        }
    };
    let key_handle = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && list.ask.with_untracked(|a| *a == ListAsk::Nothing) {
            list.nav.go(Screen::Menu);
        }
    });
    on_cleanup(move || key_handle.remove());

    let modal_open = move || list.ask.with(|a| *a != ListAsk::Nothing);
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
                    {move || list.message.get().map(|(ok, m)| view! {
                        <p class=if ok { "notice" } else { "problem" } role=if ok { "status" } else { "alert" }>{m}</p>
                    })}
                </div>
                {list_buttons(list)}
                {list_body(list, show_trash)}
                <h2>"Built-in boards"</h2>
                <p class="hint">"Built-in boards cannot be changed: editing one makes a copy that is saved as your own world."</p>
                <ul class="board-rows" aria-label="Built-in boards">{preset_rows(list)}</ul>
                <div class="button-row">
                    <button type="button" class="menu-button" on:click=move |_| list.nav.go(Screen::Menu)>"Back"</button>
                </div>
            </div>
            {list_dialogs(list)}
        </section>
    }
}
