//! The card decks and moves of a board being checked: each card resolved against the
//! board (its target square, its amounts, a Jail when it needs one), and chains of card and
//! Joker moves that could go on forever.

use super::errors::{amount_ok, BoardError};
use super::queries::resolve_ref;
use super::{is_forbidden_name_char, BoardDef, SquareKind, MAX_CARD_TEXT_CHARS, MAX_SQUARES};
use crate::cards::{Amount, Card, CardDef, CardEffect, DeckKind};

/// Chains of moves that could go on forever: from a square, the squares a card drawn there
/// or its Joker can send the token to (and act on) are its edges; a square that can reach
/// itself starts a loop (a card "move 0", a card advancing to a card square whose deck sends
/// it back, a Joker moving onto a card square whose card moves back...). Jokers that only
/// lead to each other are reported as [`BoardError::JokerLoop`] already. The board has at
/// most [`MAX_SQUARES`] squares here, so the cubic walk is small.
pub(super) fn move_loops(def: &BoardDef, decks: [&[Card]; 2], errors: &mut Vec<BoardError>) {
    let n = def.squares.len();
    if n == 0 || n > MAX_SQUARES {
        return;
    }
    let nearest = |from: usize, pred: fn(&SquareKind) -> bool| {
        (1..=n)
            .map(|k| (from + k) % n)
            .find(|&i| pred(&def.squares[i].kind))
    };
    let wrap =
        |from: usize, steps: i32| (from as i64 + i64::from(steps)).rem_euclid(n as i64) as usize;
    let mut edges: Vec<Vec<(usize, String)>> = vec![Vec::new(); n];
    for (i, sq) in def.squares.iter().enumerate() {
        let (kind, cards) = match sq.kind {
            SquareKind::Joker { move_by, .. } if move_by != 0 => {
                edges[i].push((wrap(i, move_by), "its Joker move".to_string()));
                continue;
            }
            SquareKind::Chance => (DeckKind::Chance, decks[0]),
            SquareKind::CommunityChest => (DeckKind::CommunityChest, decks[1]),
            _ => continue,
        };
        for c in cards {
            // A move drawn from a range can end on any square of it.
            let targets: Vec<usize> = match c.effect {
                CardEffect::AdvanceTo { square } => vec![square],
                CardEffect::AdvanceToNearestRailroad { .. } => {
                    nearest(i, |k| matches!(k, SquareKind::Railroad { .. }))
                        .into_iter()
                        .collect()
                }
                CardEffect::AdvanceToNearestUtility { .. } => {
                    nearest(i, |k| matches!(k, SquareKind::Utility { .. }))
                        .into_iter()
                        .collect()
                }
                CardEffect::MoveBy { steps } => {
                    (steps.low()..=steps.high()).map(|s| wrap(i, s)).collect()
                }
                _ => Vec::new(),
            };
            for t in targets {
                if t < n && !edges[i].iter().any(|(e, _)| *e == t) {
                    let text: String = c.text.chars().take(60).collect();
                    edges[i].push((t, format!("the {} card \"{text}\"", kind.label())));
                }
            }
        }
    }
    // reaches[a][b]: from a, the chain can arrive at b.
    let reaches: Vec<Vec<bool>> = (0..n)
        .map(|a| {
            let mut seen = vec![false; n];
            let mut stack: Vec<usize> = edges[a].iter().map(|(t, _)| *t).collect();
            while let Some(x) = stack.pop() {
                if !seen[x] {
                    seen[x] = true;
                    stack.extend(edges[x].iter().map(|(t, _)| *t));
                }
            }
            seen
        })
        .collect();
    for i in 0..n {
        if !reaches[i][i] {
            continue;
        }
        let joker_loop = errors
            .iter()
            .any(|e| matches!(e, BoardError::JokerLoop { square, .. } if *square == i));
        if joker_loop {
            continue;
        }
        let via = edges[i]
            .iter()
            .find(|(t, _)| *t == i || reaches[*t][i])
            .map_or_else(String::new, |(_, via)| via.clone());
        errors.push(BoardError::MoveLoop {
            square: i,
            name: def.squares[i].name.clone(),
            via,
        });
    }
}

