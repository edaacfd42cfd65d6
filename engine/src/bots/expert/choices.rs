//! The expert's choices: the rules of thumb it plays by when nothing needs weighing (and
//! plays itself by in its play-outs, [`Rollout`]), and, for each decision that matters, the
//! candidates its search weighs ([`decide`]): buying or not, bidding on or passing, leaving
//! jail or not, what to sell or mortgage to pay a debt, the trades to offer and the answer
//! to one. The first candidate is always the rule of thumb's choice.

use std::sync::Arc;

use super::trades::{counter, trade_offers, whole_group_after, Counter};
use super::valuation::Valuation;
use super::valuation::{self, income_of, rent_at, same_kind_count, whole_group, worst_rent};
use super::{fallback, ANSWER_MARGIN};
use crate::action::{Action, PlayerId, SquareId};
use crate::bots::{why_decline, Heuristic, Strategy};
use crate::game::{Game, Phase};
use crate::rules::DebtRule;

/// What the expert does now: at once, or after weighing candidates by play-outs.
pub(super) enum Decision {
    Now(Action),
    /// Weigh these by play-outs; the first is the choice without them, which another must
    /// beat by `margin`. When the first (declining an offer) wins, the counter-offer is
    /// weighed next.
    Weigh {
        candidates: Vec<Action>,
        margin: f64,
        counter: Option<Box<Counter>>,
    },
}

/// What the expert sees of a position.
pub(super) struct View<'a> {
    pub(super) game: &'a Game,
    pub(super) me: PlayerId,
    pub(super) v: Arc<Valuation>,
    pub(super) cash: i64,
    /// The largest rent `me` could owe on one landing now (worked out when first asked).
    worst: std::cell::Cell<Option<i64>>,
}

