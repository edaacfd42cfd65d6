//! What every player at a table may know of a game, and nothing more.
//!
//! A game holds two secrets no player at a real table knows: its random generator (so the
//! dice to come, and the amounts ranged cards will draw) and the order of the cards not yet
//! drawn. Whoever holds the game (a room server, or the host's device at a serverless table)
//! sends the other devices a [`PublicGame`] once (when they join, rejoin, or their copy went
//! wrong): a type with no generator, no seed and no dice or cards fixed in advance, so what
//! is secret is absent by construction. After each action it sends only the action, the log
//! entries it made and the state's hash; a device applies the action to its own copy with
//! [`Game::follow`], taking the throws, the cards drawn and the ranged amounts from those
//! entries (every draw a game makes is in its log), and compares the hash
//! (`worlds_table::protocol::state_hash`, the same on both sides: neither secret is in it).

use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::Arc;

use super::chance::{Chance, Revealed};
use super::{
    DeckState, Edition, Game, GameSetup, NetWorthPoint, Pending, Phase, Player, Seat, Squares, Turn,
};
use crate::action::{Action, RuleError};
use crate::board::Board;
use crate::event::LogEntry;
use crate::rules::RuleSet;

/// What a public game keeps that a real one rebuilds by replaying its actions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct PublicRecord {
    /// Every player's assets at the start of each round so far (the end screen's chart).
    pub net_worth: Vec<NetWorthPoint>,
}

/// A game's setup as every player may know it: the board, the rules, the seats and the
/// edition of the rules. No seed, and no dice or cards fixed in advance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PublicSetup {
    pub board: Arc<Board>,
    pub rules: RuleSet,
    pub seats: Vec<Seat>,
    #[serde(default, skip_serializing_if = "Edition::is_first")]
    pub edition: Edition,
}

/// The game as every player may know it: what a client receives (a welcome, a resync) and
/// what a device that plays at someone else's table saves. It has no random generator, no
/// seed, no dice or cards fixed in advance, and lists the undrawn cards in card order (which
/// cards are left is known at the table, their order is not). A device makes its copy of the
/// game from it with `Game::try_from`, which checks its shape.
///
/// Written with the same field names as a [`Game`]; reading skips fields it does not know, so
/// a table game saved before this type (a whole game with a stand-in generator) reads as one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PublicGame {
    setup: PublicSetup,
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
    log: Vec<LogEntry>,
    history: Vec<Action>,
    money_supply: i64,
    #[serde(default)]
    public: PublicRecord,
}

impl PublicGame {
    pub fn setup(&self) -> &PublicSetup {
        &self.setup
    }
    /// The actions applied so far.
    pub fn history(&self) -> &[Action] {
        &self.history
    }
    pub fn players(&self) -> &[Player] {
        &self.players
    }
}

/// Why a public game could not be made, or could not follow an action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PublicError {
    #[error("This game holds its secrets: it plays its own actions and follows none.")]
    NotPublic,
    #[error("This copy of the game refuses the action: {0}")]
    Refused(RuleError),
    #[error("The action needed dice or a card that its log entries do not show.")]
    Unrevealed,
    #[error("The action made other log entries here than where it was decided.")]
    Differs,
    #[error("The game received has {got} players for {want} seats.")]
    Players { got: usize, want: usize },
    #[error("The game received has {got} squares; its board has {want}.")]
    Squares { got: usize, want: usize },
    #[error("The game received puts a player or the turn where its board has no place.")]
    Shape,
}

/// The decks as a player may know them: the cards left, in card order.
fn known_decks(decks: &DeckState) -> DeckState {
    let sorted = |d: &VecDeque<usize>| {
        let mut v: Vec<usize> = d.iter().copied().collect();
        crate::sorting::sort(&mut v);
        VecDeque::from(v)
    };
    DeckState {
        chance: sorted(&decks.chance),
        community_chest: sorted(&decks.community_chest),
    }
}

/// What an action changes besides the log (which only grows): kept while a public copy
/// follows one, so a copy that cannot follow it is left as it was.
struct Before {
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
    log: usize,
}

impl Before {
    fn of(g: &Game) -> Before {
        Before {
            players: g.players.clone(),
            squares: g.squares.clone(),
            bank_houses: g.bank_houses,
            bank_hotels: g.bank_hotels,
            bank: g.bank,
            jackpot: g.jackpot,
            decks: g.decks.clone(),
            turn: g.turn.clone(),
            phase: g.phase.clone(),
            pending: g.pending.clone(),
            round: g.round,
            throws: g.throws,
            log: g.log.len(),
        }
    }

    fn restore(self, g: &mut Game) {
        g.players = self.players;
        g.squares = self.squares;
        g.bank_houses = self.bank_houses;
        g.bank_hotels = self.bank_hotels;
        g.bank = self.bank;
        g.jackpot = self.jackpot;
        g.decks = self.decks;
        g.turn = self.turn;
        g.phase = self.phase;
        g.pending = self.pending;
        g.round = self.round;
        g.throws = self.throws;
        g.log.truncate(self.log);
    }
}

