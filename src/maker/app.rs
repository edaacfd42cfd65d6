//! The Board Maker's page's app: one screen, the list of boards (the editor opens from it).

use leptos::prelude::*;

use crate::common::context::{Page, Screen};
use crate::common::page::one_screen_page;

/// The Board Maker's page (maker.html).
#[component]
pub fn MakerApp() -> impl IntoView {
    one_screen_page(Page::Maker, Screen::BoardMaker, || {
        view! { <crate::maker::list::BoardMaker /> }
    })
}
