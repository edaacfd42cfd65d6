//! Turn and movement: rolling, doubles and extra rolls, moving and passing the start
//! (salary and bonuses), landing on a square (rent, taxes, station fees, Jokers, Free
//! Parking), the queue of waiting work (`advance`), the next turn and the end of the game.

use super::prelude::*;

/// How a landing is settled when a card sent the player there.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LandCtx {
    pub(crate) rent_multiplier: i64,
    pub(crate) utility_dice: Option<i64>,
    /// Moves made by cards and Jokers so far in this chain (see [`MAX_CHAINED_MOVES`]).
    pub(crate) depth: u8,
}

impl Default for LandCtx {
    fn default() -> Self {
        LandCtx {
            rent_multiplier: 1,
            utility_dice: None,
            depth: 0,
        }
    }
}

impl LandCtx {
    /// The context of a move a card or Joker makes from a landing in this context.
    pub(crate) fn chained(self) -> LandCtx {
        LandCtx {
            depth: self.depth.saturating_add(1),
            ..LandCtx::default()
        }
    }
}

impl Game {
    /// Buying the lot landed on: no debt to raise first, and the price in cash.
    pub(crate) fn check_buy(&self, actor: PlayerId) -> Checked {
        let cash = self.players[actor].cash;
        let Phase::BuyOrDecline { square } = self.phase else {
            return Err(Refusal::NotNow("buy"));
        };
        let square = square.index();
        let price = self.board().square(square).price().unwrap_or(0);
        if self.has_debt(actor) {
            return Err(Refusal::NotNow("buy while you owe money"));
        }
        if cash < price {
            return Err(Refusal::CannotAfford {
                what: Afford::Lot(SquareId(square)),
                cost: price,
                cash,
            });
        }
        Ok(())
    }

    /// Buys the lot just landed on at its price.
    pub(crate) fn buy(&mut self, actor: PlayerId) {
        if let Phase::BuyOrDecline { square } = self.phase {
            let price = self.board().square(square.index()).price().unwrap_or(0);
            self.transfer(Party::Player(actor), Party::Bank, price);
            self.squares.set_owner(square.index(), Some(actor));
            self.emit(actor, Event::Bought { square, price });
        }
        self.advance();
    }

    /// Leaves the lot just landed on to auction (or to nobody without auctions).
    pub(crate) fn decline(&mut self, actor: PlayerId) {
        if let Phase::BuyOrDecline { square } = self.phase {
            self.emit(actor, Event::Declined { square });
            if self.rules().auctions {
                self.pending.push_front(Pending::Auction {
                    square: square.index(),
                });
            }
        }
        self.advance();
    }

    /// Ends the turn: the next player's turn starts.
    pub(crate) fn end_turn(&mut self) {
        let p = self.turn.player;
        self.emit(p, Event::TurnEnded);
        self.next_turn();
        self.advance();
    }

    pub(crate) fn do_roll(&mut self) {
        let p = self.turn.player;
        let dice = self.throw();
        let total: u32 = dice.iter().map(|d| u32::from(*d)).sum();
        let double = dice.len() >= 2 && dice.iter().all(|d| *d == dice[0]);
        let sides = self.rules().dice_sides;
        let max_face = dice.iter().all(|d| *d == sides);
        self.turn.rolled = true;
        self.turn.can_roll = false;
        self.turn.last_roll.clear();
        self.turn.last_roll.extend_from_slice(&dice);
        self.turn.last_total = total;
        self.turn.last_double = double;
        self.emit(
            p,
            Event::Rolled {
                dice,
                total,
                double,
            },
        );
        let steps = i32::try_from(total).unwrap_or(0);
        if self.is_held(p) {
            self.roll_in_jail(p, steps, double, max_face);
            return;
        }
        let mut act = true;
        match self.rules().extra_roll {
            ExtraRoll::None => {}
            ExtraRoll::Doubles { limit, on_limit } => {
                if double {
                    self.turn.doubles += 1;
                    if self.turn.doubles >= limit {
                        // The log says why first: jail or the turn's end follows.
                        self.emit(p, Event::TooManyDoubles);
                        if on_limit == DoublesLimit::Jail {
                            self.send_to_jail(p);
                        }
                        self.advance();
                        return;
                    }
                    self.turn.can_roll = true;
                }
            }
            ExtraRoll::MaxFace => {
                if max_face {
                    self.turn.can_roll = true;
                    act = false;
                }
            }
        }
        self.turn.roll_again_due = self.turn.can_roll;
        let blocking = self.move_by(p, steps, act, LandCtx::default());
        self.settle(blocking);
    }

