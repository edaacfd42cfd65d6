//! A board's thumbnail in lists: its picture, or a small drawing of its ring of squares
//! (its SVG written in one piece: [`worlds_models::thumbnail`]).

use leptos::prelude::*;
use worlds_engine::BoardDef;

#[component]
pub fn BoardThumbnail(def: BoardDef) -> impl IntoView {
    if let Some(picture) = def.picture.clone() {
        return view! { <img class="thumbnail" src=picture alt="" width="64" height="64" /> }
            .into_any();
    }
    let cells = worlds_models::thumbnail::thumbnail_cells(&def);
    view! {
        <svg
            class="thumbnail"
            viewBox="0 0 64 64"
            width="64"
            height="64"
            aria-hidden="true"
            inner_html=cells
        ></svg>
    }
    .into_any()
}
