//! The dialogs the engine's phases ask for: buy or auction, auction bidding, answering a
//! trade, raising cash before bankruptcy, placing a house won at auction, a Joker's effects
//! (one button each, applied in the order pressed); plus the deed
//! card, the square details and the resign confirmation.

use leptos::prelude::*;
use worlds_engine::{Action, Game, Phase, PlayerId, SeatKind, TradeSide};

use crate::common::modal::Modal;
use crate::game::play::play_ui::PlayUi;
use crate::game::session::Session;
use worlds_models::play::{describe_side, group_owners, rent_due_now, side_value};

/// The lines of a deed: (label, value), as the Board Maker shows them too, under the
/// game's own rules.
pub fn deed_lines(g: &Game, square: usize) -> Vec<(String, String)> {
    let b = g.board();
    crate::common::deed::square_deed_lines(b.square(square), b.groups(), g.rules(), b.currency())
}

/// Who owns the square, in words ("Owned by Ann.", "Not owned."), or `None` for a square
/// nobody can own (Chance, a tax, a Joker, a corner): it has no owner line.
pub fn owner_line(g: &Game, square: usize) -> Option<String> {
    if !g.board().square(square).is_ownable() {
        return None;
    }
    Some(match g.square(square).owner {
        Some(o) => format!("Owned by {}.", g.player(o).name),
        None => "Not owned.".to_string(),
    })
}

/// What stands on a lot, in words ("2 houses on it.", "A hotel on it."), or `None` with
/// nothing built.
pub fn buildings_line(g: &Game, square: usize) -> Option<String> {
    let words = g.buildings_words(square)?;
    let mut chars = words.chars();
    let first = chars.next()?.to_uppercase().collect::<String>();
    Some(format!("{first}{} on it.", chars.as_str()))
}

#[component]
pub fn DeedCard(square: usize) -> impl IntoView {
    let session = expect_context::<Session>();
    let data = session.game.with_untracked(|g| {
        g.as_ref().map(|g| {
            let b = g.board();
            let color = b
                .group_of(square)
                .and_then(|gi| b.groups().get(gi))
                .map(|gr| gr.color.clone());
            (b.square(square).name.clone(), color, deed_lines(g, square))
        })
    });
    let Some((name, color, lines)) = data else {
        return ().into_any();
    };
    view! {
        <div class="deed">
            <div class="deed-head" style:background=color.unwrap_or_else(|| "var(--paper-edge)".into())>
                <span>{name}</span>
            </div>
            <dl>
                {lines.into_iter().map(|(k, v)| view! { <dt>{k}</dt><dd>{v}</dd> }).collect_view()}
            </dl>
        </div>
    }
    .into_any()
}

/// The bids of the running auction, oldest first ("Ann bid $60", "Bob passed").
fn auction_bids(g: &Game) -> Vec<String> {
    let log = g.log();
    let start = log
        .iter()
        .rposition(|e| matches!(e.event, worlds_engine::Event::AuctionStarted { .. }))
        .map_or(log.len(), |i| i + 1);
    log[start..]
        .iter()
        .filter(|e| {
            matches!(
                e.event,
                worlds_engine::Event::BidPlaced { .. } | worlds_engine::Event::BidPassed
            )
        })
        .map(|e| g.describe(e))
        .collect()
}

