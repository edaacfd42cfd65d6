//! The board as a square ring of squares, for any board size (10 to 60), with a center.
//!
//! The play screen and the editor both turn their state into [`SquareView`]s (the look of a
//! square by its kind comes from [`square_look`], one place for both) and draw them with
//! [`BoardRing`]; the ring itself knows nothing of games or editing.
//!
//! Layout: the four corner squares sit in the board's corners and the other squares are
//! spread over the four sides, corner to corner, so no ring size leaves a hole. Side squares
//! are deeper than wide, as on a printed board; squares on the left and right sides lie on
//! their side with their text kept horizontal, so every name reads without turning the head.

use leptos::prelude::*;
use worlds_engine::{BoardDef, SquareKind};

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

/// The look of a square by its kind: (detail line, icon, CSS class). `money` writes an
/// amount in the board's currency; `salary` is what the start square pays.
pub fn square_look(
    kind: &SquareKind,
    salary: i64,
    money: &dyn Fn(i64) -> String,
) -> (String, &'static str, &'static str) {
    match kind {
        SquareKind::Start => (format!("Collect {}", money(salary)), "➜", "start"),
        SquareKind::Property { price, .. } => (money(*price), "", "lot"),
        SquareKind::Railroad { price, .. } => (money(*price), "🚂", "railroad"),
        SquareKind::Utility { price, .. } => (money(*price), "💡", "utility"),
        SquareKind::Station { fee_per_pip } => {
            (format!("{} × roll", money(*fee_per_pip)), "🚉", "station")
        }
        SquareKind::Tax {
            amount, percent, ..
        } => (
            if *amount > 0 {
                format!("Pay {}", money(*amount))
            } else {
                format!("Pay {percent}%")
            },
            "💰",
            "tax",
        ),
        SquareKind::Chance => (String::new(), "?", "chance"),
        SquareKind::CommunityChest => (String::new(), "🎁", "chest"),
        SquareKind::Joker { .. } => (String::new(), "🃏", "joker"),
        SquareKind::GoToJail => (String::new(), "👮", "go-to-jail"),
        SquareKind::Jail => (String::new(), "▦", "jail"),
        SquareKind::FreeParking => (String::new(), "🅿", "parking"),
        SquareKind::Road => (String::new(), "", "road"),
    }
}

/// The squares of a board definition as the ring draws them (no owners, no tokens); the
/// play screen adds the game's state, the editor its problems and selection.
pub fn board_square_views(def: &BoardDef) -> Vec<SquareView> {
    let money = |a: i64| {
        let sym = &def.currency.symbol;
        if a < 0 {
            format!("-{sym}{}", a.unsigned_abs())
        } else {
            format!("{sym}{a}")
        }
    };
    def.squares
        .iter()
        .map(|sq| {
            let band = match &sq.kind {
                SquareKind::Property { group: Some(g), .. } => def
                    .groups
                    .iter()
                    .find(|x| &x.name == g)
                    .map(|x| x.color.clone()),
                _ => None,
            };
            let (detail, icon, kind) = square_look(&sq.kind, def.rules.salary, &money);
            SquareView {
                name: sq.name.clone(),
                band,
                detail,
                icon: icon.to_string(),
                picture: sq.picture.clone(),
                kind,
                ..SquareView::default()
            }
        })
        .collect()
}

/// Which edge of the board a square stands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    Corner,
    Bottom,
    Left,
    Top,
    Right,
}

impl Edge {
    fn class(self) -> &'static str {
        match self {
            Edge::Corner => "corner",
            Edge::Bottom => "bottom",
            Edge::Left => "left",
            Edge::Top => "top",
            Edge::Right => "right",
        }
    }
}

/// Where a square sits, in fractions of the board's side (0 to 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Place {
    pub left: f64,
    pub top: f64,
    pub width: f64,
    pub height: f64,
    pub edge: Edge,
}

/// How deep the side squares are, in widths of a square of the longest side (a printed
/// board's corner is about 1.6 squares wide).
const DEPTH: f64 = 1.55;

