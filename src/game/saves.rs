//! Saved games: load, export, delete and import named saves, and the stored entries that
//! could not be read (each with Export and Delete, never removed without asking).

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use worlds_engine::GameRecord;

use crate::common::clock::now_ms;
use crate::common::context::{Navigator, Screen};
use crate::common::download::download_text;
use crate::common::storage::{damaged, saves, DamagedEntry, LocalStore, SaveSummary};
use crate::game::session::Session;

fn list_all() -> Result<(Vec<SaveSummary>, Vec<DamagedEntry>), String> {
    let store = LocalStore::open().map_err(|e| e.to_string())?;
    let list = saves::list(&store).map_err(|e| e.to_string())?;
    let bad = damaged::scan::<GameRecord>(&store).map_err(|e| e.to_string())?;
    Ok((list, bad))
}

#[component]
pub fn SavedGames() -> impl IntoView {
    let nav = expect_context::<Navigator>();
    let session = expect_context::<Session>();
    let refresh = RwSignal::new(0u32);
    let message = RwSignal::new(None::<(bool, String)>);
    let data = Memo::new(move |_| {
        refresh.get();
        list_all()
    });
    let say = move |ok: bool, text: String| message.set(Some((ok, text)));
    let load = move |id: String| {
        let result = LocalStore::open()
            .map_err(|e| e.to_string())
            .and_then(|s| saves::load::<GameRecord>(&s, &id).map_err(|e| e.to_string()))
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
            Err(e) => say(false, e),
        }
    };
    let export = move |id: String, name: String| {
        let result = LocalStore::open()
            .and_then(|s| saves::export::<GameRecord>(&s, &id))
            .map_err(|e| e.to_string())
            .and_then(|text| {
                download_text(
                    &format!("{}.json", name.replace(' ', "-")),
                    "application/json",
                    &text,
                )
            });
        if let Err(e) = result {
            say(false, e);
        }
    };
    let delete = move |id: String, name: String| {
        let result = LocalStore::open().and_then(|s| saves::delete(&s, &id));
        match result {
            Ok(()) => say(true, format!("Deleted {name}.")),
            Err(e) => say(false, e.to_string()),
        }
        refresh.update(|r| *r += 1);
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
        if file.size() > saves::MAX_GAME_FILE_BYTES as f64 {
            say(
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
                    say(false, format!("{name} could not be read."));
                    return;
                }
            };
            // The file must also replay: a save whose actions the rules refuse is refused.
            let checked = worlds_engine::envelope::decode::<saves::SavedGame<GameRecord>>(
                worlds_engine::envelope::RecordKind::Save,
                text.trim_start_matches('\u{feff}'),
            )
            .map_err(|e| e.to_string())
            .and_then(|s| {
                s.game
                    .replay()
                    .map(|_| ())
                    .map_err(|e| format!("the game does not replay: {e}"))
            });
            let result = checked.and_then(|()| {
                LocalStore::open()
                    .and_then(|s| saves::import::<GameRecord>(&s, &text, now_ms()))
                    .map_err(|e| e.to_string())
            });
            match result {
                Ok(summary) => say(true, format!("Imported {}.", summary.name)),
                Err(e) => say(false, format!("{name} was not imported: {e}")),
            }
            refresh.update(|r| *r += 1);
        });
    };
    let export_damaged = move |e: DamagedEntry| {
        if let Err(err) = download_text(&e.export_file_name(), "application/json", &e.raw) {
            say(false, err);
        }
    };
    let delete_damaged = move |key: String| {
        let result = LocalStore::open().and_then(|s| damaged::delete::<GameRecord>(&s, &key));
        match result {
            Ok(()) => say(true, format!("Deleted the damaged entry {key}.")),
            Err(e) => say(false, e.to_string()),
        }
        refresh.update(|r| *r += 1);
    };
    view! {
        <section class="screen" aria-labelledby="saves-title">
            <div class="panel">
                <h1 id="saves-title">"Saved games"</h1>
                {move || message.get().map(|(ok, m)| view! {
                    <p class=if ok { "notice" } else { "problem" } role="status">{m}</p>
                })}
                {move || match data.get() {
                    Err(e) => view! { <p class="problem" role="alert">{e}</p> }.into_any(),
                    Ok((list, bad)) => view! {
                        {if list.is_empty() {
                            view! { <p>"No saved game yet. In a game, press Esc and choose Save."</p> }.into_any()
                        } else {
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
                                                <button type="button" class="small-button" aria-label=format!("Load {}", s.name) on:click=move |_| load(id1.clone())>"Load"</button>
                                                <button type="button" class="small-button" aria-label=format!("Export {}", s.name) on:click=move |_| export(id2.clone(), n2.clone())>"Export"</button>
                                                <button type="button" class="small-button danger" aria-label=format!("Delete {}", s.name) on:click=move |_| delete(id3.clone(), n3.clone())>"Delete"</button>
                                            </li>
                                        }
                                    }).collect_view()}
                                </ul>
                            }.into_any()
                        }}
                        {(!bad.is_empty()).then(|| view! {
                            <h2>"Entries that could not be read"</h2>
                            <ul class="damaged-list">
                                {bad.into_iter().map(|e| {
                                    let key = e.key.clone();
                                    let key2 = e.key.clone();
                                    let entry = e.clone();
                                    view! {
                                        <li>
                                            <code>{e.key.clone()}</code>
                                            <span>{e.reason.clone()}</span>
                                            <button type="button" class="small-button" aria-label=format!("Export {key}") on:click=move |_| export_damaged(entry.clone())>"Export"</button>
                                            <button type="button" class="small-button danger" aria-label=format!("Delete {key2}") on:click=move |_| delete_damaged(key.clone())>"Delete"</button>
                                        </li>
                                    }
                                }).collect_view()}
                            </ul>
                        })}
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