/// A decision shown beside the board, not over it: a titled panel in the page (no backdrop,
/// the board stays usable so its deeds can be opened), with focus moved into it as a
/// dialog's.
#[component]
fn DecisionPanel(
    /// The panel's title (its accessible name).
    #[prop(into)]
    title: String,
    #[prop(optional, into)] class: String,
    children: Children,
) -> impl IntoView {
    let node = NodeRef::<leptos::html::Div>::new();
    let opened = crate::common::focus::remember_opener();
    on_cleanup(move || crate::common::focus::return_focus(opened));
    // Focusing scrolls the decision into view (under the board on a phone), and its buttons
    // with it (an auction's Bid and Pass are below its amount box).
    Effect::new(move |_| {
        if let Some(el) = node.get() {
            crate::common::focus::focus_first_control(&el);
            crate::common::focus::reveal_last_buttons(&el);
        }
    });
    let title_id = "decision-panel-title";
    view! {
        <div
            node_ref=node
            class=format!("modal decision-panel {class}")
            role="dialog"
            aria-labelledby=title_id
        >
            <h2 id=title_id class="modal-title">{title}</h2>
            {children()}
            <crate::game::play::coach::HintButton />
        </div>
    }
}

/// The dialog for the phase the game is in, when a human must decide. With `panel`, only
/// the decisions shown beside the board (buy or auction, bidding); without, the others, as
/// modal dialogs. It only picks the phase's own dialog.
#[component]
pub fn PhaseDialog(#[prop(optional)] panel: bool) -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    // Re-rendered when the phase (or who acts) changes, not on every cash change.
    let phase = Memo::new(move |_| {
        let sending = session.sending();
        session.game.with(|g| {
            let g = g.as_ref()?;
            let actor = g.actor()?;
            if matches!(g.player(actor).kind, SeatKind::Computer { .. }) {
                return None;
            }
            // At a table, another device's player decides there; this device's move, once
            // sent, waits for the table's answer.
            if !session.is_local(actor) || sending {
                return None;
            }
            match g.phase() {
                Phase::Roll | Phase::EndTurn | Phase::GameOver => None,
                p if is_panel_decision(p) != panel => None,
                p => Some(p.clone()),
            }
        })
    });
    // Declaring bankruptcy asks once; asked again whenever the game's phase changes.
    let confirm_bankruptcy = RwSignal::new(false);
    Effect::new(move |_| {
        phase.track();
        confirm_bankruptcy.set(false);
    });
    move || {
        let phase = phase.get()?;
        // A card the person has not yet put away comes first (what it caused waits).
        if crate::game::play::landing::persons_card(session).is_some() {
            return None;
        }
        // While the player writes a counter-offer, the offer waits behind the trade dialog.
        if ui.trade.get() && matches!(phase, Phase::TradeOffer(_)) {
            return None;
        }
        let view = match phase {
            Phase::BuyOrDecline { square } => {
                view! { <BuyDialog square=square.index() /> }.into_any()
            }
            Phase::Auction(auction) => view! { <AuctionDialog auction /> }.into_any(),
            Phase::TradeOffer(offer) => view! { <TradeAnswerDialog offer /> }.into_any(),
            Phase::RaiseCash {
                debtor,
                creditor,
                amount,
            } => {
                if confirm_bankruptcy.get() {
                    view! { <ConfirmBankruptcyDialog debtor creditor confirm=confirm_bankruptcy /> }
                        .into_any()
                } else {
                    view! { <DebtDialog debtor creditor amount confirm=confirm_bankruptcy /> }
                        .into_any()
                }
            }
            Phase::PlaceHouse { player } => view! { <PlaceHouseDialog player /> }.into_any(),
            Phase::JokerEffects {
                player,
                square,
                remaining,
                ..
            } => view! { <JokerDialog player square remaining /> }.into_any(),
            Phase::Roll | Phase::EndTurn | Phase::GameOver => return None,
        };
        Some(view)
    }
}

/// The session's last refusal, as an alert line in a phase's dialog.
fn error_line(session: Session) -> impl Fn() -> Option<AnyView> + Copy + 'static {
    move || {
        session
            .error
            .get()
            .map(|e| view! { <p class="problem" role="alert">{e}</p> }.into_any())
    }
}

/// Whether the player may sell or mortgage something now (offers the manage dialog).
fn any_manage(legal: &[Action]) -> bool {
    legal.iter().any(|a| {
        matches!(
            a,
            Action::Mortgage { .. }
                | Action::SellBuilding { .. }
                | Action::SellAllBuildings { .. }
                | Action::SellLotToBank { .. }
        )
    })
}