    pub(crate) fn settle(&mut self, blocking: Option<Phase>) {
        match blocking {
            Some(phase) => self.phase = phase,
            None => self.advance(),
        }
    }

    pub(crate) fn pay_bonus(&mut self, p: PlayerId, amount: i64, salary: bool, reason: Reason) {
        if amount <= 0 {
            return;
        }
        let rules = self.rules();
        let tracked = rules.bonus_once_per_turn || rules.skip_bonus_squares_after_bonus;
        if tracked && p == self.turn.player {
            if self.rules().bonus_once_per_turn && self.turn.bonus_taken {
                self.emit(p, Event::NoBonus { amount });
                return;
            }
            self.turn.bonus_taken = true;
        }
        self.transfer(Party::Bank, Party::Player(p), amount);
        let event = if salary {
            Event::Salary { amount }
        } else {
            Event::Payment {
                from: Party::Bank,
                to: Party::Player(p),
                amount,
                reason,
            }
        };
        self.emit(p, event);
    }

    /// Moves a token; salary for passing (or landing on) the start when moving forward;
    /// then acts on the square reached when `act`.
    pub(crate) fn move_by(
        &mut self,
        p: PlayerId,
        steps: i32,
        act: bool,
        ctx: LandCtx,
    ) -> Option<Phase> {
        if self.players[p].bankrupt {
            return None;
        }
        let n = self.board().len() as i64;
        let from = self.players[p].position;
        let raw = from as i64 + i64::from(steps);
        let to = raw.rem_euclid(n) as usize;
        self.players[p].position = to;
        self.emit(
            p,
            Event::Moved {
                from: SquareId(from),
                to: SquareId(to),
                steps,
            },
        );
        if steps > 0 {
            let laps = raw / n;
            let salary = self.rules().salary;
            for lap in 0..laps {
                let mut amount = salary;
                if lap == laps - 1 && to == 0 && act {
                    amount *= i64::from(self.rules().salary_on_landing_multiplier);
                }
                self.pay_bonus(p, amount, true, Reason::Card);
            }
        }
        if act {
            self.land(p, ctx)
        } else {
            None
        }
    }

    pub(crate) fn advance_to(&mut self, p: PlayerId, target: usize, ctx: LandCtx) -> Option<Phase> {
        let n = self.board().len();
        let from = self.players[p].position;
        let steps = (target + n - from) % n;
        self.move_by(p, steps as i32, true, ctx)
    }

    pub(crate) fn nearest(&self, from: usize, pred: fn(&SquareKind) -> bool) -> Option<usize> {
        let n = self.board().len();
        (1..=n)
            .map(|k| (from + k) % n)
            .find(|&i| pred(&self.board().square(i).kind))
    }

    pub(crate) fn others(&self, p: PlayerId) -> Vec<PlayerId> {
        PlayerId::all(self.players.len())
            .filter(|&q| q != p && !self.players[q].bankrupt)
            .collect()
    }

