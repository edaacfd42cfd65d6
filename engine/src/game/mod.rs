//! The game state: setup, players, squares, bank, decks, turn and phase, and the public
//! surface the UI and the tools use (`apply`, `legal_actions`, accessors).
//!
//! A game is its [`GameSetup`] plus the list of actions applied to it; all randomness comes
//! from a seeded ChaCha RNG stored in the state, so [`Game::replay`] rebuilds it exactly.
//! The rules themselves live by concern in `concerns/`; text is made in `narration.rs`.
//!
//! - this file: the state types ([`Game`], [`Player`], [`Phase`], [`Turn`], [`Auction`]),
//!   `apply` and its probes, the dice, the log, and the accessors;
//! - `setup.rs`: what starts a game (seats, tokens, strategies, [`GameSetup`]) and
//!   [`Game::new`], which checks it;
//! - `squares.rs`: the squares' states ([`SquareState`], [`Buildings`], [`Squares`]);
//! - `assets.rs`: rent, assets, standings and the net-worth history;
//! - `record.rs`: a game as its setup and actions ([`GameRecord`], [`Game::replay`]).

use crate::tagged::TaggedDeserialize;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

use crate::action::{Action, PlayerId, RuleError, SquareId, TradeOffer};
use crate::board::Board;
use crate::cards::DeckKind;
use crate::event::{Dice, Event, LogEntry, Party};
use crate::rules::RuleSet;

mod assets;
mod chance;
mod public;
mod record;
mod setup;
mod squares;

pub use assets::NetWorthPoint;
pub(crate) use chance::Chance;
pub use public::{PublicError, PublicGame, PublicRecord, PublicSetup};
pub use record::{GameRecord, ReplayError};
pub(crate) use setup::shuffle;
pub use setup::{
    ComputerStrategy, DeckOrder, Edition, ForcedRoll, GameSetup, Seat, SeatKind, SeatStart,
    SetupError, Token,
};
pub use squares::{Buildings, SquareState, Squares};

/// A trade proposer may make at most this many offers per turn (keeps turns finite).
pub const MAX_TRADE_OFFERS_PER_TURN: u32 = 5;

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
    /// What the player held when they went bankrupt (kept for the end screen); `None`
    /// while they play. Written only once set, so games saved before it read as they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holdings_when_out: Option<Holdings>,
}

/// A lot as its owner holds it: what stands on it and whether it is mortgaged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldLot {
    pub square: SquareId,
    /// Written as `houses` (5: a hotel), as a square's state is.
    #[serde(rename = "houses", default)]
    pub buildings: Buildings,
    #[serde(default)]
    pub mortgaged: bool,
}

/// Everything a player holds at one moment: cash, lots, Get Out of Jail Free cards, and
/// what it is all worth ([`Game::assets`]); see [`Game::holdings`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Holdings {
    /// The round it was taken in.
    pub round: u32,
    pub cash: i64,
    /// In board order.
    pub lots: Vec<HeldLot>,
    pub jail_cards: u32,
    pub assets: i64,
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TaggedDeserialize)]
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
    /// Whoever landed on a Joker applies what it does, one effect at a time in the order
    /// they choose ([`Action::ApplyJokerEffect`]); the turn goes on once none is left.
    JokerEffects {
        player: PlayerId,
        square: SquareId,
        /// The effects not applied yet.
        remaining: Vec<crate::board::JokerStep>,
        /// Card and Joker moves already made in this chain (bounds a Joker's move).
        #[serde(default, skip_serializing_if = "is_zero")]
        depth: u8,
    },
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
    /// The effects of a Joker still to apply, once the one applied is settled.
    JokerEffects {
        player: PlayerId,
        square: SquareId,
        remaining: Vec<crate::board::JokerStep>,
        depth: u8,
    },
}

fn is_zero(n: &u8) -> bool {
    *n == 0
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
    /// The roll gave another roll (doubles, a 6), to be told once the square landed on is
    /// settled (bought, auctioned, paid for), so the log reads in the order of play.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub roll_again_due: bool,
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
    /// The seeded generator (written as `rng`), or, in a public copy, none: only what the log
    /// revealed of the action it follows.
    #[serde(rename = "rng")]
    pub(crate) chance: Chance,
    pub(crate) throws: u32,
    pub(crate) log: Vec<LogEntry>,
    pub(crate) history: Vec<Action>,
    /// Total cash handed out at the start.
    pub(crate) money_supply: i64,
    /// Set on a [`Game::public_view`]: a copy without the game's secrets, which follows the
    /// real game by what each action's log entries revealed ([`Game::follow`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) public: Option<PublicRecord>,
}