impl<'a> View<'a> {
    pub(super) fn of(game: &'a Game, me: PlayerId, v: Arc<Valuation>) -> View<'a> {
        View {
            game,
            me,
            cash: game.player(me).cash,
            worst: std::cell::Cell::new(None),
            v,
        }
    }

    pub(super) fn allows(&self, a: &Action) -> bool {
        self.game.allows(a)
    }

    pub(super) fn price(&self, i: usize) -> i64 {
        self.game.board().square(i).price().unwrap_or(0)
    }

    /// Opponents still in.
    pub(super) fn opponents(&self) -> Vec<PlayerId> {
        self.game
            .active_players()
            .into_iter()
            .filter(|&p| p != self.me)
            .collect()
    }

    /// Share of the ownable squares nobody owns yet.
    fn unowned_share(&self) -> f64 {
        let b = self.game.board();
        let (mut all, mut free) = (0, 0);
        for i in 0..b.len() {
            if b.square(i).is_ownable() {
                all += 1;
                if self.game.square(i).owner.is_none() {
                    free += 1;
                }
            }
        }
        if all == 0 {
            0.0
        } else {
            f64::from(free) / f64::from(all)
        }
    }

    /// The largest rent `me` could owe on one landing now.
    pub(super) fn worst(&self) -> i64 {
        match self.worst.get() {
            Some(w) => w,
            None => {
                let w = worst_rent(self.game, &self.v, self.me);
                self.worst.set(Some(w));
                w
            }
        }
    }

    /// Cash kept back when spending by choice (buying, building).
    pub(super) fn reserve(&self) -> i64 {
        let worst = self.worst() as f64;
        let r = match self.game.rules().debt {
            // A debt sells lots cheaply at once: keep the worst rent.
            DebtRule::SellCheapest { .. } => 40.0 + worst,
            // A debt can be raised by mortgages and sales: keep part of it.
            // (Measured: 0 to 0.45 of the worst rent play alike; 0.2.)
            DebtRule::RaiseCash => 60.0 + 0.2 * worst,
        };
        r.round() as i64
    }

    /// Whether buying `i` would complete a group of `p`'s.
    fn completes(&self, p: PlayerId, i: usize) -> bool {
        whole_group(self.game, p, i, 1u64 << i) && self.game.board().group_lots_len(i) > 1
    }

    /// Whether an opponent holds every other lot of `i`'s group.
    fn blocks(&self, i: usize) -> bool {
        self.opponents().into_iter().any(|p| self.completes(p, i))
    }
}

trait GroupLen {
    fn group_lots_len(&self, i: usize) -> usize;
}

impl GroupLen for crate::board::Board {
    fn group_lots_len(&self, i: usize) -> usize {
        self.group_of(i).map_or(1, |g| self.group_lots(g).len())
    }
}

/// How much better than the rule of thumb (in share of the assets) a trade offer must play
/// out to be made.
const OFFER_MARGIN: f64 = 0.01;
/// How much better accepting an offer that completes the proposer's group (and none of the
/// expert's) must play out than declining it. (Measured, 400 games each at 200 play-outs:
/// such offers declined outright, 68.8% wins; weighed with this margin, 74.0%.)
const THEIRS_MARGIN: f64 = 0.02;

/// The expert's decision for `me` (who must be the actor): at once when nothing needs
/// weighing, else the candidates to weigh. Without `search`, trades are not looked for
/// (the rule of thumb is taken as it is).
pub(super) fn decide(game: &Game, me: PlayerId, search: bool) -> Decision {
    if game.actor() != Some(me) {
        return Decision::Now(fallback(game, me));
    }
    let view = View::of(game, me, Valuation::of(game));
    let weigh = |candidates: Vec<Action>, margin: f64| {
        if candidates.len() > 1 && search {
            Decision::Weigh {
                candidates,
                margin,
                counter: None,
            }
        } else {
            Decision::Now(
                candidates
                    .into_iter()
                    .next()
                    .unwrap_or_else(|| fallback(game, me)),
            )
        }
    };
    match game.phase() {
        Phase::Roll => {
            let leave = jail(&view);
            if leave.is_none() {
                if let Some(a) = manage(&view) {
                    return Decision::Now(a);
                }
            }
            let stay = leave.is_none();
            let mut candidates = vec![leave.unwrap_or(Action::Roll)];
            if search && stay {
                candidates.extend(trade_offers(&view));
            }
            if game.is_held(me) {
                for a in [Action::Roll, Action::UseJailCard, Action::PayJailFine] {
                    if !candidates.contains(&a) && view.allows(&a) {
                        candidates.push(a);
                    }
                }
            }
            weigh(candidates, OFFER_MARGIN)
        }
        Phase::EndTurn => Decision::Now(manage(&view).unwrap_or(Action::EndTurn)),
        Phase::BuyOrDecline { square } => {
            if !view.allows(&Action::Buy) {
                return Decision::Now(Action::Decline);
            }
            let cheap = buy(&view, square.index());
            let other = if cheap == Action::Buy {
                Action::Decline
            } else {
                Action::Buy
            };
            weigh(vec![cheap, other], 0.0)
        }
        Phase::Auction(a) => {
            let cheap = bid(&view, a);
            let min = Action::Bid {
                amount: a.min_bid(),
            };
            let other = if cheap == Action::PassBid {
                min
            } else {
                Action::PassBid
            };
            if view.allows(&other) {
                weigh(vec![cheap, other], 0.0)
            } else {
                Decision::Now(cheap)
            }
        }
        Phase::PlaceHouse { .. } => Decision::Now(place_house(&view)),
        // A Joker's effects, in the order the board lists them.
        Phase::JokerEffects { .. } => Decision::Now(Action::ApplyJokerEffect { index: 0 }),
        Phase::RaiseCash { .. } => {
            let mut ways = ways_to_raise(&view);
            ways.truncate(3);
            if ways.is_empty() {
                return Decision::Now(fallback(game, me));
            }
            weigh(ways, 0.0)
        }
        Phase::TradeOffer(o) => {
            let accept = Action::AnswerTrade { accept: true };
            let decline = Action::AnswerTrade { accept: false };
            if !view.allows(&accept) {
                return Decision::Now(decline);
            }
            // Completing an opponent's group without completing one of ours is taken
            // only when the play-outs say so by a wider margin.
            let theirs = o
                .take
                .lots
                .iter()
                .any(|l| whole_group_after(game, o.from, &o.take.lots, l.index()));
            let mine = o
                .give
                .lots
                .iter()
                .any(|l| whole_group_after(game, me, &o.give.lots, l.index()));
            if !search {
                return Decision::Now(decline);
            }
            Decision::Weigh {
                candidates: vec![decline, accept],
                margin: if theirs && !mine {
                    THEIRS_MARGIN
                } else {
                    ANSWER_MARGIN
                },
                counter: counter(game, me, o),
            }
        }
        Phase::GameOver => Decision::Now(fallback(game, me)),
    }
}

/// The expert's own seat in its play-outs: its rules of thumb, no search; trades offered
/// as the balanced computer offers them, answered by the balanced computer's valuation
/// but never completing an opponent's group without completing one of its own.
pub(super) struct Rollout {
    v: Arc<Valuation>,
    balanced: Heuristic,
}

impl Rollout {
    pub(super) fn new(game: &Game) -> Rollout {
        Rollout {
            v: Valuation::of(game),
            balanced: Heuristic::balanced(),
        }
    }
}

impl Strategy for Rollout {
    fn name(&self) -> &str {
        "expert"
    }

