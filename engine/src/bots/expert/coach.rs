//! The coach: what the expert would do in a person's place, and why, in one sentence with
//! the numbers that decide it ("Buy: with Oriental Avenue you would hold 2 of 3 Light Blue
//! lots; you keep $1,400 for rent"); and, once a game is played, the person's turning points:
//! the decisions the expert's play-outs rate as costing the most.
//!
//! Both think in slices as the expert does ([`HintThinking::step`],
//! [`TurningPointsThinking::step`] take work units, one unit one play-out), and both use
//! only what the person may know: the play-outs reshuffle the unseen cards and roll their
//! own dice, so a table's public game gives the same advice as the full one.

use super::search::{models, playout, stripped};
use super::{Budget, ExpertThinking};
use crate::action::{Action, PlayerId, SquareId, TradeOffer};
use crate::game::{Game, Phase};

/// The expert's advice for one decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// What the expert would do.
    pub action: Action,
    /// Why, in one sentence that starts with the advice ("Buy: …").
    pub sentence: String,
}

/// Thinking about a hint, in slices: make it when the person must decide, call
/// [`HintThinking::step`] with the same game until it returns the hint.
pub struct HintThinking {
    me: PlayerId,
    thinking: ExpertThinking,
}

/// How hard the coach thinks about a hint: the expert's own search with fewer play-outs
/// and a shorter look ahead, so the advice comes within a second on a phone (the page may
/// also stop it sooner, [`HintThinking::conclude`]).
pub const HINT_BUDGET: Budget = Budget {
    playouts: 400,
    horizon: 25,
};

impl HintThinking {
    /// Starts thinking about what `me` should do in `game` (whose actor `me` must be).
    pub fn new(game: &Game, me: PlayerId) -> HintThinking {
        HintThinking {
            me,
            thinking: ExpertThinking::with_budget(game, me, HINT_BUDGET),
        }
    }

    /// Work units still to do (an estimate for a progress line).
    pub fn remaining(&self) -> u32 {
        self.thinking.remaining()
    }

    /// Does at most `work` play-outs; the hint once the thinking is done.
    pub fn step(&mut self, game: &Game, work: u32) -> Option<Hint> {
        let action = self.thinking.step(game, work)?;
        Some(Hint {
            sentence: advice_by(game, self.me, &action, self.thinking.edge()),
            action,
        })
    }

    /// Stops thinking: the hint by the play-outs done so far.
    pub fn conclude(&mut self, game: &Game) -> Hint {
        let action = self.thinking.conclude(game);
        Hint {
            sentence: advice_by(game, self.me, &action, self.thinking.edge()),
            action,
        }
    }
}

/// A hint at once (natively, for tests and the CLI).
pub fn hint(game: &Game, me: PlayerId) -> Hint {
    let mut t = HintThinking::new(game, me);
    loop {
        if let Some(h) = t.step(game, u32::MAX) {
            return h;
        }
    }
}

fn name(game: &Game, l: SquareId) -> String {
    game.board()
        .squares()
        .get(l.index())
        .map_or_else(|| "?".to_string(), |s| s.name.clone())
}

/// "2 of 3 Light Blue lots" / "the whole Light Blue group" after `me` gets `extra`.
fn holding(game: &Game, me: PlayerId, l: SquareId, extra: &[SquareId]) -> Option<String> {
    let b = game.board();
    let g = b.group_of(l.index())?;
    let lots = b.group_lots(g);
    let held = lots
        .iter()
        .filter(|&&x| game.square(x).owner == Some(me) || extra.iter().any(|e| e.index() == x))
        .count();
    let group = &b.groups().get(g)?.name;
    Some(if held == lots.len() {
        format!("the whole {group} group")
    } else {
        format!("{held} of {} {group} lots", lots.len())
    })
}

