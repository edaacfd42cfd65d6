//! The expert computer player ("expert"): plays to win.
//!
//! Most decisions are cheap: a valuation of every lot from the exact landing probabilities
//! of the board being played ([`valuation`], solved once per board and cached), the cash it
//! may need against the opponents' rents, and rules of thumb measured against the other
//! bots (buy nearly everything, build to three houses fast, mortgage idle lots to build,
//! stay in jail once the board is dangerous, raise cash where it costs the least rent).
//! Decisions that matter more (answering a trade, proposing one) are weighed by play-outs:
//! each candidate is played on from the position many times (the other seats by a model of
//! their own strategy, every seat afterwards by the balanced heuristic) for a few dozen
//! rounds, scored by the expert's share of the assets, with the same dice for every
//! candidate (common random numbers).
//!
//! The thinking runs in slices for the browser ([`ExpertThinking::step`]); [`Expert`]'s
//! `choose` runs it to the end. Everything is deterministic: the play-outs' dice are
//! seeded from the game's seed and the number of actions so far, never from the clock.
//! The action returned is always one [`Game::check`] accepts: anything else falls back to
//! the balanced heuristic's choice.

pub mod coach;
pub mod valuation;

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{Heuristic, RandomPlayer, Strategy};
use crate::action::{Action, PlayerId, SquareId, TradeSide};
use crate::game::{ComputerStrategy, Game, Phase, SeatKind};
use crate::rules::DebtRule;

use valuation::{
    group_potential, income_of, rent_at, same_kind_count, whole_group, worst_rent, Valuation,
};

/// Play-outs per candidate decision by default.
pub const DEFAULT_PLAYOUTS: u32 = 16;
/// Rounds a play-out looks ahead by default.
pub const DEFAULT_HORIZON: u32 = 30;

/// How hard the expert thinks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Play-outs per candidate of a weighed decision (0: never play out, rules of thumb
    /// only).
    pub playouts: u32,
    /// Rounds each play-out looks ahead.
    pub horizon: u32,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            playouts: DEFAULT_PLAYOUTS,
            horizon: DEFAULT_HORIZON,
        }
    }
}

/// The expert computer player.
#[derive(Debug, Clone, Default)]
pub struct Expert {
    pub budget: Budget,
}

impl Expert {
    pub fn with_budget(budget: Budget) -> Expert {
        Expert { budget }
    }
}

impl Strategy for Expert {
    fn name(&self) -> &str {
        "expert"
    }

    fn choose(&self, game: &Game, me: PlayerId) -> Action {
        let mut t = ExpertThinking::with_budget(game, me, self.budget);
        loop {
            if let Some(a) = t.step(game, u32::MAX) {
                return a;
            }
        }
    }
}

/// The expert's thinking about one decision, done in slices: make it with
/// [`ExpertThinking::new`] when the expert is to act, call [`ExpertThinking::step`] with
/// the same game and a number of work units (one unit is one play-out, about 20 to 100
/// microseconds natively) until it returns the action. A decision that needs no play-out
/// is returned by the first step.
pub struct ExpertThinking {
    me: PlayerId,
    budget: Budget,
    stage: Stage,
}

enum Stage {
    /// The decision is made.
    Done(Action),
    /// Candidates (the first is the cheap choice) weighed by play-outs.
    Weighing(Box<Weighing>),
}

struct Weighing {
    /// The position with its log and history dropped (cheap to clone).
    base: Game,
    candidates: Vec<Action>,
    totals: Vec<f64>,
    /// Play-outs done, over all candidates (play-out `k` of candidate `c` is number
    /// `k * candidates + c`).
    done: u32,
    per_candidate: u32,
    /// How much better than the cheap choice (in share of assets) another candidate must
    /// be to be chosen.
    margin: f64,
    seed: u64,
    /// When the cheap choice (declining an offer) wins: the counter-offer to weigh next.
    counter: Option<Box<Counter>>,
    /// When the second candidate wins, the action to take instead (the counter-offer whose
    /// acceptance the second candidate stands for).
    instead: Option<Action>,
}

