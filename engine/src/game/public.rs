//! What every player at a table may know of a game, and nothing more.
//!
//! A game holds two secrets no player at a real table knows: its random generator (so the
//! dice to come) and the order of the cards not yet drawn. Whoever holds the game (a room
//! server, or the host's device at a serverless table) sends the other devices a
//! [`Game::public_view`] once and then, after each action, the log entries it made and its
//! [`PublicState`]; a device applies them with [`Game::advance_public`] instead of replaying
//! the action (which would need the secrets). A public game plays no dice of its own: it
//! shows, lists what is legal and checks a request as the real game would, and its
//! state hash (`worlds_table::protocol::state_hash`) matches the real game's, since neither secret is in it.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

use super::{DeckState, Game, NetWorthPoint, Pending, Phase, Player, Squares, Turn};
use crate::action::Action;
use crate::event::LogEntry;

/// What a public game keeps that a real one rebuilds by replaying its actions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct PublicRecord {
    /// Every player's assets at the start of each round so far (the end screen's chart).
    pub net_worth: Vec<NetWorthPoint>,
}

/// A game's state after an action, without its secrets: the undrawn cards are listed in
/// card order (which cards are left is known at the table, their order is not), and there
/// is no random generator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PublicState {
    players: Vec<Player>,
    squares: Squares,
    bank_houses: u32,
    bank_hotels: u32,
    bank: i64,
    jackpot: i64,
    decks: DeckState,
    turn: Turn,
    phase: Phase,
    pending: VecDeque<Pending>,
    round: u32,
    throws: u32,
    money_supply: i64,
}

/// Why a public state could not be taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PublicError {
    #[error("This game holds its secrets: it is played by applying actions, not states.")]
    NotPublic,
    #[error("The state is for a game of {got} players; this one has {want}.")]
    Players { got: usize, want: usize },
    #[error("The state is for a board of {got} squares; this one has {want}.")]
    Squares { got: usize, want: usize },
}

/// The decks as a player may know them: the cards left, in card order.
fn known_decks(decks: &DeckState) -> DeckState {
    let sorted = |d: &VecDeque<usize>| {
        let mut v: Vec<usize> = d.iter().copied().collect();
        v.sort_unstable();
        VecDeque::from(v)
    };
    DeckState {
        chance: sorted(&decks.chance),
        community_chest: sorted(&decks.community_chest),
    }
}

impl Game {
    /// This game as every player may know it: the same players, lots, turn, log and actions,
    /// with no random generator (a fixed one stands in), no seed, no dice or cards fixed in
    /// advance, and the undrawn cards in card order. It applies no action of its own:
    /// [`Game::advance_public`] takes each next state from whoever holds the real game.
    pub fn public_view(&self) -> Game {
        let mut net_worth = match &self.public {
            Some(record) => record.net_worth.clone(),
            None => self.net_worth_history(),
        };
        // The last point may be "now" (mid-round): the next round's start is added later.
        if net_worth.len() > 1 && net_worth.last().is_some_and(|p| p.round == self.round) {
            let prev = net_worth.len() - 2;
            if net_worth[prev].round == self.round {
                net_worth.pop();
            }
        }
        let mut setup = self.setup.clone();
        setup.seed = 0;
        setup.forced_rolls.clear();
        setup.deck_order = None;
        Game {
            setup,
            players: self.players.clone(),
            squares: self.squares.clone(),
            bank_houses: self.bank_houses,
            bank_hotels: self.bank_hotels,
            bank: self.bank,
            jackpot: self.jackpot,
            decks: known_decks(&self.decks),
            turn: self.turn.clone(),
            phase: self.phase.clone(),
            pending: self.pending.clone(),
            round: self.round,
            rng: ChaCha8Rng::seed_from_u64(0),
            throws: self.throws,
            log: self.log.clone(),
            history: self.history.clone(),
            money_supply: self.money_supply,
            public: Some(PublicRecord { net_worth }),
        }
    }

    /// The game as it was played, rebuilt from what every player saw: every throw's dice
    /// and every card drawn are in the log, so a setup that fixes them in advance replays
    /// the same actions to the same states (the seed and the order of the cards never drawn
    /// stay unknown: nothing used them). A full game is its own copy. `None` when the replay
    /// does not lead to this game.
    pub fn replayable(&self) -> Option<Game> {
        if !self.is_public() {
            return Some(self.clone());
        }
        let mut setup = self.setup.clone();
        let mut rolls = Vec::new();
        let mut order = super::DeckOrder::default();
        for e in &self.log {
            match &e.event {
                crate::event::Event::Rolled { dice, .. } => rolls.push(super::ForcedRoll {
                    at: rolls.len() as u32,
                    dice: dice.to_vec(),
                }),
                crate::event::Event::CardDrawn { deck, number, .. } => {
                    let drawn = match deck {
                        crate::cards::DeckKind::Chance => &mut order.chance,
                        crate::cards::DeckKind::CommunityChest => &mut order.community_chest,
                    };
                    if !drawn.contains(number) {
                        drawn.push(*number);
                    }
                }
                _ => {}
            }
        }
        setup.forced_rolls = rolls;
        setup.deck_order = Some(order);
        let mut g = Game::new(setup).ok()?;
        for a in &self.history {
            if !g.apply_quietly(a.clone()) {
                return None;
            }
        }
        (g.players == self.players && g.squares == self.squares && g.phase == self.phase)
            .then_some(g)
    }

    /// Whether this is a [`Game::public_view`] (it follows states; it cannot replay).
    pub fn is_public(&self) -> bool {
        self.public.is_some()
    }