/// A decision in a few words, as the person would say they took it ("Bought Baltic Avenue"
/// reads as "Buy Baltic Avenue" here: the advice's verb).
pub fn in_words(game: &Game, action: &Action) -> String {
    let m = |a: i64| game.board().money_words(a);
    match action {
        Action::Buy => match game.phase() {
            Phase::BuyOrDecline { square } => format!("Buy {}", name(game, *square)),
            _ => "Buy".into(),
        },
        Action::Decline => match game.phase() {
            Phase::BuyOrDecline { square } => {
                format!("Let {} go to auction", name(game, *square))
            }
            _ => "Decline".into(),
        },
        Action::Bid { amount } => match game.phase() {
            Phase::Auction(a) => format!(
                "Bid {} for {}",
                m(*amount),
                a.lot
                    .map_or_else(|| "the house".to_string(), |l| name(game, l))
            ),
            _ => format!("Bid {}", m(*amount)),
        },
        Action::PassBid => match game.phase() {
            Phase::Auction(a) => format!(
                "Pass in the auction of {}",
                a.lot
                    .map_or_else(|| "the house".to_string(), |l| name(game, l))
            ),
            _ => "Pass in the auction".into(),
        },
        Action::Build { square } => format!("Build on {}", name(game, *square)),
        Action::SellBuilding { square } => format!("Sell a building on {}", name(game, *square)),
        Action::SellAllBuildings { square } => {
            format!("Sell every building of {}'s group", name(game, *square))
        }
        Action::Mortgage { square } => format!("Mortgage {}", name(game, *square)),
        Action::Unmortgage { square } => {
            format!("Lift the mortgage on {}", name(game, *square))
        }
        Action::SellLotToBank { square } => {
            format!("Sell {} to the bank", name(game, *square))
        }
        Action::ProposeTrade { to, give, take } => {
            let me = game.actor().unwrap_or_else(|| game.current_player());
            let offer = TradeOffer {
                from: me,
                to: *to,
                give: give.clone(),
                take: take.clone(),
            };
            format!(
                "Offer {} a trade ({})",
                game.player(*to).name,
                game.offered_sentence(&offer)
            )
        }
        Action::AnswerTrade { accept } => {
            let from = match game.phase() {
                Phase::TradeOffer(o) => game.player(o.from).name.clone(),
                _ => "the".into(),
            };
            if *accept {
                format!("Accept {from}'s trade")
            } else {
                format!("Decline {from}'s trade")
            }
        }
        Action::ApplyJokerEffect { index } => match game.phase() {
            Phase::JokerEffects { remaining, .. } => remaining
                .get(*index)
                .map_or_else(|| "Apply the Joker".into(), |s| game.joker_step_label(s)),
            _ => "Apply the Joker".into(),
        },
        Action::PayJailFine => "Pay the jail fine".into(),
        Action::UseJailCard => "Use the Get Out of Jail Free card".into(),
        Action::Roll => "Roll the dice".into(),
        Action::EndTurn => "End the turn".into(),
        Action::DeclareBankruptcy => "Declare bankruptcy".into(),
        Action::Resign { .. } => "Resign".into(),
    }
}

/// The advice in one sentence with the numbers that decide it.
pub fn advice(game: &Game, me: PlayerId, action: &Action) -> String {
    advice_by(game, me, action, None)
}

/// "about 4 points of your chances": how much better the play-outs rate the advice than
/// the next best choice, when they weighed it and it is at least half a point.
fn by_playouts(edge: Option<f64>) -> Option<String> {
    let points = (edge? * 100.0).round();
    (points >= 1.0).then(|| format!("about {points} points of your chances"))
}