    pub(crate) fn land(&mut self, p: PlayerId, ctx: LandCtx) -> Option<Phase> {
        let pos = self.players[p].position;
        let board = self.setup.board.clone();
        let kind = &board.square(pos).kind;
        let middle = self.middle();
        if self.rules().skip_bonus_squares_after_bonus
            && p == self.turn.player
            && self.turn.bonus_taken
            && kind.is_bonus_square()
        {
            self.emit(
                p,
                Event::BonusSquareSkipped {
                    square: SquareId(pos),
                },
            );
            return None;
        }
        match kind {
            SquareKind::Start | SquareKind::Jail | SquareKind::Road => None,
            SquareKind::FreeParking => {
                if self.rules().free_parking_jackpot && self.jackpot > 0 {
                    let j = self.jackpot;
                    self.transfer(Party::Jackpot, Party::Player(p), j);
                    self.emit(
                        p,
                        Event::Payment {
                            from: Party::Jackpot,
                            to: Party::Player(p),
                            amount: j,
                            reason: Reason::Jackpot,
                        },
                    );
                }
                None
            }
            SquareKind::Property { .. }
            | SquareKind::Railroad { .. }
            | SquareKind::Utility { .. } => {
                let state = self.squares[pos];
                match state.owner {
                    None => Some(Phase::BuyOrDecline {
                        square: SquareId(pos),
                    }),
                    Some(o) if o == p => None,
                    Some(o) => {
                        if state.mortgaged {
                            self.emit(
                                p,
                                Event::NoRent {
                                    square: SquareId(pos),
                                    why: NoRentWhy::Mortgaged,
                                },
                            );
                            return None;
                        }
                        if self.rules().no_rent_in_jail && self.players[o].in_jail {
                            self.emit(
                                p,
                                Event::NoRent {
                                    square: SquareId(pos),
                                    why: NoRentWhy::OwnerInJail,
                                },
                            );
                            return None;
                        }
                        let rent = match (&kind, ctx.utility_dice) {
                            (SquareKind::Utility { .. }, Some(m)) => {
                                let dice = self.throw();
                                let total: u32 = dice.iter().map(|d| u32::from(*d)).sum();
                                let double = dice.len() >= 2 && dice.iter().all(|d| *d == dice[0]);
                                self.emit(
                                    p,
                                    Event::Rolled {
                                        dice,
                                        total,
                                        double,
                                    },
                                );
                                i64::from(total) * m
                            }
                            _ => self.rent(pos, self.turn.last_total, ctx.rent_multiplier),
                        };
                        self.charge(
                            p,
                            Party::Player(o),
                            rent,
                            Reason::Rent {
                                square: SquareId(pos),
                            },
                        );
                        None
                    }
                }
            }
            &SquareKind::Station { fee_per_pip } => {
                let fee = fee_per_pip * i64::from(self.turn.last_total);
                self.charge(
                    p,
                    middle,
                    fee,
                    Reason::StationFee {
                        square: SquareId(pos),
                    },
                );
                None
            }
            &SquareKind::Tax {
                amount,
                percent,
                percent_on_double,
            } => {
                let pct = if self.turn.last_double {
                    percent_on_double.unwrap_or(percent)
                } else {
                    percent
                };
                let due = amount + self.players[p].cash.max(0) * i64::from(pct) / 100;
                self.charge(
                    p,
                    middle,
                    due,
                    Reason::Tax {
                        square: SquareId(pos),
                    },
                );
                None
            }
            // A chain of card and Joker moves stops after MAX_CHAINED_MOVES (validation
            // refuses boards where one could loop; this bounds the recursion regardless).
            SquareKind::Chance | SquareKind::CommunityChest if ctx.depth >= MAX_CHAINED_MOVES => {
                None
            }
            SquareKind::Chance => self.draw(p, DeckKind::Chance, ctx),
            SquareKind::CommunityChest => self.draw(p, DeckKind::CommunityChest, ctx),
            SquareKind::Joker { .. } if self.joker_turns() => self.land_on_joker(p, pos, ctx.depth),
            &SquareKind::Joker {
                money,
                pay_each_player,
                ..
            } => {
                let effect = JokerEffect::of(kind).unwrap_or_default();
                let reason = Reason::Joker {
                    square: SquareId(pos),
                };
                if money > 0 {
                    self.pay_bonus(p, money, false, reason.clone());
                } else if money < 0 {
                    self.charge(p, middle, -money, reason.clone());
                }
                if pay_each_player > 0 {
                    for o in self.others(p) {
                        self.charge(p, Party::Player(o), pay_each_player, reason.clone());
                    }
                }
                if self.players[p].bankrupt {
                    return None;
                }
                match effect {
                    JokerEffect::Stay => None,
                    JokerEffect::Wait(turns) => {
                        self.players[p].waiting += turns;
                        self.emit(p, Event::WillWait { turns });
                        None
                    }
                    JokerEffect::Move(steps) if ctx.depth < MAX_CHAINED_MOVES => {
                        self.move_by(p, steps, true, ctx.chained())
                    }
                    JokerEffect::Move(_) => None,
                }
            }
            SquareKind::GoToJail => {
                self.send_to_jail(p);
                None
            }
        }
    }