/// How deep the side squares are on a board drawn whole on a phone: deeper and narrower,
/// so a name written along the square's long side has room for two lines, its price and
/// the tokens (the center is smaller: it holds the dice, the prompt and a few lines).
const DEPTH_COMPACT: f64 = 3.6;

/// How many squares stand between the corners on each side (bottom, left, top, right):
/// as even as possible, the extra ones on the last sides, so a board that grows by a square
/// at its end keeps its first corners (Jail, Free Parking) where they were.
pub fn side_counts(count: usize) -> [usize; 4] {
    let inner = count.saturating_sub(4);
    let (q, r) = (inner / 4, inner % 4);
    let mut sides = [q; 4];
    for side in sides.iter_mut().skip(4 - r) {
        *side += 1;
    }
    sides
}

/// The indices of the four corner squares.
pub fn corner_indices(count: usize) -> [usize; 4] {
    let s = side_counts(count);
    [0, 1 + s[0], 2 + s[0] + s[1], 3 + s[0] + s[1] + s[2]]
}

/// The place of every square of a ring of `count` squares. Square 0 is the bottom-right
/// corner and the ring runs clockwise: left along the bottom, up the left side, right along
/// the top, down the right side.
pub fn ring_places(count: usize) -> Vec<Place> {
    ring_places_deep(count, DEPTH)
}

/// How deep the side squares are, as a fraction of the board's side, for side squares
/// `depth` widths deep.
fn depth_fraction(count: usize, depth: f64) -> f64 {
    let sides = side_counts(count);
    let longest = sides.iter().copied().max().unwrap_or(1).max(1) as f64;
    depth / (longest + 2.0 * depth)
}

/// [`ring_places`] with side squares `depth` widths deep.
fn ring_places_deep(count: usize, depth: f64) -> Vec<Place> {
    let sides = side_counts(count);
    let depth = depth_fraction(count, depth);
    let span = 1.0 - 2.0 * depth;
    let corner = |left: f64, top: f64| Place {
        left,
        top,
        width: depth,
        height: depth,
        edge: Edge::Corner,
    };
    let mut out = Vec::with_capacity(count);
    let far = 1.0 - depth;
    for (k, &n) in sides.iter().enumerate() {
        out.push(match k {
            0 => corner(far, far),
            1 => corner(0.0, far),
            2 => corner(0.0, 0.0),
            _ => corner(far, 0.0),
        });
        let w = span / n.max(1) as f64;
        for j in 0..n {
            let j = j as f64;
            out.push(match k {
                0 => Place {
                    left: far - (j + 1.0) * w,
                    top: far,
                    width: w,
                    height: depth,
                    edge: Edge::Bottom,
                },
                1 => Place {
                    left: 0.0,
                    top: far - (j + 1.0) * w,
                    width: depth,
                    height: w,
                    edge: Edge::Left,
                },
                2 => Place {
                    left: depth + j * w,
                    top: 0.0,
                    width: w,
                    height: depth,
                    edge: Edge::Top,
                },
                _ => Place {
                    left: far,
                    top: depth + j * w,
                    width: depth,
                    height: w,
                    edge: Edge::Right,
                },
            });
        }
    }
    out.truncate(count);
    out
}

/// Where square `index` of a board of `count` squares sits on a `side` x `side` grid
/// (row, column, side), 1-based: the thumbnail's coarse drawing of [`ring_places`].
pub fn ring_cell(index: usize, count: usize) -> (usize, usize, usize) {
    let side = count.div_ceil(4).max(2) + 1;
    let place = ring_places(count).get(index).copied().unwrap_or(Place {
        left: 0.0,
        top: 0.0,
        width: 0.0,
        height: 0.0,
        edge: Edge::Corner,
    });
    let cell = |x: f64| ((x * side as f64).floor() as usize).min(side - 1) + 1;
    (
        cell(place.top + place.height / 2.0),
        cell(place.left + place.width / 2.0),
        side,
    )
}

