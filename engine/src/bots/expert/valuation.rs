//! What squares are worth to the expert: the landing probability of every square of the
//! board being played (the exact chain, [`Chain`], solved once per board and rule set and
//! cached), the rent each lot earns at each level, and cheap sums over a position (the
//! income a player can expect per opponent turn, the worst rent a player may face).

use std::cell::RefCell;
use std::sync::Arc;

use crate::action::PlayerId;
use crate::board::{Board, SquareKind};
use crate::game::Game;
use crate::movement::exact::Chain;
use crate::movement::JailStrategy;
use crate::rules::{RentModel, RuleSet};

/// Per board and rule set: what each square earns.
#[derive(Debug, Clone)]
pub struct Valuation {
    /// Expected stops on each square per turn of one player (exact chain, landings).
    pub stops: Vec<f64>,
    /// Mean dice total (for utilities).
    pub dice_mean: f64,
    /// Per square, the squares of the same kind (railroads, utilities, ...) as bits.
    pub same_kind: Vec<u64>,
}

/// How many (board, rules) valuations a thread keeps.
const CACHE_SIZE: usize = 8;

type CacheEntry = (Arc<Board>, RuleSet, Arc<Valuation>);

thread_local! {
    static CACHE: RefCell<Vec<CacheEntry>> = const { RefCell::new(Vec::new()) };
}

impl Valuation {
    /// The valuation of the game's board under its rules: solved once per board (by its
    /// `Arc`, which the cache keeps alive so the pointer is never reused) and rule set.
    pub fn of(game: &Game) -> Arc<Valuation> {
        let board = &game.setup().board;
        let rules = game.rules();
        if let Some(v) = CACHE.with(|c| {
            c.borrow()
                .iter()
                .find(|(b, r, _)| Arc::ptr_eq(b, board) && r == rules)
                .map(|(_, _, v)| v.clone())
        }) {
            return v;
        }
        let v = Arc::new(Valuation::solve(board, rules));
        CACHE.with(|c| {
            let mut c = c.borrow_mut();
            if c.len() >= CACHE_SIZE {
                c.remove(0);
            }
            c.push((board.clone(), rules.clone(), v.clone()));
        });
        v
    }

    /// Solves the chain (jail: stay, cards at random); a board the chain cannot solve gets
    /// every square alike.
    pub fn solve(board: &Board, rules: &RuleSet) -> Valuation {
        let n = board.len();
        let stops = match Chain::solve(board, rules, JailStrategy::Stay) {
            Ok(c) if c.stops_per_turn_at.len() >= n => c.stops_per_turn_at[..n].to_vec(),
            _ => vec![1.0 / n.max(1) as f64; n],
        };
        let faces = f64::from(rules.dice_sides.max(1));
        let kind = |i: usize| std::mem::discriminant(&board.square(i).kind);
        let same_kind = (0..n)
            .map(|i| {
                (0..n.min(64))
                    .filter(|&j| kind(j) == kind(i))
                    .fold(0u64, |m, j| m | 1u64 << j)
            })
            .collect();
        Valuation {
            same_kind,
            stops,
            dice_mean: f64::from(rules.dice_count) * (faces + 1.0) / 2.0,
        }
    }
}

/// Rent of lot `i` if its owner held `same_kind` lots of its kind (railroads, utilities),
/// the whole group or not, at building level `level` (0 to 5).
pub fn rent_at(
    game: &Game,
    v: &Valuation,
    i: usize,
    same_kind: usize,
    whole: bool,
    level: u8,
) -> f64 {
    let board = game.board();
    match &board.square(i).kind {
        SquareKind::Property { price, rents, .. } => match game.rules().rent_model {
            RentModel::Deed => {
                let h = usize::from(level);
                if h > 0 && h < rents.len() {
                    rents[h] as f64
                } else {
                    let base = rents.first().copied().unwrap_or(0) as f64;
                    if whole {
                        board.whole_group_multiplier(i) as f64 * base
                    } else {
                        base
                    }
                }
            }
            RentModel::PriceDoubledWithGroup => {
                if whole {
                    board.whole_group_multiplier(i) as f64 * *price as f64
                } else {
                    *price as f64
                }
            }
        },
        SquareKind::Railroad { rents, .. } => {
            let k = same_kind.clamp(1, rents.len().max(1)) - 1;
            rents.get(k).copied().unwrap_or(0) as f64
        }
        SquareKind::Utility { multipliers, .. } => {
            let k = same_kind.clamp(1, multipliers.len().max(1)) - 1;
            multipliers.get(k).copied().unwrap_or(0) as f64 * v.dice_mean
        }
        _ => 0.0,
    }
}

