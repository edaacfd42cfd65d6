//! The game in progress as the play screen shows it, apart from any screen: the engine's game,
//! the feed of what happened, the cash changes beside the players, the card up, and a
//! version that counts changes. One [`Play`] is kept in one signal by the app's session; its
//! methods are the only way the game changes on this device ([`Play::apply`] for an action
//! taken here, [`Play::follow`] and [`Play::follow_public`] for a table's confirmed
//! actions, [`Play::rebuild`] for a saved game), and a computer's choice is asked of it
//! ([`Play::computer_choice`]).
//!
//! Also here: the dialogs' plain helpers ([`side_value`], [`lot_worth`], [`describe_side`],
//! [`group_owners`], [`rent_due_now`]) and what the action bar offers ([`bar_state`]).
//!
//! Plain code (only `std` and the engine's types may be used here), tested natively.

use worlds_engine::bots::{bot, decline_reason};
use worlds_engine::game::{ReplayError, SetupError};
use worlds_engine::{
    Action, ComputerStrategy, Game, GameRecord, Phase, PlayerId, RuleError, SeatKind, SquareKind,
    TradeSide,
};

use crate::steps::{
    take_step, trim_feed, Before, CashChange, Cue, DrawnCard, FeedLine, Step, TakenStep, FEED_MAX,
};

/// Where this device's game is decided (a table across devices, or every seat here).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TableRole {
    /// Every seat plays on this device.
    #[default]
    Alone,
    /// This device decides; the seats in [`Seats::remote`] play on other devices.
    Host,
    /// This device plays one seat; the host's device decides.
    Guest { seat: PlayerId },
    /// This device has no seat: it watches a room's game (the room's creator lets others
    /// watch), decides nothing and plays no computer.
    Watching,
}

impl TableRole {
    /// Whether another device decides the game (a guest's or a watcher's): this one then
    /// plays no computer.
    pub fn follows(self) -> bool {
        matches!(self, TableRole::Guest { .. } | TableRole::Watching)
    }
}

/// Who plays each seat, as far as this device knows.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Seats {
    pub role: TableRole,
    /// On the host of a table: the seats played on other devices.
    pub remote: Vec<PlayerId>,
    /// Whom the table waits for while they are away (reconnecting).
    pub away: Vec<PlayerId>,
    /// On the host: the seats of absent players a computer plays for until they are back.
    pub stand_ins: Vec<PlayerId>,
}

impl Seats {
    /// Whether `seat` decides on this device.
    pub fn is_local(&self, seat: PlayerId) -> bool {
        match self.role {
            TableRole::Alone => true,
            TableRole::Host => !self.remote.contains(&seat),
            TableRole::Guest { seat: mine } => mine == seat,
            TableRole::Watching => false,
        }
    }
}

/// Why an action was not applied here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotApplied {
    /// There is no game on show.
    NoGame,
    /// The rules refused it (the game is untouched).
    Rule(RuleError),
}

/// Why a saved game could not be rebuilt (nothing changed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RebuildError {
    Setup(SetupError),
    Replay(ReplayError),
    /// Its action `at` (1-based), in the engine's words (`action`), is refused.
    ActionRefused {
        at: usize,
        action: String,
        error: RuleError,
    },
}

/// A computer chose an action the rules refuse: a bug in that computer, reported (never
/// replaced by some other legal action, which would hide it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComputerMistake {
    /// The seat's name.
    pub player: String,
    /// The action, as its button would say it.
    pub action: String,
    pub error: RuleError,
}

/// A computer's reason for saying no to a person's offer, and whether the feed shows it before
/// the action (a counter-offer) or after it (a plain refusal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclineNote {
    pub why: String,
    pub before: bool,
}

/// What the computer to act chose, with its reason when it says no to a person's offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComputerMove {
    pub action: Action,
    pub note: Option<DeclineNote>,
}