fn is_vowel(c: char) -> bool {
    matches!(c.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o' | 'u' | 'y')
}

/// Consonant pairs never split ("Pennsyl-vania", never "Pennsylv-ania" or "Ph-…").
const DIGRAPHS: [&str; 8] = ["ch", "ck", "gh", "ph", "sh", "th", "wh", "qu"];
/// Consonant groups a syllable can start with ("Board-walk", "Worm-hole", "West-min-ster").
const ONSETS: [&str; 35] = [
    "bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "ph", "pl", "pr", "sc", "sh", "sk",
    "sl", "sm", "sn", "sp", "st", "sw", "th", "tr", "tw", "wh", "wr", "scr", "shr", "spl", "spr",
    "squ", "str", "thr", "sch",
];

/// A name with soft hyphens in its long words, so a narrow square breaks "Pennsyl-vania"
/// between syllables (with a visible hyphen) and never in the middle of a letter run the
/// browser picks. In each run of consonants between two vowels the break comes before the
/// longest tail that can start a syllable ("Board-walk", "Worm-hole", "Vent-nor"), never
/// inside ch/ck/gh/ph/sh/th/wh/qu, "-ing" keeps its consonant ("Read-ing"), and never before
/// a last silent "-es"/"-ed" ("States"). Words under 6 letters or with other characters stay
/// as they are; at least three letters stand on each side of and between breaks.
pub fn hyphenate(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 8);
    for (wi, word) in name.split(' ').enumerate() {
        if wi > 0 {
            out.push(' ');
        }
        let chars: Vec<char> = word.chars().collect();
        if chars.len() < 6 || !chars.iter().all(|c| c.is_alphabetic()) {
            out.push_str(word);
            continue;
        }
        let mut lower: Vec<char> = chars.iter().map(|c| c.to_ascii_lowercase()).collect();
        // "w" after a vowel is part of it ("Shower" is not split "Sho-wer").
        for k in 1..lower.len() {
            if lower[k] == 'w' && is_vowel(lower[k - 1]) {
                lower[k] = 'u';
            }
        }
        let text = |a: usize, b: usize| lower[a..b].iter().collect::<String>();
        let mut breaks = Vec::new();
        let mut i = 1;
        while i < lower.len() {
            if is_vowel(lower[i]) || !is_vowel(lower[i - 1]) {
                i += 1;
                continue;
            }
            let start = i;
            let mut end = i;
            while end < lower.len() && !is_vowel(lower[end]) {
                end += 1;
            }
            if end < lower.len() {
                let run = end - start;
                let tail = (2..=run.min(3))
                    .rev()
                    .find(|&k| ONSETS.contains(&text(end - k, end).as_str()))
                    .unwrap_or(1);
                let mut at = end - tail;
                if at > start && DIGRAPHS.contains(&text(at - 1, at + 1).as_str()) {
                    at += 1;
                }
                if text(end, lower.len()) == "ing" {
                    at = end;
                }
                breaks.push(at);
            }
            i = end;
        }
        let mut last = 0;
        for (i, &c) in chars.iter().enumerate() {
            let rest = text(i, lower.len());
            let silent = rest.len() == 3 && (rest.ends_with("es") || rest.ends_with("ed"));
            if breaks.contains(&i) && i >= 3 && chars.len() - i >= 3 && i - last >= 3 && !silent {
                out.push('\u{ad}');
                last = i;
            }
            out.push(c);
        }
    }
    out
}

/// Trailing words a narrow square can do without ("Baltic Avenue" reads as "Baltic").
const DROPPABLE: &[&str] = &[
    "Avenue",
    "Place",
    "Gardens",
    "Street",
    "Road",
    "Lane",
    "Square",
    "Boulevard",
    "Plaza",
    "Drive",
    "Court",
    "Terrace",
];

