//! Labelled form fields for the Board Maker: numbers, optional numbers, text, switches and
//! picture uploads. Each field shows a value and reports changes; it holds no state.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::common::pictures::{read_picture, ACCEPT};

/// A whole-number field. Text that is not a number is ignored until it is one.
#[component]
pub fn NumberField(
    #[prop(into)] label: String,
    #[prop(into)] value: Signal<i64>,
    on_set: Callback<i64>,
    #[prop(optional)] min: Option<i64>,
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <input
                type="number"
                step="1"
                min=min.map(|m| m.to_string())
                inputmode="numeric"
                prop:value=move || value.get().to_string()
                on:input=move |ev| {
                    if let Ok(v) = event_target_value(&ev).trim().parse::<i64>() {
                        on_set.run(v);
                    }
                }
            />
        </label>
    }
}

/// A number that may be left blank (`None`): the hint says what blank means.
#[component]
pub fn OptionalNumberField(
    #[prop(into)] label: String,
    #[prop(into)] value: Signal<Option<i64>>,
    on_set: Callback<Option<i64>>,
    #[prop(into)] blank_means: String,
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <input
                type="number"
                step="1"
                min="0"
                inputmode="numeric"
                placeholder=blank_means.clone()
                title=format!("Leave blank: {blank_means}")
                prop:value=move || value.get().map(|v| v.to_string()).unwrap_or_default()
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    let text = text.trim();
                    if text.is_empty() {
                        on_set.run(None);
                    } else if let Ok(v) = text.parse::<i64>() {
                        on_set.run(Some(v));
                    }
                }
            />
        </label>
    }
}

/// A one-line text field.
#[component]
pub fn TextField(
    #[prop(into)] label: String,
    #[prop(into)] value: Signal<String>,
    on_set: Callback<String>,
    #[prop(optional)] max_chars: Option<usize>,
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <input
                type="text"
                maxlength=max_chars.map(|m| m.to_string())
                prop:value=move || value.get()
                on:input=move |ev| on_set.run(event_target_value(&ev))
            />
        </label>
    }
}

/// An on/off switch.
#[component]
pub fn Switch(
    #[prop(into)] label: String,
    #[prop(into)] value: Signal<bool>,
    on_set: Callback<bool>,
) -> impl IntoView {
    view! {
        <label class="check">
            <input
                type="checkbox"
                prop:checked=move || value.get()
                on:change=move |ev| on_set.run(event_target_checked(&ev))
            />
            <span>{label}</span>
        </label>
    }
}

/// The file just picked in a file field, which is cleared so the same file can be picked again.
pub fn take_picked_file(ev: &leptos::ev::Event) -> Option<web_sys::File> {
    let input = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())?;
    let file = input.files().and_then(|f| f.get(0))?;
    input.set_value("");
    Some(file)
}

/// A picture upload: the picked file is checked, scaled to at most `max` pixels a side and
/// handed over as a data URL; a refused file reports why through `on_problem`.
#[component]
pub fn PictureInput(
    #[prop(into)] label: String,
    max: u32,
    on_picture: Callback<(String, String)>,
    on_problem: Callback<crate::common::error::AppError>,
) -> impl IntoView {
    let on_change = move |ev: leptos::ev::Event| {
        let Some(file) = take_picked_file(&ev) else {
            return;
        };
        let name = file.name();
        leptos::task::spawn_local(async move {
            match read_picture(file, max).await {
                Ok(url) => on_picture.run((name, url)),
                Err(problem) => on_problem.run(crate::common::error::AppError::Picture(problem)),
            }
        });
    };
    view! {
        <label class="field file-field">
            <span>{label}</span>
            <input type="file" accept=ACCEPT on:change=on_change />
        </label>
    }
}
