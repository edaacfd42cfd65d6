//! Saved games: load, export, delete and import named saves, and the stored entries that
//! could not be read (each with Export and Delete, never removed without asking).

use leptos::prelude::*;
use worlds_engine::GameRecord;

use crate::common::clock::now_ms;
use crate::common::context::{Navigator, Screen};
use crate::common::download::download_text;
use crate::common::error::AppError;
use crate::common::storage::{damaged, saves, DamagedEntry, LocalStore, SaveSummary};
use crate::game::session::Session;

/// The saves, and the stored entries that could not be read.
fn list_all() -> Result<(Vec<SaveSummary>, Vec<DamagedEntry>), AppError> {
    let store = LocalStore::open()?;
    let list = saves::list(&store)?;
    let bad = damaged::scan::<GameRecord>(&store)?;
    Ok((list, bad))
}

/// The screen's last word on what was done: `(true, "Deleted Ann's game.")`, or a problem.
type Message = RwSignal<Option<(bool, String)>>;

/// Puts `text` on the status line (`ok`: a notice, else a problem).
fn say(message: Message, ok: bool, text: String) {
    message.set(Some((ok, text)));
}

/// The Saved games screen: the message line, the lists, Import saved game and Back.
#[component]
pub fn SavedGames() -> impl IntoView {
    let nav = expect_context::<Navigator>();
    // Bumped after each change to the store, to list the saves again.
    let refresh = RwSignal::new(0u32);
    let message: Message = RwSignal::new(None);
    let data = Memo::new(move |_| {
        refresh.get();
        list_all()
    });
    let on_import = move |ev: leptos::ev::Event| import_file(ev, message, refresh);
    view! {
        <section class="screen" aria-labelledby="saves-title">
            <div class="panel">
                <h1 id="saves-title">"Saved games"</h1>
                {move || message.get().map(|(ok, m)| view! {
                    <p class=if ok { "notice" } else { "problem" } role="status">{m}</p>
                })}
                {move || match data.get() {
                    Err(e) => view! { <p class="problem" role="alert">{e.to_string()}</p> }.into_any(),
                    Ok((list, bad)) => view! {
                        <SaveList list=list message=message refresh=refresh />
                        <DamagedList bad=bad message=message refresh=refresh />
                    }.into_any(),
                }}
                <label class="file-button">
                    "Import saved game"
                    <input type="file" accept=".json,application/json" on:change=on_import />
                </label>
                <div class="button-row">
                    <button type="button" class="menu-button" on:click=move |_| nav.go(Screen::Lobby)>"Back"</button>
                </div>
            </div>
        </section>
    }
}

/// The saves, each with its time and Load, Export and Delete (or a word that there is none).
#[component]
fn SaveList(list: Vec<SaveSummary>, message: Message, refresh: RwSignal<u32>) -> impl IntoView {
    let nav = expect_context::<Navigator>();
    let session = expect_context::<Session>();
    if list.is_empty() {
        return view! { <p>"No saved game yet. In a game, press Esc and choose Save."</p> }
            .into_any();
    }
    view! {
        <ul class="save-list">
            {list.into_iter().map(|s| {
                let (id1, id2, id3) = (s.id.clone(), s.id.clone(), s.id.clone());
                let (n2, n3) = (s.name.clone(), s.name.clone());
                let when = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(s.saved_at as f64))
                    .to_locale_string("en-GB", &wasm_bindgen::JsValue::UNDEFINED)
                    .as_string()
                    .unwrap_or_default();
                view! {
                    <li>
                        <span class="save-name">{s.name.clone()}</span>
                        <span class="save-when">{when}</span>
                        <button type="button" class="small-button" aria-label=format!("Load {}", s.name) on:click=move |_| load_save(session, nav, &id1, message)>"Load"</button>
                        <button type="button" class="small-button" aria-label=format!("Export {}", s.name) on:click=move |_| export_save(&id2, &n2, message)>"Export"</button>
                        <button type="button" class="small-button danger" aria-label=format!("Delete {}", s.name) on:click=move |_| delete_save(&id3, &n3, message, refresh)>"Delete"</button>
                    </li>
                }
            }).collect_view()}
        </ul>
    }
    .into_any()
}