pub(super) fn resolve_deck(
    deck: DeckKind,
    cards: &[CardDef],
    def: &BoardDef,
    jail: Option<usize>,
    errors: &mut Vec<BoardError>,
) -> Vec<Card> {
    let mut out = Vec::new();
    let has = |pred: fn(&SquareKind) -> bool| def.squares.iter().any(|s| pred(&s.kind));
    for card in cards {
        let text: String = card.text.chars().take(200).collect();
        if card.text.chars().count() > MAX_CARD_TEXT_CHARS
            || card.text.chars().any(is_forbidden_name_char)
        {
            errors.push(BoardError::BadCardText {
                deck,
                text: text
                    .chars()
                    .filter(|c| !is_forbidden_name_char(*c))
                    .collect(),
            });
            continue;
        }
        let missing = |target: &str| BoardError::CardTargetMissing {
            deck,
            text: text.clone(),
            target: target.to_string(),
        };
        let bad_amount = |a: i64| !amount_ok(a);
        let bad_range = |a: Amount<i64>| bad_amount(a.low()) || bad_amount(a.high());
        let effect = match &card.effect {
            CardEffect::AdvanceTo { square } => match resolve_ref(def, square) {
                Some(i) => CardEffect::AdvanceTo { square: i },
                None => {
                    errors.push(missing(&square.to_string()));
                    continue;
                }
            },
            CardEffect::AdvanceToNearestRailroad { rent_multiplier } => {
                if !has(|k| matches!(k, SquareKind::Railroad { .. })) {
                    errors.push(missing("a railroad"));
                    continue;
                }
                if !(1..=100).contains(rent_multiplier) {
                    errors.push(BoardError::BadCardAmount { deck, text });
                    continue;
                }
                CardEffect::AdvanceToNearestRailroad {
                    rent_multiplier: *rent_multiplier,
                }
            }
            CardEffect::AdvanceToNearestUtility { dice_multiplier } => {
                if !has(|k| matches!(k, SquareKind::Utility { .. })) {
                    errors.push(missing("a utility"));
                    continue;
                }
                if !(1..=1000).contains(dice_multiplier) {
                    errors.push(BoardError::BadCardAmount { deck, text });
                    continue;
                }
                CardEffect::AdvanceToNearestUtility {
                    dice_multiplier: *dice_multiplier,
                }
            }
            CardEffect::Collect {
                amount: Amount::Between { from, to },
            }
            | CardEffect::Pay {
                amount: Amount::Between { from, to },
            }
            | CardEffect::PayEachPlayer {
                amount: Amount::Between { from, to },
            }
            | CardEffect::CollectFromEachPlayer {
                amount: Amount::Between { from, to },
            } if from > to => {
                errors.push(BoardError::BackwardsCardRange { deck, text });
                continue;
            }
            CardEffect::MoveBy {
                steps: Amount::Between { from, to },
            } if from > to => {
                errors.push(BoardError::BackwardsCardRange { deck, text });
                continue;
            }
            CardEffect::MoveBy { steps } => {
                let far = |s: i32| i64::from(s).abs() > def.squares.len() as i64;
                if far(steps.low()) || far(steps.high()) {
                    errors.push(BoardError::BadCardAmount { deck, text });
                    continue;
                }
                CardEffect::MoveBy { steps: *steps }
            }
            CardEffect::GoToJail | CardEffect::GetOutOfJailFree if jail.is_none() => {
                errors.push(BoardError::CardNeedsJail { deck, text });
                continue;
            }
            CardEffect::GoToJail => CardEffect::GoToJail,
            CardEffect::GetOutOfJailFree => CardEffect::GetOutOfJailFree,
            CardEffect::Collect { amount }
            | CardEffect::Pay { amount }
            | CardEffect::PayEachPlayer { amount }
            | CardEffect::CollectFromEachPlayer { amount }
                if bad_range(*amount) =>
            {
                errors.push(BoardError::BadCardAmount { deck, text });
                continue;
            }
            CardEffect::Repairs {
                per_house,
                per_hotel,
            } if bad_amount(*per_house) || bad_amount(*per_hotel) => {
                errors.push(BoardError::BadCardAmount { deck, text });
                continue;
            }
            CardEffect::Collect { amount } => CardEffect::Collect { amount: *amount },
            CardEffect::Pay { amount } => CardEffect::Pay { amount: *amount },
            CardEffect::PayEachPlayer { amount } => CardEffect::PayEachPlayer { amount: *amount },
            CardEffect::CollectFromEachPlayer { amount } => {
                CardEffect::CollectFromEachPlayer { amount: *amount }
            }
            CardEffect::Repairs {
                per_house,
                per_hotel,
            } => CardEffect::Repairs {
                per_house: *per_house,
                per_hotel: *per_hotel,
            },
        };
        out.push(Card {
            text: card.text.clone(),
            effect,
        });
    }
    out
}