/// Who a debt is owed to, in words.
fn creditor_name(game: &Game, creditor: worlds_engine::Party) -> String {
    match creditor {
        worlds_engine::Party::Player(p) => game.player(p).name.clone(),
        worlds_engine::Party::Bank => "the bank".into(),
        worlds_engine::Party::Jackpot => "Free Parking".into(),
    }
}

/// Buy the lot landed on, or decline it (auctioned where the rules auction).
#[component]
fn BuyDialog(square: usize) -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    let act = move |a: Action| {
        session.dispatch(a);
    };
    let error = error_line(session);
    // Read in place: the game (its log and history grow all game long) is not copied.
    session.game.with_untracked(|slot| {
        let game = slot.as_ref()?;
        let b = game.board();
        let legal = game.legal_actions();
        let any_manage = any_manage(&legal);
        let price = b.money_words(b.square(square).price().unwrap_or(0));
        let sq_name = b.square(square).name.clone();
        let decline_label = if game.rules().auctions {
            "Auction"
        } else {
            "Decline"
        };
        let decline_hint = if game.rules().auctions {
            "If you do not buy it, it is auctioned to every player."
        } else {
            "If you do not buy it, play passes on."
        };
        let buyer_id = game.current_player();
        let buyer = game.player(buyer_id).name.clone();
        let buyer_cash = format!("{buyer} has {}.", b.money_words(game.player(buyer_id).cash));
        let owners = group_owners(game, square, buyer_id);
        let can_buy = legal.contains(&Action::Buy);
        Some(view! {
            <DecisionPanel title=format!("{sq_name} is for sale") class="phase-dialog">
                // The deed beside the question on a wide screen, so the players list
                // below stays in view.
                <div class="buy-layout">
                <DeedCard square=square />
                <div class="buy-words">
                <p>{format!("{buyer}, buy {sq_name} for {price}? {decline_hint}")}</p>
                <p class="decider-cash">{buyer_cash}</p>
                {owners.map(|o| view! { <p class="group-owners">{o}</p> })}
                {(!can_buy).then(|| view! { <p class="hint">{format!("{buyer} does not have {price} in cash.")}</p> })}
                </div>
                </div>
                {error}
                <div class="button-row">
                    <button type="button" class="action primary" disabled=!can_buy on:click=move |_| act(Action::Buy)>"Buy"</button>
                    <button type="button" class="action" on:click=move |_| act(Action::Decline)>{decline_label}</button>
                    {any_manage.then(|| view! {
                        <button type="button" class="action" on:click=move |_| ui.manage.set(true)>"Mortgage"</button>
                    })}
                </div>
            </DecisionPanel>
        })
    })
}

