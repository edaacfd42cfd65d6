//! The game state: setup, players, squares, bank, decks, turn and phase, and the public
//! surface the UI and the tools use (`apply`, `legal_actions`, accessors).
//!
//! A game is its [`GameSetup`] plus the list of actions applied to it; all randomness comes
//! from a seeded ChaCha RNG stored in the state, so [`Game::replay`] rebuilds it exactly.
//! The rules themselves live by concern in `concerns/`; text is made in `narration.rs`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::Arc;

use crate::action::{Action, PlayerId, RuleError, SquareId, TradeOffer};
use crate::board::{Board, SquareKind};
use crate::cards::DeckKind;
use crate::event::{Dice, Event, LogEntry, Party};
use crate::rules::RuleSet;

/// A trade proposer may make at most this many offers per turn (keeps turns finite).
pub const MAX_TRADE_OFFERS_PER_TURN: u32 = 5;

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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
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

/// Why a replay stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("{0}")]
    Setup(#[from] SetupError),
    #[error("action {index} ({action:?}) was refused: {error}")]
    Refused {
        index: usize,
        action: Box<Action>,
        error: RuleError,
    },
}

/// A Get Out of Jail Free card held by a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct JailCard {
    pub deck: DeckKind,
    /// Index of the card in its deck.
    pub card: usize,
}

/// A player and everything they hold except lots (see [`SquareState::owner`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub token: Token,
    pub color: String,
    pub kind: SeatKind,
    pub cash: i64,
    pub position: usize,
    pub in_jail: bool,
    /// Failed tries to leave jail so far.
    pub jail_tries: u8,
    pub jail_cards: Vec<JailCard>,
    pub bankrupt: bool,
    /// Turns still to miss (a Joker's "wait N turns").
    pub waiting: u32,
}

impl std::ops::Index<PlayerId> for Vec<Player> {
    type Output = Player;
    fn index(&self, id: PlayerId) -> &Player {
        &self[id.0]
    }
}

impl std::ops::IndexMut<PlayerId> for Vec<Player> {
    fn index_mut(&mut self, id: PlayerId) -> &mut Player {
        &mut self[id.0]
    }
}

/// What stands on a lot: nothing, one to four houses, or a hotel. Written as the number of
/// houses with 5 for a hotel, as saves, scenarios and events always wrote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Buildings {
    #[default]
    None,
    /// One to four houses (made only by [`Buildings::from_level`] and the steps below).
    Houses(u8),
    Hotel,
}

impl Buildings {
    /// 0 to 4 houses, or 5 for a hotel; `None` above 5.
    pub fn from_level(level: u8) -> Option<Buildings> {
        match level {
            0 => Some(Buildings::None),
            1..=4 => Some(Buildings::Houses(level)),
            5 => Some(Buildings::Hotel),
            _ => None,
        }
    }

    /// The number of houses, 5 for a hotel.
    pub fn level(self) -> u8 {
        match self {
            Buildings::None => 0,
            Buildings::Houses(n) => n,
            Buildings::Hotel => 5,
        }
    }

    pub fn is_none(self) -> bool {
        self == Buildings::None
    }

    pub fn is_hotel(self) -> bool {
        self == Buildings::Hotel
    }

    /// One more building: a house, or the hotel that replaces four houses.
    pub fn one_more(self) -> Option<Buildings> {
        Buildings::from_level(self.level() + 1)
    }

    /// One building fewer: a house sold, or a hotel back to four houses.
    pub fn one_less(self) -> Option<Buildings> {
        self.level().checked_sub(1).and_then(Buildings::from_level)
    }
}

impl Serialize for Buildings {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.level())
    }
}

impl<'de> Deserialize<'de> for Buildings {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Buildings, D::Error> {
        let level = u8::deserialize(d)?;
        Buildings::from_level(level).ok_or_else(|| {
            serde::de::Error::invalid_value(
                serde::de::Unexpected::Unsigned(u64::from(level)),
                &"0 to 4 houses or 5 for a hotel",
            )
        })
    }
}

/// The state of one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct SquareState {
    pub owner: Option<PlayerId>,
    /// What stands on the lot (written as `houses`: 5 means a hotel).
    #[serde(rename = "houses")]
    pub buildings: Buildings,
    pub mortgaged: bool,
    /// Received mortgaged with the 10% paid: lifting it before the owner's turn ends costs
    /// the mortgage value only.
    pub interest_paid: bool,
}