impl PublicGame {
    /// The device's copy, unchecked (for a public game made here).
    fn into_game(self) -> Game {
        Game {
            setup: GameSetup {
                board: self.setup.board,
                rules: self.setup.rules,
                seats: self.setup.seats,
                seed: 0,
                forced_rolls: Vec::new(),
                deck_order: None,
                edition: self.setup.edition,
            },
            players: self.players,
            squares: self.squares,
            bank_houses: self.bank_houses,
            bank_hotels: self.bank_hotels,
            bank: self.bank,
            jackpot: self.jackpot,
            decks: self.decks,
            turn: self.turn,
            phase: self.phase,
            pending: self.pending,
            round: self.round,
            chance: Chance::Revealed(Revealed::default()),
            throws: self.throws,
            log: self.log,
            history: self.history,
            money_supply: self.money_supply,
            public: Some(self.public),
        }
    }
}

/// A device's copy of a game it received: a public game (it follows the real one, it has no
/// generator). Refused when the game's players, squares or turn do not fit its own setup and
/// board (a received game is untrusted input).
impl TryFrom<PublicGame> for Game {
    type Error = PublicError;

    fn try_from(p: PublicGame) -> Result<Game, PublicError> {
        let want = p.setup.seats.len();
        if p.players.len() != want {
            return Err(PublicError::Players {
                got: p.players.len(),
                want,
            });
        }
        let squares = p.setup.board.len();
        if p.squares.len() != squares {
            return Err(PublicError::Squares {
                got: p.squares.len(),
                want: squares,
            });
        }
        if p.players.iter().any(|pl| pl.position >= squares) || p.turn.player.index() >= want {
            return Err(PublicError::Shape);
        }
        Ok(p.into_game())
    }
}

impl Game {
    /// This game as every player may know it (what a client receives): the same players,
    /// lots, turn, log and actions, with no random generator, no seed, no dice or cards fixed
    /// in advance, and the undrawn cards in card order.
    pub fn public_game(&self) -> PublicGame {
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
        PublicGame {
            setup: PublicSetup {
                board: self.setup.board.clone(),
                rules: self.setup.rules.clone(),
                seats: self.setup.seats.clone(),
                edition: self.setup.edition,
            },
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
            log: self.log.clone(),
            history: self.history.clone(),
            money_supply: self.money_supply,
            public: PublicRecord { net_worth },
        }
    }

