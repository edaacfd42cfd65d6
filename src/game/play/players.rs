//! The side panel's list of players: name, token, cash, color, turn marker, jail, lots.

use leptos::prelude::*;
use worlds_engine::{Game, Player, PlayerId, SeatKind};

use crate::common::board_view::token_picture;
use crate::game::pieces::token_glyph;
use crate::game::session::Session;

/// One player's entry as the panel shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PlayerRow {
    name: String,
    glyph: String,
    picture: Option<String>,
    color: String,
    cash: String,
    /// The engine waits for this player (a bidder, a trade partner, a debtor, or whoever's
    /// turn it is).
    acting: bool,
    /// It is this player's turn.
    turn: bool,
    computer: Option<String>,
    in_jail: bool,
    /// Turns still to wait on a Joker.
    waiting: u32,
    bankrupt: bool,
    jail_cards: usize,
    lots: Vec<(String, Option<String>, bool)>,
}

/// Player `i` (`p`) of `g` as the panel shows them; `cash`: the cash to show (held back while
/// a person's card waits to be drawn), else theirs now.
fn player_row(g: &Game, i: usize, p: &Player, cash: Option<i64>) -> PlayerRow {
    let b = g.board();
    let id = PlayerId(i);
    PlayerRow {
        name: p.name.clone(),
        glyph: token_glyph(&p.token).to_string(),
        picture: token_picture(b.def(), &p.token),
        color: p.color.clone(),
        cash: b.money(cash.unwrap_or(p.cash)),
        acting: g.actor() == Some(id),
        turn: id == g.current_player() && !g.is_over(),
        computer: match &p.kind {
            SeatKind::Computer { strategy } => Some(strategy.name().to_string()),
            SeatKind::Human => None,
        },
        in_jail: p.in_jail,
        waiting: if p.in_jail { 0 } else { p.waiting },
        bankrupt: p.bankrupt,
        jail_cards: p.jail_cards.len(),
        lots: g
            .lots_of(id)
            .into_iter()
            .map(|l| {
                let color = b
                    .group_of(l)
                    .and_then(|gi| b.groups().get(gi))
                    .map(|gr| gr.color.clone());
                (b.square(l).name.clone(), color, g.square(l).mortgaged)
            })
            .collect(),
    }
}

/// An amount in the game's board's money, without its sign.
fn board_money(session: Session, a: i64) -> String {
    session.game.with_untracked(|g| {
        g.as_ref()
            .map(|g| g.board().money(a.abs()))
            .unwrap_or_default()
    })
}

/// The change of player `i`'s cash, "+$200" or "−$50", while it is news: its text, whether
/// it is a gain, and its serial (tracked).
fn change_of(session: Session, i: usize) -> Option<(String, bool, u64)> {
    // Not while a person's card waits to be drawn: what it did is told once it is drawn.
    if crate::game::play::landing::card_face_down(session).is_some() {
        return None;
    }
    session
        .changes
        .with(|c| c.iter().find(|c| c.player == i).copied())
        .map(|c| {
            let sign = if c.amount >= 0 { "+" } else { "−" };
            (
                format!("{sign}{}", board_money(session, c.amount)),
                c.amount >= 0,
                c.serial,
            )
        })
}

#[component]
pub fn PlayerPanel() -> impl IntoView {
    let session = expect_context::<Session>();
    let rows = Memo::new(move |_| {
        let held = crate::game::play::landing::card_face_down(session).map(|c| c.cash_at_draw);
        session.game.with(|g| {
            let Some(g) = g else { return Vec::new() };
            g.players()
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let cash = held.as_ref().and_then(|h| h.get(i).copied());
                    player_row(g, i, p, cash)
                })
                .collect::<Vec<_>>()
        })
    });
    let changes = session.changes;
    // Screen readers hear each change once (not while a person's card waits to be drawn).
    let announce = move || {
        if crate::game::play::landing::card_face_down(session).is_some() {
            return String::new();
        }
        let names = rows.with_untracked(|r| r.iter().map(|r| r.name.clone()).collect::<Vec<_>>());
        changes.with(|c| {
            c.iter()
                .map(|c| {
                    let who = names.get(c.player).cloned().unwrap_or_default();
                    let verb = if c.amount >= 0 { "gained" } else { "lost" };
                    format!("{who} {verb} {}", board_money(session, c.amount))
                })
                .collect::<Vec<_>>()
                .join(". ")
        })
    };
    view! {
        <p class="visually-hidden" role="status" aria-live="polite">{announce}</p>
        <section class="players" aria-labelledby="players-title">
            <h2 id="players-title">"Players"</h2>
            <ul class="player-list">
                {move || {
                    rows.get()
                        .into_iter()
                        .enumerate()
                        .map(|(i, r)| view! { <PlayerItem i=i r=r /> })
                        .collect_view()
                }}
            </ul>
        </section>
    }
}

/// What is said of a player beside their name: computer, in jail, turns to wait, bankrupt,
/// jail cards.
fn status_words(r: &PlayerRow) -> String {
    [
        r.computer.as_ref().map(|s| format!("computer ({s})")),
        r.in_jail.then(|| "in jail".to_string()),
        (r.waiting > 0).then(|| {
            crate::common::words::count(r.waiting as usize, "turn to wait", "turns to wait")
        }),
        r.bankrupt.then(|| "bankrupt".to_string()),
        (r.jail_cards > 0)
            .then(|| crate::common::words::count(r.jail_cards, "jail card", "jail cards")),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" · ")
}

/// Player `i`'s entry in the list.
#[component]
fn PlayerItem(i: usize, r: PlayerRow) -> impl IntoView {
    let session = expect_context::<Session>();
    let token = match r.picture.clone() {
        Some(p) => view! { <img src=p alt="" /> }.into_any(),
        None => view! { <span>{r.glyph.clone()}</span> }.into_any(),
    };
    let status = status_words(&r);
    view! {
        <li
            class="player"
            class:current=r.acting
            class:turn=r.turn
            class:bankrupt=r.bankrupt
            aria-current=r.acting.then_some("true")
            style:border-left-color=r.color.clone()
        >
            <span class="token" style:border-color=r.color.clone() aria-hidden="true">{token}</span>
            <span class="player-name">{r.name.clone()}</span>
            <span class="player-cash">
                {move || change_of(session, i).map(|(text, up, serial)| view! {
                    <span class="cash-change" class:up=up class:down=!up data-serial=serial.to_string()>{text}</span>
                })}
                {r.cash.clone()}
            </span>
            {match (r.acting, r.turn) {
                (true, true) => Some(view! { <span class="turn-marker">"to play"</span> }.into_any()),
                (true, false) => Some(view! { <span class="turn-marker">"to act now"</span> }.into_any()),
                (false, true) => Some(view! { <span class="turn-marker whose-turn">"their turn"</span> }.into_any()),
                (false, false) => None,
            }}
            {(!status.is_empty()).then(|| view! { <span class="player-status">{status}</span> })}
            <ul class="player-lots" aria-label=format!("{}'s properties", r.name)>
                {r.lots
                    .into_iter()
                    .map(|(name, color, mortgaged)| view! {
                        <li class:mortgaged=mortgaged>
                            <span class="lot-chip" style:background=color.unwrap_or_else(|| "#999".into())></span>
                            {name}
                            {mortgaged.then_some(" (mortgaged)")}
                        </li>
                    })
                    .collect_view()}
            </ul>
        </li>
    }
}