/// The squares' states, with who owns what and what is mortgaged also kept as bits (boards
/// have at most 60 squares), so that questions asked on every decision ("which lots are
/// mine", "is this group whole") take no scan of the board. Owners and mortgages change
/// only through the methods here; written and read as the plain list of states.
#[derive(Debug, Clone, Default)]
pub struct Squares {
    states: Vec<SquareState>,
    /// Per player id, the squares they own as bits.
    owned: Vec<u64>,
    mortgaged: u64,
}

impl Squares {
    pub(crate) fn new(states: Vec<SquareState>) -> Squares {
        let mut s = Squares {
            states: Vec::with_capacity(states.len()),
            owned: Vec::new(),
            mortgaged: 0,
        };
        for state in states {
            let i = s.states.len();
            s.states.push(SquareState::default());
            s.set_owner(i, state.owner);
            s.set_mortgaged(i, state.mortgaged);
            s.states[i].buildings = state.buildings;
            s.states[i].interest_paid = state.interest_paid;
        }
        s
    }

    fn bit(i: usize) -> u64 {
        if i < 64 {
            1 << i
        } else {
            0
        }
    }

    pub(crate) fn set_owner(&mut self, i: usize, owner: Option<PlayerId>) {
        let Some(state) = self.states.get_mut(i) else {
            return;
        };
        if let Some(old) = state.owner {
            if let Some(m) = self.owned.get_mut(old.0) {
                *m &= !Squares::bit(i);
            }
        }
        state.owner = owner;
        if let Some(new) = owner {
            if self.owned.len() <= new.0 {
                self.owned.resize(new.0 + 1, 0);
            }
            self.owned[new.0] |= Squares::bit(i);
        }
    }

    pub(crate) fn set_mortgaged(&mut self, i: usize, mortgaged: bool) {
        let Some(state) = self.states.get_mut(i) else {
            return;
        };
        state.mortgaged = mortgaged;
        if mortgaged {
            self.mortgaged |= Squares::bit(i);
        } else {
            self.mortgaged &= !Squares::bit(i);
        }
    }

    /// Back to the bank: no owner, no buildings, no mortgage.
    pub(crate) fn reset(&mut self, i: usize) {
        self.set_owner(i, None);
        self.set_mortgaged(i, false);
        if let Some(state) = self.states.get_mut(i) {
            *state = SquareState::default();
        }
    }

    pub(crate) fn set_buildings(&mut self, i: usize, buildings: Buildings) {
        if let Some(state) = self.states.get_mut(i) {
            state.buildings = buildings;
        }
    }

    pub(crate) fn set_interest_paid(&mut self, i: usize, paid: bool) {
        if let Some(state) = self.states.get_mut(i) {
            state.interest_paid = paid;
        }
    }

    /// Clears the "interest paid" mark of every lot `owner` holds.
    pub(crate) fn clear_interest_paid(&mut self, owner: PlayerId) {
        for s in self.states.iter_mut() {
            s.interest_paid &= s.owner != Some(owner);
        }
    }

    /// The squares `player` owns, as bits.
    pub fn owned_mask(&self, player: PlayerId) -> u64 {
        self.owned.get(player.0).copied().unwrap_or(0)
    }

    /// The mortgaged squares, as bits.
    pub fn mortgaged_mask(&self) -> u64 {
        self.mortgaged
    }
}

/// Equal when the states are: the bits follow from them.
impl PartialEq for Squares {
    fn eq(&self, other: &Squares) -> bool {
        self.states == other.states
    }
}

impl Eq for Squares {}

impl std::ops::Deref for Squares {
    type Target = [SquareState];
    fn deref(&self) -> &[SquareState] {
        &self.states
    }
}

impl Serialize for Squares {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.states.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Squares {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Squares, D::Error> {
        Vec::<SquareState>::deserialize(d).map(Squares::new)
    }
}

/// A running auction of a lot or of a house (housing shortage).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    /// The lot, or `None` for one house from the bank.
    pub lot: Option<SquareId>,
    /// The lowest acceptable first bid.
    pub minimum: i64,
    pub high_bid: i64,
    pub leader: Option<PlayerId>,
    /// Players still bidding, in bidding order.
    pub bidders: Vec<PlayerId>,
    /// Index in `bidders` of the player to bid next.
    pub next: usize,
}

impl Auction {
    /// The lowest bid the next bidder may make.
    pub fn min_bid(&self) -> i64 {
        if self.leader.is_some() {
            self.high_bid + 1
        } else {
            self.minimum.max(1)
        }
    }
}

