//! Where keyboard focus goes: to the decision a player must make, and back to what opened
//! a dialog once it closes. Focus is only moved when it was lost (on the page's body, or
//! on nothing), so a player reading a deed or a square keeps their place.

use std::cell::RefCell;
use std::collections::HashMap;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

thread_local! {
    /// What had focus when each open dialog opened, by the dialog's number.
    static OPENERS: RefCell<HashMap<u64, web_sys::Element>> = RefCell::new(HashMap::new());
    static NEXT: RefCell<u64> = const { RefCell::new(0) };
}

/// Whether focus is lost: on the body, on nothing, or on an element no longer on the page.
pub fn focus_is_lost() -> bool {
    match document().active_element() {
        None => true,
        Some(el) => {
            el.tag_name().eq_ignore_ascii_case("body")
                || el.tag_name().eq_ignore_ascii_case("html")
                || !el.is_connected()
        }
    }
}

fn focus_element(el: &web_sys::Element) -> bool {
    match el.dyn_ref::<web_sys::HtmlElement>() {
        Some(h) => {
            let _ = h.focus();
            true
        }
        None => false,
    }
}

/// The first control of a decision: the open dialog's first field or enabled button, else
/// the action bar's main button (Roll dice, End turn), else its first button.
pub fn decision_control() -> Option<web_sys::Element> {
    let doc = document();
    let pick = |selector: &str| doc.query_selector(selector).ok().flatten();
    pick(".modal input, .modal select, .modal button:not([disabled]):not(.modal-close)")
        .or_else(|| pick(".action-bar .action.primary:not([disabled])"))
        .or_else(|| pick(".action-bar button:not([disabled])"))
}

/// Moves focus to the first field or enabled button inside `el` (a dialog or a panel that
/// just opened), so a keyboard user starts there.
pub fn focus_first_control(el: &web_sys::Element) {
    let first = el
        .query_selector("input, select, button:not([disabled])")
        .ok()
        .flatten();
    if let Some(first) = first {
        focus_element(&first);
    }
}

/// Brings a decision's last row of buttons (Bid and Pass, Buy and Auction) into view when it
/// lies below the window: focusing the first field shows that field, not what it is for. The
/// field stays in view (it sits just above its buttons).
pub fn reveal_last_buttons(el: &web_sys::Element) {
    let Ok(rows) = el.query_selector_all(".button-row") else {
        return;
    };
    let last = rows
        .length()
        .checked_sub(1)
        .and_then(|i| rows.item(i))
        .and_then(|n| n.dyn_into::<web_sys::Element>().ok());
    let height = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64());
    if let (Some(row), Some(height)) = (last, height) {
        if row.get_bounding_client_rect().bottom() > height {
            row.scroll_into_view_with_bool(false);
        }
    }
}

/// Moves focus to the decision; `false` when there is none on the page.
pub fn focus_decision() -> bool {
    decision_control().is_some_and(|el| focus_element(&el))
}

/// Remembers what has focus as a dialog opens; returns the dialog's number.
pub fn remember_opener() -> u64 {
    let id = NEXT.with(|n| {
        let mut n = n.borrow_mut();
        *n += 1;
        *n
    });
    if let Some(el) = document().active_element() {
        OPENERS.with(|o| o.borrow_mut().insert(id, el));
    }
    id
}

/// After dialog `id` closed: gives focus back to what opened it if focus was lost and that
/// is still on the page; else to the decision, if there is one.
pub fn return_focus(id: u64) {
    let opener = OPENERS.with(|o| o.borrow_mut().remove(&id));
    set_timeout(
        move || {
            if !focus_is_lost() {
                return;
            }
            let back = opener
                .filter(|el| el.is_connected() && !el.tag_name().eq_ignore_ascii_case("body"));
            if !back.is_some_and(|el| focus_element(&el)) {
                focus_decision();
            }
        },
        std::time::Duration::ZERO,
    );
}