/// Bid in an auction (a lot, or a house): the amount, quick raises, or pass.
#[component]
fn AuctionDialog(auction: worlds_engine::game::Auction) -> impl IntoView {
    let session = expect_context::<Session>();
    let act = move |a: Action| {
        session.dispatch(a);
    };
    let error = error_line(session);
    let a = auction;
    session.game.with_untracked(|slot| {
        let game = slot.as_ref()?;
        let b = game.board();
        let name_of = |p: PlayerId| game.player(p).name.clone();
        let what = a
            .lot
            .map_or("a house".to_string(), |l| b.square(l.index()).name.clone());
        let bidder = a
            .bidders
            .get(a.next)
            .map(|&p| name_of(p))
            .unwrap_or_default();
        let cash = a.bidders.get(a.next).map_or(0, |&p| game.player(p).cash);
        let owners = match (a.lot, a.bidders.get(a.next)) {
            (Some(l), Some(&p)) => group_owners(game, l.index(), p),
            _ => None,
        };
        let min = a.min_bid();
        let amount = RwSignal::new(min.to_string());
        let high = match a.leader {
            Some(l) => format!("Highest bid: {} by {}.", b.money_words(a.high_bid), name_of(l)),
            None => format!("No bid yet. Bids start at {}.", b.money_words(min)),
        };
        let bid = move || match amount.get_untracked().trim().parse::<i64>() {
            Ok(v) => act(Action::Bid { amount: v }),
            Err(_) => session.show_error("Type the amount to bid as a whole number."),
        };
        let cash_label = game.board().money(cash);
        let history = auction_bids(game);
        // Quick raises add to the amount in the field (+$50 then +$10 is $60 over the
        // highest bid); the first one adds to the highest bid.
        let base = if a.leader.is_some() {
            a.high_bid
        } else {
            min - 1
        };
        let raises: Vec<(i64, String, String)> = [1i64, 10, 50, 100]
            .into_iter()
            .filter(|step| (base + step).max(min) <= cash)
            .map(|step| {
                let money = b.money(step);
                (step, format!("+{money}"), format!("Add {money} to the bid"))
            })
            .collect();
        let raise = move |step: i64| {
            let typed = amount.get_untracked().trim().parse::<i64>().ok();
            let from = typed.filter(|&t| t > min).unwrap_or(base);
            let to = from.saturating_add(step).max(min).min(cash.max(min));
            amount.set(to.to_string());
        };
        Some(view! {
            <DecisionPanel title=format!("Auction: {what}") class="phase-dialog">
                {a.lot.map(|l| view! { <DeedCard square=l.index() /> })}
                <p aria-live="polite" class="auction-high">{high}</p>
                <p>{format!("{bidder} to bid (has {cash_label}).")}</p>
                {owners.map(|o| view! { <p class="group-owners">{o}</p> })}
                {(!history.is_empty()).then(|| view! {
                    <ol class="bid-history" aria-label="Bids so far">
                        {history.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                    </ol>
                })}
                {error}
                <form class="bid-form" novalidate="" on:submit=move |ev| { ev.prevent_default(); bid(); }>
                    <label>
                        "Bid amount"
                        <input
                            type="number"
                            inputmode="numeric"
                            step="1"
                            prop:value=move || amount.get()
                            on:input=move |ev| amount.set(event_target_value(&ev))
                        />
                    </label>
                    <div class="button-row quick-raises" role="group" aria-label="Quick raises">
                        {raises.into_iter().map(|(step, label, title)| view! {
                            <button type="button" class="small-button" title=title
                                on:click=move |_| raise(step)>{label}</button>
                        }).collect_view()}
                    </div>
                    <div class="button-row">
                        <button type="submit" class="action primary">"Bid"</button>
                        <button type="button" class="action" on:click=move |_| act(Action::PassBid)>"Pass"</button>
                    </div>
                </form>
            </DecisionPanel>
        })
    })
}

/// Answer a trade offer (or counter-offer): accept, decline, or counter.
#[component]
fn TradeAnswerDialog(offer: worlds_engine::TradeOffer) -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    let act = move |a: Action| {
        session.dispatch(a);
    };
    let error = error_line(session);
    let o = offer;
    session.game.with_untracked(|slot| {
        let game = slot.as_ref()?;
        let b = game.board();
        let side = |s: &TradeSide| {
            format!(
                "{} — worth {}",
                describe_side(game, s).join(", "),
                b.money(side_value(game, s))
            )
        };
        let gives = side(&o.give);
        let takes = side(&o.take);
        let from = game.player(o.from).name.clone();
        let to = game.player(o.to).name.clone();
        let may_counter = game.may_counter();
        let mortgaged = o
            .give
            .lots
            .iter()
            .chain(&o.take.lots)
            .any(|l| game.square(l.index()).mortgaged);
        let interest = game.rules().unmortgage_interest_percent;
        let mortgage_note = (mortgaged && interest > 0).then(|| {
            view! {
                <p class="hint">{format!("A mortgaged lot costs its receiver {interest}% of the mortgage at once.")}</p>
            }
        });
        // A counter-offer says so, and the deal in a sentence.
        let (title, lead) = if game.is_counter_offer() {
            (
                "Counter-offer",
                format!("{from} counters: {}.", game.offered_sentence(&o)),
            )
        } else {
            ("Trade offer", format!("{from} offers {to} a trade."))
        };
        Some(view! {
            <Modal title=title.to_string() class="phase-dialog">
                <p>{lead}</p>
                <dl class="trade-summary">
                    <dt>{format!("{from} gives")}</dt><dd>{gives}</dd>
                    <dt>{format!("{from} asks for")}</dt><dd>{takes}</dd>
                </dl>
                // Only where the deal holds a mortgaged lot, with the board's own rate.
                {mortgage_note}
                {error}
                <div class="button-row">
                    <button type="button" class="action primary" on:click=move |_| act(Action::AnswerTrade { accept: true })>"Accept trade"</button>
                    <button type="button" class="action" on:click=move |_| act(Action::AnswerTrade { accept: false })>"Decline trade"</button>
                    // Answer with a changed deal: the trade dialog, starting from this one.
                    {may_counter.then(|| view! {
                        <button type="button" class="action" on:click=move |_| ui.trade.set(true)>"Counter-offer"</button>
                    })}
                </div>
                <crate::game::play::coach::HintButton />
            </Modal>
        })
    })
}

