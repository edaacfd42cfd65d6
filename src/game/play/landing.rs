//! What a landing tells the person who landed: a Chance or Community Chest card (Draw card,
//! then the card with its own button) and the landing panel for rent and taxes ("Rent to
//! Bob: $26 — Oriental Avenue, 2 houses"), with OK, put away by their next decision.
//!
//! Drawing is a step of the screen, not of the game: the engine drew the card when the
//! token landed (so saves and rooms replay as before); until the person presses Draw card
//! the card, the lines it caused in the feed and the token's move by it are held back. A
//! card drawn at another device's seat shows in the feed and, face up with nothing to press,
//! in the board's centre until the next action; a computer's on this device shows face up
//! with OK.

use leptos::prelude::*;

use crate::common::modal::Modal;
use crate::game::play::play_ui::PlayUi;
use crate::game::session::{DrawnCard, Session};
use crate::game::steps::Landing;

/// The card up for a person deciding on this device, face down or face up, until its own
/// button puts it away (tracked). Computers' cards and other devices' are not theirs.
pub fn persons_card(session: Session) -> Option<DrawnCard> {
    session.card.get().filter(|c| is_persons(session, c))
}

/// Whether a card was drawn by a person who decides on this device (who sits where never
/// changes in a game: the game is read untracked, so a dialog asking is not redrawn by every
/// action).
pub fn is_persons(session: Session, card: &DrawnCard) -> bool {
    let person = session.game.with_untracked(|g| {
        g.as_ref().is_some_and(|g| {
            g.players()
                .get(card.seat.index())
                .is_some_and(|p| matches!(p.kind, worlds_engine::SeatKind::Human))
        })
    });
    person
        && session.is_local_untracked(card.seat)
        && !session.stand_ins.with_untracked(|s| s.contains(&card.seat))
}

/// A person's card waiting to be drawn (face down: the one up, or the one it led to): the
/// feed, the log, the cash and the token hold back what it did until then (tracked).
pub fn card_face_down(session: Session) -> Option<DrawnCard> {
    first_face_down(persons_card(session)?)
}

fn first_face_down(card: DrawnCard) -> Option<DrawnCard> {
    if card.face_up {
        first_face_down(*card.next?)
    } else {
        Some(card)
    }
}

/// A computer's card drawn on this device, face up, for the board's centre (or the bar on a
/// phone); a person's has its own dialog and another device's shows in the feed only.
pub fn computers_card(session: Session) -> Option<DrawnCard> {
    let card = session.card.get()?;
    (card.face_up && session.is_local_untracked(card.seat) && !is_persons(session, &card))
        .then_some(card)
}

/// A card drawn at a seat decided on another device (a friend's, or a computer the room
/// plays), and the cards it led to, for the board's centre: face up, with nothing to press on
/// this screen, until the next action puts it away (tracked).
pub fn others_cards(session: Session) -> Vec<DrawnCard> {
    let mut cards = Vec::new();
    let mut next = session
        .card
        .get()
        .filter(|c| !session.is_local_untracked(c.seat));
    while let Some(mut card) = next {
        next = card.next.take().map(|n| *n);
        cards.push(card);
    }
    cards
}

/// Where the tokens are drawn to: where the players are, except that a person's token waits
/// on the card square until they draw the card that moves it (read untracked).
pub fn token_targets(session: &Session) -> Vec<usize> {
    let mut at: Vec<usize> = session.game.with_untracked(|g| {
        g.as_ref()
            .map(|g| g.players().iter().map(|p| p.position).collect())
            .unwrap_or_default()
    });
    if let Some(card) = session
        .card
        .get_untracked()
        .filter(|c| is_persons(*session, c))
        .and_then(first_face_down)
    {
        if let Some(p) = at.get_mut(card.seat.index()) {
            *p = card.square;
        }
    }
    at
}

