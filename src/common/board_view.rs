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

pub use worlds_models::names::{hyphenate, short_names};
pub use worlds_models::ring::*;

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

/// What a square shows inside its frame: its band with the buildings, the owner's mark, the
/// name (`drawn`: the short name on a phone), icon, picture, price, mortgage and tokens.
fn square_contents(sq: SquareView, drawn: String) -> AnyView {
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
            {name_view(&sq.name, &drawn)}
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
        view_of.get().map(|sq| {
            let drawn = drawn_name.get().unwrap_or_else(|| sq.name.clone());
            square_contents(sq, drawn)
        })
    };
    let class = move || {
        let dragging = on_move.is_some_and(|(_, d)| d.get() == Some(index));
        view_of
            .get()
            .unwrap_or_default()
            .css_class(place.edge, dragging)
    };
    let drag = SquareDragging { index, on_move };
    let movable = drag.movable();
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
                on:dragstart=move |ev| drag.start(&ev)
                on:dragover=move |ev| drag.over(&ev)
                on:drop=move |ev| drag.drop(&ev)
                on:dragend=move |_| drag.end()
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

/// One square's part in dragging squares onto another's place (the editor): the start
/// square neither moves nor is moved onto.
#[derive(Clone, Copy)]
struct SquareDragging {
    index: usize,
    on_move: Option<SquareDrag>,
}

impl SquareDragging {
    fn movable(self) -> bool {
        self.on_move.is_some() && self.index > 0
    }

    fn start(self, ev: &leptos::ev::DragEvent) {
        let Some((_, dragging)) = self.on_move.filter(|_| self.movable()) else {
            ev.prevent_default();
            return;
        };
        if let Some(dt) = ev.data_transfer() {
            let _ = dt.set_data("text/plain", &self.index.to_string());
            dt.set_effect_allowed("move");
        }
        dragging.set(Some(self.index));
    }

    fn over(self, ev: &leptos::ev::DragEvent) {
        if self.index > 0
            && self
                .on_move
                .is_some_and(|(_, d)| d.get_untracked().is_some())
        {
            ev.prevent_default();
        }
    }

    fn drop(self, ev: &leptos::ev::DragEvent) {
        let Some((moved, dragging)) = self.on_move else {
            return;
        };
        ev.prevent_default();
        let from = dragging.get_untracked().or_else(|| {
            ev.data_transfer()
                .and_then(|dt| dt.get_data("text/plain").ok())
                .and_then(|t| t.parse::<usize>().ok())
        });
        dragging.set(None);
        if let Some(from) = from.filter(|&f| f != self.index && self.index > 0) {
            moved.run((from, self.index));
        }
    }

    fn end(self) {
        if let Some((_, dragging)) = self.on_move {
            dragging.set(None);
        }
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
    let narrow = narrow_window();
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
        if tab_stop.is_some() {
            arrow_to_square(&ev, count.get_untracked());
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
    zoom_frame(frame.into_any(), zoomed, scroller)
}

/// A board drawn larger than a phone's screen in a frame that scrolls both ways, with its
/// "Whole board" / "Zoom in" button.
fn zoom_frame(
    frame: AnyView,
    zoomed: RwSignal<bool>,
    scroller: NodeRef<leptos::html::Div>,
) -> AnyView {
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

/// Whether the window is a phone's, following the window's size while the view lives.
fn narrow_window() -> RwSignal<bool> {
    let narrow = RwSignal::new(is_narrow());
    let resize = window_event_listener(leptos::ev::resize, move |_| {
        let now = is_narrow();
        if narrow.get_untracked() != now {
            narrow.set(now);
        }
    });
    on_cleanup(move || resize.remove());
    narrow
}

/// The arrow keys, Home and End on a square of a ring of `n` squares focus the square they
/// lead to ([`ring_key_step`]).
fn arrow_to_square(ev: &leptos::ev::KeyboardEvent, n: usize) {
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
    let Some(to) = ring_key_step(&ev.key(), at, n) else {
        return;
    };
    ev.prevent_default();
    if let Some(ring) = target.parent_element() {
        if let Ok(Some(next)) = ring.query_selector(&format!("[data-index=\"{to}\"]")) {
            if let Some(h) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlElement>(&next) {
                let _ = h.focus();
            }
        }
    }
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
    // Called a frame after the token moved: the board may have been left since (Exit game
    // pressed as a token walked on a phone), its node reference gone with it. Reading that
    // reference panicked, and the panic stopped the page's code.
    let Some(el) = scroller.try_get_untracked().flatten() else {
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