/// The stored entries that could not be read, each with Export and Delete (nothing when
/// there is none).
#[component]
fn DamagedList(bad: Vec<DamagedEntry>, message: Message, refresh: RwSignal<u32>) -> impl IntoView {
    (!bad.is_empty()).then(|| view! {
        <h2>"Entries that could not be read"</h2>
        <ul class="damaged-list">
            {bad.into_iter().map(|e| {
                let key = e.key.clone();
                let key2 = e.key.clone();
                let entry = e.clone();
                view! {
                    <li>
                        <strong>{e.what.clone()}</strong>
                        <code>{e.key.clone()}</code>
                        <span>{e.reason.clone()}</span>
                        <button type="button" class="small-button" aria-label=format!("Export {key}") on:click=move |_| export_damaged(&entry, message)>"Export"</button>
                        <button type="button" class="small-button danger" aria-label=format!("Delete {key2}") on:click=move |_| delete_damaged(&key, message, refresh)>"Delete"</button>
                    </li>
                }
            }).collect_view()}
        </ul>
    })
}

/// Rebuilds the game of save `id` and opens it, or says why it cannot.
fn load_save(session: Session, nav: Navigator, id: &str, message: Message) {
    let result = LocalStore::open()
        .map_err(|e| e.to_string())
        .and_then(|s| saves::load::<GameRecord>(&s, id).map_err(|e| e.to_string()))
        .and_then(|saved| {
            session
                .rebuild(&saved.name, &saved.game)
                .map_err(|e| format!("This save could not be rebuilt: {e}"))
        });
    match result {
        Ok(()) => {
            session.autosave();
            nav.go(Screen::Play);
        }
        Err(e) => say(message, false, e),
    }
}

/// Downloads save `id` as a file named after it.
fn export_save(id: &str, name: &str, message: Message) {
    let result = LocalStore::open()
        .and_then(|s| saves::export::<GameRecord>(&s, id))
        .map_err(AppError::from)
        .and_then(|text| {
            download_text(
                &format!("{}.json", name.replace(' ', "-")),
                "application/json",
                &text,
            )
        });
    if let Err(e) = result {
        say(message, false, e.to_string());
    }
}

/// Deletes save `id`, says so, and lists the saves again.
fn delete_save(id: &str, name: &str, message: Message, refresh: RwSignal<u32>) {
    let result = LocalStore::open().and_then(|s| saves::delete(&s, id));
    match result {
        Ok(()) => say(message, true, format!("Deleted {name}.")),
        Err(e) => say(message, false, e.to_string()),
    }
    refresh.update(|r| *r += 1);
}

/// Imports the file chosen in the file field (cleared for the next one) once it is read
/// and its game replays, then lists the saves again.
fn import_file(ev: leptos::ev::Event, message: Message, refresh: RwSignal<u32>) {
    let Some(file) = crate::common::fields::take_picked_file(&ev) else {
        return;
    };
    if file.size() > saves::MAX_GAME_FILE_BYTES as f64 {
        say(
            message,
            false,
            format!("{} is too large to be a saved game.", file.name()),
        );
        return;
    }
    let name = file.name();
    leptos::task::spawn_local(async move {
        let text = match wasm_bindgen_futures::JsFuture::from(file.text()).await {
            Ok(v) => v.as_string().unwrap_or_default(),
            Err(_) => {
                say(message, false, format!("{name} could not be read."));
                return;
            }
        };
        match import_text(&text) {
            Ok(summary) => say(message, true, format!("Imported {}.", summary.name)),
            Err(e) => say(message, false, format!("{name} was not imported: {e}")),
        }
        refresh.update(|r| *r += 1);
    });
}

/// Stores a saved game's file text as a new save; the file must also replay: a save whose
/// actions the rules refuse is refused.
fn import_text(text: &str) -> Result<SaveSummary, AppError> {
    let saved = worlds_engine::envelope::decode::<saves::SavedGame<GameRecord>>(
        worlds_engine::envelope::RecordKind::Save,
        text.trim_start_matches('\u{feff}'),
    )
    .map_err(AppError::Unreadable)?;
    saved.game.replay().map_err(AppError::DoesNotReplay)?;
    Ok(LocalStore::open().and_then(|s| saves::import::<GameRecord>(&s, text, now_ms()))?)
}

/// Downloads a damaged entry as it is stored.
fn export_damaged(e: &DamagedEntry, message: Message) {
    if let Err(err) = download_text(&e.export_file_name(), "application/json", &e.raw) {
        say(message, false, err.to_string());
    }
}

/// Deletes the damaged entry under `key`, says so, and lists the saves again.
fn delete_damaged(key: &str, message: Message, refresh: RwSignal<u32>) {
    let result = LocalStore::open().and_then(|s| damaged::delete::<GameRecord>(&s, key));
    match result {
        Ok(()) => say(message, true, format!("Deleted the damaged entry {key}.")),
        Err(e) => say(message, false, e.to_string()),
    }
    refresh.update(|r| *r += 1);
}
