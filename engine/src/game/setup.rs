//! What starts a game: the seats (who plays, their token, a computer's strategy, an
//! optional starting position), forced dice and deck order, the [`GameSetup`] that holds
//! them with the board and rules, and [`Game::new`], which checks all of it (refusing with
//! a [`SetupError`]) and deals the starting state.

use crate::tagged::TaggedDeserialize;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::Arc;

use super::{Buildings, DeckState, Game, JailCard, Phase, Player, SquareState, Squares, Turn};
use crate::action::PlayerId;
use crate::board::Board;
use crate::cards::DeckKind;
use crate::event::Event;
use crate::rules::RuleSet;

/// How a computer player plays (see `bots`). Written by its name, as before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ComputerStrategy {
    /// Keeps a large reserve, bids low, rarely builds.
    Cautious,
    /// Picks any legal action.
    Random,
    /// Plays to win: values lots by the board's exact landing chances, weighs trades by
    /// play-outs (`expert`).
    Expert,
    /// Buys with a reserve, bids up to the price, builds, trades to complete groups. A name
    /// this version does not know reads as this one (such seats always played it); serde
    /// wants that variant last.
    #[default]
    #[serde(other)]
    Balanced,
}

impl ComputerStrategy {
    pub const ALL: [ComputerStrategy; 4] = [
        ComputerStrategy::Balanced,
        ComputerStrategy::Cautious,
        ComputerStrategy::Random,
        ComputerStrategy::Expert,
    ];

    /// The name saves, tournaments and the command line use.
    pub fn name(self) -> &'static str {
        match self {
            ComputerStrategy::Balanced => "balanced",
            ComputerStrategy::Cautious => "cautious",
            ComputerStrategy::Random => "random",
            ComputerStrategy::Expert => "expert",
        }
    }

    pub fn from_name(name: &str) -> Option<ComputerStrategy> {
        ComputerStrategy::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A player's token: none yet, one of the board's own pawn pictures, or a built-in piece
/// by name ("dog", "top hat", ...: the app draws those). Written as before: `""`,
/// `"pawn:N"` or the piece's name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub enum Token {
    #[default]
    None,
    /// The board's pawn picture number `N` (0-based).
    Pawn(usize),
    Piece(String),
}

impl Token {
    /// The token a written name stands for (any text reads as some token).
    pub fn from_name(name: &str) -> Token {
        if name.is_empty() {
            return Token::None;
        }
        let pawn = name
            .strip_prefix("pawn:")
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|n| format!("pawn:{n}") == name);
        match pawn {
            Some(n) => Token::Pawn(n),
            None => Token::Piece(name.to_string()),
        }
    }

    /// The token as written in saves and forms.
    pub fn name(&self) -> std::borrow::Cow<'_, str> {
        match self {
            Token::None => "".into(),
            Token::Pawn(n) => format!("pawn:{n}").into(),
            Token::Piece(p) => p.as_str().into(),
        }
    }

    /// The board pawn picture it shows, if it is one.
    pub fn pawn(&self) -> Option<usize> {
        match self {
            Token::Pawn(n) => Some(*n),
            _ => None,
        }
    }

    pub fn is_none(&self) -> bool {
        matches!(self, Token::None)
    }
}

impl Serialize for Token {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

impl<'de> Deserialize<'de> for Token {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Token, D::Error> {
        String::deserialize(d).map(|s| Token::from_name(&s))
    }
}

/// Who plays a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TaggedDeserialize, Default)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SeatKind {
    #[default]
    Human,
    Computer {
        strategy: ComputerStrategy,
    },
}

/// Optional starting position of a seat other than the rule set's (scenarios, tests).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct SeatStart {
    pub cash: Option<i64>,
    pub position: Option<usize>,
    /// Lots owned at the start.
    pub owns: Vec<usize>,
    /// Lots among `owns` that start mortgaged.
    pub mortgaged: Vec<usize>,
    /// Buildings at the start: (lot, houses; 5 = hotel).
    pub houses: Vec<(usize, u8)>,
    pub in_jail: bool,
    /// Get Out of Jail Free cards held at the start (taken out of their decks).
    pub jail_cards: Vec<DeckKind>,
}

