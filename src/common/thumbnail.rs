//! A board's thumbnail in lists: its picture, or a small drawing of its ring of squares.

use leptos::prelude::*;
use worlds_engine::{BoardDef, SquareKind};

use super::board_view::ring_cell;

/// The color a square shows in a thumbnail: its group's color, or a tint by type.
pub fn square_tint(def: &BoardDef, index: usize) -> String {
    let Some(sq) = def.squares.get(index) else {
        return "#ccc".into();
    };
    match &sq.kind {
        SquareKind::Property { group: Some(g), .. } => def
            .groups
            .iter()
            .find(|x| &x.name == g)
            .map_or("#bbb".into(), |x| x.color.clone()),
        SquareKind::Property { .. } => "#9aa5b1".into(),
        SquareKind::Railroad { .. } | SquareKind::Station { .. } => "#333".into(),
        SquareKind::Utility { .. } => "#8fb8de".into(),
        SquareKind::Start => "#d62828".into(),
        SquareKind::Chance | SquareKind::CommunityChest => "#f2c14e".into(),
        SquareKind::Joker { .. } => "#b084f5".into(),
        SquareKind::Tax { .. } => "#e07a5f".into(),
        _ => "#efe9d8".into(),
    }
}

#[component]
pub fn BoardThumbnail(def: BoardDef) -> impl IntoView {
    if let Some(picture) = def.picture.clone() {
        return view! { <img class="thumbnail" src=picture alt="" width="64" height="64" /> }
            .into_any();
    }
    let n = def.squares.len();
    let cells = (0..n)
        .map(|i| {
            let (row, col, side) = ring_cell(i, n);
            let size = 64.0 / side as f64;
            view! {
                <rect
                    x=format!("{:.2}", (col - 1) as f64 * size)
                    y=format!("{:.2}", (row - 1) as f64 * size)
                    width=format!("{:.2}", size - 0.6)
                    height=format!("{:.2}", size - 0.6)
                    fill=square_tint(&def, i)
                />
            }
        })
        .collect_view();
    view! {
        <svg class="thumbnail" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
            <rect x="0" y="0" width="64" height="64" fill="#cfe3d3" />
            {cells}
        </svg>
    }
    .into_any()
}
