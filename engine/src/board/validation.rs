//! Checking a board: [`BoardDef`] -> [`Board`] in [`Board::from_def`], which returns every
//! problem found as a [`BoardError`] (each with the square it concerns): sizes and names,
//! pictures, groups, each square by its type, Jokers, the rule set (also checked alone for
//! a game's own rules), and the decks and move chains (in `decks.rs`).

use std::collections::{BTreeSet, HashMap};

use super::decks::{move_loops, resolve_deck};
use super::errors::{amount_ok, BoardError};
use super::{
    is_forbidden_name_char, Board, BoardDef, SquareKind, MAX_AMOUNT, MAX_CARDS, MAX_GROUPS,
    MAX_NAME_CHARS, MAX_PAWNS, MAX_PICTURE_CHARS, MAX_SQUARES, MAX_WHOLE_GROUP_MULTIPLIER,
    MIN_SQUARES,
};
use crate::cards::{DeckKind, Decks};
use crate::rules::{DebtRule, DoublesLimit, ExtraRoll, JailRelease, RuleSet};

fn is_hex_color(s: &str) -> bool {
    let Some(hex) = s.strip_prefix('#') else {
        return false;
    };
    matches!(hex.len(), 3 | 6) && hex.chars().all(|c| c.is_ascii_hexdigit())
}

fn picture_ok(p: &str) -> bool {
    p.starts_with("data:image/") && p.len() <= MAX_PICTURE_CHARS
}