/// The game in progress and what the screen shows about its last steps.
#[derive(Debug, Clone, Default)]
pub struct Play {
    pub game: Option<Game>,
    /// The game's title (the lobby's, or the save's name).
    pub title: String,
    /// What happened in the current turn and in every computer turn since a human last acted.
    pub feed: Vec<FeedLine>,
    /// The last change of each player's cash since a human last acted.
    pub changes: Vec<CashChange>,
    /// The last card drawn, until it is dismissed or the turn moves on.
    pub card: Option<DrawnCard>,
    /// Counts changes of the game (every accepted action, a game shown or closed): the
    /// computers' timer keys on it.
    pub version: u64,
    /// The last action's events, in words.
    pub last_events: Vec<String>,
    /// The sound the last action calls for.
    pub cue: Option<Cue>,
    /// Why the last action was refused, in a sentence a player reads.
    pub error: Option<String>,
    /// At a table: the number of actions the game had when this device last sent a move to
    /// whoever holds the game (no decision is offered while it is on its way).
    pub sent_at: Option<usize>,
    pub seats: Seats,
    /// Counts turns started since the game was shown.
    turn_serial: u64,
}

impl Play {
    /// Shows a game (new, continued or loaded), played on this device alone: the feed, the
    /// changes, the card and the table's seats start afresh; the version goes on counting.
    pub fn install(&mut self, title: &str, game: Game) {
        *self = Play {
            game: Some(game),
            title: title.to_string(),
            version: self.version + 1,
            ..Play::default()
        };
    }

    /// Leaves the game.
    pub fn close(&mut self) {
        self.game = None;
        self.card = None;
        self.error = None;
        self.cue = None;
        self.version += 1;
    }

    /// Applies an action to this game and shows what it did. Refused: the game is
    /// untouched and the reason is kept in [`Play::error`].
    pub fn apply(&mut self, action: Action) -> Result<(), NotApplied> {
        let Some(game) = self.game.as_mut() else {
            return Err(NotApplied::NoGame);
        };
        match take_step(game, action) {
            Ok(taken) => {
                let step = taken.in_words(game);
                self.took(step);
                Ok(())
            }
            Err(error) => {
                self.error = Some(error.to_string());
                Err(NotApplied::Rule(error))
            }
        }
    }

    /// Shows a step the game took: its sound, card, feed lines and cash changes.
    fn took(&mut self, step: Step) {
        self.error = None;
        self.cue = step.cue;
        if let Some(card) = step.card.clone() {
            self.card = card;
        }
        self.record(&step);
        self.last_events = step.lines.into_iter().map(|(_, l)| l).collect();
        self.version += 1;
    }

    /// Adds a step to the feed and the cash changes (see [`Step::add_to_feed`]).
    fn record(&mut self, step: &Step) {
        let turn = self.turn_serial;
        self.turn_serial = turn + step.turns_started;
        step.add_to_feed(&mut self.feed, turn);
        step.add_cash_changes(&mut self.changes);
    }

    /// Adds a line to the feed (a table's chat, a player back at the table): plain text.
    pub fn note(&mut self, text: String) {
        self.feed.push(FeedLine {
            turn: self.turn_serial,
            text,
        });
        trim_feed(&mut self.feed);
    }

    /// Applies the actions of `history` that this game does not have yet (a table's
    /// confirmed actions, in order), each computer's reason for declining a person's offer
    /// in the feed as the host shows it. `false`: this game is not a prefix of it, or an
    /// action was refused.
    pub fn follow(&mut self, history: &[Action]) -> bool {
        let have = self.game.as_ref().map_or(&[][..], |g| g.history());
        if history.len() < have.len() || history[..have.len()] != *have {
            return false;
        }
        let from = have.len();
        for action in &history[from..] {
            let note = self
                .game
                .as_ref()
                .and_then(|g| self.decline_note(g, action));
            if let Some(DeclineNote { why, before: true }) = &note {
                self.note(why.clone());
            }
            if self.apply(action.clone()).is_err() {
                return false;
            }
            if let Some(DeclineNote { why, before: false }) = note {
                self.note(why);
            }
        }
        true
    }

    /// Takes the table's game as its host confirmed it, on a device that holds only the
    /// public game (no dice to come): the actions this device lacks are taken as they came
    /// and shown as one step. `false`: this game is not where the table's began, or has the
    /// same actions and another state (the caller installs the table's game as it is).
    pub fn follow_public(&mut self, table: &Game) -> bool {
        let have = self.game.as_ref().map_or(&[][..], |g| g.history());
        let theirs = table.history();
        if theirs.len() < have.len() || theirs[..have.len()] != *have {
            return false;
        }
        if theirs.len() == have.len() {
            return self.game.as_ref() == Some(table);
        }
        let Some(g) = self.game.as_ref() else {
            return true;
        };
        let before = Before::of(g);
        let note = theirs
            .get(have.len())
            .and_then(|first| self.decline_note(g, first));
        if let Some(DeclineNote { why, before: true }) = &note {
            self.note(why.clone());
        }
        let step = before.step_to(table).in_words(table);
        self.game = Some(table.clone());
        self.took(step);
        if let Some(DeclineNote { why, before: false }) = note {
            self.note(why);
        }
        true
    }