/// A counter-offer to a person's offer, weighed as the expert's answer to it were the person
/// to offer it: made only when the expert would accept it.
struct Counter {
    /// The counter-offer, in the game being played.
    offer: Action,
    /// The position where the person offered it instead (log and history dropped).
    base: Game,
}

impl Weighing {
    fn new(
        base: Game,
        candidates: Vec<Action>,
        margin: f64,
        seed: u64,
        budget: Budget,
        counter: Option<Box<Counter>>,
    ) -> Weighing {
        Weighing {
            base,
            totals: vec![0.0; candidates.len()],
            candidates,
            done: 0,
            per_candidate: budget.playouts,
            margin,
            seed,
            counter,
            instead: None,
        }
    }

    /// Weighs declining against accepting the counter-offer as the person's offer.
    fn of_counter(counter: Counter, seed: u64, budget: Budget) -> Weighing {
        let mut w = Weighing::new(
            counter.base,
            vec![
                Action::AnswerTrade { accept: false },
                Action::AnswerTrade { accept: true },
            ],
            ANSWER_MARGIN,
            mix(seed, 0xC0),
            budget,
            None,
        );
        w.instead = Some(counter.offer);
        w
    }
}

/// How much better accepting an offer must play out than declining it.
const ANSWER_MARGIN: f64 = 0.005;

impl ExpertThinking {
    /// Starts thinking about `me`'s decision in `game` with the default budget.
    pub fn new(game: &Game, me: PlayerId) -> ExpertThinking {
        ExpertThinking::with_budget(game, me, Budget::default())
    }

    pub fn with_budget(game: &Game, me: PlayerId, budget: Budget) -> ExpertThinking {
        let seed = mix(
            public_seed(game),
            (game.history().len() as u64) << 8 | me.index() as u64,
        );
        let stage = match decide(game, me, budget) {
            Decision::Now(a) => Stage::Done(a),
            Decision::Weigh {
                candidates,
                margin,
                counter,
            } if budget.playouts > 0 && candidates.len() > 1 => Stage::Weighing(Box::new(
                Weighing::new(stripped(game), candidates, margin, seed, budget, counter),
            )),
            Decision::Weigh {
                counter: Some(counter),
                ..
            } if budget.playouts > 0 => {
                Stage::Weighing(Box::new(Weighing::of_counter(*counter, seed, budget)))
            }
            Decision::Weigh { candidates, .. } => Stage::Done(
                candidates
                    .into_iter()
                    .next()
                    .unwrap_or_else(|| fallback(game, me)),
            ),
        };
        ExpertThinking { me, budget, stage }
    }

    /// Work units (play-outs) still to do.
    pub fn remaining(&self) -> u32 {
        match &self.stage {
            Stage::Done(_) => 0,
            Stage::Weighing(w) => {
                let next = if w.counter.is_some() {
                    2 * w.per_candidate
                } else {
                    0
                };
                w.per_candidate * w.candidates.len() as u32 - w.done + next
            }
        }
    }

    /// Does at most `work` play-outs; returns the action once the thinking is done (a legal
    /// action of `game`, which must be the game the thinking started from).
    pub fn step(&mut self, game: &Game, work: u32) -> Option<Action> {
        let mut left = work.max(1);
        while let Stage::Weighing(w) = &mut self.stage {
            let n = w.candidates.len() as u32;
            let total = w.per_candidate * n;
            let models = models(&w.base, self.me);
            while w.done < total && left > 0 {
                let c = (w.done % n) as usize;
                let k = w.done / n;
                let seed = mix(w.seed, u64::from(k));
                w.totals[c] += playout(
                    &w.base,
                    &w.candidates[c],
                    self.me,
                    seed,
                    self.budget.horizon,
                    &models,
                );
                w.done += 1;
                left -= 1;
            }
            if w.done < total {
                return None;
            }
            let mut best = 0;
            for c in 1..w.candidates.len() {
                if w.totals[c] > w.totals[best] {
                    best = c;
                }
            }
            let per = f64::from(w.per_candidate.max(1));
            if best != 0 && (w.totals[best] - w.totals[0]) / per < w.margin {
                best = 0;
            }
            // Declining: weigh the counter-offer next, if there is one.
            if best == 0 {
                if let Some(counter) = w.counter.take() {
                    let next = Weighing::of_counter(*counter, w.seed, self.budget);
                    self.stage = Stage::Weighing(Box::new(next));
                    continue;
                }
            }
            let a = match w.instead.take() {
                Some(instead) if best == 1 => instead,
                _ => w.candidates.swap_remove(best),
            };
            self.stage = Stage::Done(a);
        }
        match &self.stage {
            Stage::Done(a) => Some(if game.allows(a) {
                a.clone()
            } else {
                fallback(game, self.me)
            }),
            Stage::Weighing(_) => None,
        }
    }
}