impl Game {
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

    /// Throws the dice: forced dice if any are queued for this throw, else the RNG (or, in a
    /// public copy, the dice the log revealed).
    pub(crate) fn throw(&mut self) -> Dice {
        let at = self.throws;
        self.throws += 1;
        if let Some(f) = self.setup.forced_rolls.iter().find(|f| f.at == at) {
            // Forced dice were checked against the rules' dice count (at most four).
            return Dice::from_slice(&f.dice).unwrap_or_default();
        }
        let rules = &self.setup.rules;
        self.chance.throw(rules.dice_count, rules.dice_sides)
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
            Phase::PlaceHouse { player } | Phase::JokerEffects { player, .. } => Some(*player),
            Phase::RaiseCash { debtor, .. } => Some(*debtor),
            Phase::TradeOffer(o) => Some(o.to),
            Phase::GameOver => None,
        }
    }
}

impl Game {
    /// What a player holds now; for a bankrupt player, what they held when they went out
    /// (empty for a game saved by a version that did not keep it and not replayed since).
    pub fn holdings(&self, player: PlayerId) -> Holdings {
        let p = &self.players[player];
        if p.bankrupt {
            return p.holdings_when_out.clone().unwrap_or_default();
        }
        self.holdings_now(player)
    }

    /// What a player holds at this moment.
    pub(crate) fn holdings_now(&self, player: PlayerId) -> Holdings {
        let p = &self.players[player];
        Holdings {
            round: self.round,
            cash: p.cash,
            lots: self
                .owned_lots(player)
                .map(|l| HeldLot {
                    square: SquareId(l),
                    buildings: self.squares[l].buildings,
                    mortgaged: self.squares[l].mortgaged,
                })
                .collect(),
            jail_cards: u32::try_from(p.jail_cards.len()).unwrap_or(u32::MAX),
            assets: self.assets(player),
        }
    }

    /// Cards left in a deck (held Get Out of Jail Free cards are out of it).
    pub fn deck_len(&self, kind: DeckKind) -> usize {
        match kind {
            DeckKind::Chance => self.decks.chance.len(),
            DeckKind::CommunityChest => self.decks.community_chest.len(),
        }
    }
}

impl Game {
    /// Whether the player to act may offer a trade now (the trade dialog still checks the
    /// offer itself with [`Game::check`]).
    pub fn may_trade(&self) -> bool {
        self.trading_open() && self.turn.trade_offers < MAX_TRADE_OFFERS_PER_TURN
    }

    /// Whether the player to act has made every trade offer a turn allows, where trading is
    /// otherwise open now (the Trade button stays, disabled, with
    /// [`Game::trade_limit_sentence`]).
    pub fn trade_limit_reached(&self) -> bool {
        self.trading_open() && self.turn.trade_offers >= MAX_TRADE_OFFERS_PER_TURN
    }

    /// Trading is on, the phase allows offers from the player to act, and someone is there
    /// to trade with.
    fn trading_open(&self) -> bool {
        let Some(actor) = self.actor() else {
            return false;
        };
        let phase_ok = match &self.phase {
            Phase::Roll | Phase::EndTurn => true,
            Phase::RaiseCash { debtor, .. } => *debtor == actor,
            _ => false,
        };
        phase_ok && self.rules().trades && self.active_players().iter().any(|&p| p != actor)
    }

    /// Who offers trades when no offer waits for an answer: a debtor raising cash, else the
    /// player whose turn it is.
    fn trade_proposer(&self) -> PlayerId {
        match self.pending.front() {
            Some(Pending::Debt { debtor, .. }) => *debtor,
            _ => self.turn.player,
        }
    }

    /// Whether the offer waiting for an answer is a counter-offer: its receiver answered an
    /// offer with one of its own back to the proposer. A counter-offer is accepted or
    /// declined, never countered again (one counter per offer, so trading always ends).
    pub fn is_counter_offer(&self) -> bool {
        matches!(&self.phase, Phase::TradeOffer(o) if o.from != self.trade_proposer())
    }

    /// Whether the player to act may answer the offer waiting for them with a counter-offer
    /// (a [`crate::Action::ProposeTrade`] back to the proposer, which declines the offer):
    /// an offer that is not itself a counter-offer, while trading is allowed.
    pub fn may_counter(&self) -> bool {
        matches!(&self.phase, Phase::TradeOffer(_))
            && !self.is_counter_offer()
            && self.rules().trades
            && self.turn.trade_offers < MAX_TRADE_OFFERS_PER_TURN
    }
}