/// The checks of a rule set that do not depend on the board.
pub(crate) fn check_rules_alone(r: &RuleSet) -> Result<(), Vec<BoardError>> {
    let mut errors = Vec::new();
    check_rules(r, &mut errors);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn check_rules(r: &RuleSet, errors: &mut Vec<BoardError>) {
    let mut bad = |problem: &str| {
        errors.push(BoardError::BadRules {
            problem: problem.to_string(),
        })
    };
    if !(1..=4).contains(&r.dice_count) {
        bad("a game uses 1 to 4 dice");
    }
    if !(2..=20).contains(&r.dice_sides) {
        bad("a die has 2 to 20 sides");
    }
    if let ExtraRoll::Doubles { limit, .. } = r.extra_roll {
        if r.dice_count < 2 {
            bad("doubles need at least two dice");
        }
        if limit == 0 {
            bad("the doubles limit must be at least 1");
        }
    }
    if let Some(fine) = r.jail.fine {
        if !amount_ok(fine) {
            bad("the jail fine must be between 0 and 1,000,000,000");
        }
    }
    if r.jail.release == JailRelease::Doubles && r.dice_count < 2 && r.jail.max_tries.is_none() {
        bad("with one die nobody rolls doubles, so a jailed player could never leave: set a maximum number of tries (with a fine) or release on the highest face");
    }
    if r.jail.max_tries == Some(0) {
        bad("the jail needs at least one try");
    }
    if r.jail.max_tries.is_some() && r.jail.fine.is_none() {
        bad("a jail with a maximum number of tries needs a fine");
    }
    if r.mortgage_percent > 100 || r.unmortgage_interest_percent > 100 {
        bad("mortgage and interest percents are 0 to 100");
    }
    if r.building_sell_percent > 100 {
        bad("buildings sell back at 0 to 100 percent");
    }
    if r.lot_sale_percent.is_some_and(|p| p > 100) {
        bad("lots sell back to the bank at 0 to 100 percent of their price");
    }
    if let DebtRule::SellCheapest { percent } = r.debt {
        if percent > 100 {
            bad("properties sell to the bank at 0 to 100 percent");
        }
    }
    if r.houses > 1000 || r.hotels > 1000 {
        bad("the bank holds at most 1000 houses and 1000 hotels");
    }
    if !amount_ok(r.salary) {
        bad("the salary must be between 0 and 1,000,000,000");
    }
    if !amount_ok(r.starting_cash) {
        bad("the starting cash must be between 0 and 1,000,000,000");
    }
    if r.salary_on_landing_multiplier > 10 {
        bad("the salary on landing multiplier is at most 10");
    }
    if r.min_players < 2 || r.max_players > 12 || r.min_players > r.max_players {
        bad("players must range within 2 to 12, minimum not above maximum");
    }
    if r.round_limit == Some(0) {
        bad("a round limit must be at least 1");
    }
}

impl Board {
    /// Checks a definition, returning every problem found.
    pub fn from_def(def: BoardDef) -> Result<Board, Vec<BoardError>> {
        Board::build(def, true)
    }

    /// A board whose card and Joker moves may loop: only for the engine's own tests of the
    /// game's bound on chained moves.
    #[cfg(test)]
    pub(crate) fn from_def_allowing_loops(def: BoardDef) -> Result<Board, Vec<BoardError>> {
        Board::build(def, false)
    }

    fn build(def: BoardDef, check_loops: bool) -> Result<Board, Vec<BoardError>> {
        let mut errors = Vec::new();
        let n = def.squares.len();
        if !(MIN_SQUARES..=MAX_SQUARES).contains(&n) {
            errors.push(BoardError::WrongSize { count: n });
        }
        // Counts first: everything below is linear in them, or worse, so an oversized
        // board is refused before any of it runs.
        let deck_lens = def
            .decks
            .as_ref()
            .map_or((0, 0), |d| (d.chance.len(), d.community_chest.len()));
        let too_many = [
            ("groups", def.groups.len(), MAX_GROUPS),
            ("Chance cards", deck_lens.0, MAX_CARDS),
            ("Community Chest cards", deck_lens.1, MAX_CARDS),
        ];
        let mut limits = Vec::new();
        for (what, count, max) in too_many {
            if count > max {
                limits.push(BoardError::TooMany { what, count, max });
            }
        }
        if def.pawns.len() > MAX_PAWNS {
            limits.push(BoardError::TooManyPawns {
                count: def.pawns.len(),
            });
        }
        if n > MAX_SQUARES || !limits.is_empty() {
            errors.extend(limits);
            return Err(errors);
        }
        let check_name =
            |what: String, name: &str, square: Option<usize>, errors: &mut Vec<BoardError>| {
                if name.chars().any(is_forbidden_name_char) {
                    errors.push(BoardError::BadNameChars { what, square });
                }
            };
        check_name("board".into(), &def.name, None, &mut errors);
        check_name("currency".into(), &def.currency.name, None, &mut errors);
        check_name(
            "currency symbol".into(),
            &def.currency.symbol,
            None,
            &mut errors,
        );
        for g in &def.groups {
            check_name("group".into(), &g.name, None, &mut errors);
        }
        for pawn in &def.pawns {
            check_name("pawn".into(), &pawn.name, None, &mut errors);
        }
        for (i, sq) in def.squares.iter().enumerate() {
            check_name(format!("square {}", i + 1), &sq.name, Some(i), &mut errors);
        }
        if def.name.trim().is_empty() {
            errors.push(BoardError::EmptyBoardName);
        }
        if def.name.chars().count() > MAX_NAME_CHARS {
            errors.push(BoardError::NameTooLong { what: "board" });
        }
        let sym = def.currency.symbol.trim();
        if def.currency.name.trim().is_empty()
            || sym.is_empty()
            || sym.chars().count() > 8
            || def.currency.name.chars().count() > MAX_NAME_CHARS
        {
            errors.push(BoardError::BadCurrency);
        }
        if let Some(p) = &def.picture {
            if !picture_ok(p) {
                errors.push(BoardError::BadPicture {
                    what: "the board".into(),
                    square: None,
                });
            }
        }
        for pawn in &def.pawns {
            if !picture_ok(&pawn.picture) || pawn.name.chars().count() > MAX_NAME_CHARS {
                errors.push(BoardError::BadPicture {
                    what: format!("the pawn \"{}\"", pawn.name),
                    square: None,
                });
            }
        }
        check_rules(&def.rules, &mut errors);

        // Groups.
        let mut group_index: HashMap<&str, usize> = HashMap::new();
        for (gi, g) in def.groups.iter().enumerate() {
            if group_index.insert(g.name.as_str(), gi).is_some() {
                errors.push(BoardError::DuplicateGroup {
                    name: g.name.clone(),
                });
            }
            if g.name.chars().count() > MAX_NAME_CHARS {
                errors.push(BoardError::NameTooLong { what: "group" });
            }
            if let Some(cost) = g.hotel_cost {
                if !(1..=MAX_AMOUNT).contains(&cost) {
                    errors.push(BoardError::BadHotelCost {
                        name: g.name.clone(),
                        cost,
                    });
                }
            }
            if let Some(multiplier) = g.whole_group_multiplier {
                if !(1..=MAX_WHOLE_GROUP_MULTIPLIER).contains(&multiplier) {
                    errors.push(BoardError::BadGroupMultiplier {
                        name: g.name.clone(),
                        multiplier,
                    });
                }
            }
            if !is_hex_color(&g.color) {
                errors.push(BoardError::BadGroupColor {
                    name: g.name.clone(),
                    color: g.color.chars().take(40).collect(),
                });
            }
        }

        // Squares.
        match def.squares.first() {
            Some(s) if s.kind == SquareKind::Start => {}
            Some(_) => errors.push(BoardError::FirstSquareNotStart),
            None => {}
        }
        let mut group_of = vec![None; n];
        let mut group_lots = vec![Vec::new(); def.groups.len()];
        let mut jail = None;
        let mut lot_names: BTreeSet<&str> = BTreeSet::new();
        let mut has_ownable = false;
        let mut has_chance = false;
        let mut has_chest = false;
        let len_i = n as i64;
        for (i, sq) in def.squares.iter().enumerate() {
            let name = sq.name.clone();
            if sq.name.trim().is_empty() {
                errors.push(BoardError::EmptySquareName { square: i });
            } else if sq.name.chars().count() > MAX_NAME_CHARS {
                errors.push(BoardError::SquareNameTooLong { square: i });
            }
            if let Some(p) = &sq.picture {
                if !picture_ok(p) {
                    errors.push(BoardError::BadPicture {
                        what: format!("\"{}\"", sq.name.chars().take(40).collect::<String>()),
                        square: Some(i),
                    });
                }
            }
            if sq.is_ownable() {
                has_ownable = true;
                if !sq.name.trim().is_empty() && !lot_names.insert(sq.name.as_str()) {
                    errors.push(BoardError::DuplicateLotName {
                        square: i,
                        name: name.clone(),
                    });
                }
                if let Some(price) = sq.price() {
                    if price <= 0 || price > MAX_AMOUNT {
                        errors.push(BoardError::BadPrice {
                            square: i,
                            name: name.clone(),
                        });
                    }
                }
            }
            match &sq.kind {
                SquareKind::Start => {
                    if i > 0 {
                        errors.push(BoardError::ExtraStart { square: i });
                    }
                }
                SquareKind::Property {
                    rents,
                    house_cost,
                    group,
                    ..
                } => {
                    if rents.is_empty() {
                        errors.push(BoardError::MissingRents {
                            square: i,
                            name: name.clone(),
                        });
                    } else if rents.len() != 1 && rents.len() != 6 {
                        errors.push(BoardError::BadRentTable {
                            square: i,
                            name: name.clone(),
                            len: rents.len(),
                        });
                    }
                    if rents.iter().any(|r| !amount_ok(*r)) {
                        errors.push(BoardError::BadRent {
                            square: i,
                            name: name.clone(),
                        });
                    }
                    if !amount_ok(*house_cost)
                        || (rents.len() == 6 && def.rules.buildings && *house_cost == 0)
                    {
                        errors.push(BoardError::BadHouseCost {
                            square: i,
                            name: name.clone(),
                        });
                    }
                    if let Some(g) = group {
                        match group_index.get(g.as_str()) {
                            Some(&gi) => {
                                group_of[i] = Some(gi);
                                group_lots[gi].push(i);
                            }
                            None => errors.push(BoardError::UnknownGroup {
                                square: i,
                                name: name.clone(),
                                group: g.chars().take(40).collect(),
                            }),
                        }
                    }
                }
                SquareKind::Railroad { rents, .. } => {
                    if rents.is_empty() || rents.iter().any(|r| !amount_ok(*r)) {
                        errors.push(BoardError::BadRailroadRents {
                            square: i,
                            name: name.clone(),
                        });
                    }
                }
                SquareKind::Utility { multipliers, .. } => {
                    if multipliers.is_empty() || multipliers.iter().any(|m| !(1..=1000).contains(m))
                    {
                        errors.push(BoardError::BadUtilityMultipliers {
                            square: i,
                            name: name.clone(),
                        });
                    }
                }
                SquareKind::Station { fee_per_pip } => {
                    if !(0..=1_000_000).contains(fee_per_pip) {
                        errors.push(BoardError::BadStationFee {
                            square: i,
                            name: name.clone(),
                        });
                    }
                }
                SquareKind::Tax {
                    amount,
                    percent,
                    percent_on_double,
                } => {
                    let pct_ok = *percent <= 100 && percent_on_double.is_none_or(|p| p <= 100);
                    let has_something =
                        *amount > 0 || *percent > 0 || percent_on_double.is_some_and(|p| p > 0);
                    if !amount_ok(*amount) || !pct_ok || !has_something {
                        errors.push(BoardError::BadTax {
                            square: i,
                            name: name.clone(),
                        });
                    }
                }
                SquareKind::Chance => has_chance = true,
                SquareKind::CommunityChest => has_chest = true,
                SquareKind::Joker {
                    move_by,
                    wait,
                    money,
                    pay_each_player,
                } => {
                    if *move_by != 0 && *wait != 0 {
                        errors.push(BoardError::JokerMoveAndWait {
                            square: i,
                            name: name.clone(),
                        });
                    }
                    if i64::from(*move_by).abs() > len_i {
                        errors.push(BoardError::JokerMoveTooFar {
                            square: i,
                            name: name.clone(),
                            steps: *move_by,
                            len: n,
                        });
                    }
                    if *wait > 10 {
                        errors.push(BoardError::JokerWaitTooLong {
                            square: i,
                            name: name.clone(),
                            turns: *wait,
                        });
                    }
                    if money.abs() > MAX_AMOUNT || !amount_ok(*pay_each_player) {
                        errors.push(BoardError::JokerMoneyTooLarge {
                            square: i,
                            name: name.clone(),
                        });
                    }
                }
                SquareKind::Jail => {
                    if jail.is_some() {
                        errors.push(BoardError::ExtraJail { square: i });
                    } else {
                        jail = Some(i);
                    }
                }
                SquareKind::GoToJail | SquareKind::FreeParking | SquareKind::Road => {}
            }
        }
        for (i, sq) in def.squares.iter().enumerate() {
            if sq.kind == SquareKind::GoToJail && jail.is_none() {
                errors.push(BoardError::GoToJailWithoutJail {
                    square: i,
                    name: sq.name.clone(),
                });
            }
        }
        if n > 0 && !has_ownable {
            errors.push(BoardError::NothingToBuy);
        }
        if matches!(
            def.rules.extra_roll,
            ExtraRoll::Doubles {
                on_limit: DoublesLimit::Jail,
                ..
            }
        ) && jail.is_none()
            && n > 0
        {
            errors.push(BoardError::BadRules {
                problem: "too many doubles send a player to jail, but the board has no Jail (let them end the turn instead)".into(),
            });
        }
        // Joker loops: follow the chain of moving Jokers from each one.
        if n > 0 && check_loops {
            let moves: Vec<i32> = def
                .squares
                .iter()
                .map(|s| match s.kind {
                    SquareKind::Joker { move_by, .. } => move_by,
                    _ => 0,
                })
                .collect();
            for start in 0..n {
                if moves[start] == 0 {
                    continue;
                }
                let mut seen = BTreeSet::new();
                let mut pos = start;
                loop {
                    if !seen.insert(pos) {
                        errors.push(BoardError::JokerLoop {
                            square: start,
                            name: def.squares[start].name.clone(),
                        });
                        break;
                    }
                    let step = i64::from(moves[pos]);
                    if step == 0 {
                        break;
                    }
                    pos = (pos as i64 + step).rem_euclid(len_i) as usize;
                }
            }
        }

        // Decks.
        let decks = match &def.decks {
            Some(d) => d.clone(),
            None if has_chance || has_chest => crate::cards::classic_decks(),
            None => Decks::default(),
        };
        let chance = resolve_deck(DeckKind::Chance, &decks.chance, &def, jail, &mut errors);
        let community_chest = resolve_deck(
            DeckKind::CommunityChest,
            &decks.community_chest,
            &def,
            jail,
            &mut errors,
        );
        if has_chance && chance.is_empty() {
            errors.push(BoardError::EmptyDeck {
                deck: DeckKind::Chance,
            });
        }
        if has_chest && community_chest.is_empty() {
            errors.push(BoardError::EmptyDeck {
                deck: DeckKind::CommunityChest,
            });
        }

        if check_loops {
            move_loops(&def, [&chance, &community_chest], &mut errors);
        }

        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Board {
            indices: (0..def.squares.len()).collect(),
            group_masks: group_lots
                .iter()
                .map(|lots| lots.iter().fold(0u64, |m, &l| m | 1u64 << (l % 64)))
                .collect(),
            buildable: def
                .squares
                .iter()
                .enumerate()
                .filter(|(_, s)| s.house_cost().is_some())
                .fold(0u64, |m, (l, _)| m | 1u64 << (l % 64)),
            def,
            group_of,
            group_lots,
            jail,
            chance,
            community_chest,
        })
    }
}
