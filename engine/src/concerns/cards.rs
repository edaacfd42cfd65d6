//! Cards: drawing Chance and Community Chest cards and carrying out their effects.

use super::prelude::*;
use crate::cards::Amount;

impl Game {
    pub(crate) fn draw(&mut self, p: PlayerId, kind: DeckKind, from: LandCtx) -> Option<Phase> {
        let chained = from.chained();
        let idx = self.chance.take_card(kind, self.decks.get_mut(kind))?;
        let board = self.setup.board.clone();
        let card = board.deck(kind).get(idx)?;
        if card.effect != CardEffect::GetOutOfJailFree {
            self.decks.get_mut(kind).push_back(idx);
        }
        // A ranged amount is drawn before anything else the card does (as it always was),
        // and told with the card.
        let drawn = self.chance.card_amount(&card.effect);
        self.emit(
            p,
            Event::CardDrawn {
                deck: kind,
                number: idx + 1,
                amount: drawn,
            },
        );
        // The amount of a ranged card is the one drawn; a fixed card's is its own.
        let money = |a: Amount<i64>| drawn.unwrap_or_else(|| a.low());
        let middle = self.middle();
        match card.effect {
            CardEffect::AdvanceTo { square } => self.advance_to(p, square, chained),
            CardEffect::AdvanceToNearestRailroad { rent_multiplier } => {
                let from = self.players[p].position;
                let t = self.nearest(from, |k| matches!(k, SquareKind::Railroad { .. }))?;
                let ctx = LandCtx {
                    rent_multiplier,
                    ..chained
                };
                self.advance_to(p, t, ctx)
            }
            CardEffect::AdvanceToNearestUtility { dice_multiplier } => {
                let from = self.players[p].position;
                let t = self.nearest(from, |k| matches!(k, SquareKind::Utility { .. }))?;
                let ctx = LandCtx {
                    utility_dice: Some(dice_multiplier),
                    ..chained
                };
                self.advance_to(p, t, ctx)
            }
            CardEffect::MoveBy { steps } => {
                let steps = drawn
                    .and_then(|d| i32::try_from(d).ok())
                    .unwrap_or(steps.low());
                self.move_by(p, steps, true, chained)
            }
            CardEffect::GoToJail => {
                self.send_to_jail(p);
                None
            }
            CardEffect::Collect { amount } => {
                let amount = money(amount);
                self.transfer(Party::Bank, Party::Player(p), amount);
                self.emit(
                    p,
                    Event::Payment {
                        from: Party::Bank,
                        to: Party::Player(p),
                        amount,
                        reason: Reason::Card,
                    },
                );
                None
            }
            CardEffect::Pay { amount } => {
                let amount = money(amount);
                self.charge(p, middle, amount, Reason::Card);
                None
            }
            CardEffect::GetOutOfJailFree => {
                self.players[p].jail_cards.push(JailCard {
                    deck: kind,
                    card: idx,
                });
                self.emit(p, Event::GotJailCard { deck: kind });
                None
            }
            CardEffect::Repairs {
                per_house,
                per_hotel,
            } => {
                let (mut houses, mut hotels) = (0i64, 0i64);
                for l in self.lots_of(p) {
                    match self.squares[l].buildings {
                        Buildings::Hotel => hotels += 1,
                        Buildings::Houses(n) => houses += i64::from(n),
                        Buildings::None => {}
                    }
                }
                self.charge(
                    p,
                    middle,
                    houses * per_house + hotels * per_hotel,
                    Reason::Card,
                );
                None
            }
            CardEffect::PayEachPlayer { amount } => {
                let amount = money(amount);
                for o in self.others(p) {
                    self.charge(p, Party::Player(o), amount, Reason::Card);
                }
                None
            }
            CardEffect::CollectFromEachPlayer { amount } => {
                let amount = money(amount);
                for o in self.others(p) {
                    self.charge(o, Party::Player(p), amount, Reason::Card);
                }
                None
            }
        }
    }
}
