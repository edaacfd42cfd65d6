//! The play screen's board: the ring of squares with the tokens where they are drawn, and in
//! its centre the board's picture and name, the dice, the prompt, the card just drawn and
//! the feed of what happened.

use leptos::prelude::*;

use crate::common::board_view::{BoardRing, Die};
use crate::game::driver::TOKEN_STEP_MS;
use crate::game::play::actions::newest_feed_lines;
use crate::game::play::play_ui::PlayUi;
use crate::game::play::square_views;
use crate::game::play::timers::reduced_motion;
use crate::game::session::Session;

/// A computer's card just drawn, with OK to put it away (shown in the board's centre, or
/// above the bar on a phone: `class` says which). A person's card has its own dialog
/// ([`crate::game::play::landing::CardDialog`]); another device's shows in the feed and as
/// [`CardDrawnElsewhere`].
#[component]
pub fn CardDrawn(class: &'static str) -> impl IntoView {
    let session = expect_context::<Session>();
    move || {
        crate::game::play::landing::computers_card(session).map(|c| {
            view! {
                <div class=class role="status">
                    <strong>{format!("{}'s {} card", c.player, c.deck.label())}</strong>
                    <p>{c.text}</p>
                    <button type="button" class="small-button" on:click=move |_| crate::game::play::landing::put_away(session)>"OK"</button>
                </div>
            }
        })
    }
}

/// A card drawn at another device's seat (a friend's, or a computer the room plays), in the
/// board's centre until the next action: nothing to press, no dialog, it is theirs.
#[component]
pub fn CardDrawnElsewhere() -> impl IntoView {
    let session = expect_context::<Session>();
    move || {
        let cards = crate::game::play::landing::others_cards(session);
        (!cards.is_empty()).then(|| {
            view! {
                <div class="card-drawn-elsewhere" role="status">
                    {cards.into_iter().map(|c| view! {
                        <strong>{format!("{}'s {} card", c.player, c.deck.label())}</strong>
                        <p>{c.text}</p>
                        {c.drawn.map(|d| view! { <p><strong>{d}</strong></p> })}
                    }).collect_view()}
                </div>
            }
        })
    }
}

/// The board with the tokens at `shown` (see [`crate::game::play::timers::chase_tokens`]).
#[component]
pub fn PlayBoard(shown: RwSignal<Vec<usize>>) -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    // One memo for the whole ring: each square's own memo then picks its entry.
    let squares = Memo::new(move |_| {
        let pos = shown.get();
        session.game.with(|g| {
            g.as_ref()
                .map(|g| square_views(g, &pos))
                .unwrap_or_default()
        })
    });
    // The square of the player whose turn it is, as drawn: the zoomed phone board keeps it
    // in view.
    let follow = Signal::derive(move || {
        let pos = shown.get();
        session.game.with(|g| {
            g.as_ref().map(|g| {
                let i = g.current_player().index();
                pos.get(i)
                    .copied()
                    .unwrap_or(g.player(g.current_player()).position)
            })
        })
    });
    let board_name_now = session
        .game
        .with_untracked(|g| g.as_ref().map(|g| g.board().name().to_string()))
        .unwrap_or_default();
    let picture = move || {
        session
            .game
            .with(|g| g.as_ref().and_then(|g| g.board().def().picture.clone()))
    };
    let prompt = move || {
        session
            .game
            .with(|g| g.as_ref().map(|g| g.prompt()).unwrap_or_default())
    };
    let open_square = Callback::new(move |i: usize| ui.info.set(Some(i)));
    // The 14 newest lines (see .feed in play.css).
    let feed_lines = move || newest_feed_lines(session, 14);
    view! {
        <BoardRing squares=squares label=board_name_now.clone() on_select=open_square one_tab_stop=true zoomable=true follow=follow>
            {move || picture().map(|p| view! { <img class="center-picture" src=p alt="" /> })}
            <p class="center-name">{board_name_now.clone()}</p>
            <Dice />
            <p class="prompt">{prompt}</p>
            <CardDrawn class="card-drawn in-centre" />
            <CardDrawnElsewhere />
            <ol class="feed" aria-label="What happened">{feed_lines}</ol>
        </BoardRing>
    }
}

/// The last roll's dice, tumbling when animations are on.
#[component]
fn Dice() -> impl IntoView {
    let session = expect_context::<Session>();
    let settings = expect_context::<crate::common::context::SettingsStore>().settings;
    // The last roll, and how many rolls the game has seen (a new roll of the same faces
    // still tumbles).
    let dice = Memo::new(move |_| {
        session.game.with(|g| {
            g.as_ref()
                .map(|g| (g.turn().last_roll.clone(), g.throws()))
                .unwrap_or_default()
        })
    });
    let tumble =
        move || settings.with(|s| s.animation.scale_ms(TOKEN_STEP_MS)) > 0 && !reduced_motion();
    view! {
        <div class="dice" aria-label=move || {
            let (d, _) = dice.get();
            if d.is_empty() { "No roll yet".to_string() } else {
                format!("Dice: {}", d.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" and "))
            }
        } role="img">
            {move || {
                let (faces, _) = dice.get();
                let rolling = tumble();
                faces.into_iter().map(|d| view! { <Die face=d rolling=rolling /> }).collect_view()
            }}
        </div>
    }
}