/// Asks once before a debtor declares bankruptcy; `confirm` is cleared on either answer.
#[component]
fn ConfirmBankruptcyDialog(
    debtor: PlayerId,
    creditor: worlds_engine::Party,
    confirm: RwSignal<bool>,
) -> impl IntoView {
    let session = expect_context::<Session>();
    let error = error_line(session);
    session.game.with_untracked(|slot| {
        let game = slot.as_ref()?;
        let who = game.player(debtor).name.clone();
        let to = creditor_name(game, creditor);
        Some(view! {
            <Modal title="Declare bankruptcy?".to_string() class="raise-cash phase-dialog"
                on_close=Callback::new(move |_| confirm.set(false))>
                <p>{format!("{who} hands everything to {to} and leaves the game. This cannot be undone.")}</p>
                {error}
                <div class="button-row">
                    <button type="button" class="action danger" on:click=move |_| {
                        confirm.set(false);
                        session.dispatch(Action::DeclareBankruptcy);
                    }>"Declare bankruptcy"</button>
                    <button type="button" class="action" on:click=move |_| confirm.set(false)>"Cancel"</button>
                </div>
            </Modal>
        })
    })
}

/// The steps the engine suggests to raise cash, in words.
fn plan_lines(game: &Game, plan: &[Action]) -> Vec<String> {
    let b = game.board();
    plan.iter()
        .map(|a| match a {
            Action::Mortgage { square } => {
                format!("Mortgage {}", b.square(square.index()).name)
            }
            Action::SellBuilding { square } => {
                format!("Sell a building on {}", b.square(square.index()).name)
            }
            Action::SellAllBuildings { square } => format!(
                "Sell every building of {}'s group",
                b.square(square.index()).name
            ),
            other => other.label().to_string(),
        })
        .collect()
}