    fn choose(&self, game: &Game, me: PlayerId) -> Action {
        if game.actor() != Some(me) {
            return fallback(game, me);
        }
        let view = View::of(game, me, self.v.clone());
        match game.phase() {
            Phase::Roll => jail(&view)
                .or_else(|| manage(&view))
                .or_else(|| {
                    let t = game.turn();
                    (game.rules().trades && !t.rolled && t.trade_offers == 0)
                        .then(|| self.balanced.computer_trade_offer(game, me))
                        .flatten()
                })
                .unwrap_or(Action::Roll),
            Phase::EndTurn => manage(&view).unwrap_or(Action::EndTurn),
            Phase::BuyOrDecline { square } => buy(&view, square.index()),
            Phase::Auction(a) => bid(&view, a),
            Phase::PlaceHouse { .. } => place_house(&view),
            Phase::JokerEffects { .. } => Action::ApplyJokerEffect { index: 0 },
            Phase::RaiseCash { .. } => ways_to_raise(&view)
                .into_iter()
                .next()
                .unwrap_or_else(|| fallback(game, me)),
            Phase::TradeOffer(o) => {
                let theirs = o
                    .take
                    .lots
                    .iter()
                    .any(|l| whole_group_after(game, o.from, &o.take.lots, l.index()));
                let mine = o
                    .give
                    .lots
                    .iter()
                    .any(|l| whole_group_after(game, me, &o.give.lots, l.index()));
                let accept = Action::AnswerTrade { accept: true };
                let yes =
                    (mine || !theirs) && why_decline(game, me, o).is_none() && view.allows(&accept);
                Action::AnswerTrade { accept: yes }
            }
            Phase::GameOver => fallback(game, me),
        }
    }
}

/// In jail before rolling: leave early (lots to buy, little to fear), stay late.
fn jail(view: &View) -> Option<Action> {
    let game = view.game;
    if !game.is_held(view.me) {
        return None;
    }
    let threat = valuation::threat(game, &view.v, view.me);
    // Leave while lots are for sale and the rents out there are small.
    let leave = view.unowned_share() > 0.25 || threat < 12.0;
    if !leave {
        return None;
    }
    if view.allows(&Action::UseJailCard) {
        return Some(Action::UseJailCard);
    }
    let fine = game.rules().jail.fine.unwrap_or(0);
    if view.allows(&Action::PayJailFine) && view.cash - fine >= view.reserve() {
        return Some(Action::PayJailFine);
    }
    None
}

fn buy(view: &View, i: usize) -> Action {
    if !view.allows(&Action::Buy) {
        return Action::Decline;
    }
    let price = view.price(i);
    let key = view.completes(view.me, i) || view.blocks(i);
    let left = view.cash - price;
    if key && left >= 0 {
        return Action::Buy;
    }
    // Early, nearly everything pays; later a lot must be worth the cash it ties up.
    if left >= view.reserve() {
        return Action::Buy;
    }
    Action::Decline
}

fn bid(view: &View, a: &crate::game::Auction) -> Action {
    let min = a.min_bid();
    let value = match a.lot {
        Some(l) => {
            let l = l.index();
            let price = view.price(l) as f64;
            let f = if view.completes(view.me, l) {
                2.0
            } else if view.blocks(l) {
                1.5
            } else if whole_group(view.game, view.me, l, 0)
                || view.game.board().group_of(l).is_some_and(|g| {
                    view.game.owned_mask(view.me) & view.game.board().group_mask(g) != 0
                })
            {
                1.2
            } else {
                1.05
            };
            (price * f) as i64
        }
        None => {
            // A house in a shortage: worth it when we can place it.
            let can_place = view
                .game
                .owned_lots(view.me)
                .any(|l| view.game.check_build(view.me, l, true).is_ok());
            if can_place {
                a.minimum * 2
            } else {
                0
            }
        }
    };
    let limit = value.min(view.cash - view.reserve() / 2);
    if min <= limit && view.allows(&Action::Bid { amount: min }) {
        Action::Bid { amount: min }
    } else {
        Action::PassBid
    }
}

/// Rent gained per turn by one more building on `l` (per unit of cost).
fn build_gain(view: &View, l: usize, level: u8) -> f64 {
    let g = view.game;
    let same = same_kind_count(g, &view.v, view.me, l, 0);
    let now = rent_at(g, &view.v, l, same, true, level);
    let next = rent_at(g, &view.v, l, same, true, level + 1);
    let cost = g.board().next_building_cost(l, level).unwrap_or(1).max(1) as f64;
    view.v.stops[l] * (next - now) / cost
}

/// On the player's own turn: build, mortgage idle lots to build, lift mortgages.
fn manage(view: &View) -> Option<Action> {
    let game = view.game;
    let me = view.me;
    let board = game.board();
    let reserve = view.reserve();
    // The best building, by rent gained per cost.
    let mut best: Option<(f64, usize, i64)> = None;
    let mut wanted: Option<(f64, usize, i64)> = None;
    let shortage = game.bank_houses() <= 8;
    for l in game.owned_lots(me) {
        let Some(cost) = board.square(l).house_cost() else {
            continue;
        };
        if !game.owns_whole_group(me, l) {
            continue;
        }
        let level = game.square(l).buildings.level();
        if level >= 5 || (level == 4 && shortage) {
            continue;
        }
        let gain = build_gain(view, l, level) * if level < 3 { 1.5 } else { 1.0 };
        let ok = game.check_build(me, l, false);
        if ok.is_ok() {
            if best.is_none_or(|(b, _, _)| gain > b) {
                best = Some((gain, l, cost));
            }
        } else if level < 3
            && matches!(
                ok,
                Err(crate::refusal::Refusal::CannotBuild {
                    why: crate::refusal::BuildWhy::CannotPay { .. },
                    ..
                })
            )
            && wanted.is_none_or(|(b, _, _)| gain > b)
        {
            wanted = Some((gain, l, cost));
        }
    }
    if let Some((_, l, cost)) = best {
        if view.cash - cost >= reserve {
            return Some(Action::Build {
                square: SquareId(l),
            });
        }
        if level_of(game, l) < 3 && wanted.is_none() {
            wanted = best;
        }
    }
    // Mortgage lots that earn little to pay for houses below three.
    if let Some((_, _, cost)) = wanted {
        let idle = idle_lots(view);
        let raisable: i64 = idle.iter().map(|&(_, _, mv)| mv).sum();
        if view.cash + raisable - cost >= reserve {
            if let Some(&(_, l, _)) = idle.first() {
                return Some(Action::Mortgage {
                    square: SquareId(l),
                });
            }
        }
    }
    // Lift mortgages: first those that stop a group being built, then the best earners.
    if best.is_none() && wanted.is_none() {
        let mut lift: Option<(f64, usize)> = None;
        let mut m = game.owned_mask(me) & game.mortgaged_mask();
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            if game.check_unmortgage(me, l).is_err() {
                continue;
            }
            let cost = game.unmortgage_cost(l);
            if view.cash - cost < 2 * reserve + 50 {
                continue;
            }
            let mut worth = view.v.stops[l]
                * rent_at(
                    game,
                    &view.v,
                    l,
                    same_kind_count(game, &view.v, me, l, 0),
                    whole_group(game, me, l, 0),
                    0,
                );
            if whole_group(game, me, l, 0) && board.square(l).house_cost().is_some() {
                worth += 100.0;
            }
            if lift.is_none_or(|(w, _)| worth > w) {
                lift = Some((worth, l));
            }
        }
        if let Some((_, l)) = lift {
            return Some(Action::Unmortgage {
                square: SquareId(l),
            });
        }
    }
    None
}

