//! The Share dialog for a world, as the board list and the editor both open it.

use leptos::prelude::*;
use worlds_engine::BoardDef;

use crate::common::share::ShareDialog;
use crate::common::share_link::world_share;

/// The Share dialog for `def`: its link (or why there is none) and a note.
pub(super) fn share_dialog(def: &BoardDef, on_close: Callback<()>) -> impl IntoView {
    let (link, note) = world_share(def);
    view! {
        <ShareDialog
            title=format!("Share \"{}\"", def.name)
            link=link
            note=note
            on_close=on_close
        />
    }
}
