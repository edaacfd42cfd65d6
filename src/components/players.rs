//! The side panel's list of players: name, token, cash, color, turn marker, jail, lots.

use leptos::prelude::*;
use worlds_engine::SeatKind;

use crate::lobby::token_glyph;
use crate::session::Session;

/// One player's entry as the panel shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PlayerRow {
    name: String,
    glyph: String,
    picture: Option<String>,
    color: String,
    cash: String,
    current: bool,
    computer: Option<String>,
    in_jail: bool,
    bankrupt: bool,
    jail_cards: usize,
    lots: Vec<(String, Option<String>, bool)>,
}

#[component]
pub fn PlayerPanel() -> impl IntoView {
    let session = expect_context::<Session>();
    let rows = Memo::new(move |_| {
        session.game.with(|g| {
            let Some(g) = g else { return Vec::new() };
            let b = g.board();
            let current = g.current_player();
            g.players()
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let picture = p
                        .token
                        .strip_prefix("pawn:")
                        .and_then(|n| n.parse::<usize>().ok())
                        .and_then(|n| b.def().pawns.get(n))
                        .map(|pawn| pawn.picture.clone());
                    PlayerRow {
                        name: p.name.clone(),
                        glyph: token_glyph(&p.token).to_string(),
                        picture,
                        color: p.color.clone(),
                        cash: b.money(p.cash),
                        current: i == current && !g.is_over(),
                        computer: match &p.kind {
                            SeatKind::Computer { strategy } => Some(strategy.clone()),
                            SeatKind::Human => None,
                        },
                        in_jail: p.in_jail,
                        bankrupt: p.bankrupt,
                        jail_cards: p.jail_cards.len(),
                        lots: g
                            .lots_of(i)
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
                })
                .collect::<Vec<_>>()
        })
    });
    view! {
        <section class="players" aria-labelledby="players-title">
            <h2 id="players-title">"Players"</h2>
            <ul class="player-list">
                {move || {
                    rows.get()
                        .into_iter()
                        .map(|r| {
                            let token = match r.picture.clone() {
                                Some(p) => view! { <img src=p alt="" /> }.into_any(),
                                None => view! { <span>{r.glyph.clone()}</span> }.into_any(),
                            };
                            let status = [
                                r.computer.as_ref().map(|s| format!("computer ({s})")),
                                r.in_jail.then(|| "in jail".to_string()),
                                r.bankrupt.then(|| "bankrupt".to_string()),
                                (r.jail_cards > 0).then(|| format!("{} jail card(s)", r.jail_cards)),
                            ]
                            .into_iter()
                            .flatten()
                            .collect::<Vec<_>>()
                            .join(" · ");
                            view! {
                                <li
                                    class="player"
                                    class:current=r.current
                                    class:bankrupt=r.bankrupt
                                    aria-current=r.current.then_some("true")
                                    style:border-left-color=r.color.clone()
                                >
                                    <span class="token" style:border-color=r.color.clone() aria-hidden="true">{token}</span>
                                    <span class="player-name">{r.name.clone()}</span>
                                    <span class="player-cash">{r.cash.clone()}</span>
                                    {r.current.then(|| view! { <span class="turn-marker">"to play"</span> })}
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
                        })
                        .collect_view()
                }}
            </ul>
        </section>
    }
}