/// What the game waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The current player rolls (first roll, roll again, or the try in jail); they may also
    /// build, mortgage, trade, pay the jail fine or use a jail card first.
    Roll,
    /// The current player landed on an unowned lot.
    BuyOrDecline {
        square: SquareId,
    },
    Auction(Auction),
    /// The winner of a house auction places the house.
    PlaceHouse {
        player: PlayerId,
    },
    /// The debtor owes more than their cash.
    RaiseCash {
        debtor: PlayerId,
        creditor: Party,
        amount: i64,
    },
    /// The offer's receiver accepts or declines.
    TradeOffer(TradeOffer),
    /// The current player may build, mortgage, trade, then ends the turn.
    EndTurn,
    GameOver,
}

/// Work queued for when the current decision is done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Pending {
    Debt {
        debtor: PlayerId,
        creditor: Party,
        amount: i64,
        reason: crate::event::Reason,
    },
    Auction {
        square: usize,
    },
    Move {
        player: PlayerId,
        steps: i32,
    },
}

/// The current turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Turn {
    pub player: PlayerId,
    /// A roll is due (first, again after doubles or a 6).
    pub can_roll: bool,
    pub rolled: bool,
    /// Doubles in a row this turn.
    pub doubles: u8,
    pub last_roll: Vec<u8>,
    pub last_total: u32,
    pub last_double: bool,
    /// A bonus was received this turn (`bonus_once_per_turn`,
    /// `skip_bonus_squares_after_bonus`).
    pub bonus_taken: bool,
    pub trade_offers: u32,
}

impl Turn {
    pub(crate) fn start(player: PlayerId) -> Turn {
        Turn {
            player,
            can_roll: true,
            ..Turn::default()
        }
    }
}

/// The deck state: card indices in draw order (held jail cards are out of it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub(crate) struct DeckState {
    pub chance: VecDeque<usize>,
    pub community_chest: VecDeque<usize>,
}

impl DeckState {
    pub fn get_mut(&mut self, kind: DeckKind) -> &mut VecDeque<usize> {
        match kind {
            DeckKind::Chance => &mut self.chance,
            DeckKind::CommunityChest => &mut self.community_chest,
        }
    }
}

/// A game in progress.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub(crate) setup: GameSetup,
    pub(crate) players: Vec<Player>,
    pub(crate) squares: Squares,
    pub(crate) bank_houses: u32,
    pub(crate) bank_hotels: u32,
    /// Money the bank has taken in minus paid out (the ledger money is conserved against).
    pub(crate) bank: i64,
    pub(crate) jackpot: i64,
    pub(crate) decks: DeckState,
    pub(crate) turn: Turn,
    pub(crate) phase: Phase,
    pub(crate) pending: VecDeque<Pending>,
    pub(crate) round: u32,
    pub(crate) rng: ChaCha8Rng,
    pub(crate) throws: u32,
    pub(crate) log: Vec<LogEntry>,
    pub(crate) history: Vec<Action>,
    /// Total cash handed out at the start.
    pub(crate) money_supply: i64,
}