/// The short name of one square, before checking that it stays unique.
fn short_candidate(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    match words.as_slice() {
        [rest @ .., last] if !rest.is_empty() && *last == "Railroad" => {
            format!("{} RR", rest.join(" "))
        }
        [rest @ .., last] if !rest.is_empty() && DROPPABLE.contains(last) => rest.join(" "),
        _ => name.to_string(),
    }
}

/// Short names for the squares of a board, drawn in narrow squares: a trailing "Avenue",
/// "Place", "Gardens"... is dropped and "Railroad" becomes "RR", but only when the short
/// name still tells the square apart from every other square of the board (squares with
/// the same full name, like the three Chances, may share it); otherwise the full name.
/// Never empty unless the name is.
pub fn short_names(names: &[String]) -> Vec<String> {
    let candidates: Vec<String> = names.iter().map(|n| short_candidate(n)).collect();
    names
        .iter()
        .zip(&candidates)
        .map(|(name, short)| {
            let clash = names.iter().zip(&candidates).any(|(other, other_short)| {
                other != name
                    && (other_short.eq_ignore_ascii_case(short)
                        || other.eq_ignore_ascii_case(short))
            });
            if clash || short.trim().is_empty() {
                name.clone()
            } else {
                short.clone()
            }
        })
        .collect()
}