    /// Carries out queued work until a decision is needed, then sets the phase.
    pub(crate) fn advance(&mut self) {
        loop {
            if matches!(self.phase, Phase::GameOver) {
                return;
            }
            if self.players.iter().filter(|p| !p.bankrupt).count() <= 1 {
                self.end_game();
                return;
            }
            let Some(item) = self.pending.pop_front() else {
                if self.players[self.turn.player].bankrupt {
                    self.next_turn();
                    continue;
                }
                // "Rolls again" is told when the turn comes back to the dice, after the
                // square landed on is settled (a purchase, an auction, a debt).
                if std::mem::take(&mut self.turn.roll_again_due) && self.turn.can_roll {
                    let p = self.turn.player;
                    self.emit(p, Event::RollAgain);
                }
                self.phase = if self.turn.can_roll {
                    Phase::Roll
                } else {
                    Phase::EndTurn
                };
                return;
            };
            match item {
                Pending::Debt {
                    debtor,
                    creditor,
                    amount,
                    reason,
                } => {
                    if self.players[debtor].bankrupt {
                        continue;
                    }
                    if self.players[debtor].cash >= amount {
                        self.pay_now(debtor, creditor, amount, reason);
                        continue;
                    }
                    self.pending.push_front(Pending::Debt {
                        debtor,
                        creditor,
                        amount,
                        reason,
                    });
                    self.phase = Phase::RaiseCash {
                        debtor,
                        creditor,
                        amount,
                    };
                    return;
                }
                Pending::Auction { square } => {
                    if self.squares[square].owner.is_some() {
                        continue;
                    }
                    let n = self.players.len();
                    let bidders: Vec<PlayerId> = (0..n)
                        .map(|k| self.turn.player.after(k, n))
                        .filter(|&q| !self.players[q].bankrupt)
                        .collect();
                    let p = self.turn.player;
                    self.emit(
                        p,
                        Event::AuctionStarted {
                            square: Some(SquareId(square)),
                            minimum: 1,
                        },
                    );
                    self.phase = Phase::Auction(Auction {
                        lot: Some(SquareId(square)),
                        minimum: 1,
                        high_bid: 0,
                        leader: None,
                        bidders,
                        next: 0,
                    });
                    return;
                }
                Pending::JokerEffects {
                    player,
                    square,
                    remaining,
                    depth,
                } => {
                    if self.players[player].bankrupt || remaining.is_empty() {
                        continue;
                    }
                    self.phase = Phase::JokerEffects {
                        player,
                        square,
                        remaining,
                        depth,
                    };
                    return;
                }
                Pending::Move { player, steps } => {
                    if let Some(phase) = self.move_by(player, steps, true, LandCtx::default()) {
                        self.phase = phase;
                        return;
                    }
                }
            }
        }
    }

    pub(crate) fn end_game(&mut self) {
        self.phase = Phase::GameOver;
        self.pending.clear();
        let winner = self.leader();
        let p = winner.unwrap_or(self.turn.player);
        self.emit(p, Event::GameOver { winner });
    }

