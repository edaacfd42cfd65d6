//! The trades the expert offers and the counter-offers it may make to a person: offers the
//! other side's own strategy would accept (asked of a copy of the game), each then weighed
//! by the search against not trading at all.

use super::choices::View;
use super::search::stripped;
use super::valuation::{group_potential, whole_group, Valuation};
use crate::action::{Action, PlayerId, SquareId, TradeOffer, TradeSide};
use crate::bots::{Heuristic, Strategy};
use crate::game::{ComputerStrategy, Game, SeatKind};

/// A counter-offer to a person's offer, weighed as the expert's answer to it were the person
/// to offer it: made only when the expert would accept it.
pub(super) struct Counter {
    /// The counter-offer, in the game being played.
    pub(super) offer: Action,
    /// The position where the person offered it instead (log and history dropped).
    pub(super) base: Game,
}

/// The counter-offer the expert may make to a person's offer it would not accept: the first
/// of the balanced player's [`crate::bots::counter_offers`] that the expert's own rule does
/// not refuse outright (never complete their group without completing one of ours) and the
/// rules allow, with the position where the person offered it instead (weighed there
/// before it is made).
pub(super) fn counter(game: &Game, me: PlayerId, o: &TradeOffer) -> Option<Box<Counter>> {
    if !game.may_counter() || !matches!(game.player(o.from).kind, SeatKind::Human) {
        return None;
    }
    crate::bots::counter_offers(game, me, o)
        .into_iter()
        .find_map(|(give, take)| {
            let theirs = take
                .lots
                .iter()
                .any(|l| whole_group_after(game, o.from, &take.lots, l.index()));
            let mine = give
                .lots
                .iter()
                .any(|l| whole_group_after(game, me, &give.lots, l.index()));
            if theirs && !mine {
                return None;
            }
            let offer = Action::ProposeTrade {
                to: o.from,
                give: take.clone(),
                take: give.clone(),
            };
            if !game.allows(&offer) {
                return None;
            }
            // The person declines theirs and offers this instead.
            let mut base = stripped(game);
            let theirs = Action::ProposeTrade { to: me, give, take };
            (base.apply_quietly(Action::AnswerTrade { accept: false })
                && base.apply_quietly(theirs)
                && base.actor() == Some(me))
            .then(|| Box::new(Counter { offer, base }))
        })
}

/// Whether `p` would hold the whole (multi-lot) group of `l` after receiving `lots`.
pub(super) fn whole_group_after(game: &Game, p: PlayerId, lots: &[SquareId], l: usize) -> bool {
    let b = game.board();
    let Some(g) = b.group_of(l) else { return false };
    if b.group_lots(g).len() < 2 {
        return false;
    }
    let extra = lots.iter().fold(0u64, |m, s| m | 1u64 << s.index());
    whole_group(game, p, l, extra)
}

/// What a group is worth to a player (for pricing trades): its price plus what it earns
fn group_value(game: &Game, v: &Valuation, g: usize) -> f64 {
    let b = game.board();
    let price: i64 = b
        .group_lots(g)
        .iter()
        .map(|&l| b.square(l).price().unwrap_or(0))
        .sum();
    price as f64 + 40.0 * group_potential(game, v, g, 3)
}

/// How the opponent `to` answers `offer` (as their strategy would; a random player is not
/// modelled: `None`).
fn modelled_answer(base: &Game, to: PlayerId, offer: &Action) -> Option<bool> {
    let model: Box<dyn Strategy> = match &base.player(to).kind {
        SeatKind::Computer {
            strategy: ComputerStrategy::Random,
        } => return None,
        SeatKind::Computer {
            strategy: ComputerStrategy::Cautious,
        } => Box::new(Heuristic::cautious()),
        _ => Box::new(Heuristic::balanced()),
    };
    let mut g = base.clone();
    if !g.apply_quietly(offer.clone()) {
        return Some(false);
    }
    match model.choose(&g, to) {
        Action::AnswerTrade { accept } => Some(accept),
        _ => Some(false),
    }
}

