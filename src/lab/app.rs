//! The statistics lab's page's app: one screen, the lab.

use leptos::prelude::*;

use crate::common::context::{Page, Screen};
use crate::common::page::one_screen_page;

/// The statistics lab's page (lab.html).
#[component]
pub fn LabApp() -> impl IntoView {
    one_screen_page(Page::Lab, Screen::Statistics, || {
        view! { <crate::lab::Statistics /> }
    })
}