/// Raise cash to pay a debt: the engine's plan, selling or mortgaging, trading, or
/// declaring bankruptcy (which `confirm` asks about first).
#[component]
fn DebtDialog(
    debtor: PlayerId,
    creditor: worlds_engine::Party,
    amount: i64,
    confirm: RwSignal<bool>,
) -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    let error = error_line(session);
    session.game.with_untracked(|slot| {
        let game = slot.as_ref()?;
        let b = game.board();
        let any_manage = any_manage(&game.legal_actions());
        let who = game.player(debtor).name.clone();
        let owed = b.money_words(amount);
        let cash = game.player(debtor).cash;
        let has = b.money_words(cash);
        let to = creditor_name(game, creditor);
        let most_raisable = game.most_cash_raisable(debtor);
        let most = b.money_words(most_raisable);
        let most_line = if most_raisable >= amount {
            format!("Selling every building and mortgaging every lot would give {who} at most {most}: enough to pay.")
        } else {
            format!("Selling every building and mortgaging every lot would give {who} at most {most}: not enough to pay {owed}.")
        };
        let short = amount - cash;
        let plan = game.raise_plan(short).unwrap_or_default();
        let plan_lines = plan_lines(game, &plan);
        let raise_label = format!("Raise {}", b.money(short));
        let may_trade = game.may_trade();
        Some(view! {
            <Modal title="Raise cash".to_string() class="raise-cash phase-dialog">
                <p>{format!("{who} owes {owed} to {to} but has only {has}.")}</p>
                <p class="raise-most">{most_line}</p>
                {(!plan.is_empty()).then(|| view! {
                    <div class="raise-plan">
                        <p>{format!("{raise_label} by:")}</p>
                        <ul>{plan_lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    </div>
                })}
                <p>"Sell buildings, mortgage lots or trade to raise the money, or declare bankruptcy."</p>
                {error}
                <div class="button-row">
                    {(!plan.is_empty()).then(|| {
                        let plan = plan.clone();
                        view! {
                            <button type="button" class="action primary" on:click=move |_| {
                                for a in plan.iter().cloned() {
                                    if session.dispatch(a).is_refused() {
                                        break;
                                    }
                                }
                            }>{raise_label.clone()}</button>
                        }
                    })}
                    {any_manage.then(|| view! {
                        <button type="button" class="action" on:click=move |_| ui.manage.set(true)>"Sell or mortgage"</button>
                    })}
                    {may_trade.then(|| view! {
                        <button type="button" class="action" on:click=move |_| ui.trade.set(true)>"Trade"</button>
                    })}
                    <button type="button" class="action danger" on:click=move |_| confirm.set(true)>"Declare bankruptcy"</button>
                </div>
                <crate::game::play::coach::HintButton />
            </Modal>
        })
    })
}

/// Place a house won at auction: one button per lot it may go on.
#[component]
fn PlaceHouseDialog(player: PlayerId) -> impl IntoView {
    let session = expect_context::<Session>();
    let error = error_line(session);
    session.game.with_untracked(|slot| {
        let game = slot.as_ref()?;
        let b = game.board();
        let who = game.player(player).name.clone();
        let spots: Vec<(worlds_engine::SquareId, String)> = game
            .legal_actions()
            .iter()
            .filter_map(|a| match a {
                Action::Build { square } => Some((*square, b.square(square.index()).name.clone())),
                _ => None,
            })
            .collect();
        Some(view! {
            <Modal title="Place your house".to_string() class="phase-dialog">
                <p>{format!("{who}, you won a house at auction: choose the lot it goes on.")}</p>
                {error}
                <div class="button-row">
                    {spots.into_iter().map(|(sq, name)| view! {
                        <button type="button" class="action" on:click=move |_| { session.dispatch(Action::Build { square: sq }); }>
                            {format!("Build on {name}")}
                        </button>
                    }).collect_view()}
                </div>
            </Modal>
        })
    })
}

