//! What one accepted action did, as the play screen shows it: plain data with ordinary
//! methods, no signals (the [`super::session::Session`] keeps them in signals). An action
//! is applied ([`take_step`]), put in words ([`TakenStep::in_words`]), and added to the feed
//! and the cash changes shown beside the players ([`Step::add_to_feed`],
//! [`Step::add_cash_changes`]).

use worlds_engine::{Action, DeckKind, Event, Game, LogEntry, PlayerId, SeatKind};

/// A sound effect an event calls for (the loudest of an action's events wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cue {
    Dice,
    Cash,
    Jail,
    /// A decision became this device's while its page was hidden (never an action's cue).
    Turn,
}

impl Cue {
    pub fn of(event: &Event) -> Option<Cue> {
        match event {
            Event::Rolled { .. } => Some(Cue::Dice),
            Event::Payment { .. } | Event::Bought { .. } | Event::Salary { .. } => Some(Cue::Cash),
            Event::SentToJail => Some(Cue::Jail),
            _ => None,
        }
    }
}

/// A card just drawn, as the card dialog shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawnCard {
    pub deck: DeckKind,
    pub text: String,
    /// Who drew it: their name and seat.
    pub player: String,
    pub seat: PlayerId,
    /// The square it was drawn on (a person's token waits there until they draw it).
    pub square: usize,
    /// For a ranged card, what was drawn: "Collect $226 (between $100 and $300)".
    pub drawn: Option<String>,
    /// What the card does, as its button says it ("Collect $226", "Go to jail").
    pub button: String,
    /// The log line that tells the card (the feed holds it and what follows back until a
    /// person has drawn the card).
    pub line: String,
    /// Where its entry is in the game's log (the log is held back from there while the card is
    /// face down).
    pub log_at: usize,
    /// Every player's cash when it was drawn, before it did anything (shown while it is face
    /// down).
    pub cash_at_draw: Vec<i64>,
    /// Face up: shown. A person's card comes face down and is turned by their "Draw card"
    /// (a step of the screen only: the game drew it when they landed); a computer's comes
    /// face up.
    pub face_up: bool,
    /// A card this one led to in the same step ("Go back 3 spaces" onto Community Chest),
    /// shown once this one is put away.
    pub next: Option<Box<DrawnCard>>,
}

impl DrawnCard {
    /// The card of log entry `entry` (a [`Event::CardDrawn`]), as `game` words it.
    pub fn of(game: &Game, entry: &LogEntry) -> Option<DrawnCard> {
        let Event::CardDrawn {
            deck,
            number,
            amount: drawn,
        } = entry.event
        else {
            return None;
        };
        let person = matches!(game.player(entry.player).kind, SeatKind::Human);
        Some(DrawnCard {
            deck,
            text: game.card_text(deck, number),
            player: game.player(entry.player).name.clone(),
            seat: entry.player,
            square: entry.position,
            drawn: drawn.and_then(|d| game.card_drawn_line(deck, number, d)),
            button: game.card_button(deck, number, drawn),
            line: game.describe(entry),
            log_at: 0,
            cash_at_draw: game.players().iter().map(|p| p.cash).collect(),
            face_up: !person,
            next: None,
        })
    }

    /// Puts `card` after this one and the cards it already leads to.
    fn then(&mut self, card: DrawnCard) {
        match &mut self.next {
            Some(next) => next.then(card),
            None => self.next = Some(Box::new(card)),
        }
    }
}

/// What a person is told about a landing of theirs: to whom they paid how much and why
/// ("Rent to Bob: $26 — Oriental Avenue, 2 houses"), or why nothing was due.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Landing {
    /// Who landed.
    pub seat: PlayerId,
    pub lines: Vec<String>,
}

impl Landing {
    /// The landing told by `entries` (what one or more actions logged) for a person's seat,
    /// the last one when several were (a computer's landings stay in the feed only).
    pub fn of(game: &Game, entries: &[LogEntry]) -> Option<Landing> {
        let mut out: Option<Landing> = None;
        for e in entries {
            if !matches!(game.player(e.player).kind, SeatKind::Human) {
                continue;
            }
            let Some(line) = game.landing_line(e) else {
                continue;
            };
            match &mut out {
                Some(l) if l.seat == e.player => l.lines.push(line),
                _ => {
                    out = Some(Landing {
                        seat: e.player,
                        lines: vec![line],
                    })
                }
            }
        }
        out
    }
}

/// A line of the event feed, with the turn it belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedLine {
    /// Counts turns since the game was shown (a line of an earlier turn is dropped when a
    /// human next acts).
    pub turn: u64,
    pub text: String,
}

/// How much a player's cash changed, as shown beside it until a human acts again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CashChange {
    pub player: usize,
    pub amount: i64,
    /// Counts changes, so the same amount twice still shows as new.
    pub serial: u64,
}

/// The longest the feed grows (a long run of computer turns keeps its newest lines).
pub const FEED_MAX: usize = 80;

/// What one accepted action did, as the screen shows it.
#[derive(Debug, Default)]
pub struct Step {
    /// A human took the action.
    pub human: bool,
    /// The lines in words, each with how many turns had started before it in this step.
    pub lines: Vec<(u64, String)>,
    /// `Some(None)`: the turn moved on (the card is put away); `Some(Some(_))`: a card drawn.
    pub card: Option<Option<DrawnCard>>,
    pub cue: Option<Cue>,
    pub turns_started: u64,
    /// Each player whose cash changed, by how much.
    pub cash: Vec<(usize, i64)>,
}