/// A seat at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    #[serde(default)]
    pub token: Token,
    /// CSS color of the player's marker.
    #[serde(default)]
    pub color: String,
    #[serde(default)]
    pub kind: SeatKind,
    #[serde(default)]
    pub start: SeatStart,
}

impl Seat {
    pub fn human(name: &str) -> Seat {
        Seat {
            name: name.to_string(),
            token: Token::None,
            color: String::new(),
            kind: SeatKind::Human,
            start: SeatStart::default(),
        }
    }

    pub fn computer(name: &str, strategy: ComputerStrategy) -> Seat {
        Seat {
            kind: SeatKind::Computer { strategy },
            ..Seat::human(name)
        }
    }
}

/// Dice fixed in advance: the `at`-th throw of the game (0-based) shows `dice`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedRoll {
    pub at: u32,
    pub dice: Vec<u8>,
}

/// Card numbers (1-based, in deck order) to put on top of each deck, in draw order; the
/// other cards follow in their numbered order. Empty: the deck is shuffled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct DeckOrder {
    pub chance: Vec<usize>,
    pub community_chest: Vec<usize>,
}

/// Which version of the game's own rules a game follows, so a saved game (its setup and
/// actions) replays under the rules it was played by. A setup that does not say (every save
/// written before issue 31) is the first; [`GameSetup::new`] starts the latest.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Edition {
    /// A Joker's effects are carried out at once when it is landed on, and a player waiting
    /// on a Joker misses their turns.
    #[default]
    First,
    /// Issue 31: whoever lands on a Joker applies its effects one at a time, in the order
    /// they choose ([`super::Phase::JokerEffects`]), and a player waiting on a Joker is held
    /// as in jail: each waited turn they may pay the jail fine to leave or roll for doubles,
    /// and build, mortgage, sell and trade.
    JokerTurns,
}

impl Edition {
    /// The rules new games follow.
    pub const LATEST: Edition = Edition::JokerTurns;

    pub fn is_first(&self) -> bool {
        *self == Edition::First
    }
}

/// Everything needed to start a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameSetup {
    pub board: Arc<Board>,
    /// The rules in force (the board's unless changed in the lobby).
    pub rules: RuleSet,
    pub seats: Vec<Seat>,
    pub seed: u64,
    #[serde(default)]
    pub forced_rolls: Vec<ForcedRoll>,
    /// `None`: shuffle both decks with the game's RNG.
    #[serde(default)]
    pub deck_order: Option<DeckOrder>,
    /// The version of the game's rules (see [`Edition`]); written only after the first.
    #[serde(default, skip_serializing_if = "Edition::is_first")]
    pub edition: Edition,
}

impl GameSetup {
    /// A setup with the board's own rules.
    pub fn new(board: Board, seats: Vec<Seat>, seed: u64) -> GameSetup {
        GameSetup {
            rules: board.rules().clone(),
            board: Arc::new(board),
            seats,
            seed,
            forced_rolls: Vec::new(),
            deck_order: None,
            edition: Edition::LATEST,
        }
    }
}

/// Why a setup cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("This game needs {min} to {max} players; there are {count}.")]
    PlayerCount { count: usize, min: u8, max: u8 },
    #[error("Every player needs a name (seat {}).", seat + 1)]
    EmptyName { seat: usize },
    #[error("{name}: {why}.")]
    BadStart { name: String, why: String },
    #[error("The rules are invalid: {0}.")]
    BadRules(String),
    #[error("Forced dice {dice:?}: each of {count} dice shows 1 to {sides}.")]
    BadDice { dice: Vec<u8>, count: u8, sides: u8 },
    #[error("There is no {} card number {number}.", deck.label())]
    BadCard { deck: DeckKind, number: usize },
}