/// [`advice`], with what the play-outs said of the choice (`edge`: how much better they
/// rate it than the next best, as a share of the table's wealth a few dozen rounds on).
fn advice_by(game: &Game, me: PlayerId, action: &Action, edge: Option<f64>) -> String {
    let m = |a: i64| game.board().money_words(a);
    let cash = game.player(me).cash;
    let v = super::valuation::Valuation::of(game);
    let worst = super::valuation::worst_rent(game, &v, me);
    match (action, game.phase()) {
        (Action::Buy, Phase::BuyOrDecline { square }) => {
            let price = game.board().square(square.index()).price().unwrap_or(0);
            let lot = name(game, *square);
            match holding(game, me, *square, &[*square]) {
                Some(h) => format!(
                    "Buy: with {lot} you would hold {h}; you keep {} for rent",
                    m(cash - price)
                ),
                None => format!(
                    "Buy: {lot} costs {} and you keep {} for rent",
                    m(price),
                    m(cash - price)
                ),
            }
        }
        (Action::Decline, Phase::BuyOrDecline { square }) => {
            let price = game.board().square(square.index()).price().unwrap_or(0);
            format!(
                "Let it go to auction: {} for {} would leave you {}, and a rent of up to {} may be due on the board now",
                name(game, *square),
                m(price),
                m(cash - price),
                m(worst)
            )
        }
        (Action::Bid { amount }, Phase::Auction(a)) => {
            let lot = a.lot.map_or_else(|| "the house".to_string(), |l| name(game, l));
            let why = a
                .lot
                .and_then(|l| holding(game, me, l, &[l]))
                .map(|h| format!("with it you would hold {h}"))
                .unwrap_or_else(|| "it earns its price back in rent".into());
            format!(
                "Bid {}: {lot} is worth more than that to you ({why}); you keep {}",
                m(*amount),
                m(cash - amount)
            )
        }
        (Action::PassBid, Phase::Auction(a)) => {
            let lot = a.lot.map_or_else(|| "the house".to_string(), |l| name(game, l));
            format!(
                "Pass: {lot} is not worth more than {} to you now; you keep your {}",
                m(a.high_bid.max(a.min_bid() - 1)),
                m(cash)
            )
        }
        (Action::AnswerTrade { accept }, Phase::TradeOffer(o)) => {
            let get = crate::bots::side_value(game, &o.give);
            let give = crate::bots::side_value(game, &o.take);
            let completes = o
                .give
                .lots
                .first()
                .and_then(|&l| holding(game, me, l, &o.give.lots))
                .filter(|h| h.starts_with("the whole"));
            let edge = by_playouts(edge);
            if *accept {
                let favour = match &edge {
                    Some(e) => format!("the play-outs favour it by {e}"),
                    None => "the play-outs favour it".to_string(),
                };
                match completes {
                    Some(h) => format!(
                        "Accept: you would hold {h}, for {} of yours{}",
                        m(give),
                        edge.map(|_| format!("; {favour}")).unwrap_or_default()
                    ),
                    None => format!(
                        "Accept: you get {} for {}, and {favour}",
                        m(get),
                        m(give)
                    ),
                }
            } else {
                let costs = edge
                    .map(|e| format!("; by the play-outs, accepting would cost you {e}"))
                    .unwrap_or_default();
                let theirs = o
                    .take
                    .lots
                    .first()
                    .and_then(|&l| holding(game, o.from, l, &o.take.lots))
                    .filter(|h| h.starts_with("the whole"));
                match theirs {
                    Some(h) => format!(
                        "Decline: {} would hold {h}, and {} is less than that is worth to them{costs}",
                        game.player(o.from).name,
                        m(get)
                    ),
                    None => format!(
                        "Decline: you would get {} for {} of yours{costs}",
                        m(get),
                        m(give)
                    ),
                }
            }
        }
        (Action::ProposeTrade { to, give, take }, _) => {
            let offer = TradeOffer {
                from: me,
                to: *to,
                give: give.clone(),
                take: take.clone(),
            };
            let gets = take
                .lots
                .first()
                .and_then(|&l| holding(game, me, l, &take.lots))
                .map(|h| format!(": you would hold {h}"))
                .unwrap_or_default();
            let better = by_playouts(edge)
                .map(|e| format!("; by the play-outs, {e} better than not trading"))
                .unwrap_or_default();
            format!(
                "Offer {} a trade{gets}. {}{better}",
                game.player(*to).name,
                game.offered_sentence(&offer)
            )
        }
        (Action::Build { square }, _) => {
            let cost = game.next_building_cost(square.index()).unwrap_or(0);
            let before = game.rent_for(square.index(), 7);
            let mut after = game.clone();
            let rent_after = if after.apply_quietly(action.clone()) {
                after.rent_for(square.index(), 7)
            } else {
                before
            };
            format!(
                "Build on {}: its rent goes from {} to {}; you keep {}",
                name(game, *square),
                m(before),
                m(rent_after),
                m(cash - cost)
            )
        }
        (Action::Mortgage { square }, phase) => {
            let price = game.board().square(square.index()).price().unwrap_or(0);
            let raised = game.rules().mortgage_value(price);
            let need = match phase {
                Phase::RaiseCash { amount, .. } => format!(" toward the {} you owe", m(*amount)),
                _ => String::new(),
            };
            format!(
                "Mortgage {}: it raises {}{need} and earns the least of what you could mortgage",
                name(game, *square),
                m(raised)
            )
        }
        (Action::SellBuilding { square } | Action::SellAllBuildings { square }, phase) => {
            let need = match phase {
                Phase::RaiseCash { amount, .. } => format!(" to pay the {} you owe", m(*amount)),
                _ => String::new(),
            };
            format!(
                "Sell on {}{need}: nothing left to mortgage costs you less",
                name(game, *square)
            )
        }
        (Action::Unmortgage { square }, _) => format!(
            "Lift the mortgage on {} for {}: it earns rent again, and you keep {}",
            name(game, *square),
            m(game.unmortgage_cost(square.index())),
            m(cash - game.unmortgage_cost(square.index()))
        ),
        (Action::PayJailFine, _) => {
            let fine = game.rules().jail.fine.unwrap_or(0);
            format!(
                "Pay the fine: {} now, and you move on while lots are still for sale; you keep {}",
                m(fine),
                m(cash - fine)
            )
        }
        (Action::UseJailCard, _) => format!(
            "Use your Get Out of Jail Free card: it saves the {} fine",
            m(game.rules().jail.fine.unwrap_or(0))
        ),
        (Action::Roll, _) if game.player(me).in_jail => format!(
            "Roll for doubles: waiting in jail is safe while a rent of up to {} may be due out there",
            m(worst)
        ),
        (Action::Roll, _) => format!(
            "Roll the dice: nothing is worth building, mortgaging or trading first; you keep {}",
            m(cash)
        ),
        (Action::EndTurn, _) => format!(
            "End the turn: nothing is worth building or trading now; you keep {} against a rent of up to {}",
            m(cash),
            m(worst)
        ),
        (Action::DeclareBankruptcy, Phase::RaiseCash { amount, .. }) => format!(
            "Declare bankruptcy: selling and mortgaging everything raises {}, less than the {} you owe",
            m(game.most_cash_raisable(me)),
            m(*amount)
        ),
        (Action::ApplyJokerEffect { .. }, Phase::JokerEffects { remaining, .. }) => {
            if remaining.len() > 1 {
                format!(
                    "{} first: the expert applies a Joker's effects in the order the board lists them",
                    in_words(game, action)
                )
            } else {
                format!("{}: the Joker's last effect", in_words(game, action))
            }
        }
        (other, _) => format!("{}: the play-outs favour it", in_words(game, other)),
    }
}