fn shuffle<T>(v: &mut [T], rng: &mut ChaCha8Rng) {
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
            rng,
            throws: 0,
            // Room for a typical game without regrowing.
            log: Vec::with_capacity(1024),
            history: Vec::with_capacity(512),
            money_supply,
        };
        game.emit(PlayerId(0), Event::TurnStarted);
        Ok(game)
    }

    /// Rebuilds a game from its setup and the actions applied to it.
    pub fn replay(setup: &GameSetup, actions: &[Action]) -> Result<Game, ReplayError> {
        let mut game = Game::new(setup.clone())?;
        for (index, action) in actions.iter().enumerate() {
            game.apply(action.clone())
                .map_err(|error| ReplayError::Refused {
                    index,
                    action: Box::new(action.clone()),
                    error,
                })?;
        }
        Ok(game)
    }

    /// Applies an action: every rule is checked first, so a refused action changes nothing.
    /// Returns the log entries the action made (what happened, in order, with the round,
    /// the player, and their position and cash after each).
    pub fn apply(&mut self, action: Action) -> Result<&[LogEntry], RuleError> {
        self.check(&action)?;
        let start = self.log.len();
        self.execute(&action);
        self.history.push(action);
        Ok(&self.log[start..])
    }

    /// `apply` for computer play: refuses without words and returns no events (they are
    /// in the log).
    pub(crate) fn apply_quietly(&mut self, action: Action) -> bool {
        if self.check_action(&action).is_err() {
            return false;
        }
        self.execute(&action);
        self.history.push(action);
        true
    }

    /// Whether `apply` would accept the action: [`Game::check`] without the words, so a
    /// refused probe costs nothing.
    pub fn allows(&self, action: &Action) -> bool {
        self.check_action(action).is_ok()
    }

    /// Every action the player to act may take now, `Resign` included. Open-ended actions
    /// are listed in one representative form: `Bid` at the lowest allowed amount (any amount
    /// up to the bidder's cash is also legal) and no `ProposeTrade` (build the offer and
    /// ask [`Game::check`]).
    pub fn legal_actions(&self) -> Vec<Action> {
        self.list_legal_actions()
    }

    /// Queues the dice of the next throw that has no forced dice yet (tests, scenarios, the
    /// statistics trace). Recorded in the setup, so a replay sees the same dice.
    pub fn set_next_roll(&mut self, dice: Vec<u8>) -> Result<(), SetupError> {
        let r = &self.setup.rules;
        if dice.len() != usize::from(r.dice_count)
            || dice.iter().any(|d| *d == 0 || *d > r.dice_sides)
        {
            return Err(SetupError::BadDice {
                dice,
                count: r.dice_count,
                sides: r.dice_sides,
            });
        }
        let at = self
            .setup
            .forced_rolls
            .iter()
            .map(|f| f.at + 1)
            .max()
            .unwrap_or(0)
            .max(self.throws);
        self.setup.forced_rolls.push(ForcedRoll { at, dice });
        Ok(())
    }

    /// Whether the next throw's dice are forced.
    pub fn next_roll_is_forced(&self) -> bool {
        self.setup.forced_rolls.iter().any(|f| f.at == self.throws)
    }

    /// Throws the dice: forced dice if any are queued for this throw, else the RNG.
    pub(crate) fn throw(&mut self) -> Dice {
        let at = self.throws;
        self.throws += 1;
        if let Some(f) = self.setup.forced_rolls.iter().find(|f| f.at == at) {
            // Forced dice were checked against the rules' dice count (at most four).
            return Dice::from_slice(&f.dice).unwrap_or_default();
        }
        let sides = self.setup.rules.dice_sides;
        let mut dice = Dice::default();
        for _ in 0..self.setup.rules.dice_count {
            dice.push(self.rng.random_range(1..=sides));
        }
        dice
    }

    pub(crate) fn emit(&mut self, player: PlayerId, event: Event) {
        let (position, cash) = self
            .players
            .get(player.0)
            .map_or((0, 0), |p| (p.position, p.cash));
        self.log.push(LogEntry {
            round: self.round,
            player,
            position,
            cash,
            event,
        });
    }

    // ----- accessors -----

    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }
    pub fn board(&self) -> &Board {
        &self.setup.board
    }
    pub fn rules(&self) -> &RuleSet {
        &self.setup.rules
    }
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    pub fn player(&self, id: PlayerId) -> &Player {
        &self.players[id]
    }
    /// The state of every square, in board order.
    pub fn squares(&self) -> &[SquareState] {
        &self.squares
    }
    pub fn square(&self, i: usize) -> &SquareState {
        &self.squares[i]
    }
    pub fn bank_houses(&self) -> u32 {
        self.bank_houses
    }
    pub fn bank_hotels(&self) -> u32 {
        self.bank_hotels
    }
    /// The bank's ledger: money taken in minus money paid out since the start.
    pub fn bank_balance(&self) -> i64 {
        self.bank
    }
    /// The Free Parking jackpot.
    pub fn jackpot(&self) -> i64 {
        self.jackpot
    }
    /// The cash handed out at the start: players' cash + bank ledger + jackpot always equal it.
    pub fn money_supply(&self) -> i64 {
        self.money_supply
    }
    pub fn current_player(&self) -> PlayerId {
        self.turn.player
    }
    pub fn turn(&self) -> &Turn {
        &self.turn
    }
    /// The round (every player has had a turn), from 1.
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::GameOver)
    }
    /// The audit trail.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }
    /// The actions applied so far (with the setup, they are the saved game).
    pub fn history(&self) -> &[Action] {
        &self.history
    }
    /// Throws of the dice so far.
    pub fn throws(&self) -> u32 {
        self.throws
    }
    /// Players still in the game.
    pub fn active_players(&self) -> Vec<PlayerId> {
        PlayerId::all(self.players.len())
            .filter(|&p| !self.players[p].bankrupt)
            .collect()
    }
    /// The lots a player owns, in board order.
    /// The lots the player owns, in board order, without collecting them.
    pub fn owned_lots(&self, player: PlayerId) -> impl Iterator<Item = usize> + '_ {
        let mut mask = self.squares.owned_mask(player);
        std::iter::from_fn(move || {
            if mask == 0 {
                return None;
            }
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(i)
        })
    }
    pub fn lots_of(&self, player: PlayerId) -> Vec<usize> {
        self.owned_lots(player).collect()
    }
    /// The squares a player owns, as bits (bit `i`: square `i`).
    pub fn owned_mask(&self, player: PlayerId) -> u64 {
        self.squares.owned_mask(player)
    }
    /// The mortgaged squares, as bits.
    pub fn mortgaged_mask(&self) -> u64 {
        self.squares.mortgaged_mask()
    }

    /// Who must act now (`None` when the game is over).
    pub fn actor(&self) -> Option<PlayerId> {
        match &self.phase {
            Phase::Roll | Phase::BuyOrDecline { .. } | Phase::EndTurn => Some(self.turn.player),
            Phase::Auction(a) => a.bidders.get(a.next).copied(),
            Phase::PlaceHouse { player } => Some(*player),
            Phase::RaiseCash { debtor, .. } => Some(*debtor),
            Phase::TradeOffer(o) => Some(o.to),
            Phase::GameOver => None,
        }
    }

    /// A player's assets: cash + the price of their lots (less the mortgage owed on a
    /// mortgaged lot) + the cost of their buildings.
    pub fn assets(&self, player: PlayerId) -> i64 {
        let p = &self.players[player];
        let mut total = p.cash;
        for (i, s) in self.squares.iter().enumerate() {
            if s.owner != Some(player) {
                continue;
            }
            let sq = self.board().square(i);
            let price = sq.price().unwrap_or(0);
            total += price;
            if s.mortgaged {
                total -= self.rules().mortgage_value(price);
            }
            if let Some(cost) = sq.house_cost() {
                total += cost * i64::from(s.buildings.level());
            }
        }
        total
    }

    /// The winner once the game is over: the last player standing, or the one with the
    /// highest assets (the earlier seat on a tie).
    pub fn winner(&self) -> Option<PlayerId> {
        if !self.is_over() {
            return None;
        }
        self.leader()
    }

    /// The player with the highest assets among those still in (the earlier seat on a tie).
    pub fn leader(&self) -> Option<PlayerId> {
        let mut best: Option<(PlayerId, i64)> = None;
        for p in self.active_players() {
            let a = self.assets(p);
            if best.is_none_or(|(_, b)| a > b) {
                best = Some((p, a));
            }
        }
        best.map(|(p, _)| p)
    }

    /// Players ranked by assets, highest first (bankrupt players last, in seat order).
    pub fn standings(&self) -> Vec<(PlayerId, i64)> {
        let mut v: Vec<(PlayerId, i64)> = PlayerId::all(self.players.len())
            .map(|p| (p, self.assets(p)))
            .collect();
        v.sort_by_key(|&(p, a)| (self.players[p].bankrupt, std::cmp::Reverse(a), p));
        v
    }

    /// The cost to lift a mortgage now.
    pub fn unmortgage_cost(&self, square: usize) -> i64 {
        let price = self.board().square(square).price().unwrap_or(0);
        let mv = self.rules().mortgage_value(price);
        if self.squares[square].interest_paid {
            mv
        } else {
            mv + self.rules().mortgage_interest(mv)
        }
    }

    /// Whether one player owns every lot of the square's color group.
    pub fn owns_whole_group(&self, player: PlayerId, square: usize) -> bool {
        match self.board().group_of(square) {
            // By bits: boards have at most 60 squares.
            Some(g) => {
                let mask = self.board().group_mask(g);
                mask != 0 && self.owned_mask(player) & mask == mask
            }
            None => false,
        }
    }

    /// The rent a visitor would owe on landing now with a dice total of `dice_total`.
    pub fn rent_for(&self, square: usize, dice_total: u32) -> i64 {
        self.rent(square, dice_total, 1)
    }

    pub(crate) fn rent(&self, square: usize, dice_total: u32, multiplier: i64) -> i64 {
        let Some(owner) = self.squares[square].owner else {
            return 0;
        };
        let state = &self.squares[square];
        match &self.board().square(square).kind {
            SquareKind::Property { price, rents, .. } => {
                let whole = self.owns_whole_group(owner, square);
                match self.rules().rent_model {
                    crate::rules::RentModel::Deed => {
                        let h = usize::from(state.buildings.level());
                        if h > 0 && h < rents.len() {
                            rents[h]
                        } else {
                            let base = rents.first().copied().unwrap_or(0);
                            if whole {
                                base * 2
                            } else {
                                base
                            }
                        }
                    }
                    crate::rules::RentModel::PriceDoubledWithGroup => {
                        if whole {
                            price * 2
                        } else {
                            *price
                        }
                    }
                }
            }
            SquareKind::Railroad { rents, .. } => {
                let count = self.count_owned(owner, |k| matches!(k, SquareKind::Railroad { .. }));
                let idx = count.clamp(1, rents.len()) - 1;
                rents.get(idx).copied().unwrap_or(0) * multiplier
            }
            SquareKind::Utility { multipliers, .. } => {
                let count = self.count_owned(owner, |k| matches!(k, SquareKind::Utility { .. }));
                let idx = count.clamp(1, multipliers.len()) - 1;
                multipliers.get(idx).copied().unwrap_or(0) * i64::from(dice_total)
            }
            _ => 0,
        }
    }

    pub(crate) fn count_owned(&self, owner: PlayerId, pred: fn(&SquareKind) -> bool) -> usize {
        self.squares
            .iter()
            .enumerate()
            .filter(|(i, s)| s.owner == Some(owner) && pred(&self.board().square(*i).kind))
            .count()
    }
}