/// Apply a Joker's effects, one button each, in the order the player chooses; what it
/// does is listed with each applied effect marked done.
#[component]
fn JokerDialog(
    player: PlayerId,
    square: worlds_engine::SquareId,
    remaining: Vec<worlds_engine::JokerStep>,
) -> impl IntoView {
    let session = expect_context::<Session>();
    let error = error_line(session);
    session.game.with_untracked(|slot| {
        let game = slot.as_ref()?;
        let sq = game.board().square(square.index());
        let who = game.player(player).name.clone();
        let joker = sq.name.clone();
        let picture = sq.picture.clone();
        // What the Joker does, each effect marked once applied (the engine's words).
        let mut left = remaining.clone();
        let does: Vec<(String, bool)> = worlds_engine::JokerStep::all_of(&sq.kind)
            .into_iter()
            .map(|step| {
                let pending = left.iter().position(|s| *s == step);
                if let Some(i) = pending {
                    left.remove(i);
                }
                (game.joker_step_label(&step), pending.is_none())
            })
            .collect();
        let lead = if remaining.len() > 1 {
            format!("{who} landed on {joker}. Apply what it does, in the order you choose.")
        } else if does.len() > 1 {
            format!("{who} landed on {joker}. One more thing to apply.")
        } else {
            format!("{who} landed on {joker}.")
        };
        let buttons: Vec<(Action, String)> = game
            .legal_actions()
            .into_iter()
            .filter(|a| matches!(a, Action::ApplyJokerEffect { .. }))
            .map(|a| {
                let label = game.button_label(&a);
                (a, label)
            })
            .collect();
        Some(view! {
            <Modal title=joker.clone() class="phase-dialog joker-dialog">
                <div class="joker-layout">
                    <div class="joker-picture" aria-hidden="true">
                        {match picture {
                            Some(src) => view! { <img src=src alt="" /> }.into_any(),
                            None => view! { <span class="joker-glyph">"🃏"</span> }.into_any(),
                        }}
                    </div>
                    <div class="joker-words">
                        <p>{lead}</p>
                        <ul class="joker-does" aria-label="What it does">
                            {does.into_iter().map(|(label, done)| view! {
                                <li class:done=done>
                                    {label}{done.then_some(" (done)")}
                                </li>
                            }).collect_view()}
                        </ul>
                    </div>
                </div>
                {error}
                <div class="button-row">
                    {buttons.into_iter().enumerate().map(|(i, (a, label))| view! {
                        <button type="button" class=if i == 0 { "action primary" } else { "action" }
                            on:click=move |_| { session.dispatch(a.clone()); }>{label}</button>
                    }).collect_view()}
                </div>
                <crate::game::play::coach::HintButton />
            </Modal>
        })
    })
}

/// Whether the phase's decision is shown as a panel beside the board (buying, bidding:
/// the player may want to look at the board first) rather than as a modal dialog.
pub fn is_panel_decision(phase: &Phase) -> bool {
    matches!(phase, Phase::BuyOrDecline { .. } | Phase::Auction(_))
}

/// Asks before a player resigns (bankruptcy to the bank).
#[component]
pub fn ResignDialog() -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    move || {
        if !ui.resign.get() {
            return None;
        }
        let me = session.game.with_untracked(|g| {
            g.as_ref()
                .and_then(|g| g.actor().map(|a| (a, g.player(a).name.clone())))
        })?;
        let (id, name) = me;
        let close = Callback::new(move |_| ui.resign.set(false));
        Some(view! {
            <Modal title=format!("Resign {name}?") on_close=close>
                <p>"Resigning is bankruptcy to the bank: your buildings go back, your lots are auctioned."</p>
                <div class="button-row">
                    <button type="button" class="action danger" on:click=move |_| {
                        ui.resign.set(false);
                        session.dispatch(Action::Resign { player: id });
                    }>"Resign"</button>
                    <button type="button" class="action" on:click=move |_| ui.resign.set(false)>"Cancel"</button>
                </div>
            </Modal>
        })
    }
}