/// The feed lines shown: all of them, or, while a person's card waits to be drawn, those
/// before the card's own line (what it did is told once it is drawn).
pub fn feed_until_card(session: Session, lines: &[String]) -> usize {
    match card_face_down(session) {
        Some(card) => lines
            .iter()
            .rposition(|l| *l == card.line)
            .unwrap_or(lines.len()),
        None => lines.len(),
    }
}

/// Puts the card up away; a card it led to in the same step comes up next.
pub fn put_away(session: Session) {
    session.put_card_away();
}

/// The card dialog of a person who landed on Chance or Community Chest: Draw card, then the
/// card, the amount a range drew, and the card's own button, which puts it away.
#[component]
pub fn CardDialog() -> impl IntoView {
    let session = expect_context::<Session>();
    move || {
        let card = persons_card(session)?;
        let deck = card.deck.label();
        let view = if card.face_up {
            let button = card.button.clone();
            view! {
                <Modal title=format!("{}'s {deck} card", card.player) class="phase-dialog card-dialog">
                    <p class="card-text">{card.text.clone()}</p>
                    {card.drawn.clone().map(|d| view! { <p class="card-amount"><strong>{d}</strong></p> })}
                    <div class="button-row">
                        <button type="button" class="action primary" on:click=move |_| put_away(session)>{button}</button>
                    </div>
                </Modal>
            }
            .into_any()
        } else {
            view! {
                <Modal title=deck.to_string() class="phase-dialog card-dialog">
                    <p>{format!("{} landed on {deck}.", card.player)}</p>
                    <div class="button-row">
                        <button type="button" class="action primary" on:click=move |_| {
                            session.turn_card_up();
                        }>"Draw card"</button>
                    </div>
                </Modal>
            }
            .into_any()
        };
        Some(view)
    }
}

/// Keeps [`PlayUi::landing`] up to date: a person's landing on this device shows until OK or
/// their next decision; what computers and other devices' players pay stays in the feed.
pub fn follow_landings(session: Session, ui: PlayUi) {
    // The log's length and who was to act when last looked at (from the game shown now).
    let seen = StoredValue::new(
        session
            .game
            .with_untracked(|g| g.as_ref().map(|g| (g.log().len(), g.actor()))),
    );
    Effect::new(move |_| {
        session.version.track();
        let now = session.game.with_untracked(|g| {
            g.as_ref().map(|g| {
                let before = seen.get_value();
                let from = before.map_or(g.log().len(), |(len, _)| len.min(g.log().len()));
                let landing = Landing::of(g, g.log().get(from..).unwrap_or_default());
                let actor_then = before.and_then(|(_, a)| a);
                let person_acted = actor_then.is_some_and(|a| {
                    matches!(g.player(a).kind, worlds_engine::SeatKind::Human)
                        && session.is_local_untracked(a)
                }) && from < g.log().len();
                (g.log().len(), g.actor(), landing, person_acted)
            })
        });
        let Some((len, actor, landing, person_acted)) = now else {
            seen.set_value(None);
            ui.landing.set(None);
            return;
        };
        seen.set_value(Some((len, actor)));
        match landing.filter(|l| session.is_local_untracked(l.seat)) {
            Some(l) => ui.landing.set(Some(l)),
            None if person_acted => ui.landing.set(None),
            None => {}
        }
    });
}

/// The landing panel: what the person paid on landing and why, with OK. Beside the board
/// (under the decision on a phone, which stays in view), held back while a card waits.
#[component]
pub fn LandingPanel() -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    move || {
        let landing = ui.landing.get()?;
        if persons_card(session).is_some() {
            return None;
        }
        let who = session.game.with_untracked(|g| {
            g.as_ref().and_then(|g| {
                g.players()
                    .get(landing.seat.index())
                    .map(|p| p.name.clone())
            })
        })?;
        Some(view! {
            <section class="landing-panel" role="status" aria-label=format!("{who}'s landing")>
                <ul>
                    {landing.lines.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}
                </ul>
                <button type="button" class="small-button" on:click=move |_| ui.landing.set(None)>"OK"</button>
            </section>
        })
    }
}
