//! What a lot earns: per lot and per color group, the landing probability per opponent
//! turn, the expected rent per opponent turn at each building level, and the turns to pay
//! back the price and the buildings.
//!
//! Conventions (stated in every report as `convention`):
//! - "Landing probability per opponent turn" is the expected number of times one opponent
//!   stops on the lot during one of their turns, from the exact chain ([`Chain`]) under the
//!   `landings` convention (cards drawn at random; a square passed on a roll of the highest
//!   face that rolls again is not stopped on). It is a probability in all but name: two stops
//!   on one lot in one turn are rare.
//! - Rent is the deed's: base rent, base rent times the group's multiplier ("rent with
//!   color set", 2 unless the group sets another) with the whole color group, 1 to 4
//!   houses and hotel; railroads by the number owned; utilities at the multiplier times the
//!   expected dice total. The cards that pay twice a railroad's rent or 10x a fresh throw are
//!   not counted.
//! - Expected rent per opponent turn = landing probability x rent. With k opponents, k of
//!   their turns pass for each of yours.
//! - Turns to pay back = cost / expected rent per opponent turn, where the cost is the lot's
//!   price plus the buildings at that level (a hotel costs four houses and the group's
//!   hotel cost, which is the house cost unless the group sets another).

use serde::{Deserialize, Serialize};

use crate::board::{Board, SquareKind};
use crate::rules::{RentModel, RuleSet};
use crate::stats::exact::Chain;
use crate::stats::JailStrategy;

/// The payback convention in words.
pub const CONVENTION: &str = "landing probability = expected stops by one opponent per opponent \
turn (exact chain, landings convention, cards at random); expected rent = probability x deed \
rent (utilities at the expected dice total; card double rents not counted); payback turns = \
(price + buildings) / expected rent per opponent turn";

/// One building level of a lot or group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RentLevel {
    /// "unimproved", "whole group", "1 house" .. "4 houses", "hotel"; railroads and
    /// utilities: "1 owned" .. "4 owned".
    pub level: String,
    /// Rent on one landing (the sum over the group's lots for a group).
    pub rent: f64,
    /// Price plus buildings at this level.
    pub cost: i64,
    pub expected_rent: f64,
    /// `None` when the expected rent is zero.
    pub payback_turns: Option<f64>,
}

impl RentLevel {
    fn new(level: String, rent: f64, cost: i64, probability: f64) -> RentLevel {
        let expected_rent = rent * probability;
        RentLevel {
            level,
            rent,
            cost,
            expected_rent,
            payback_turns: (expected_rent > 0.0).then(|| cost as f64 / expected_rent),
        }
    }
}

/// One ownable square.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LotPayback {
    pub index: usize,
    pub name: String,
    /// "property", "railroad" or "utility".
    pub kind: String,
    pub group: Option<String>,
    pub price: i64,
    pub landing_probability: f64,
    pub levels: Vec<RentLevel>,
}

/// A color group (and the railroads and utilities as groups of their own).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroupPayback {
    pub name: String,
    pub lots: Vec<usize>,
    pub price: i64,
    /// Expected stops on any lot of the group per opponent turn.
    pub landing_probability: f64,
    /// The whole group at each level (every lot built alike).
    pub levels: Vec<RentLevel>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PaybackReport {
    pub board: String,
    pub jail: JailStrategy,
    pub convention: String,
    pub lots: Vec<LotPayback>,
    pub groups: Vec<GroupPayback>,
}

const HOUSE_LEVELS: [&str; 5] = ["1 house", "2 houses", "3 houses", "4 houses", "hotel"];

/// Rent per level of a lot: (level name, rent, buildings cost).
fn lot_levels(board: &Board, rules: &RuleSet, i: usize, dice_mean: f64) -> Vec<(String, f64, i64)> {
    let sq = board.square(i);
    let mut out = Vec::new();
    match &sq.kind {
        SquareKind::Property {
            price,
            rents,
            house_cost,
            group,
        } => match rules.rent_model {
            RentModel::Deed => {
                let base = rents.first().copied().unwrap_or(0) as f64;
                out.push(("unimproved".to_string(), base, 0));
                let whole = board.whole_group_multiplier(i) as f64;
                if group.is_some() {
                    out.push(("whole group".to_string(), whole * base, 0));
                }
                if rules.buildings && rents.len() == 6 && *house_cost > 0 {
                    for (k, name) in HOUSE_LEVELS.iter().enumerate() {
                        // A hotel costs four houses and the group's hotel cost.
                        let cost = board.buildings_cost(i, (k + 1) as u8);
                        out.push((name.to_string(), rents[k + 1] as f64, cost));
                    }
                }
            }
            RentModel::PriceDoubledWithGroup => {
                out.push(("unimproved".to_string(), *price as f64, 0));
                if group.is_some() {
                    let whole = board.whole_group_multiplier(i) as f64;
                    out.push(("whole group".to_string(), whole * *price as f64, 0));
                }
            }
        },
        SquareKind::Railroad { rents, .. } => {
            let count = board
                .squares()
                .iter()
                .filter(|s| matches!(s.kind, SquareKind::Railroad { .. }))
                .count();
            for (k, r) in rents.iter().take(count.max(1)).enumerate() {
                out.push((format!("{} owned", k + 1), *r as f64, 0));
            }
        }
        SquareKind::Utility { multipliers, .. } => {
            let count = board
                .squares()
                .iter()
                .filter(|s| matches!(s.kind, SquareKind::Utility { .. }))
                .count();
            for (k, m) in multipliers.iter().take(count.max(1)).enumerate() {
                out.push((format!("{} owned", k + 1), *m as f64 * dice_mean, 0));
            }
        }
        _ => {}
    }
    out
}