/// Details of a square clicked on the board: its deed, owner and rent now.
#[component]
pub fn SquareInfo() -> impl IntoView {
    let session = expect_context::<Session>();
    let ui = expect_context::<PlayUi>();
    // "Sell to a player": to whom and for how much.
    let buyer = RwSignal::new(None::<usize>);
    let price = RwSignal::new(String::new());
    move || {
        let square = ui.info.get()?;
        // Redrawn as the game moves on (a button pressed here changes the lot).
        session.version.track();
        let (name, owner, built, rent, mine) = session.game.with_untracked(|g| {
            let g = g.as_ref()?;
            // The lot's actions, when it is the deciding person's own lot on this device.
            let me = g.actor().filter(|a| {
                g.square(square).owner == Some(*a)
                    && matches!(g.player(*a).kind, worlds_engine::SeatKind::Human)
                    && session.is_local(*a)
            });
            let mine = me.map(|me| {
                let others: Vec<(usize, String)> = g
                    .players()
                    .iter()
                    .enumerate()
                    .filter(|(i, p)| *i != me.index() && !p.bankrupt)
                    .map(|(i, p)| (i, p.name.clone()))
                    .collect();
                (
                    me,
                    crate::game::play::manage::lot_actions(g, square),
                    others,
                )
            });
            Some((
                g.board().square(square).name.clone(),
                owner_line(g, square),
                buildings_line(g, square),
                rent_due_now(g, square),
                mine,
            ))
        })?;
        let close = Callback::new(move |_| ui.info.set(None));
        let acts = mine.map(|(_, actions, others)| {
            if buyer.get_untracked().is_none() {
                buyer.set(others.first().map(|o| o.0));
            }
            let lot_name = name.clone();
            let offer = move || {
                let to = buyer.get()?;
                let cash = price.get().trim().parse::<i64>().ok()?;
                Some(Action::ProposeTrade {
                    to: PlayerId(to),
                    give: worlds_engine::TradeSide {
                        lots: vec![worlds_engine::SquareId(square)],
                        cash: 0,
                        jail_cards: 0,
                    },
                    take: worlds_engine::TradeSide {
                        lots: vec![],
                        cash,
                        jail_cards: 0,
                    },
                })
            };
            let refusal = move || match offer() {
                None => Some("Choose a player and a price.".to_string()),
                Some(a) => session
                    .game
                    .with(|g| g.as_ref().and_then(|g| g.check(&a).err().map(|e| e.to_string()))),
            };
            view! {
                <div class="lot-acts">
                    <h3>"What you can do"</h3>
                    <crate::game::play::manage::LotActionButtons square=square actions=actions />
                    {(!others.is_empty()).then(|| view! {
                        <fieldset class="sell-to">
                            <legend>{format!("Sell {lot_name} to a player")}</legend>
                            <label>"Player"
                                <select on:change=move |ev| buyer.set(event_target_value(&ev).parse().ok())>
                                    {others.iter().map(|(i, n)| view! {
                                        <option value=i.to_string() selected=buyer.get_untracked() == Some(*i)>{n.clone()}</option>
                                    }).collect_view()}
                                </select>
                            </label>
                            <label>"Price"
                                <input type="number" min="0" step="1" inputmode="numeric"
                                    prop:value=move || price.get()
                                    on:input=move |ev| price.set(event_target_value(&ev)) />
                            </label>
                            <button type="button" class="small-button"
                                disabled=move || refusal().is_some()
                                on:click=move |_| {
                                    if let Some(a) = offer() {
                                        if !session.dispatch(a).is_refused() {
                                            ui.info.set(None);
                                        }
                                    }
                                }>"Offer sale"</button>
                            {move || refusal().map(|why| view! { <small class="refusal">{why}</small> })}
                        </fieldset>
                    })}
                    <div class="button-row">
                        <button type="button" class="action" on:click=move |_| ui.info.set(None)>"Cancel"</button>
                    </div>
                </div>
            }
        });
        Some(view! {
            <Modal title=name on_close=close>
                <DeedCard square=square />
                {owner.map(|o| view! { <p class="deed-owner">{o}</p> })}
                {built.map(|b| view! { <p class="deed-buildings">{b}</p> })}
                {rent.map(|r| view! { <p class="rent-now">{r}</p> })}
                {acts}
            </Modal>
        })
    }
}
