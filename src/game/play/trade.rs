//! The trade dialog: choose the other player, what each side hands over (lots without
//! buildings in their group, cash, Get Out of Jail Free cards), and propose; the other side
//! then accepts or declines (see the trade answer in `dialogs.rs`), or answers with a
//! counter-offer made in this same dialog, opened from the offer.

use leptos::prelude::*;
use worlds_engine::{Action, Board, Game, Phase, PlayerId, SquareId, TradeOffer, TradeSide};

use crate::common::modal::Modal;
use crate::game::play::play_ui::PlayUi;
use crate::game::session::Session;

/// A lot one side may put in the trade.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Tradable {
    square: SquareId,
    name: String,
    mortgaged: bool,
    /// The group's color.
    color: Option<String>,
    /// The price, written in the board's money.
    price: String,
    /// What the lot is worth to its receiver: its price, less the mortgage owed.
    value: i64,
}

fn tradable_lots(g: &worlds_engine::Game, player: PlayerId) -> Vec<Tradable> {
    let b = g.board();
    g.lots_of(player)
        .into_iter()
        .filter(|&l| {
            // Lots whose group has buildings cannot change hands (the engine refuses them).
            b.group_of(l)
                .map(|gi| {
                    b.group_lots(gi)
                        .iter()
                        .all(|&x| g.square(x).buildings.is_none())
                })
                .unwrap_or(true)
        })
        .map(|l| {
            let price = b.square(l).price().unwrap_or(0);
            let mortgaged = g.square(l).mortgaged;
            Tradable {
                square: SquareId(l),
                name: b.square(l).name.clone(),
                mortgaged,
                color: b
                    .group_of(l)
                    .and_then(|gi| b.groups().get(gi))
                    .map(|gr| gr.color.clone()),
                price: b.money(price),
                value: worlds_models::play::lot_worth(g, l),
            }
        })
        .collect()
}

#[component]
fn SideEditor(
    #[prop(into)] legend: String,
    lots: Vec<Tradable>,
    side: RwSignal<TradeSide>,
    max_cards: usize,
    id: &'static str,
    /// Writes an amount in the board's money.
    money: Callback<i64, String>,
) -> impl IntoView {
    let values: Vec<(SquareId, i64)> = lots.iter().map(|t| (t.square, t.value)).collect();
    let worth = move || {
        side.with(|s| {
            let lots: i64 = s
                .lots
                .iter()
                .filter_map(|l| values.iter().find(|(sq, _)| sq == l).map(|(_, v)| *v))
                .sum();
            money.run(lots + s.cash.max(0))
        })
    };
    let cash_id = format!("{id}-cash");
    let cards_id = format!("{id}-cards");
    view! {
        <fieldset class="trade-side">
            <legend>{legend.clone()}</legend>
            {if lots.is_empty() {
                view! { <p class="hint">"No lot that can be traded."</p> }.into_any()
            } else {
                lots.into_iter().map(|t| {
                    let sq = t.square;
                    view! {
                        <label class="check">
                            <input
                                type="checkbox"
                                prop:checked=move || side.with(|s| s.lots.contains(&sq))
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    side.update(|s| {
                                        s.lots.retain(|&x| x != sq);
                                        if on { s.lots.push(sq); }
                                    });
                                }
                            />
                            <span class="lot-chip" style:background=t.color.clone().unwrap_or_else(|| "#999".into())></span>
                            <span class="trade-lot-name">{t.name}</span>
                            <span class="trade-lot-price">{t.price}</span>
                            {t.mortgaged.then(|| view! { <span class="trade-lot-mortgaged">"(mortgaged)"</span> })}
                        </label>
                    }
                }).collect_view().into_any()
            }}
            <label for=cash_id.clone()>{format!("{legend}: cash")}</label>
            <input
                id=cash_id
                class="trade-cash"
                type="number"
                min="0"
                step="1"
                prop:value=move || side.with(|s| s.cash.to_string())
                on:input=move |ev| {
                    let v = event_target_value(&ev).trim().parse::<i64>().unwrap_or(0);
                    side.update(|s| s.cash = v);
                }
            />
            {(max_cards > 0).then(|| view! {
                <label for=cards_id.clone()>{format!("{legend}: jail cards")}</label>
                <input
                    id=cards_id.clone()
                    type="number"
                    min="0"
                    max=max_cards.to_string()
                    prop:value=move || side.with(|s| s.jail_cards.to_string())
                    on:input=move |ev| {
                        let v = event_target_value(&ev).trim().parse::<u32>().unwrap_or(0);
                        side.update(|s| s.jail_cards = v);
                    }
                />
            })}
            <p class="trade-worth">"Worth: " <strong>{worth}</strong></p>
        </fieldset>
    }
}

/// A side of the trade: the player, their name, their lots that can change hands and their
/// jail cards.
type Partner = (PlayerId, String, Vec<Tradable>, usize);

/// Who can trade in the dialog, read in place (the game is not copied).
struct Parties {
    /// Whom the player to act may trade with.
    others: Vec<Partner>,
    /// The player to act.
    mine: Partner,
    board: Board,
    /// Opened from an offer waiting for this player ("Counter-offer"): that offer.
    counter: Option<TradeOffer>,
}

