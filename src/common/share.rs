//! The Share dialog: the link in a field to copy by hand, a Copy link button with a visible
//! confirmation, and a note (pictures left out, or why there is no link).

use crate::common::error::AppError;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::common::modal::Modal;

/// The link as a QR code (SVG markup) for phone-to-phone sharing, or `None` when it is too
/// long for one (a QR code holds at most about 2.9 KB).
pub fn qr_svg(link: &str) -> Option<String> {
    let code =
        qrcode::QrCode::with_error_correction_level(link.as_bytes(), qrcode::EcLevel::L).ok()?;
    Some(
        code.render::<qrcode::render::svg::Color>()
            .min_dimensions(220, 220)
            .quiet_zone(true)
            .build(),
    )
}

/// A link to hand to someone: in a read-only field labelled `label` (selected when
/// focused, to copy by hand), as a QR code, and a `copy_label` button with a visible
/// confirmation.
#[component]
pub fn LinkField(
    #[prop(into)] label: String,
    #[prop(into)] link: String,
    #[prop(into)] copy_label: String,
    /// Said under the field.
    #[prop(optional, into)]
    hint: Option<String>,
    /// Said under the field when the link was made with something left out.
    #[prop(default = None)]
    note: Option<String>,
    /// More buttons beside the copy button.
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let copied = RwSignal::new(None::<(bool, String)>);
    let field = NodeRef::<leptos::html::Input>::new();
    let qr = qr_svg(&link);
    let for_copy = link.clone();
    let copy = move |_| {
        let text = for_copy.clone();
        let clipboard = window().navigator().clipboard();
        let promise = clipboard.write_text(&text);
        wasm_bindgen_futures::spawn_local(async move {
            let done = wasm_bindgen_futures::JsFuture::from(promise).await;
            copied.set(Some(match done {
                Ok(_) => (true, "The link is copied: paste it in a message.".to_string()),
                Err(_) => (
                    false,
                    "The browser did not let the page copy: select the link in the field and copy it."
                        .to_string(),
                ),
            }));
        });
        if let Some(input) = field.get() {
            let el: &web_sys::HtmlInputElement = input.unchecked_ref();
            el.select();
        }
    };
    view! {
        <label class="field share-field">
            <span>{label}</span>
            <input node_ref=field type="text" readonly="" value=link on:focus=move |ev| {
                if let Some(t) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                    t.select();
                }
            } />
        </label>
        {hint.map(|h| view! { <p class="hint">{h}</p> })}
        {note.map(|n| view! { <p class="notice share-note">{n}</p> })}
        {match qr {
            Some(svg) => view! {
                <figure class="share-qr">
                    <div role="img" aria-label="QR code" inner_html=svg></div>
                    <figcaption class="hint">"Scan it with a phone's camera to open the link there."</figcaption>
                </figure>
            }.into_any(),
            None => view! { <p class="hint">"This link is too long for a QR code: send it as a message."</p> }.into_any(),
        }}
        <div class="button-row">
            <button type="button" class="action primary" on:click=copy>{copy_label}</button>
            {children.map(|c| c())}
        </div>
        <div aria-live="polite">
            {move || copied.get().map(|(ok, m)| view! { <p class=if ok { "notice" } else { "problem" } role="status">{m}</p> })}
        </div>
    }
}

#[component]
pub fn ShareDialog(
    #[prop(into)] title: String,
    /// The link, or why there is none.
    link: Result<String, AppError>,
    /// Said under the link (pictures left out, ...).
    note: Option<String>,
    /// Said of the link itself (by default: its length, and that it holds what it shares).
    #[prop(default = None)]
    hint: Option<String>,
    on_close: Callback<()>,
) -> impl IntoView {
    let body = match link {
        Ok(link) => {
            let chars = link.len();
            view! {
                <LinkField
                    label="Link"
                    link=link
                    copy_label="Copy link"
                    hint=hint.unwrap_or_else(|| format!("{} characters. Whoever opens it sees it here; nothing is sent to a server.", chars))
                    note=note
                >
                    <button type="button" class="action" on:click=move |_| on_close.run(())>"Done"</button>
                </LinkField>
            }
            .into_any()
        }
        Err(why) => view! {
            <p class="problem" role="alert">{why.to_string()}</p>
            <div class="button-row">
                <button type="button" class="action" on:click=move |_| on_close.run(())>"Done"</button>
            </div>
        }
        .into_any(),
    };
    view! {
        <Modal title=title on_close=on_close class="share">
            {body}
        </Modal>
    }
}