/// The balanced heuristic's choice if legal, else the first legal action other than
/// resigning.
fn fallback(game: &Game, me: PlayerId) -> Action {
    let a = Heuristic::balanced().choose(game, me);
    if game.allows(&a) {
        return a;
    }
    let legal = game.legal_actions();
    legal
        .iter()
        .find(|a| !matches!(a, Action::Resign { .. }))
        .or(legal.first())
        .cloned()
        .unwrap_or(Action::Resign { player: me })
}

/// A seed for the play-outs from what every player at the table sees (cash, positions,
/// owners, the round), never from the game's own seed or generator: two games that differ
/// only in what is still random get the same play-outs.
fn public_seed(game: &Game) -> u64 {
    let mut h = u64::from(game.round());
    for p in game.players() {
        h = mix(h, p.cash as u64);
        h = mix(h, p.position as u64);
    }
    for (i, s) in game.squares().iter().enumerate() {
        if let Some(owner) = s.owner {
            h = mix(h, (i as u64) << 8 | owner.index() as u64);
        }
    }
    h
}

fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The game without its log and history (nothing in the rules reads them).
fn stripped(game: &Game) -> Game {
    let mut g = game.clone();
    g.log.clear();
    g.history.clear();
    g
}

/// What each seat plays in a play-out: its own strategy, the expert seats (and humans) the
/// balanced heuristic.
fn models(game: &Game, me: PlayerId) -> Vec<Box<dyn Strategy>> {
    game.players()
        .iter()
        .enumerate()
        .map(|(i, p)| -> Box<dyn Strategy> {
            match &p.kind {
                _ if i == me.index() => Box::new(Heuristic::balanced()),
                SeatKind::Computer {
                    strategy: ComputerStrategy::Cautious,
                } => Box::new(Heuristic::cautious()),
                SeatKind::Computer {
                    strategy: ComputerStrategy::Random,
                } => Box::new(RandomPlayer { salt: i as u64 + 1 }),
                _ => Box::new(Heuristic::balanced()),
            }
        })
        .collect()
}