    /// This game as a device that plays at someone else's table holds it: the
    /// [`Game::public_game`] as a game, with no generator (it cannot throw dice or draw cards
    /// the log did not show), following the real game with [`Game::follow`].
    pub fn public_view(&self) -> Game {
        self.public_game().into_game()
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

    /// Whether this is a public game (it follows the real game; it has no generator).
    pub fn is_public(&self) -> bool {
        self.public.is_some()
    }

    /// A public game applies the next action as the real game did: the action, with the
    /// dice, cards and ranged amounts the real game's log `entries` for it reveal, must make
    /// exactly those entries. Refused, and nothing changes, for a game with secrets, an
    /// action this copy refuses, a draw the entries do not show, or other entries (the copy
    /// is then out of step: its device asks for the whole game again).
    pub fn follow(&mut self, action: Action, entries: &[LogEntry]) -> Result<(), PublicError> {
        if self.public.is_none() {
            return Err(PublicError::NotPublic);
        }
        self.check(&action).map_err(PublicError::Refused)?;
        let before = Before::of(self);
        let round_before = self.round;
        self.chance = Chance::Revealed(Revealed::of(entries));
        self.execute(&action);
        let used = std::mem::replace(&mut self.chance, Chance::Revealed(Revealed::default()));
        let wrong = match used {
            Chance::Revealed(r) if r.spent() => None,
            Chance::Revealed(r) if r.short() => Some(PublicError::Unrevealed),
            _ => Some(PublicError::Differs),
        };
        let made = &self.log[before.log.min(self.log.len())..];
        if let Some(wrong) = wrong.or_else(|| (made != entries).then_some(PublicError::Differs)) {
            before.restore(self);
            return Err(wrong);
        }
        self.history.push(action);
        // Which cards are left is known, their order is not: card order, as sent.
        self.decks = known_decks(&self.decks);
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
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(seed: u64) -> Game {
        let seats = vec![
            Seat::computer("A", ComputerStrategy::Balanced),
            Seat::computer("B", ComputerStrategy::Cautious),
            Seat::computer("C", ComputerStrategy::Random),
        ];
        Game::new(GameSetup::new(Preset::Classic.board(), seats, seed)).expect("a game")
    }

    /// Applies the next bot action to `real` and returns it with the entries it made.
    fn next(real: &mut Game) -> Option<(Action, Vec<LogEntry>)> {
        let me = real.actor()?;
        let action = bots::strategy_by_name("balanced")
            .expect("a strategy")
            .choose(real, me);
        let entries = real.apply(action.clone()).expect("a bot's action is legal");
        Some((action, entries.to_vec()))
    }

    #[test]
    fn a_public_game_follows_the_real_one_without_its_secrets() {
        let mut real = game(41);
        bots::play_out(&mut real, 30);
        let mut public = real.public_view();
        assert!(public.is_public() && !real.is_public());
        assert_eq!(public.setup().seed, 0);
        assert!(matches!(public.chance, Chance::Revealed(_)), "no generator");
        for _ in 0..600 {
            let Some((action, entries)) = next(&mut real) else {
                break;
            };
            public.follow(action, &entries).expect("the same game");
            assert_eq!(public.players(), real.players());
            assert_eq!(public.squares(), real.squares());
            assert_eq!(public.phase(), real.phase());
            assert_eq!(public.log(), real.log());
            assert_eq!(public.legal_actions(), real.legal_actions());
        }
        assert!(real.history().len() > 100, "the game went on");
        assert_eq!(public.net_worth_history(), real.net_worth_history());
        // The copy is the game as every player may know it, and holds none of its secrets.
        assert_eq!(public.public_game(), real.public_game());
        assert_eq!(public, real.public_view());
        let written = serde_json::to_string(&public.public_game()).expect("writes");
        let Chance::Seeded(rng) = &real.chance else {
            panic!("the real game has its generator")
        };
        let rng = serde_json::to_string(rng).expect("writes");
        assert!(!written.contains(&rng));
        assert!(!written.contains("\"rng\"") && !written.contains("\"seed\""));
    }

    #[test]
    fn two_games_that_differ_only_in_their_secrets_look_the_same() {
        let a = game(1);
        let mut b = a.clone();
        b.chance = Chance::Seeded(ChaCha8Rng::seed_from_u64(99));
        b.decks.chance.make_contiguous().reverse();
        b.setup.seed = 7;
        assert_ne!(a, b);
        assert_eq!(a.public_view(), b.public_view());
        assert_eq!(a.public_game(), b.public_game());
    }

    #[test]
    fn a_copy_follows_only_what_the_log_shows_and_a_refusal_changes_nothing() {
        let mut real = game(3);
        let (roll, entries) = next(&mut real).expect("a first roll");
        assert_eq!(roll, Action::Roll);
        let mut secret = game(3);
        assert_eq!(
            secret.follow(Action::Roll, &entries),
            Err(PublicError::NotPublic)
        );
        let mut public = game(3).public_view();
        let before = public.clone();
        // No dice shown: the copy has no generator to throw them.
        let mut no_dice = entries.clone();
        no_dice.retain(|e| !matches!(e.event, crate::event::Event::Rolled { .. }));
        assert_eq!(
            public.follow(Action::Roll, &no_dice),
            Err(PublicError::Unrevealed)
        );
        assert_eq!(public, before, "a refused follow changes nothing");
        // Other dice than the entries' own: other entries.
        let mut forged = entries.clone();
        for e in forged.iter_mut() {
            if let crate::event::Event::Rolled { dice, total, .. } = &mut e.event {
                let faces: Vec<u8> = dice
                    .iter()
                    .map(|&f| if f == 6 { 1 } else { f + 1 })
                    .collect();
                *dice = crate::event::Dice::from_slice(&faces).expect("two dice");
                *total = faces.iter().map(|&f| u32::from(f)).sum();
            }
        }
        assert_eq!(
            public.follow(Action::Roll, &forged),
            Err(PublicError::Differs)
        );
        assert_eq!(public, before);
        // An action the copy refuses.
        assert!(matches!(
            public.follow(Action::EndTurn, &[]),
            Err(PublicError::Refused(_))
        ));
        assert_eq!(public, before);
        public
            .follow(Action::Roll, &entries)
            .expect("the real entries");
        assert_eq!(public.log(), real.log());
    }

    #[test]
    fn a_received_game_of_the_wrong_shape_is_refused() {
        let real = game(5);
        let mut p = real.public_game();
        p.players.pop();
        assert_eq!(
            Game::try_from(p),
            Err(PublicError::Players { got: 2, want: 3 })
        );
        let mut p = real.public_game();
        p.players[1].position = 400;
        assert_eq!(Game::try_from(p), Err(PublicError::Shape));
        assert_eq!(Game::try_from(real.public_game()), Ok(real.public_view()));
    }

    #[test]
    fn a_public_game_is_saved_as_itself_and_comes_back() {
        let mut real = game(8);
        bots::play_out(&mut real, 40);
        let public = real.public_view();
        let record = crate::GameRecord::of(&public);
        let text = serde_json::to_string(&record).expect("writes");
        assert!(
            !text.contains("\"rng\""),
            "a public game's record has no generator"
        );
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