    /// Shows a saved game, rebuilt action by action so that what the screen showed when it
    /// was saved (the feed since a human last acted, the cash changes, a card still up)
    /// shows again. Refused: nothing changes.
    pub fn rebuild(&mut self, title: &str, record: &GameRecord) -> Result<(), RebuildError> {
        if record.public.is_some() {
            // A table's game as this device may know it: taken as it is (it cannot replay).
            let game = record.replay().map_err(RebuildError::Replay)?;
            self.install(title, game);
            return Ok(());
        }
        let mut game = Game::new(record.setup.clone()).map_err(RebuildError::Setup)?;
        let mut steps = Vec::with_capacity(record.actions.len());
        for (i, action) in record.actions.iter().enumerate() {
            let words = game.button_label(action);
            let taken = take_step(&mut game, action.clone()).map_err(|error| {
                RebuildError::ActionRefused {
                    at: i + 1,
                    action: words,
                    error,
                }
            })?;
            steps.push(taken);
        }
        let shown: Vec<Step> = steps[shown_from(&steps)..]
            .iter()
            .map(|t| t.in_words(&game))
            .collect();
        self.install(title, game);
        for step in &shown {
            if let Some(card) = step.card.clone() {
                self.card = card;
            }
            self.record(step);
        }
        Ok(())
    }

    /// Whether this device's last move is on its way to whoever holds the game.
    pub fn sending(&self) -> bool {
        self.sent_at.is_some() && self.sent_at == self.game.as_ref().map(|g| g.history().len())
    }

    /// Marks this device's move as sent to whoever holds the game.
    pub fn sent(&mut self) {
        self.error = None;
        self.sent_at = self.game.as_ref().map(|g| g.history().len());
    }

    /// Whoever holds the game refused this device's move: it is no longer on its way.
    pub fn refused(&mut self, why: String) {
        self.sent_at = None;
        self.error = Some(why);
    }

    /// The player the game waits for, if they decide on another device, in words.
    pub fn waiting_for_remote(&self) -> Option<String> {
        let g = self.game.as_ref()?;
        let actor = g.actor()?;
        if self.seats.is_local(actor) || self.seats.stand_ins.contains(&actor) {
            return None;
        }
        let name = &g.player(actor).name;
        Some(if self.seats.away.contains(&actor) {
            format!("Waiting for {name} (reconnecting)")
        } else {
            format!("Waiting for {name} (on another device)")
        })
    }

    /// Whether the player to act is a computer this device plays (a table's guests never
    /// play computers: the host does).
    pub fn computer_to_act(&self) -> bool {
        !self.seats.role.follows() && self.computer_seat().is_some()
    }

    /// The seat to act and the strategy that plays it on this device: its own computer's,
    /// or the balanced one for a person a computer plays for while they are away.
    pub fn computer_seat(&self) -> Option<(PlayerId, ComputerStrategy)> {
        let g = self.game.as_ref()?;
        let me = g.actor()?;
        self.strategy_of(g, me).map(|s| (me, s))
    }

    fn strategy_of(&self, g: &Game, me: PlayerId) -> Option<ComputerStrategy> {
        match &g.player(me).kind {
            SeatKind::Computer { strategy } => Some(*strategy),
            _ if self.seats.stand_ins.contains(&me) => Some(ComputerStrategy::Balanced),
            _ => None,
        }
    }

    /// What the computer to act chooses (`None`: no computer is to act here). A choice the
    /// rules refuse is a [`ComputerMistake`].
    pub fn computer_choice(&self) -> Result<Option<ComputerMove>, ComputerMistake> {
        self.computer_choice_by(|g, me, strategy| bot(strategy).choose(g, me))
    }

    /// [`Play::computer_choice`] with the computer's decision made by `choose`.
    pub fn computer_choice_by(
        &self,
        choose: impl FnOnce(&Game, PlayerId, ComputerStrategy) -> Action,
    ) -> Result<Option<ComputerMove>, ComputerMistake> {
        if self.seats.role.follows() {
            return Ok(None);
        }
        let (Some(g), Some((me, strategy))) = (self.game.as_ref(), self.computer_seat()) else {
            return Ok(None);
        };
        let action = choose(g, me, strategy);
        if let Err(error) = g.check(&action) {
            return Err(ComputerMistake {
                player: g.player(me).name.clone(),
                action: g.button_label(&action),
                error,
            });
        }
        Ok(Some(ComputerMove {
            note: self.decline_note(g, &action),
            action,
        }))
    }