fn trade_parties(game: &Game) -> Option<Parties> {
    let me = game.actor()?;
    // Opened from an offer waiting for this player ("Counter-offer"): the partner is the
    // proposer, and the dialog starts from the offer turned round.
    let counter = match game.phase() {
        Phase::TradeOffer(o) if o.to == me && game.may_counter() => Some(o.clone()),
        _ => None,
    };
    let side_of = |p: PlayerId| -> Partner {
        (
            p,
            game.player(p).name.clone(),
            tradable_lots(game, p),
            game.player(p).jail_cards.len(),
        )
    };
    let others: Vec<Partner> = match &counter {
        Some(o) => vec![side_of(o.from)],
        None => game
            .active_players()
            .into_iter()
            .filter(|&p| p != me)
            .map(side_of)
            .collect(),
    };
    Some(Parties {
        others,
        mine: side_of(me),
        board: game.board().clone(),
        counter,
    })
}

#[component]
pub fn TradeDialog() -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    move || {
        if !ui.trade.get() {
            return None;
        }
        let parties = session
            .game
            .with_untracked(|slot| slot.as_ref().and_then(trade_parties))?;
        Some(view! { <TradeForm parties=parties /> })
    }
}

/// The trade dialog's form: the partner, both sides, the offer's summary before it is sent.
#[component]
fn TradeForm(parties: Parties) -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    let Parties {
        others,
        mine,
        board,
        counter,
    } = parties;
    let partner = RwSignal::new(others.first().map_or(PlayerId(0), |o| o.0));
    // A counter-offer starts from the offer: what they asked of me, I give; what they
    // gave, I take.
    let give = RwSignal::new(counter.as_ref().map(|o| o.take.clone()).unwrap_or_default());
    let take = RwSignal::new(counter.as_ref().map(|o| o.give.clone()).unwrap_or_default());
    let title = if counter.is_some() {
        "Counter-offer"
    } else {
        "Trade"
    };
    let problem = RwSignal::new(None::<String>);
    let (me, my_name, my_lots, my_cards) = mine;
    let money = Callback::new(move |a: i64| board.money(a));
    let partners = StoredValue::new(others.clone());
    let their_side = move || {
        let p = partner.get();
        let (_, name, lots, cards) = partners
            .with_value(|all| all.iter().find(|x| x.0 == p).cloned())
            .unwrap_or_else(|| (p, String::new(), Vec::new(), 0));
        view! { <SideEditor legend=format!("{name} gives") lots=lots side=take max_cards=cards id="take" money=money /> }
    };
    let others: Vec<(PlayerId, String)> = others.into_iter().map(|(p, n, _, _)| (p, n)).collect();
    let propose = move |_| {
        let action = Action::ProposeTrade {
            to: partner.get_untracked(),
            give: give.get_untracked(),
            take: take.get_untracked(),
        };
        let refused = session
            .game
            .with_untracked(|g| g.as_ref().map(|g| g.check(&action)));
        match refused {
            Some(Err(e)) => problem.set(Some(e.to_string())),
            // The summary was in view as the offer was made: one press sends it.
            _ => {
                problem.set(None);
                if !session.dispatch(action).is_refused() {
                    ui.trade.set(false);
                }
            }
        }
    };
    // The offer in words as it is made (read here, so it follows every change).
    let summary = move || {
        let (give, take) = (give.get(), take.get());
        let empty = TradeSide::default();
        (give != empty || take != empty).then(|| {
            let offer = TradeOffer {
                from: me,
                to: partner.get(),
                give,
                take,
            };
            view! { <OfferSummary offer=offer /> }
        })
    };
    let close = Callback::new(move |_| ui.trade.set(false));
    view! {
        <Modal title=title.to_string() on_close=close class="trade">
            <label>
                "Trade with"
                <select on:change=move |ev| {
                    if let Ok(p) = event_target_value(&ev).parse::<usize>() {
                        take.set(TradeSide::default());
                        partner.set(PlayerId(p));
                    }
                }>
                    {others.into_iter().map(|(p, n)| view! { <option value=p.to_string()>{n}</option> }).collect_view()}
                </select>
            </label>
            <div class="trade-sides">
                <SideEditor legend=format!("{my_name} gives") lots=my_lots side=give max_cards=my_cards id="give" money=money />
                {their_side}
            </div>
            // The summary and the buttons stay at the dialog's foot on a phone (see .trade-foot).
            <div class="trade-foot">
                {summary}
                {move || problem.get().map(|p| view! { <p class="problem" role="alert">{p}</p> })}
                <div class="button-row">
                    <button type="button" class="action primary" on:click=propose>"Propose trade"</button>
                    <button type="button" class="action" on:click=move |_| ui.trade.set(false)>"Cancel"</button>
                </div>
            </div>
        </Modal>
    }
}

/// The offer in words, shown as it is made, above "Propose trade".
#[component]
fn OfferSummary(offer: TradeOffer) -> impl IntoView {
    let session = expect_context::<Session>();
    session.game.with_untracked(|g| {
        let g = g.as_ref()?;
        let name = |p: PlayerId| g.player(p).name.clone();
        let list = |side: &TradeSide| {
            let items = worlds_models::play::describe_side(g, side);
            if items.is_empty() {
                "nothing".to_string()
            } else {
                items.join(", ")
            }
        };
        Some(view! {
            <div class="trade-summary" role="group" aria-label="Your offer">
                <p>{format!("{} gives {}: {}.", name(offer.from), name(offer.to), list(&offer.give))}</p>
                <p>{format!("{} gives {}: {}.", name(offer.to), name(offer.from), list(&offer.take))}</p>
                <p>{format!("If {} accepts: {}.", name(offer.to), g.trade_sentence(&offer))}</p>
            </div>
        })
    })
}