impl Game {
    /// Cards left in a deck (held Get Out of Jail Free cards are out of it).
    pub fn deck_len(&self, kind: DeckKind) -> usize {
        match kind {
            DeckKind::Chance => self.decks.chance.len(),
            DeckKind::CommunityChest => self.decks.community_chest.len(),
        }
    }
}

/// A saved game: its setup and the actions applied to it. Replaying it rebuilds the exact
/// state (the RNG lives in the state), so this is all a save file needs to hold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub setup: GameSetup,
    pub actions: Vec<Action>,
}

impl GameRecord {
    /// The record of a game in progress.
    pub fn of(game: &Game) -> GameRecord {
        GameRecord {
            setup: game.setup.clone(),
            actions: game.history.clone(),
        }
    }

    /// The game this record describes.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        Game::replay(&self.setup, &self.actions)
    }
}

/// Every player's assets at the start of each round, and at the end of the game: the
/// points of the net-worth chart on the end screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetWorthPoint {
    pub round: u32,
    /// Assets per seat (0 for a bankrupt player).
    pub assets: Vec<i64>,
}

impl Game {
    /// Whether the player to act may offer a trade now (the trade dialog still checks the
    /// offer itself with [`Game::check`]).
    pub fn may_trade(&self) -> bool {
        let Some(actor) = self.actor() else {
            return false;
        };
        let phase_ok = match &self.phase {
            Phase::Roll | Phase::EndTurn => true,
            Phase::RaiseCash { debtor, .. } => *debtor == actor,
            _ => false,
        };
        phase_ok
            && self.rules().trades
            && self.turn.trade_offers < MAX_TRADE_OFFERS_PER_TURN
            && self.active_players().iter().any(|&p| p != actor)
    }

    /// Net worth of every seat round by round, rebuilt by replaying the game's actions.
    pub fn net_worth_history(&self) -> Vec<NetWorthPoint> {
        let assets_now = |g: &Game| -> Vec<i64> {
            PlayerId::all(g.players.len())
                .map(|p| {
                    if g.players[p].bankrupt {
                        0
                    } else {
                        g.assets(p)
                    }
                })
                .collect()
        };
        let mut points = Vec::new();
        let Ok(mut g) = Game::new(self.setup.clone()) else {
            return points;
        };
        points.push(NetWorthPoint {
            round: g.round,
            assets: assets_now(&g),
        });
        for action in &self.history {
            let before = g.round;
            if g.apply(action.clone()).is_err() {
                break;
            }
            if g.round != before {
                points.push(NetWorthPoint {
                    round: g.round,
                    assets: assets_now(&g),
                });
            }
        }
        let last = assets_now(&g);
        if points.last().map(|p| &p.assets) != Some(&last) {
            points.push(NetWorthPoint {
                round: g.round,
                assets: last,
            });
        }
        points
    }
}