    /// Why the computer to act in `g` says no to a person's offer with `action`, in the
    /// engine's words (a counter-offer's reason reads before it, a plain refusal's after).
    fn decline_note(&self, g: &Game, action: &Action) -> Option<DeclineNote> {
        let me = g.actor()?;
        self.strategy_of(g, me)?;
        let Phase::TradeOffer(offer) = g.phase() else {
            return None;
        };
        let why = decline_reason(g, me, offer, action)?;
        Some(DeclineNote {
            why,
            before: matches!(action, Action::ProposeTrade { .. }),
        })
    }
}

/// Where the steps a rebuilt game shows start: from the start of the turn in which a human
/// last acted (a human's action keeps just its own turn's lines); with no human, the last
/// ones.
fn shown_from(steps: &[TakenStep]) -> usize {
    match steps.iter().rposition(|t| t.human) {
        Some(last_human) => steps[..last_human]
            .iter()
            .rposition(TakenStep::starts_turn)
            .unwrap_or(0),
        None => steps.len().saturating_sub(2 * FEED_MAX),
    }
}

/// The value a side of a trade hands over and what one lot is worth in it, as the computers
/// weigh them (one valuation, the engine's).
pub use worlds_engine::bots::{lot_worth, side_value, JAIL_CARD_WORTH};

/// What one side of a trade hands over, in words.
pub fn describe_side(g: &Game, side: &TradeSide) -> Vec<String> {
    let b = g.board();
    let mut out: Vec<String> = side
        .lots
        .iter()
        .map(|&l| {
            let l = l.index();
            let price = b.money(b.square(l).price().unwrap_or(0));
            let mortgaged = if g.square(l).mortgaged {
                " (mortgaged)"
            } else {
                ""
            };
            format!("{} ({price}){mortgaged}", b.square(l).name)
        })
        .collect();
    if side.cash > 0 {
        out.push(b.money(side.cash));
    }
    if side.jail_cards > 0 {
        out.push(crate::words::count(
            side.jail_cards as usize,
            "Get Out of Jail Free card",
            "Get Out of Jail Free cards",
        ));
    }
    if out.is_empty() {
        out.push("nothing".into());
    }
    out
}

/// Who owns the other lots of `square`'s group, seen by `viewer`: "Also in this group:
/// Oriental Avenue (yours), Vermont Avenue (Bob), Connecticut Avenue (not owned)." `None`
/// for a lot without a group.
pub fn group_owners(g: &Game, square: usize, viewer: PlayerId) -> Option<String> {
    let b = g.board();
    let group = b.group_of(square)?;
    let others: Vec<String> = b
        .group_lots(group)
        .iter()
        .filter(|&&l| l != square)
        .map(|&l| {
            let who = match g.square(l).owner {
                Some(o) if o == viewer => "yours".to_string(),
                Some(o) => g.player(o).name.clone(),
                None => "not owned".to_string(),
            };
            format!("{} ({who})", b.square(l).name)
        })
        .collect();
    (!others.is_empty()).then(|| format!("Also in this group: {}.", others.join(", ")))
}

/// What a visitor would owe on a square now, in words, or `None` where no rent applies
/// (not owned, not a lot that earns rent).
pub fn rent_due_now(g: &Game, square: usize) -> Option<String> {
    let b = g.board();
    let sq = b.square(square);
    let owner = g.square(square).owner?;
    if !sq.is_ownable() {
        return None;
    }
    let owner_name = &g.player(owner).name;
    if g.square(square).mortgaged {
        return Some("No rent is due: the lot is mortgaged.".into());
    }
    if g.rules().no_rent_in_jail && g.player(owner).in_jail {
        return Some(format!("No rent is due while {owner_name} is in jail."));
    }
    Some(match &sq.kind {
        SquareKind::Utility { .. } => {
            // The rent of a utility is its multiplier times the dice: a roll of 1 gives
            // the multiplier itself.
            let times = g.rent_for(square, 1);
            format!("Rent due now: {times} × the dice rolled, to {owner_name}.")
        }
        _ => format!(
            "Rent due now: {}, to {owner_name}.",
            b.money(g.rent_for(square, 0))
        ),
    })
}