    pub(crate) fn next_turn(&mut self) {
        let ending = self.turn.player;
        // Rare: only lots received mortgaged this turn carry the mark.
        // Looked at without a guessed branch per square.
        if self
            .squares
            .iter()
            .fold(false, |any, s| any | s.interest_paid)
        {
            self.squares.clear_interest_paid(ending);
        }
        if self.players.iter().all(|p| p.bankrupt) {
            return;
        }
        let n = self.players.len();
        let mut p = ending;
        loop {
            let next = p.after(1, n);
            if next <= p {
                self.round += 1;
                if let Some(limit) = self.rules().round_limit {
                    if self.round > limit {
                        self.round = limit;
                        self.end_game();
                        return;
                    }
                }
            }
            p = next;
            if self.players[p].bankrupt {
                continue;
            }
            // Since issue 31 a waiting player takes their turn, held as in jail.
            if self.players[p].waiting > 0 && !self.joker_turns() {
                self.players[p].waiting -= 1;
                let remaining = self.players[p].waiting;
                self.emit(p, Event::TurnSkipped { remaining });
                continue;
            }
            break;
        }
        // The dice buffer is kept (empty) for the next turn's throws.
        let mut last_roll = std::mem::take(&mut self.turn.last_roll);
        last_roll.clear();
        self.turn = Turn {
            last_roll,
            ..Turn::start(p)
        };
        self.emit(p, Event::TurnStarted);
    }
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, PlayerId};
    use crate::board::{Board, BoardDef};
    use crate::event::Event;
    use crate::game::{Game, GameSetup, Seat};
    use crate::presets::Preset;
    use crate::stats::model::MAX_CHAINED_MOVES;

    /// Issue 11, fault 1: a card chain that never ends (here a Chance card "move 0 squares",
    /// on a board built without the validation that refuses it) stops after
    /// MAX_CHAINED_MOVES moves instead of overflowing the stack.
    #[test]
    fn a_move_zero_card_chain_is_bounded() {
        let mut v: serde_json::Value =
            serde_json::from_str(Preset::Classic.json()).expect("classic");
        let stay = serde_json::json!({"text": "Stay", "effect": {"kind": "move_by", "steps": 0}});
        let deck = vec![stay; 16];
        v["decks"] = serde_json::json!({"chance": deck, "community_chest": deck});
        let def: BoardDef = serde_json::from_value(v).expect("a board");
        assert!(
            Board::from_def(def.clone()).is_err(),
            "validation refuses it"
        );
        let board = Board::from_def_allowing_loops(def).expect("built for the test");
        // Game::new refuses such a board too: start on Classic, then swap the board in
        // (same squares, same deck sizes).
        let seats = vec![Seat::human("Ann"), Seat::human("Bob")];
        let classic = Preset::Classic.board();
        let mut g = Game::new(GameSetup::new(classic, seats, 1)).expect("a game");
        g.setup.board = std::sync::Arc::new(board);
        g.set_next_roll(vec![3, 4]).expect("dice");
        let events = g.apply(Action::Roll).expect("rolls");
        let draws = events
            .iter()
            .filter(|e| matches!(e.event, Event::CardDrawn { .. }))
            .count();
        assert_eq!(draws, usize::from(MAX_CHAINED_MOVES));
        assert_eq!(g.player(PlayerId(0)).position, 7);
        assert!(!g.legal_actions().is_empty());
    }

    /// Issue 11, fault 5: the jail-try counter saturates instead of overflowing.
    #[test]
    fn the_jail_try_counter_saturates() {
        let board = Preset::Classic.board();
        let mut setup = GameSetup::new(board, vec![Seat::human("Ann"), Seat::human("Bob")], 1);
        setup.rules.jail.max_tries = None;
        setup.seats[0].start.in_jail = true;
        let mut g = Game::new(setup).expect("a game");
        g.players[0].jail_tries = u8::MAX;
        g.set_next_roll(vec![1, 2]).expect("dice");
        g.apply(Action::Roll).expect("rolls");
        assert!(g.player(PlayerId(0)).in_jail);
        assert_eq!(g.player(PlayerId(0)).jail_tries, u8::MAX);
    }
}