pub(crate) fn shuffle<T>(v: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

impl Game {
    /// Starts a game. The first seat plays first.
    pub fn new(setup: GameSetup) -> Result<Game, SetupError> {
        let board = setup.board.clone();
        let rules = setup.rules.clone();
        // The rules are checked like a board's rules. A board's own rules already were, and
        // the round limit is checked on its own (nothing on the board depends on it).
        let own_rules = RuleSet {
            round_limit: board.rules().round_limit,
            ..rules.clone()
        } == *board.rules();
        let checked = if own_rules {
            crate::board::check_rules_alone(&rules)
        } else {
            let mut def = board.def().clone();
            def.rules = rules.clone();
            Board::from_def(def).map(|_| ())
        };
        if let Err(errs) = checked {
            let msg = errs
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            return Err(SetupError::BadRules(msg));
        }
        let n = setup.seats.len();
        if n < usize::from(rules.min_players) || n > usize::from(rules.max_players) {
            return Err(SetupError::PlayerCount {
                count: n,
                min: rules.min_players,
                max: rules.max_players,
            });
        }
        for f in &setup.forced_rolls {
            if f.dice.len() != usize::from(rules.dice_count)
                || f.dice.iter().any(|d| *d == 0 || *d > rules.dice_sides)
            {
                return Err(SetupError::BadDice {
                    dice: f.dice.clone(),
                    count: rules.dice_count,
                    sides: rules.dice_sides,
                });
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
        let mut squares = vec![SquareState::default(); board.len()];
        let mut bank_houses = rules.houses;
        let mut bank_hotels = rules.hotels;
        let mut players = Vec::with_capacity(n);
        let mut held_cards: Vec<JailCard> = Vec::new();
        let mut money_supply = 0;
        for (seat_index, seat) in setup.seats.iter().enumerate() {
            if seat.name.trim().is_empty() {
                return Err(SetupError::EmptyName { seat: seat_index });
            }
            let bad = |why: String| SetupError::BadStart {
                name: seat.name.clone(),
                why,
            };
            if let Some(why) = crate::board::name_problem(&seat.name) {
                return Err(bad(why));
            }
            if let Some(why) = crate::board::name_problem(&seat.token.name()) {
                return Err(bad(format!("the token: {why}")));
            }
            if let Some(why) = crate::board::name_problem(&seat.color) {
                return Err(bad(format!("the color: {why}")));
            }
            let s = &seat.start;
            let cash = s.cash.unwrap_or(rules.starting_cash);
            if !(0..=crate::board::MAX_AMOUNT).contains(&cash) {
                return Err(bad("cash must be between 0 and 1,000,000,000".into()));
            }
            let position = s.position.unwrap_or(0);
            if position >= board.len() {
                return Err(bad(format!("there is no square {position}")));
            }
            if s.in_jail && board.jail().is_none() {
                return Err(bad("the board has no jail".into()));
            }
            for &lot in &s.owns {
                if lot >= board.len() || !board.square(lot).is_ownable() {
                    return Err(bad(format!("square {lot} is not a lot")));
                }
                if squares[lot].owner.is_some() {
                    return Err(bad(format!("{} is already owned", board.square(lot).name)));
                }
                squares[lot].owner = Some(PlayerId(seat_index));
            }
            for &lot in &s.mortgaged {
                if !s.owns.contains(&lot) {
                    return Err(bad(format!("square {lot} is mortgaged but not owned")));
                }
                squares[lot].mortgaged = true;
            }
            for (k, &(lot, h)) in s.houses.iter().enumerate() {
                if !s.owns.contains(&lot) || board.square(lot).house_cost().is_none() || h > 5 {
                    return Err(bad(format!("square {lot} cannot hold {h} buildings")));
                }
                if s.houses[..k].iter().any(|&(l, _)| l == lot) {
                    return Err(bad(format!("square {lot} has its buildings listed twice")));
                }
                if h > 0 {
                    let name = &board.square(lot).name;
                    if !rules.buildings {
                        return Err(bad(format!("{name}: this game has no buildings")));
                    }
                    let group = match board.group_of(lot) {
                        Some(g) => board.group_lots(g),
                        None => &[][..],
                    };
                    if group.is_empty() || group.iter().any(|l| !s.owns.contains(l)) {
                        return Err(bad(format!(
                            "{name} has buildings without its whole color group"
                        )));
                    }
                    if group.iter().any(|l| s.mortgaged.contains(l)) {
                        return Err(bad(format!(
                            "{name} has buildings while a lot of its group is mortgaged"
                        )));
                    }
                }
                if h == 5 {
                    if bank_hotels == 0 {
                        return Err(bad("the bank has no hotel left".into()));
                    }
                    bank_hotels -= 1;
                } else {
                    if bank_houses < u32::from(h) {
                        return Err(bad("the bank has not enough houses".into()));
                    }
                    bank_houses -= u32::from(h);
                }
                squares[lot].buildings = Buildings::from_level(h).unwrap_or_default();
            }
            let mut jail_cards = Vec::new();
            for &deck in &s.jail_cards {
                let card = board.deck(deck).iter().enumerate().position(|(i, c)| {
                    c.effect == crate::cards::CardEffect::GetOutOfJailFree
                        && !held_cards.iter().any(|h| h.deck == deck && h.card == i)
                });
                let Some(card) = card else {
                    return Err(bad(format!("no {} jail card is left", deck.label())));
                };
                let jc = JailCard { deck, card };
                held_cards.push(jc);
                jail_cards.push(jc);
            }
            money_supply += cash;
            players.push(Player {
                name: seat.name.clone(),
                token: seat.token.clone(),
                color: seat.color.clone(),
                kind: seat.kind.clone(),
                cash,
                position: if s.in_jail {
                    board.jail().unwrap_or(position)
                } else {
                    position
                },
                in_jail: s.in_jail,
                jail_tries: 0,
                jail_cards,
                bankrupt: false,
                waiting: 0,
                holdings_when_out: None,
            });
        }
        let mut decks = DeckState::default();
        for kind in [DeckKind::Chance, DeckKind::CommunityChest] {
            let len = board.deck(kind).len();
            let mut order: Vec<usize> = match &setup.deck_order {
                Some(o) => {
                    let top = match kind {
                        DeckKind::Chance => &o.chance,
                        DeckKind::CommunityChest => &o.community_chest,
                    };
                    let mut v = Vec::new();
                    for &number in top {
                        if number == 0 || number > len || v.contains(&(number - 1)) {
                            return Err(SetupError::BadCard { deck: kind, number });
                        }
                        v.push(number - 1);
                    }
                    v.extend((0..len).filter(|i| !top.contains(&(i + 1))));
                    v
                }
                None => {
                    let mut v: Vec<usize> = (0..len).collect();
                    shuffle(&mut v, &mut rng);
                    v
                }
            };
            order.retain(|i| !held_cards.iter().any(|h| h.deck == kind && h.card == *i));
            *decks.get_mut(kind) = order.into();
        }
        let mut game = Game {
            setup,
            players,
            squares: Squares::new(squares),
            bank_houses,
            bank_hotels,
            bank: 0,
            jackpot: 0,
            decks,
            turn: Turn::start(PlayerId(0)),
            phase: Phase::Roll,
            pending: VecDeque::new(),
            round: 1,
            chance: super::Chance::Seeded(rng),
            throws: 0,
            // Room for a typical game without regrowing.
            log: Vec::with_capacity(1024),
            history: Vec::with_capacity(512),
            money_supply,
            public: None,
        };
        game.emit(PlayerId(0), Event::TurnStarted);
        Ok(game)
    }
}