/// What the action bar offers, worked out from the game (plain data, so it can be compared).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BarState {
    pub actor: String,
    pub computer: bool,
    pub over: bool,
    /// A dialog handles this phase (buy, auction, trade answer, raising cash, placing).
    pub in_dialog: bool,
    pub roll: bool,
    /// The Roll button's words, the engine's ("Roll dice", also in jail or waiting on a
    /// Joker).
    pub roll_label: String,
    pub end_turn: bool,
    /// The fine's button, in the engine's words ("Pay fine"), when it may be paid.
    pub pay_fine: Option<String>,
    /// Why the player is held ("in jail", "waiting on Time Warp"), when they are.
    pub held: Option<String>,
    pub jail_card: bool,
    pub build: bool,
    /// Selling buildings is allowed now.
    pub sell: bool,
    /// Mortgaging or lifting a mortgage is allowed now.
    pub manage: bool,
    /// What the actor is asked to do, in a few words ("to bid", "to play").
    pub doing: String,
    pub trade: bool,
    /// The Trade button shows disabled, with this reason (the turn's offers are used up).
    pub trade_limit: Option<String>,
    /// At a table: whom this device waits for, when they decide on another device.
    pub remote: Option<String>,
    /// This device plays the computers (not a table's guest).
    pub runs_computers: bool,
}

/// What the action bar offers in `play`.
pub fn bar_state(play: &Play) -> BarState {
    let Some(g) = play.game.as_ref() else {
        return BarState::default();
    };
    let Some(actor) = g.actor() else {
        return BarState {
            over: true,
            ..BarState::default()
        };
    };
    let mut state = game_bar(g, actor);
    // A computer playing for an absent person at a table is shown as a computer.
    if !state.computer && play.seats.stand_ins.contains(&actor) {
        state.computer = true;
        state.actor = format!("A computer playing for {}", state.actor);
    }
    // At a table: a decision made on another device is waited for, and only the host plays
    // the computers.
    if !state.computer {
        state.remote = play.waiting_for_remote();
    }
    // This device's move is on its way to the table: nothing more to press until it lands.
    if state.remote.is_none() && play.sending() {
        state.remote = Some("Sending your move to the table…".to_string());
    }
    state.runs_computers = !play.seats.role.follows();
    state
}

/// What the bar offers `actor` in `g`, from the engine's legal actions alone.
fn game_bar(g: &Game, actor: PlayerId) -> BarState {
    let legal = g.legal_actions();
    let has = |f: &dyn Fn(&Action) -> bool| legal.iter().any(f);
    let p = g.player(actor);
    BarState {
        actor: p.name.clone(),
        computer: matches!(p.kind, SeatKind::Computer { .. }),
        over: false,
        in_dialog: !matches!(g.phase(), Phase::Roll | Phase::EndTurn),
        roll: has(&|a| matches!(a, Action::Roll)),
        roll_label: g.button_label(&Action::Roll),
        end_turn: has(&|a| matches!(a, Action::EndTurn)),
        pay_fine: has(&|a| matches!(a, Action::PayJailFine))
            .then(|| g.button_label(&Action::PayJailFine)),
        held: (matches!(g.phase(), Phase::Roll) && g.is_held(actor)).then(|| g.prompt()),
        jail_card: has(&|a| matches!(a, Action::UseJailCard)),
        build: has(&|a| matches!(a, Action::Build { .. })),
        sell: has(&|a| {
            matches!(
                a,
                Action::SellBuilding { .. } | Action::SellAllBuildings { .. }
            )
        }),
        manage: has(&|a| {
            matches!(
                a,
                Action::Mortgage { .. } | Action::Unmortgage { .. } | Action::SellLotToBank { .. }
            )
        }),
        doing: match g.phase() {
            Phase::Auction(_) => "to bid",
            Phase::TradeOffer(_) => "to answer a trade offer",
            Phase::RaiseCash { .. } => "to raise cash",
            Phase::PlaceHouse { .. } => "to place a house",
            Phase::BuyOrDecline { .. } => "to buy or decline",
            Phase::JokerEffects { .. } => "to apply a Joker",
            _ => "to play",
        }
        .to_string(),
        trade: g.may_trade(),
        trade_limit: g.trade_limit_reached().then(|| g.trade_limit_sentence()),
        remote: None,
        runs_computers: true,
    }
}

#[cfg(test)]
mod tests;