/// The payback report of `board` under `rules`, from a solved chain of the same board.
pub fn payback_from(board: &Board, rules: &RuleSet, chain: &Chain) -> PaybackReport {
    let dice_mean = f64::from(rules.dice_count) * (f64::from(rules.dice_sides) + 1.0) / 2.0;
    let prob = |i: usize| chain.stops_per_turn_at.get(i).copied().unwrap_or(0.0);
    let mut lots = Vec::new();
    for i in 0..board.len() {
        let sq = board.square(i);
        let Some(price) = sq.price() else { continue };
        let kind = match sq.kind {
            SquareKind::Property { .. } => "property",
            SquareKind::Railroad { .. } => "railroad",
            _ => "utility",
        };
        let group = match &sq.kind {
            SquareKind::Property { group, .. } => group.clone(),
            _ => None,
        };
        let p = prob(i);
        let levels = lot_levels(board, rules, i, dice_mean)
            .into_iter()
            .map(|(level, rent, buildings)| RentLevel::new(level, rent, price + buildings, p))
            .collect();
        lots.push(LotPayback {
            index: i,
            name: sq.name.clone(),
            kind: kind.to_string(),
            group,
            price,
            landing_probability: p,
            levels,
        });
    }
    let mut groups = Vec::new();
    let mut add_group = |name: String, members: Vec<&LotPayback>, whole_only: bool| {
        if members.is_empty() {
            return;
        }
        let price: i64 = members.iter().map(|l| l.price).sum();
        let probability: f64 = members.iter().map(|l| l.landing_probability).sum();
        // Levels every lot shares, the whole group held: for color groups skip
        // "unimproved" (that is the single lot without its group); for railroads and
        // utilities take the level of all of them owned.
        let mut levels = Vec::new();
        let first = &members[0].levels;
        let names: Vec<String> = if whole_only {
            first
                .last()
                .map(|l| vec![l.level.clone()])
                .unwrap_or_default()
        } else {
            first
                .iter()
                .filter(|l| l.level != "unimproved")
                .map(|l| l.level.clone())
                .collect()
        };
        for level in names {
            let mut rent = 0.0;
            let mut expected = 0.0;
            let mut cost = 0i64;
            let mut complete = true;
            for l in &members {
                match l.levels.iter().find(|x| x.level == level) {
                    Some(x) => {
                        rent += x.rent;
                        expected += x.expected_rent;
                        cost += x.cost;
                    }
                    None => complete = false,
                }
            }
            if complete {
                levels.push(RentLevel {
                    level,
                    rent,
                    cost,
                    expected_rent: expected,
                    payback_turns: (expected > 0.0).then(|| cost as f64 / expected),
                });
            }
        }
        groups.push(GroupPayback {
            name,
            lots: members.iter().map(|l| l.index).collect(),
            price,
            landing_probability: probability,
            levels,
        });
    };
    for g in board.groups() {
        let members: Vec<&LotPayback> = lots
            .iter()
            .filter(|l| l.group.as_deref() == Some(g.name.as_str()))
            .collect();
        add_group(g.name.clone(), members, false);
    }
    for (name, kind) in [("railroads", "railroad"), ("utilities", "utility")] {
        let members: Vec<&LotPayback> = lots.iter().filter(|l| l.kind == kind).collect();
        add_group(name.to_string(), members, true);
    }
    PaybackReport {
        board: board.name().to_string(),
        jail: chain.jail,
        convention: CONVENTION.to_string(),
        lots,
        groups,
    }
}

/// Solves the chain of `board` under `rules` and reports what each lot earns.
pub fn payback(
    board: &Board,
    rules: &RuleSet,
    jail: JailStrategy,
) -> Result<PaybackReport, String> {
    let chain = Chain::solve(board, rules, jail)?;
    Ok(payback_from(board, rules, &chain))
}