    /// The state after the last action, without the secrets (sent after every action).
    pub fn public_state(&self) -> PublicState {
        PublicState {
            players: self.players.clone(),
            squares: self.squares.clone(),
            bank_houses: self.bank_houses,
            bank_hotels: self.bank_hotels,
            bank: self.bank,
            jackpot: self.jackpot,
            decks: known_decks(&self.decks),
            turn: self.turn.clone(),
            phase: self.phase.clone(),
            pending: self.pending.clone(),
            round: self.round,
            throws: self.throws,
            money_supply: self.money_supply,
        }
    }

    /// A public game takes the next action as the real game applied it: the action, the log
    /// entries it made and the state after it. Refused (and nothing changes) for a game with
    /// secrets or a state of another shape.
    pub fn advance_public(
        &mut self,
        action: Action,
        entries: Vec<LogEntry>,
        state: PublicState,
    ) -> Result<(), PublicError> {
        if self.public.is_none() {
            return Err(PublicError::NotPublic);
        }
        if state.players.len() != self.players.len() {
            return Err(PublicError::Players {
                got: state.players.len(),
                want: self.players.len(),
            });
        }
        if state.squares.len() != self.squares.len() {
            return Err(PublicError::Squares {
                got: state.squares.len(),
                want: self.squares.len(),
            });
        }
        let round_before = self.round;
        self.players = state.players;
        self.squares = state.squares;
        self.bank_houses = state.bank_houses;
        self.bank_hotels = state.bank_hotels;
        self.bank = state.bank;
        self.jackpot = state.jackpot;
        self.decks = state.decks;
        self.turn = state.turn;
        self.phase = state.phase;
        self.pending = state.pending;
        self.round = state.round;
        self.throws = state.throws;
        self.money_supply = state.money_supply;
        self.log.extend(entries);
        self.history.push(action);
        if self.round != round_before {
            let point = self.net_worth_now();
            if let Some(record) = self.public.as_mut() {
                record.net_worth.push(point);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{bots, ComputerStrategy, GameSetup, Preset, Seat};

    fn game(seed: u64) -> Game {
        let seats = vec![
            Seat::computer("A", ComputerStrategy::Balanced),
            Seat::computer("B", ComputerStrategy::Cautious),
            Seat::computer("C", ComputerStrategy::Random),
        ];
        Game::new(GameSetup::new(Preset::Classic.board(), seats, seed)).expect("a game")
    }

    #[test]
    fn a_public_game_follows_the_real_one_without_its_secrets() {
        let mut real = game(41);
        bots::play_out(&mut real, 30);
        let mut public = real.public_view();
        assert!(public.is_public() && !real.is_public());
        assert_eq!(public.setup().seed, 0);
        for _ in 0..600 {
            let Some(me) = real.actor() else { break };
            let action = bots::strategy_by_name("balanced")
                .expect("a strategy")
                .choose(&real, me);
            let start = real.log().len();
            real.apply(action.clone()).expect("a bot's action is legal");
            let entries = real.log()[start..].to_vec();
            public
                .advance_public(action, entries, real.public_state())
                .expect("the same game");
            assert_eq!(public.players(), real.players());
            assert_eq!(public.squares(), real.squares());
            assert_eq!(public.phase(), real.phase());
            assert_eq!(public.log(), real.log());
            assert_eq!(public.legal_actions(), real.legal_actions());
        }
        assert!(real.history().len() > 100, "the game went on");
        assert_eq!(public.net_worth_history(), real.net_worth_history());
        // The real game's secrets are nowhere in what the public one holds.
        let written = serde_json::to_string(&public).expect("writes");
        let rng = serde_json::to_string(&real.rng).expect("writes");
        assert!(!written.contains(&rng));
        assert_eq!(
            written,
            serde_json::to_string(&real.public_view()).expect("writes")
        );
    }

    #[test]
    fn two_games_that_differ_only_in_their_secrets_look_the_same() {
        let a = game(1);
        let mut b = a.clone();
        b.rng = ChaCha8Rng::seed_from_u64(99);
        b.decks.chance.make_contiguous().reverse();
        b.setup.seed = 7;
        assert_ne!(a, b);
        assert_eq!(a.public_view(), b.public_view());
        assert_eq!(a.public_state(), b.public_state());
    }

    #[test]
    fn a_game_with_secrets_takes_no_state() {
        let mut real = game(3);
        let state = real.public_state();
        assert_eq!(
            real.advance_public(Action::Roll, Vec::new(), state),
            Err(PublicError::NotPublic)
        );
        let mut public = real.public_view();
        let mut other = Game::new(GameSetup::new(
            Preset::Classic.board(),
            vec![Seat::human("X"), Seat::human("Y")],
            5,
        ))
        .expect("a game");
        bots::play_out(&mut other, 1);
        let before = public.clone();
        assert!(matches!(
            public.advance_public(Action::Roll, Vec::new(), other.public_state()),
            Err(PublicError::Players { got: 2, want: 3 })
        ));
        assert_eq!(public, before, "a refused state changes nothing");
    }

    #[test]
    fn a_public_game_is_saved_as_itself_and_comes_back() {
        let mut real = game(8);
        bots::play_out(&mut real, 40);
        let public = real.public_view();
        let record = crate::GameRecord::of(&public);
        let text = serde_json::to_string(&record).expect("writes");
        let back: crate::GameRecord = serde_json::from_str(&text).expect("reads");
        assert_eq!(back.replay(), Ok(public.clone()));
        // A record whose game does not match its actions is refused.
        let mut forged = back.clone();
        forged.actions.push(Action::Roll);
        assert!(forged.replay().is_err());
        // A real game's record holds no copy: it replays.
        assert!(crate::GameRecord::of(&real).public.is_none());
    }
}