/// One of a person's costly decisions.
#[derive(Debug, Clone, PartialEq)]
pub struct TurningPoint {
    /// The action's number in the game's history (0-based).
    pub index: usize,
    /// The round it was taken in.
    pub round: u32,
    /// What the person did, and what the expert would have done.
    pub taken: Action,
    pub better: Action,
    /// Both in a few words ("Let Baltic Avenue go to auction", "Buy Baltic Avenue").
    pub taken_words: String,
    pub better_words: String,
    /// The play-outs' estimate of what it cost: the person's share of the table's assets
    /// some rounds on (1 for a win), the expert's choice less theirs.
    pub cost: f64,
}

/// How hard the coach looks at each decision for turning points: the expert's search for
/// its own choice, then the play-outs comparing it with the person's.
const POINT_SEARCH: u32 = 40;
const POINT_PLAYOUTS: u32 = 10;
const POINT_HORIZON: u32 = 20;
/// Decisions looked at, at most (the latest ones first when there are more).
const MAX_POINTS: usize = 60;
/// A difference smaller than this is noise, not a turning point.
const LEAST_COST: f64 = 0.015;

struct Point {
    index: usize,
    round: u32,
    base: Game,
    taken: Action,
    taken_words: String,
    better: Option<(Action, String)>,
    /// The expert's own thinking about this decision, until it has chosen.
    thinking: Option<ExpertThinking>,
    totals: [f64; 2],
    done: u32,
}

/// Finding a person's turning points in a played game, in slices.
pub struct TurningPointsThinking {
    person: PlayerId,
    points: Vec<Point>,
    next: usize,
}

/// Whether a decision is one a person weighs (not a forced move, not a roll or the end of a
/// turn with nothing else to do).
fn weighed(game: &Game, action: &Action) -> bool {
    let choices = game.legal_actions().len();
    choices > 1
        && !matches!(action, Action::Resign { .. })
        && (matches!(
            game.phase(),
            Phase::BuyOrDecline { .. }
                | Phase::Auction(_)
                | Phase::TradeOffer(_)
                | Phase::RaiseCash { .. }
        ) || game.player(game.current_player()).in_jail
            || matches!(
                action,
                Action::Build { .. }
                    | Action::Mortgage { .. }
                    | Action::Unmortgage { .. }
                    | Action::ProposeTrade { .. }
                    | Action::SellBuilding { .. }
            ))
}

