//! Cards: drawing Chance and Community Chest cards and carrying out their effects.

use super::prelude::*;

impl Game {
    pub(crate) fn draw(&mut self, p: PlayerId, kind: DeckKind, from: LandCtx) -> Option<Phase> {
        let chained = from.chained();
        let idx = self.decks.get_mut(kind).pop_front()?;
        let board = self.setup.board.clone();
        let card = board.deck(kind).get(idx)?;
        if card.effect != CardEffect::GetOutOfJailFree {
            self.decks.get_mut(kind).push_back(idx);
        }
        // A range is drawn before anything else happens (as it always was: nothing in
        // between uses the generator), so the amount drawn is in the card's own event.
        let drawn = match card.effect {
            CardEffect::MoveBy { steps } if steps.is_range() => {
                Some(i64::from(steps.draw(&mut self.rng)))
            }
            CardEffect::Collect { amount }
            | CardEffect::Pay { amount }
            | CardEffect::PayEachPlayer { amount }
            | CardEffect::CollectFromEachPlayer { amount }
                if amount.is_range() =>
            {
                Some(amount.draw(&mut self.rng))
            }
            _ => None,
        };
        self.emit(
            p,
            Event::CardDrawn {
                deck: kind,
                number: idx + 1,
                drawn,
            },
        );
        let middle = self.middle();
        // The amount this time: the one drawn, or the card's fixed amount.
        let amount_of = |a: crate::cards::Amount<i64>| drawn.unwrap_or_else(|| a.low());
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
                let amount = amount_of(amount);
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
                let amount = amount_of(amount);
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
                let amount = amount_of(amount);
                for o in self.others(p) {
                    self.charge(p, Party::Player(o), amount, Reason::Card);
                }
                None
            }
            CardEffect::CollectFromEachPlayer { amount } => {
                let amount = amount_of(amount);
                for o in self.others(p) {
                    self.charge(o, Party::Player(p), amount, Reason::Card);
                }
                None
            }
        }
    }
}