/// A square's name. Its text is the name as it is (what a screen reader, a search or a
/// copy finds); when a long word needs break points, the name is drawn from a shadow root
/// holding the hyphenated text, so it wraps "Mediter-ranean" like a printed board.
/// `drawn` is what the square shows (its short name on a phone), `name` what it reads as.
fn name_view(name: &str, drawn: &str) -> impl IntoView {
    let hyphenated = hyphenate(drawn);
    let node = NodeRef::<leptos::html::Span>::new();
    let plain = hyphenated == name;
    // A square redrawn with another name (renamed, or another square moved into its place)
    // may keep its element: the shadow text it had must follow, even when the new name
    // needs none (it then shows the name as it is).
    node.on_load(move |el| {
        use web_sys::{ShadowRootInit, ShadowRootMode};
        let root = el.shadow_root().or_else(|| {
            (!plain)
                .then(|| {
                    el.attach_shadow(&ShadowRootInit::new(ShadowRootMode::Open))
                        .ok()
                })
                .flatten()
        });
        if let Some(root) = root {
            root.set_text_content(Some(&hyphenated));
        }
    });
    view! { <span class="sq-name" node_ref=node>{name.to_string()}</span> }
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

fn pct(x: f64) -> String {
    format!("{:.4}%", x * 100.0)
}

#[component]
fn Square(
    index: usize,
    place: Place,
    view_of: Memo<Option<SquareView>>,
    /// What the square shows as its name (a short name on narrow screens).
    drawn_name: Signal<Option<String>>,
    on_select: Option<Callback<usize>>,
    /// The square the board's single tab stop is on (`None`: every square is a tab stop).
    tab_stop: Option<RwSignal<usize>>,
    /// Squares can be dragged onto another square's place (the editor).
    on_move: Option<SquareDrag>,
) -> impl IntoView {
    let body = move || {
        let Some(sq) = view_of.get() else {
            return ().into_any();
        };
        let houses = match sq.houses {
            0 => ().into_any(),
            5 => view! { <span class="sq-houses" aria-hidden="true"><span class="sq-hotel"></span></span> }
                .into_any(),
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
            {sq.band.clone().map(|c| view! { <span class="sq-band" style:background=c>{houses}</span> })}
            {sq.owner.clone().map(|(c, _)| view! { <span class="sq-owner" style:background=c></span> })}
            <span class="sq-body">
                {name_view(&sq.name, &drawn_name.get().unwrap_or_else(|| sq.name.clone()))}
                {(!sq.icon.is_empty()).then(|| view! { <span class="sq-icon" aria-hidden="true">{sq.icon.clone()}</span> })}
                {sq.picture.clone().map(|p| view! { <img class="sq-picture" src=p alt="" /> })}
                {(!sq.detail.is_empty()).then(|| view! { <span class="sq-detail">{sq.detail.clone()}</span> })}
                {sq.mortgaged.then(|| view! { <span class="sq-mortgaged" aria-hidden="true">"Mortgaged"</span> })}
                // Tokens have their own strip after the price, in the flow, so they never
                // cover the name or the price.
                {(!sq.tokens.is_empty()).then(|| view! { <span class="sq-tokens">{tokens}</span> })}
            </span>
        }
        .into_any()
    };
    let class = move || {
        let sq = view_of.get().unwrap_or_default();
        let mut c = format!("sq {} {}", sq.kind, place.edge.class());
        if sq.mortgaged {
            c.push_str(" mortgaged");
        }
        if sq.owner.is_some() {
            c.push_str(" owned");
        }
        if sq.flagged {
            c.push_str(" flagged");
        }
        if sq.selected {
            c.push_str(" selected");
        }
        if on_move.is_some_and(|(_, dragging)| dragging.get() == Some(index)) {
            c.push_str(" dragging");
        }
        c
    };
    // Dragging a square onto another's place moves it there; the start square stays.
    let movable = on_move.is_some() && index > 0;
    let drag_start = move |ev: leptos::ev::DragEvent| {
        let Some((_, dragging)) = on_move.filter(|_| movable) else {
            ev.prevent_default();
            return;
        };
        if let Some(dt) = ev.data_transfer() {
            let _ = dt.set_data("text/plain", &index.to_string());
            dt.set_effect_allowed("move");
        }
        dragging.set(Some(index));
    };
    let drag_over = move |ev: leptos::ev::DragEvent| {
        if index > 0 && on_move.is_some_and(|(_, d)| d.get_untracked().is_some()) {
            ev.prevent_default();
        }
    };
    let drop = move |ev: leptos::ev::DragEvent| {
        let Some((moved, dragging)) = on_move else {
            return;
        };
        ev.prevent_default();
        let from = dragging.get_untracked().or_else(|| {
            ev.data_transfer()
                .and_then(|dt| dt.get_data("text/plain").ok())
                .and_then(|t| t.parse::<usize>().ok())
        });
        dragging.set(None);
        if let Some(from) = from.filter(|&f| f != index && index > 0) {
            moved.run((from, index));
        }
    };
    let drag_end = move |_: leptos::ev::DragEvent| {
        if let Some((_, dragging)) = on_move {
            dragging.set(None);
        }
    };
    let label = move || {
        view_of
            .get()
            .map(|sq| square_label(&sq, index))
            .unwrap_or_default()
    };
    let title = move || view_of.get().map(|sq| sq.name).unwrap_or_default();
    match on_select {
        Some(cb) => view! {
            <button
                type="button"
                class=class
                data-index=index.to_string()
                style:position="absolute"
                style:box-sizing="border-box"
                style:left=pct(place.left)
                style:top=pct(place.top)
                style:width=pct(place.width)
                style:height=pct(place.height)
                style:--owner=move || view_of.get().and_then(|sq| sq.owner.map(|(c, _)| c))
                aria-label=label
                title=title
                aria-pressed=move || view_of.get().is_some_and(|s| s.selected).to_string()
                tabindex=move || tab_stop.map(|t| if t.get() == index { "0" } else { "-1" })
                on:focus=move |_| {
                    if let Some(t) = tab_stop {
                        t.set(index);
                    }
                }
                on:click=move |_| cb.run(index)
                draggable=movable.then_some("true")
                on:dragstart=drag_start
                on:dragover=drag_over
                on:drop=drop
                on:dragend=drag_end
            >
                {body}
            </button>
        }
        .into_any(),
        None => view! {
            <div
                class=class
                role="listitem"
                data-index=index.to_string()
                style:position="absolute"
                style:box-sizing="border-box"
                style:left=pct(place.left)
                style:top=pct(place.top)
                style:width=pct(place.width)
                style:height=pct(place.height)
                style:--owner=move || view_of.get().and_then(|sq| sq.owner.map(|(c, _)| c))
                aria-label=label
                title=title
            >
                {body}
            </div>
        }
        .into_any(),
    }
}

/// Moving squares by dragging: called with (from, to), and the square being dragged while
/// it is.
type SquareDrag = (Callback<(usize, usize)>, RwSignal<Option<usize>>);

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
    /// The board is one tab stop (the last square focused, at first the first); the arrow
    /// keys move between squares, Home and End go to the first and the last.
    #[prop(optional)]
    one_tab_stop: bool,
    /// On a narrow screen (a phone) the board is drawn larger than the screen in a frame
    /// that scrolls both ways, with a "Whole board" / "Zoom in" button. The play screen's
    /// board; the editor's stays whole. On a phone every board's narrow squares show short
    /// names, and a board drawn whole has deep, narrow squares (class `compact`) whose
    /// names run along their long side.
    #[prop(optional)]
    zoomable: bool,
    /// The square kept in view in the zoomed board (the square of the player whose turn it
    /// is), scrolled to whenever it changes.
    #[prop(optional, into)]
    follow: Option<Signal<Option<usize>>>,
    /// Squares may be dragged onto another square's place: called with (from, to). The
    /// start square neither moves nor is moved onto (the editor; its panel also has Move
    /// left and Move right for the keyboard and touch).
    #[prop(optional)]
    on_move: Option<Callback<(usize, usize)>>,
    children: Children,
) -> impl IntoView {
    let on_move = on_move.map(|cb| (cb, RwSignal::new(None::<usize>)));
    let count = Memo::new(move |_| squares.with(|s| s.len()));
    let narrow = RwSignal::new(is_narrow());
    let resize = window_event_listener(leptos::ev::resize, move |_| {
        let now = is_narrow();
        if narrow.get_untracked() != now {
            narrow.set(now);
        }
    });
    on_cleanup(move || resize.remove());
    let zoomed = RwSignal::new(true);
    // A board drawn whole on a phone (the play screen's "Whole board", the editor's, a
    // shared world's): deep, narrow squares with names along their long side.
    let compact = Memo::new(move |_| narrow.get() && !(zoomable && zoomed.get()));
    let depth = move || {
        if compact.get() {
            DEPTH_COMPACT
        } else {
            DEPTH
        }
    };
    let names = Memo::new(move |_| {
        squares.with(|s| short_names(&s.iter().map(|v| v.name.clone()).collect::<Vec<_>>()))
    });
    let scroller = NodeRef::<leptos::html::Div>::new();
    if let Some(follow) = follow {
        Effect::new(move |_| {
            let at = follow.get();
            let on = zoomed.get() && narrow.get();
            if let (Some(at), true) = (at, on) {
                request_animation_frame(move || scroll_to_square(scroller, at));
            }
        });
    }
    let tab_stop = one_tab_stop.then(|| RwSignal::new(0usize));
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if tab_stop.is_none() {
            return;
        }
        let n = count.get_untracked();
        let Some(target) = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        else {
            return;
        };
        let Some(at) = target
            .get_attribute("data-index")
            .and_then(|i| i.parse::<usize>().ok())
        else {
            return;
        };
        let to = match ev.key().as_str() {
            "ArrowRight" | "ArrowDown" => (at + 1) % n.max(1),
            "ArrowLeft" | "ArrowUp" => (at + n.max(1) - 1) % n.max(1),
            "Home" => 0,
            "End" => n.saturating_sub(1),
            _ => return,
        };
        ev.prevent_default();
        if let Some(ring) = target.parent_element() {
            if let Ok(Some(next)) = ring.query_selector(&format!("[data-index=\"{to}\"]")) {
                if let Some(h) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlElement>(&next) {
                    let _ = h.focus();
                }
            }
        }
    };
    let ring = move || {
        let n = count.get();
        ring_places_deep(n, depth())
            .into_iter()
            .enumerate()
            .map(|(i, place)| {
                let view_of = Memo::new(move |_| squares.with(|s| s.get(i).cloned()));
                let drawn_name = Signal::derive(move || {
                    narrow.get().then(|| names.with(|n| n.get(i).cloned())).flatten()
                });
                view! { <Square index=i place=place view_of=view_of drawn_name=drawn_name on_select=on_select tab_stop=tab_stop on_move=on_move /> }
            })
            .collect_view()
    };
    let inset = move || pct(depth_fraction(count.get(), depth()));
    let frame = view! {
        // The geometry is set inline (not only in the style sheet), so the ring keeps its
        // shape wherever it is drawn.
        <div class="board-frame" style:aspect-ratio="1">
            <div
                class="board-ring"
                class:compact=move || compact.get()
                style:position="relative"
                style:box-sizing="border-box"
                style:width="100%"
                style:height="100%"
                role=if on_select.is_some() { "group" } else { "list" }
                aria-label=label
                style:--depth=inset
                on:keydown=on_key
            >
                {ring}
                <div class="board-center" style:position="absolute" style:inset=inset>
                    {children()}
                </div>
            </div>
        </div>
    };
    if !zoomable {
        return frame.into_any();
    }
    view! {
        <div class="board-zoom">
            <button
                type="button"
                class="small-button zoom-toggle"
                on:click=move |_| zoomed.update(|z| *z = !*z)
            >
                {move || if zoomed.get() { "Whole board" } else { "Zoom in" }}
            </button>
            <div
                class="board-scroll"
                class:zoomed=move || zoomed.get()
                node_ref=scroller
            >
                {frame}
            </div>
        </div>
    }
    .into_any()
}