impl TurningPointsThinking {
    /// Looks at `person`'s decisions in `game` (the full game, or a table's public copy,
    /// rebuilt from its log). `None` when the history does not replay.
    pub fn new(game: &Game, person: PlayerId) -> Option<TurningPointsThinking> {
        // A table's public copy is rebuilt from the dice and cards its log shows.
        let game = &game.replayable()?;
        let mut g = Game::new(game.setup().clone()).ok()?;
        let mut points = Vec::new();
        for (index, action) in game.history().iter().enumerate() {
            if g.actor() == Some(person) && weighed(&g, action) {
                points.push(Point {
                    index,
                    round: g.round(),
                    base: stripped(&g),
                    taken: action.clone(),
                    taken_words: in_words(&g, action),
                    better: None,
                    thinking: Some(ExpertThinking::with_budget(
                        &g,
                        person,
                        Budget {
                            playouts: POINT_SEARCH,
                            horizon: POINT_HORIZON,
                        },
                    )),
                    totals: [0.0; 2],
                    done: 0,
                });
            }
            if !g.apply_quietly(action.clone()) {
                return None;
            }
        }
        if points.len() > MAX_POINTS {
            points.drain(..points.len() - MAX_POINTS);
        }
        Some(TurningPointsThinking {
            person,
            points,
            next: 0,
        })
    }

    /// Decisions still to look at.
    pub fn left(&self) -> usize {
        self.points.len() - self.next
    }

    /// Does at most `work` units (play-outs); the turning points, costliest first (three at
    /// most), once every decision is looked at.
    pub fn step(&mut self, work: u32) -> Option<Vec<TurningPoint>> {
        let mut left = work.max(1);
        let me = self.person;
        while self.next < self.points.len() && left > 0 {
            let i = self.next;
            let p = &mut self.points[i];
            if let Some(t) = p.thinking.as_mut() {
                let before = t.remaining();
                let chosen = t.step(&p.base, left);
                let used = before.saturating_sub(t.remaining()).max(1);
                left = left.saturating_sub(used);
                let Some(a) = chosen else { continue };
                let p = &mut self.points[i];
                p.thinking = None;
                // The same choice, or a bid of another amount (the expert bids up to what a
                // lot is worth to it; a few dollars either way is no turning point).
                let both_bids = matches!((&a, &p.taken), (Action::Bid { .. }, Action::Bid { .. }));
                if a == p.taken || both_bids {
                    self.next += 1;
                    continue;
                }
                let words = in_words(&p.base, &a);
                p.better = Some((a, words));
            }
            let p = &mut self.points[i];
            let Some((better, _)) = p.better.clone() else {
                self.next += 1;
                continue;
            };
            let models = models(&p.base, me);
            while p.done < 2 * POINT_PLAYOUTS && left > 0 {
                let k = p.done / 2;
                let which = (p.done % 2) as usize;
                let first = if which == 0 { &better } else { &p.taken };
                // The same seeds for both: the difference is the decision's, not the dice's.
                let seed = 0x7E57_0000 ^ ((p.index as u64) << 16) ^ u64::from(k);
                p.totals[which] += playout(&p.base, first, me, seed, POINT_HORIZON, &models);
                p.done += 1;
                left -= 1;
            }
            if p.done >= 2 * POINT_PLAYOUTS {
                self.next += 1;
            }
        }
        if self.next < self.points.len() {
            return None;
        }
        let per = f64::from(POINT_PLAYOUTS);
        let mut out: Vec<TurningPoint> = self
            .points
            .iter()
            .filter_map(|p| {
                let (better, better_words) = p.better.clone()?;
                let cost = (p.totals[0] - p.totals[1]) / per;
                (cost >= LEAST_COST).then(|| TurningPoint {
                    index: p.index,
                    round: p.round,
                    taken: p.taken.clone(),
                    better,
                    taken_words: p.taken_words.clone(),
                    better_words,
                    cost,
                })
            })
            .collect();
        crate::sorting::sort_by(&mut out, |a, b| {
            b.cost.total_cmp(&a.cost).then(a.index.cmp(&b.index))
        });
        out.truncate(3);
        Some(out)
    }
}

/// A person's turning points at once (natively, for tests and the CLI).
pub fn turning_points(game: &Game, person: PlayerId) -> Option<Vec<TurningPoint>> {
    let mut t = TurningPointsThinking::new(game, person)?;
    loop {
        if let Some(points) = t.step(u32::MAX) {
            return Some(points);
        }
    }
}