/// The trades the expert may offer now, each one the other side's strategy would accept:
/// those that complete one of the expert's groups (the cheapest cash price, and swaps that
/// complete one of theirs too, with cash either way; at most three, the most promising
/// first), then single lots bought to set up a later trade or to stop an opponent's
/// ([`purchases`]; at most two). The search weighs each against not trading.
pub(super) fn trade_offers(view: &View) -> Vec<Action> {
    let game = view.game;
    let me = view.me;
    if !game.rules().trades || game.turn().rolled || game.turn().trade_offers > 0 {
        return Vec::new();
    }
    // Every turn, as the balanced computers now trade among themselves every turn.
    let board = game.board();
    let base = stripped(game);
    let groups = board.groups().len();
    let mut found: Vec<(f64, Action)> = Vec::new();
    for to in view.opponents() {
        if matches!(
            game.player(to).kind,
            SeatKind::Computer {
                strategy: ComputerStrategy::Random
            }
        ) {
            continue;
        }
        // Groups `a` of mine that `to` can complete, and of theirs that I can complete.
        let missing = |owner: PlayerId, from: PlayerId, g: usize| {
            crate::bots::lots_missing_from_one(game, owner, g)
                .filter(|(f, _)| *f == from)
                .map(|(_, need)| need)
        };
        for g in 0..groups {
            let Some(take) = missing(me, to, g) else {
                continue;
            };
            let mine = group_value(game, &view.v, g);
            let take_price: i64 = take.iter().map(|l| view.price(l.index())).sum();
            // Pure cash: the least the model accepts (searched by halves).
            let cap = (view.cash - view.reserve()).min(mine as i64);
            if cap >= take_price {
                let offer = |cash: i64| Action::ProposeTrade {
                    to,
                    give: TradeSide {
                        cash,
                        ..TradeSide::default()
                    },
                    take: TradeSide {
                        lots: take.clone(),
                        ..TradeSide::default()
                    },
                };
                if modelled_answer(&base, to, &offer(cap)) == Some(true) {
                    let (mut lo, mut hi) = (take_price / 2, cap);
                    while hi - lo > 10 {
                        let mid = (lo + hi) / 2;
                        if modelled_answer(&base, to, &offer(mid)) == Some(true) {
                            hi = mid;
                        } else {
                            lo = mid;
                        }
                    }
                    let a = offer(hi);
                    if view.allows(&a) {
                        found.push((mine - hi as f64, a));
                    }
                }
            }
            // Swaps: my lots that complete a group of theirs.
            for h in 0..groups {
                if h == g {
                    continue;
                }
                let Some(give) = missing(to, me, h) else {
                    continue;
                };
                let theirs = group_value(game, &view.v, h);
                // Cash from them when their group is worth more, from me when less.
                let swap = |cash_me: i64, cash_them: i64| Action::ProposeTrade {
                    to,
                    give: TradeSide {
                        lots: give.clone(),
                        cash: cash_me,
                        ..TradeSide::default()
                    },
                    take: TradeSide {
                        lots: take.clone(),
                        cash: cash_them,
                        ..TradeSide::default()
                    },
                };
                let their_cash = game.player(to).cash;
                let mut chosen = None;
                // Ask for cash first (the most they accept), else pay (the least).
                for ask in [400, 300, 200, 150, 100, 50, 0] {
                    if ask > their_cash {
                        continue;
                    }
                    let a = swap(0, ask);
                    if modelled_answer(&base, to, &a) == Some(true) {
                        chosen = Some((ask, a));
                        break;
                    }
                }
                if chosen.is_none() {
                    for pay in [50, 100, 200, 300] {
                        if pay > view.cash - view.reserve() {
                            break;
                        }
                        let a = swap(pay, 0);
                        if modelled_answer(&base, to, &a) == Some(true) {
                            chosen = Some((-pay, a));
                            break;
                        }
                    }
                }
                if let Some((net, a)) = chosen {
                    if mine + net as f64 > theirs * 0.8 && view.allows(&a) {
                        found.push((mine - theirs + net as f64, a));
                    }
                }
            }
        }
    }
    // A person is modelled as the balanced computer, but may answer otherwise: not the same
    // deal again soon, nor any offer to them within a few rounds (as balanced does not).
    let pestering = |a: &Action| match a {
        Action::ProposeTrade { to, .. } => {
            matches!(game.player(*to).kind, SeatKind::Human)
                && crate::bots::asked_lately(game, me, a)
        }
        _ => false,
    };
    found.retain(|(_, a)| !pestering(a));
    crate::sorting::sort_by(&mut found, |a, b| b.0.total_cmp(&a.0));
    found.truncate(3);
    let mut out: Vec<Action> = found.into_iter().map(|(_, a)| a).collect();
    out.extend(purchases(view, &base).into_iter().filter(|a| !pestering(a)));
    out
}

