//! A modal dialog: a titled box over the screen, focus moved into it, Esc, the close button
//! or a click outside to close it when it can be closed.

use leptos::prelude::*;

#[component]
pub fn Modal(
    /// The dialog's title (its accessible name).
    #[prop(into)]
    title: Signal<String>,
    /// Called on Esc or the close button; `None`: the dialog waits for a decision.
    #[prop(optional)]
    on_close: Option<Callback<()>>,
    #[prop(optional, into)] class: String,
    children: Children,
) -> impl IntoView {
    let node = NodeRef::<leptos::html::Div>::new();
    // Focus goes back to what opened the dialog when it closes (or to the decision).
    let opened = crate::common::focus::remember_opener();
    on_cleanup(move || crate::common::focus::return_focus(opened));
    let id = format!("dialog-{}", title.get_untracked().len() + class.len());
    // Move focus into the dialog so a keyboard user starts there.
    Effect::new(move |_| {
        if let Some(el) = node.get() {
            crate::common::focus::focus_first_control(&el);
        }
    });
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" {
            if let Some(cb) = on_close {
                ev.stop_propagation();
                cb.run(());
            }
        }
    };
    let title_id = format!("{id}-title");
    let labelled_by = title_id.clone();
    view! {
        <div
            class="modal-backdrop"
            // A click outside a dialog that can be closed closes it.
            on:click=move |ev: leptos::ev::MouseEvent| {
                if let Some(cb) = on_close {
                    let outside = ev.target().zip(ev.current_target()).is_some_and(|(t, c)| t == c);
                    if outside {
                        cb.run(());
                    }
                }
            }
        >
            <div
                node_ref=node
                class=format!("modal {class}")
                role="dialog"
                aria-modal="true"
                aria-labelledby=labelled_by
                on:keydown=on_key
            >
                <h2 id=title_id class="modal-title">{move || title.get()}</h2>
                {children()}
                {on_close.map(|cb| view! {
                    <button type="button" class="modal-close" aria-label="Close" on:click=move |_| cb.run(())>"×"</button>
                })}
            </div>
        </div>
    }
}