/// How many lots of the kind of `i` (railroad, utility) `owner` holds, counting `extra`
/// lots as theirs too.
pub fn same_kind_count(game: &Game, v: &Valuation, owner: PlayerId, i: usize, extra: u64) -> usize {
    let kind = v.same_kind.get(i).copied().unwrap_or(0);
    ((game.owned_mask(owner) | extra) & kind).count_ones() as usize
}

/// Whether `owner` holds the whole group of `i` (counting `extra` lots as theirs).
pub fn whole_group(game: &Game, owner: PlayerId, i: usize, extra: u64) -> bool {
    match game.board().group_of(i) {
        Some(g) => {
            let m = game.board().group_mask(g);
            (game.owned_mask(owner) | extra) & m == m
        }
        None => false,
    }
}

/// Expected rent lot `i` earns per opponent turn for `owner` as it stands (a mortgaged
/// lot earns nothing).
pub fn income_of(game: &Game, v: &Valuation, owner: PlayerId, i: usize) -> f64 {
    let s = game.square(i);
    if s.mortgaged {
        return 0.0;
    }
    let same = same_kind_count(game, v, owner, i, 0);
    let whole = whole_group(game, owner, i, 0);
    v.stops[i] * rent_at(game, v, i, same, whole, s.buildings.level())
}

/// Expected rent per opponent turn of everything `owner` holds.
pub fn income(game: &Game, v: &Valuation, owner: PlayerId) -> f64 {
    game.owned_lots(owner)
        .map(|i| income_of(game, v, owner, i))
        .sum()
}

/// The rent a group earns per opponent turn when its owner has built `level` on each lot
/// (the "potential" of a group): used to compare groups.
pub fn group_potential(game: &Game, v: &Valuation, g: usize, level: u8) -> f64 {
    let board = game.board();
    let lots = board.group_lots(g);
    let level =
        if game.rules().buildings && lots.iter().all(|&l| board.square(l).house_cost().is_some()) {
            level
        } else {
            0
        };
    lots.iter()
        .map(|&l| v.stops[l] * rent_at(game, v, l, lots.len(), true, level))
        .sum()
}

/// The largest rent `me` could owe on one landing now, over the lots of the others.
pub fn worst_rent(game: &Game, v: &Valuation, me: PlayerId) -> i64 {
    let mut worst = 0.0f64;
    for p in PlayerId::all(game.players().len()) {
        if p == me || game.player(p).bankrupt {
            continue;
        }
        for i in game.owned_lots(p) {
            if game.square(i).mortgaged {
                continue;
            }
            let same = same_kind_count(game, v, p, i, 0);
            let whole = whole_group(game, p, i, 0);
            let r = match &game.board().square(i).kind {
                // The dice total at its worst is rare: count a high one.
                SquareKind::Utility { .. } => {
                    rent_at(game, v, i, same, whole, 0) / v.dice_mean.max(1.0) * (v.dice_mean * 1.4)
                }
                _ => rent_at(game, v, i, same, whole, game.square(i).buildings.level()),
            };
            worst = worst.max(r);
        }
    }
    worst.round() as i64
}

/// Expected rent `me` pays per own turn, to everyone (the threat of the board).
pub fn threat(game: &Game, v: &Valuation, me: PlayerId) -> f64 {
    PlayerId::all(game.players().len())
        .filter(|&p| p != me && !game.player(p).bankrupt)
        .map(|p| income(game, v, p))
        .sum()
}

/// Cash `me` could raise without going bankrupt: cash, mortgages of unbuilt lots, half
/// the buildings.
pub fn liquidity(game: &Game, me: PlayerId) -> i64 {
    let rules = game.rules();
    let mut total = game.player(me).cash;
    for i in game.owned_lots(me) {
        let s = game.square(i);
        let sq = game.board().square(i);
        if let Some(cost) = sq.house_cost() {
            // Houses one by one; a hotel at its own cost (four houses and the hotel).
            total += match s.buildings.level() {
                5 => {
                    4 * rules.building_refund(cost)
                        + rules.building_refund(game.board().hotel_cost(i).unwrap_or(cost))
                }
                level => rules.building_refund(cost) * i64::from(level),
            };
        }
        if !s.mortgaged && rules.mortgages {
            total += rules.mortgage_value(sq.price().unwrap_or(0));
        }
    }
    total
}
