//! The play screen's own dialogs, handed to the components that open them.

use leptos::prelude::*;

/// Which of the play screen's own dialogs are open.
#[derive(Clone, Copy)]
pub struct PlayUi {
    pub manage: RwSignal<bool>,
    pub trade: RwSignal<bool>,
    pub resign: RwSignal<bool>,
    pub menu: RwSignal<bool>,
    /// The square whose details are shown.
    pub info: RwSignal<Option<usize>>,
    /// A person's landing on this device (rent, tax), shown until OK or their next decision.
    pub landing: RwSignal<Option<worlds_models::steps::Landing>>,
}