/// Plays `first` then on for `horizon` rounds; the share of the assets `me` ends with (1
/// for a win, 0 when bankrupt).
fn playout(
    base: &Game,
    first: &Action,
    me: PlayerId,
    seed: u64,
    horizon: u32,
    models: &[Box<dyn Strategy>],
) -> f64 {
    let mut g = base.clone();
    // Only what a player at the table knows: the dice to come are this play-out's own, and
    // the cards not yet drawn are shuffled afresh (their real order is nobody's to read).
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Dice fixed in advance (a scenario's, or a rebuilt table copy's, which are the real
    // game's) are nobody's to know either: the play-out rolls its own.
    g.setup.forced_rolls.clear();
    // Shuffled from card order, so the real order (or a table's public copy's) plays no part.
    g.decks.chance.make_contiguous().sort_unstable();
    g.decks.community_chest.make_contiguous().sort_unstable();
    crate::game::shuffle(g.decks.chance.make_contiguous(), &mut rng);
    crate::game::shuffle(g.decks.community_chest.make_contiguous(), &mut rng);
    g.chance = crate::game::Chance::Seeded(rng);
    if !g.apply_quietly(first.clone()) {
        return 0.0;
    }
    let end = base.round().saturating_add(horizon);
    let mut n = 0;
    while n < 20_000 && g.round() < end {
        let Some(p) = g.actor() else { break };
        let a = models[p.index()].choose(&g, p);
        if !g.apply_quietly(a) {
            let Some(f) = g.legal_actions().into_iter().next() else {
                break;
            };
            if !g.apply_quietly(f) {
                break;
            }
        }
        n += 1;
    }
    score(&g, me)
}

/// `me`'s share of the assets of the players still in (1 for a won game, 0 out).
fn score(g: &Game, me: PlayerId) -> f64 {
    if g.player(me).bankrupt {
        return 0.0;
    }
    if g.is_over() {
        if let Some(w) = g.winner() {
            return if w == me { 1.0 } else { 0.0 };
        }
    }
    let mine = g.assets(me).max(0) as f64;
    let all: f64 = g
        .active_players()
        .into_iter()
        .map(|p| g.assets(p).max(0) as f64)
        .sum();
    if all > 0.0 {
        mine / all
    } else {
        0.0
    }
}

enum Decision {
    Now(Action),
    /// Weigh these by play-outs; the first is the choice without them. When the first
    /// (declining an offer) wins, the counter-offer is weighed next.
    Weigh {
        candidates: Vec<Action>,
        margin: f64,
        counter: Option<Box<Counter>>,
    },
}

/// What the expert sees of a position.
struct View<'a> {
    game: &'a Game,
    me: PlayerId,
    v: Arc<Valuation>,
    cash: i64,
    worst: i64,
}