fn level_of(game: &Game, l: usize) -> u8 {
    game.square(l).buildings.level()
}

/// Unmortgaged lots outside whole groups that may be mortgaged: (income per mortgage
/// value, lot, mortgage value), the idlest first.
fn idle_lots(view: &View) -> Vec<(f64, usize, i64)> {
    let game = view.game;
    let mut out: Vec<(f64, usize, i64)> = game
        .owned_lots(view.me)
        .filter(|&l| !game.square(l).mortgaged && !whole_group(game, view.me, l, 0))
        .filter(|&l| game.check_mortgage(view.me, l).is_ok())
        .map(|l| {
            let mv = game.rules().mortgage_value(view.price(l)).max(1);
            (income_of(game, &view.v, view.me, l) / mv as f64, l, mv)
        })
        .collect();
    crate::sorting::sort_by(&mut out, |a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    out
}

fn place_house(view: &View) -> Action {
    let game = view.game;
    let mut best: Option<(f64, usize)> = None;
    for l in game.owned_lots(view.me) {
        if game.check_build(view.me, l, true).is_ok() {
            let gain = build_gain(view, l, level_of(game, l));
            if best.is_none_or(|(b, _)| gain > b) {
                best = Some((gain, l));
            }
        }
    }
    match best {
        Some((_, l)) => Action::Build {
            square: SquareId(l),
        },
        None => fallback(game, view.me),
    }
}

/// The ways to raise cash, the one that costs the least rent per unit raised first.
fn ways_to_raise(view: &View) -> Vec<Action> {
    let game = view.game;
    let me = view.me;
    let rules = game.rules();
    let horizon = 25.0;
    let mut ways: Vec<(f64, Action)> = Vec::new();
    let mut consider = |loss: f64, gain: i64, a: Action| {
        if gain > 0 {
            ways.push((loss / gain as f64, a));
        }
    };
    for l in game.owned_lots(me) {
        let s = game.square(l);
        let sq = game.board().square(l);
        let level = s.buildings.level();
        if !s.mortgaged && game.check_mortgage(me, l).is_ok() {
            let mv = rules.mortgage_value(sq.price().unwrap_or(0));
            let loss = income_of(game, &view.v, me, l) * horizon + 0.1 * mv as f64;
            consider(
                loss,
                mv,
                Action::Mortgage {
                    square: SquareId(l),
                },
            );
        }
        if level > 0 {
            let cost = game.board().top_building_cost(l, level);
            let refund = rules.building_refund(cost);
            let same = same_kind_count(game, &view.v, me, l, 0);
            let drop = rent_at(game, &view.v, l, same, true, level)
                - rent_at(game, &view.v, l, same, true, level - 1);
            let loss = view.v.stops[l] * drop * horizon + (cost - refund) as f64;
            if game.check_sell(me, l).is_ok() {
                consider(
                    loss,
                    refund,
                    Action::SellBuilding {
                        square: SquareId(l),
                    },
                );
            } else if game.check_sell_all(me, l).is_ok() {
                consider(
                    loss * 3.0,
                    refund,
                    Action::SellAllBuildings {
                        square: SquareId(l),
                    },
                );
            }
        }
    }
    // Stable: equal costs keep the board's order.
    crate::sorting::sort_by(&mut ways, |a, b| a.0.total_cmp(&b.0));
    ways.into_iter().map(|(_, a)| a).collect()
}
