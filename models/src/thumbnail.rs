//! A board's thumbnail in lists: a small drawing of its ring of squares, each in its group's
//! color (or a tint by type), written as the text of an SVG drawing. The lists that show
//! boards (the lobby, the Board Maker) hand it to the browser in one piece instead of making
//! each of its cells, five attributes each, by a call from the app's code: the light first
//! code is about 2 KB gzip smaller for it.

use std::fmt::Write;

use worlds_engine::{BoardDef, SquareKind};

use crate::ring::ring_cell;

/// The color a square shows in a thumbnail: its group's color, or a tint by type.
pub fn square_tint(def: &BoardDef, index: usize) -> &str {
    let Some(sq) = def.squares.get(index) else {
        return "#ccc";
    };
    match &sq.kind {
        SquareKind::Property { group: Some(g), .. } => def
            .groups
            .iter()
            .find(|x| &x.name == g)
            .map_or("#bbb", |x| x.color.as_str()),
        SquareKind::Property { .. } => "#9aa5b1",
        SquareKind::Railroad { .. } | SquareKind::Station { .. } => "#333",
        SquareKind::Utility { .. } => "#8fb8de",
        SquareKind::Start => "#d62828",
        SquareKind::Chance | SquareKind::CommunityChest => "#f2c14e",
        SquareKind::Joker { .. } => "#b084f5",
        SquareKind::Tax { .. } => "#e07a5f",
        _ => "#efe9d8",
    }
}

/// The thumbnail's drawing, 64 x 64 units, inside an `<svg viewBox="0 0 64 64">`: the
/// board's green and one cell per square. A color is written as an attribute's text,
/// escaped (a world's file may say anything there; the engine refuses a world whose colors
/// are not `#rrggbb`, but a draft is listed too).
pub fn thumbnail_cells(def: &BoardDef) -> String {
    let n = def.squares.len();
    let mut svg = String::with_capacity(48 + 72 * n);
    svg.push_str("<rect width='64' height='64' fill='#cfe3d3'/>");
    for i in 0..n {
        let (row, col, side) = ring_cell(i, n);
        let size = 64.0 / side as f64;
        let _ = write!(
            svg,
            "<rect x='{:.2}' y='{:.2}' width='{:.2}' height='{:.2}' fill='{}'/>",
            (col - 1) as f64 * size,
            (row - 1) as f64 * size,
            size - 0.6,
            size - 0.6,
            xml_text(square_tint(def, i)),
        );
    }
    svg
}

/// `text` for an XML attribute in single quotes.
fn xml_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\'' => out.push_str("&apos;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use worlds_engine::Preset;

    #[test]
    fn the_classic_thumbnail_draws_every_square_in_its_groups_color() {
        let def = Preset::Classic.board_def();
        let cells = thumbnail_cells(&def);
        // The board's green and one cell per square.
        assert_eq!(cells.matches("<rect ").count(), 1 + 40);
        assert_eq!(cells.matches("/>").count(), 1 + 40);
        let brown = &def
            .groups
            .iter()
            .find(|g| g.name == "brown")
            .expect("the classic board has a brown group")
            .color;
        // Mediterranean Avenue (square 1), in its group's color; Go red.
        assert_eq!(square_tint(&def, 1), brown);
        assert!(cells.contains(&format!("fill='{brown}'")));
        assert_eq!(square_tint(&def, 0), "#d62828");
        // Go is the bottom-right corner of an 11 x 11 grid of cells 64/11 units wide.
        assert!(
            cells.contains("<rect x='58.18' y='58.18' width='5.22' height='5.22' fill='#d62828'/>"),
            "{cells}"
        );
    }

    #[test]
    fn a_color_with_markup_stays_an_attributes_text() {
        let mut def = Preset::Classic.board_def();
        let bad = "red'/><script>alert(1)</script><rect fill='\"&";
        for g in &mut def.groups {
            g.color = bad.into();
        }
        let cells = thumbnail_cells(&def);
        assert!(!cells.contains("<script"), "{cells}");
        assert!(cells.contains(
            "fill='red&apos;/&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;rect fill=&apos;&quot;&amp;'"
        ));
        // Still one cell per square.
        assert_eq!(cells.matches("<rect ").count(), 1 + def.squares.len());
    }
}