/// Single lots bought for cash that complete nothing now: a lot of a group the expert has a
/// share of (so that one player holds the rest, which a later trade may complete), or the
/// lot another opponent lacks to complete a group (so nobody completes it by trade). The
/// least cash the seller's strategy accepts; the two most promising.
fn purchases(view: &View, base: &Game) -> Vec<Action> {
    let game = view.game;
    let me = view.me;
    let board = game.board();
    let budget = view.cash - view.reserve();
    let mut found: Vec<(f64, Action)> = Vec::new();
    for to in view.opponents() {
        if matches!(
            game.player(to).kind,
            SeatKind::Computer {
                strategy: ComputerStrategy::Random
            }
        ) {
            continue;
        }
        for l in game.owned_lots(to) {
            let Some(g) = board.group_of(l) else { continue };
            let lots = board.group_lots(g);
            if lots.len() < 2 || lots.iter().any(|&x| !game.square(x).buildings.is_none()) {
                continue;
            }
            let mask = board.group_mask(g);
            let mine = game.owned_mask(me) & mask;
            let after = mine | 1u64 << l;
            if after == mask {
                continue;
            }
            let rest = mask & !after;
            // Who holds the rest: one player (not me) for a later trade.
            let holders: Vec<PlayerId> = PlayerId::all(game.players().len())
                .filter(|&p| game.owned_mask(p) & rest != 0)
                .collect();
            let unowned = lots
                .iter()
                .any(|&x| rest & 1u64 << x != 0 && game.square(x).owner.is_none());
            let share = mine != 0 && !unowned && holders.len() == 1;
            let blocks = view
                .opponents()
                .into_iter()
                .any(|q| q != to && game.owned_mask(q) & mask == mask & !(1u64 << l));
            if !share && !blocks {
                continue;
            }
            let price = view.price(l);
            let cap = budget.min(2 * price);
            if cap < price {
                continue;
            }
            let offer = |cash: i64| Action::ProposeTrade {
                to,
                give: TradeSide {
                    cash,
                    ..TradeSide::default()
                },
                take: TradeSide {
                    lots: vec![SquareId(l)],
                    ..TradeSide::default()
                },
            };
            if modelled_answer(base, to, &offer(cap)) != Some(true) {
                continue;
            }
            let (mut lo, mut hi) = (price / 2, cap);
            while hi - lo > 10 {
                let mid = (lo + hi) / 2;
                if modelled_answer(base, to, &offer(mid)) == Some(true) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            let a = offer(hi);
            if view.allows(&a) {
                let worth = group_value(game, &view.v, g) / lots.len() as f64;
                found.push((worth - hi as f64, a));
            }
        }
    }
    crate::sorting::sort_by(&mut found, |a, b| b.0.total_cmp(&a.0));
    found.truncate(2);
    found.into_iter().map(|(_, a)| a).collect()
}