impl View<'_> {
    fn allows(&self, a: &Action) -> bool {
        self.game.allows(a)
    }

    fn price(&self, i: usize) -> i64 {
        self.game.board().square(i).price().unwrap_or(0)
    }

    /// Opponents still in.
    fn opponents(&self) -> Vec<PlayerId> {
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

    /// Cash kept back when spending by choice (buying, building).
    fn reserve(&self) -> i64 {
        let worst = self.worst as f64;
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

fn decide(game: &Game, me: PlayerId, budget: Budget) -> Decision {
    if game.actor() != Some(me) {
        return Decision::Now(fallback(game, me));
    }
    let v = Valuation::of(game);
    let view = View {
        game,
        me,
        cash: game.player(me).cash,
        worst: worst_rent(game, &v, me),
        v,
    };
    match game.phase() {
        Phase::Roll => {
            if let Some(a) = jail(&view) {
                return Decision::Now(a);
            }
            if let Some(a) = manage(&view) {
                return Decision::Now(a);
            }
            if budget.playouts > 0 {
                let offers = trade_offers(&view);
                if !offers.is_empty() {
                    let mut candidates = vec![Action::Roll];
                    candidates.extend(offers);
                    return Decision::Weigh {
                        candidates,
                        margin: 0.01,
                        counter: None,
                    };
                }
            }
            Decision::Now(Action::Roll)
        }
        Phase::EndTurn => Decision::Now(manage(&view).unwrap_or(Action::EndTurn)),
        Phase::BuyOrDecline { square } => Decision::Now(buy(&view, square.index())),
        Phase::Auction(a) => Decision::Now(bid(&view, a)),
        Phase::PlaceHouse { .. } => Decision::Now(place_house(&view)),
        // A Joker's effects, in the order the board lists them.
        Phase::JokerEffects { .. } => Decision::Now(Action::ApplyJokerEffect { index: 0 }),
        Phase::RaiseCash { .. } => Decision::Now(raise_cash(&view)),
        Phase::TradeOffer(o) => {
            let accept = Action::AnswerTrade { accept: true };
            let decline = Action::AnswerTrade { accept: false };
            if !view.allows(&accept) {
                return Decision::Now(decline);
            }
            // Never complete an opponent's group without completing one of ours.
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
            let counter = counter(game, me, o);
            if theirs && !mine {
                return match counter {
                    Some(counter) => Decision::Weigh {
                        candidates: vec![decline],
                        margin: ANSWER_MARGIN,
                        counter: Some(counter),
                    },
                    None => Decision::Now(decline),
                };
            }
            Decision::Weigh {
                candidates: vec![decline, accept],
                margin: ANSWER_MARGIN,
                counter,
            }
        }
        Phase::GameOver => Decision::Now(fallback(game, me)),
    }
}

/// The counter-offer the expert may make to a person's offer it would not accept: the first
/// of the balanced player's [`super::counter_offers`] that the expert's own rule does not
/// refuse outright (never complete their group without completing one of ours) and the
/// rules allow, with the position where the person offered it instead (weighed there
/// before it is made).
fn counter(game: &Game, me: PlayerId, o: &crate::action::TradeOffer) -> Option<Box<Counter>> {
    if !game.may_counter() || !matches!(game.player(o.from).kind, SeatKind::Human) {
        return None;
    }
    super::counter_offers(game, me, o)
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
fn whole_group_after(game: &Game, p: PlayerId, lots: &[SquareId], l: usize) -> bool {
    let b = game.board();
    let Some(g) = b.group_of(l) else { return false };
    if b.group_lots(g).len() < 2 {
        return false;
    }
    let extra = lots.iter().fold(0u64, |m, s| m | 1u64 << s.index());
    whole_group(game, p, l, extra)
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
    let same = same_kind_count(g, view.me, l, 0);
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
                    same_kind_count(game, me, l, 0),
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
    out.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
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

/// Raises cash where it costs the least rent per unit raised.
fn raise_cash(view: &View) -> Action {
    let game = view.game;
    let me = view.me;
    let rules = game.rules();
    let horizon = 25.0;
    let mut best: Option<(f64, Action)> = None;
    let mut consider = |loss: f64, gain: i64, a: Action| {
        if gain <= 0 {
            return;
        }
        let r = loss / gain as f64;
        if best.as_ref().is_none_or(|(b, _)| r < *b) {
            best = Some((r, a));
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
            let same = same_kind_count(game, me, l, 0);
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
    match best {
        Some((_, a)) => a,
        None => fallback(game, me),
    }
}

/// What a group is worth to a player (for pricing trades): its price plus what it earns
/// built.
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

/// Trades that complete one of the expert's groups which the other side would accept: the
/// cheapest cash price, and swaps that complete one of theirs too (with cash either way).
/// At most three, the most promising first.
fn trade_offers(view: &View) -> Vec<Action> {
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
    found.sort_by(|a, b| b.0.total_cmp(&a.0));
    found.truncate(3);
    found.into_iter().map(|(_, a)| a).collect()
}

#[cfg(test)]
mod fairness {
    use super::*;
    use crate::game::{GameSetup, Seat};
    use crate::Preset;

    /// Issue 29: the expert knows only what a player at the table knows. Two games that
    /// differ only in what is still random (the order of the undrawn cards, the generator,
    /// the seed) get the same decision, at every decision of a whole game.
    #[test]
    fn the_expert_decides_the_same_whatever_the_undrawn_cards_and_the_dice_to_come() {
        let seats = vec![
            Seat::computer("Ex", ComputerStrategy::Expert),
            Seat::computer("Ba", ComputerStrategy::Balanced),
            Seat::computer("Ca", ComputerStrategy::Cautious),
        ];
        let mut game =
            Game::new(GameSetup::new(Preset::Classic.board(), seats, 11)).expect("a game");
        let expert = Expert::default();
        let balanced = Heuristic::balanced();
        let mut compared = 0;
        for _ in 0..1_500 {
            let Some(p) = game.actor() else { break };
            let action = if p.index() == 0 {
                let mut other = game.clone();
                other.decks.chance.make_contiguous().reverse();
                other.decks.community_chest.make_contiguous().rotate_left(3);
                other.chance = crate::game::Chance::Seeded(ChaCha8Rng::seed_from_u64(999));
                other.setup.seed ^= 0xdead_beef;
                let a = expert.choose(&game, p);
                assert_eq!(
                    expert.choose(&other, p),
                    a,
                    "decision {compared} depends on a secret"
                );
                compared += 1;
                a
            } else {
                balanced.choose(&game, p)
            };
            if !game.apply_quietly(action) {
                break;
            }
        }
        assert!(compared > 50, "the expert decided {compared} times");
    }
}