/// An accepted action, before it is put in words: who took it and the log entries and cash
/// changes it made.
pub struct TakenStep {
    pub human: bool,
    pub entries: Vec<LogEntry>,
    pub cash: Vec<(usize, i64)>,
    /// Where its entries start in the game's log.
    pub log_from: usize,
    /// Every player's cash before it.
    pub cash_before: Vec<i64>,
}

/// Applies an action; refused, the game is untouched.
pub fn take_step(game: &mut Game, action: Action) -> Result<TakenStep, worlds_engine::RuleError> {
    let before = Before::of(game);
    game.apply(action)?;
    Ok(before.step_to(game))
}

/// What a step needs to know of the game before it: who was to act and everyone's cash,
/// and how long the log was.
pub struct Before {
    human: bool,
    cash: Vec<i64>,
    log: usize,
}

impl Before {
    /// The game before a step ([`Before::step_to`] then tells what the step did).
    pub fn of(game: &Game) -> Before {
        Before {
            human: game
                .actor()
                .is_some_and(|a| matches!(game.player(a).kind, SeatKind::Human)),
            cash: game.players().iter().map(|p| p.cash).collect(),
            log: game.log().len(),
        }
    }

    /// What took the game from this summary to `after`: the log entries since, and each
    /// player whose cash changed (also for a table's game that followed the host's states
    /// instead of applying the action here).
    pub fn step_to(&self, after: &Game) -> TakenStep {
        let cash = after
            .players()
            .iter()
            .zip(&self.cash)
            .enumerate()
            .filter(|(_, (p, &before))| p.cash != before)
            .map(|(i, (p, &before))| (i, p.cash - before))
            .collect();
        TakenStep {
            human: self.human,
            entries: after.log().get(self.log..).unwrap_or_default().to_vec(),
            cash,
            log_from: self.log,
            cash_before: self.cash.clone(),
        }
    }
}

impl TakenStep {
    /// Whether a turn started during the step.
    pub fn starts_turn(&self) -> bool {
        self.entries
            .iter()
            .any(|e| matches!(e.event, Event::TurnStarted))
    }

    /// The step as the screen shows it (names and squares do not change during a game, so
    /// the game after later steps words it the same).
    pub fn in_words(&self, game: &Game) -> Step {
        let mut step = Step {
            human: self.human,
            cash: self.cash.clone(),
            ..Step::default()
        };
        for (k, entry) in self.entries.iter().enumerate() {
            step.cue = step.cue.max(Cue::of(&entry.event));
            // A counter-offer: the offer it declines and the new one, in one sentence.
            if let Some(line) = counter_line(game, &self.entries, k) {
                step.lines.push((step.turns_started, line));
                continue;
            }
            if k > 0 && counter_line(game, &self.entries, k - 1).is_some() {
                continue;
            }
            match &entry.event {
                Event::TurnStarted => {
                    step.turns_started += 1;
                    step.card = Some(None);
                }
                Event::CardDrawn { .. } => {
                    let card = DrawnCard::of(game, entry).map(|mut card| {
                        card.log_at = self.log_from + k;
                        // Before the card, in this step, only the drawer's cash moved (a
                        // salary on the way): theirs as logged with the card, the others'
                        // as the step found them.
                        card.cash_at_draw = self.cash_before.clone();
                        if let Some(c) = card.cash_at_draw.get_mut(entry.player.index()) {
                            *c = entry.cash;
                        }
                        card
                    });
                    match (&mut step.card, card) {
                        // A card that led to another: both, in the order drawn.
                        (Some(Some(first)), Some(card)) => first.then(card),
                        (_, card) => step.card = Some(card),
                    }
                }
                _ => {}
            }
            step.lines.push((step.turns_started, game.describe(entry)));
        }
        // A drawn card is put away at the next action (the next roll, a debt's answer): it
        // never stays over a later prompt.
        if step.card.is_none() {
            step.card = Some(None);
        }
        step
    }
}

/// When entry `k` declines an offer and the next one offers a trade back to its proposer
/// (a counter-offer), the two in one sentence.
fn counter_line(game: &Game, entries: &[LogEntry], k: usize) -> Option<String> {
    let (Event::TradeDeclined { offer: declined }, Some(Event::TradeProposed { offer: counter })) =
        (&entries.get(k)?.event, entries.get(k + 1).map(|e| &e.event))
    else {
        return None;
    };
    (counter.from == declined.to && counter.to == declined.from)
        .then(|| game.counter_sentence(declined, counter))
}

/// Keeps the feed's newest [`FEED_MAX`] lines.
pub fn trim_feed(feed: &mut Vec<FeedLine>) {
    let excess = feed.len().saturating_sub(FEED_MAX);
    feed.drain(..excess);
}

impl Step {
    /// Adds the step's lines to the feed, `turn` being the serial of the turn it started in:
    /// a human's action first clears what happened before the current turn (they have seen
    /// it), a computer's adds to it. The feed keeps its newest [`FEED_MAX`] lines.
    pub fn add_to_feed(&self, feed: &mut Vec<FeedLine>, turn: u64) {
        if self.human {
            feed.retain(|l| l.turn == turn);
        }
        feed.extend(self.lines.iter().map(|(k, text)| FeedLine {
            turn: turn + k,
            text: text.clone(),
        }));
        trim_feed(feed);
    }

    /// Adds the step's cash changes (one per player, the newest wins); a human's action
    /// first clears the earlier ones.
    pub fn add_cash_changes(&self, changes: &mut Vec<CashChange>) {
        if self.human {
            changes.clear();
        }
        for &(player, amount) in &self.cash {
            let serial = changes.iter().map(|c| c.serial).max().unwrap_or(0) + 1;
            changes.retain(|c| c.player != player);
            changes.push(CashChange {
                player,
                amount,
                serial,
            });
        }
    }
}