/// Whether the window is a phone's (where the play screen zooms the board in).
fn is_narrow() -> bool {
    window()
        .match_media("(max-width: 600px)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// Scrolls the zoomed board just enough that square `at` is in view (the page itself does
/// not move).
fn scroll_to_square(scroller: NodeRef<leptos::html::Div>, at: usize) {
    let Some(el) = scroller.get_untracked() else {
        return;
    };
    let Ok(Some(square)) = el.query_selector(&format!(".sq[data-index=\"{at}\"]")) else {
        return;
    };
    let (c, s) = (
        el.get_bounding_client_rect(),
        square.get_bounding_client_rect(),
    );
    let margin = 8.0;
    let delta = |lo: f64, hi: f64, view_lo: f64, view_hi: f64| {
        if lo < view_lo + margin {
            lo - view_lo - margin
        } else if hi > view_hi - margin {
            (hi - view_hi + margin).min(lo - view_lo - margin)
        } else {
            0.0
        }
    };
    let dx = delta(s.left(), s.right(), c.left(), c.right());
    let dy = delta(s.top(), s.bottom(), c.top(), c.bottom());
    if dx != 0.0 || dy != 0.0 {
        el.set_scroll_left(el.scroll_left() + dx.round() as i32);
        el.set_scroll_top(el.scroll_top() + dy.round() as i32);
    }
}

/// One die drawn with its pips (a number for dice of more than six sides).
#[component]
pub fn Die(face: u8, #[prop(optional)] rolling: bool) -> impl IntoView {
    // Pip positions on a 3 x 3 grid, numbered 1..=9 row by row.
    let pips: &[u8] = match face {
        1 => &[5],
        2 => &[3, 7],
        3 => &[3, 5, 7],
        4 => &[1, 3, 7, 9],
        5 => &[1, 3, 5, 7, 9],
        6 => &[1, 3, 4, 6, 7, 9],
        _ => &[],
    };
    let class = if rolling { "die rolling" } else { "die" };
    view! {
        <span class=class aria-hidden="true">
            {if pips.is_empty() {
                view! { <span class="die-number">{face.to_string()}</span> }.into_any()
            } else {
                pips.iter()
                    .map(|&p| {
                        let row = ((p - 1) / 3 + 1).to_string();
                        let col = ((p - 1) % 3 + 1).to_string();
                        view! { <span class="pip" style:grid-row=row style:grid-column=col></span> }
                    })
                    .collect_view()
                    .into_any()
            }}
        </span>
    }
}
