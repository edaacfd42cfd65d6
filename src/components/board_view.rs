//! The board as a square ring of squares, for any board size (10 to 60), with a center.
//!
//! The play screen and the editor both turn their state into [`SquareView`]s and draw them
//! with [`BoardRing`]; the ring itself knows nothing of games or editing.

use leptos::prelude::*;

/// A token standing on a square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenView {
    pub player: String,
    pub glyph: String,
    /// A board pawn picture (data URL) instead of the glyph.
    pub picture: Option<String>,
    pub color: String,
}

/// What one square shows.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SquareView {
    pub name: String,
    /// The color band (a lot's group color).
    pub band: Option<String>,
    /// The price or amount line ("$60", "Pay $200").
    pub detail: String,
    /// A symbol for the square's type (Chance "?", railroad, ...).
    pub icon: String,
    /// A picture set in the editor (data URL).
    pub picture: Option<String>,
    /// The owner's color, and name for screen readers.
    pub owner: Option<(String, String)>,
    /// Houses (1 to 4) or 5 for a hotel.
    pub houses: u8,
    pub mortgaged: bool,
    pub tokens: Vec<TokenView>,
    /// Marked by the editor (a problem on this square).
    pub flagged: bool,
    pub selected: bool,
    /// CSS class for the square's type.
    pub kind: &'static str,
}

/// Where square `index` of a board of `count` squares sits: (row, column, side), 1-based,
/// on a `side` x `side` grid. Square 0 is the bottom-right corner and the ring runs
/// clockwise: left along the bottom, up the left side, right along the top, down the right.
/// When `count` does not fill the ring, the last places (before the start) stay empty.
pub fn ring_cell(index: usize, count: usize) -> (usize, usize, usize) {
    let side = count.div_ceil(4).max(2) + 1;
    let edge = side - 1;
    let p = index % (4 * edge);
    let (row, col) = if p < edge {
        (side, side - p)
    } else if p < 2 * edge {
        (side - (p - edge), 1)
    } else if p < 3 * edge {
        (1, 1 + (p - 2 * edge))
    } else {
        (1 + (p - 3 * edge), side)
    };
    (row, col, side)
}

fn square_label(sq: &SquareView, index: usize) -> String {
    let mut parts = vec![format!("{}. {}", index + 1, sq.name)];
    if !sq.detail.is_empty() {
        parts.push(sq.detail.clone());
    }
    if let Some((_, owner)) = &sq.owner {
        parts.push(format!("owned by {owner}"));
    }
    match sq.houses {
        0 => {}
        5 => parts.push("hotel".into()),
        h => parts.push(format!("{h} house{}", if h == 1 { "" } else { "s" })),
    }
    if sq.mortgaged {
        parts.push("mortgaged".into());
    }
    if sq.flagged {
        // The editor marks a square with a problem; a screen reader hears it too.
        parts.push("has a problem".into());
    }
    if !sq.tokens.is_empty() {
        let names: Vec<&str> = sq.tokens.iter().map(|t| t.player.as_str()).collect();
        parts.push(format!("here: {}", names.join(", ")));
    }
    parts.join(", ")
}

#[component]
fn Square(
    index: usize,
    count: usize,
    view_of: Memo<Option<SquareView>>,
    on_select: Option<Callback<usize>>,
) -> impl IntoView {
    let (row, col, _) = ring_cell(index, count);
    let body = move || {
        let Some(sq) = view_of.get() else {
            return ().into_any();
        };
        let houses = match sq.houses {
            0 => ().into_any(),
            5 => view! { <span class="sq-hotel" aria-hidden="true"></span> }.into_any(),
            h => view! {
                <span class="sq-houses" aria-hidden="true">
                    {(0..h).map(|_| view! { <span class="sq-house"></span> }).collect_view()}
                </span>
            }
            .into_any(),
        };
        let tokens = sq
            .tokens
            .iter()
            .map(|t| {
                let inner = match &t.picture {
                    Some(p) => view! { <img src=p.clone() alt="" /> }.into_any(),
                    None => view! { <span>{t.glyph.clone()}</span> }.into_any(),
                };
                view! {
                    <span class="token" style:border-color=t.color.clone() title=t.player.clone()>
                        {inner}
                    </span>
                }
            })
            .collect_view();
        view! {
            {sq.band.clone().map(|c| view! { <span class="sq-band" style:background=c></span> })}
            <span class="sq-name">{sq.name.clone()}</span>
            {(!sq.icon.is_empty()).then(|| view! { <span class="sq-icon" aria-hidden="true">{sq.icon.clone()}</span> })}
            {sq.picture.clone().map(|p| view! { <img class="sq-picture" src=p alt="" /> })}
            <span class="sq-detail">{sq.detail.clone()}</span>
            {houses}
            {sq.owner.clone().map(|(c, _)| view! { <span class="sq-owner" style:background=c></span> })}
            <span class="sq-tokens">{tokens}</span>
        }
        .into_any()
    };
    let class = move || {
        let sq = view_of.get().unwrap_or_default();
        let mut c = format!("sq {}", sq.kind);
        if sq.mortgaged {
            c.push_str(" mortgaged");
        }
        if sq.flagged {
            c.push_str(" flagged");
        }
        if sq.selected {
            c.push_str(" selected");
        }
        c
    };
    let label = move || {
        view_of
            .get()
            .map(|sq| square_label(&sq, index))
            .unwrap_or_default()
    };
    match on_select {
        Some(cb) => view! {
            <button
                type="button"
                class=class
                style:grid-row=row.to_string()
                style:grid-column=col.to_string()
                aria-label=label
                aria-pressed=move || view_of.get().is_some_and(|s| s.selected).to_string()
                on:click=move |_| cb.run(index)
            >
                {body}
            </button>
        }
        .into_any(),
        None => view! {
            <div
                class=class
                role="listitem"
                style:grid-row=row.to_string()
                style:grid-column=col.to_string()
                aria-label=label
            >
                {body}
            </div>
        }
        .into_any(),
    }
}

/// The board ring. `squares` is redrawn square by square (each square keeps its own memo,
/// so a token moving redraws two squares, not forty).
#[component]
pub fn BoardRing(
    #[prop(into)] squares: Signal<Vec<SquareView>>,
    /// Called with a square's index when it is clicked (editor, property details).
    #[prop(optional)]
    on_select: Option<Callback<usize>>,
    /// Accessible name of the board.
    #[prop(into)]
    label: String,
    children: Children,
) -> impl IntoView {
    let count = Memo::new(move |_| squares.with(|s| s.len()));
    let ring = move || {
        let n = count.get();
        (0..n)
            .map(|i| {
                let view_of = Memo::new(move |_| squares.with(|s| s.get(i).cloned()));
                view! { <Square index=i count=n view_of=view_of on_select=on_select /> }
            })
            .collect_view()
    };
    let side = move || ring_cell(0, count.get()).2;
    view! {
        <div
            class="board-ring"
            role=if on_select.is_some() { "group" } else { "list" }
            aria-label=label
            style:grid-template-columns=move || format!("repeat({}, minmax(0, 1fr))", side())
            style:grid-template-rows=move || format!("repeat({}, minmax(0, 1fr))", side())
        >
            {ring}
            <div
                class="board-center"
                style:grid-row=move || format!("2 / {}", side())
                style:grid-column=move || format!("2 / {}", side())
            >
                {children()}
            </div>
        </div>
    }
}
