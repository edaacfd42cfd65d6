//! The game in progress, shared with every component of the play screen through context.
//!
//! One engine [`Game`] lives in a signal; components read it and send [`Action`]s through
//! [`Session::dispatch`], the only place that changes it. Every accepted action is autosaved
//! (the game's setup and its actions, replayed on load), described for the log and the
//! screen reader, and a refused one leaves the game untouched and shows the engine's reason.

use leptos::prelude::*;
use worlds_engine::{bots::bot, Action, Game, GameRecord, GameSetup, PlayerId, SeatKind};
use worlds_table::saved::SavedTable;

use crate::common::clock::now_ms;
use crate::common::error::AppError;
use crate::common::storage::{saves, LocalStore, StorageError};
use crate::game::steps::{take_step, trim_feed, Before, Step, TakenStep, FEED_MAX};
pub use crate::game::steps::{CashChange, Cue, DrawnCard, FeedLine};

/// A fresh seed for a new game from the browser's cryptographic source (the engine itself
/// never asks for entropy); `Math.random` only if that source is refused.
pub fn new_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_ok() {
        return u64::from_le_bytes(bytes);
    }
    let hi = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let lo = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (hi << 32) | lo
}

/// The game in the autosave, as the lobby asks about it before starting a new one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AutosaveState {
    /// No game in progress.
    Empty,
    /// A game that can be continued: its title and round.
    InProgress { title: String, round: u32 },
    /// The autosave reads as a save but cannot be replayed (or not read at all).
    Unplayable,
}

/// Where this device's game is decided (a table across devices, or every seat here).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TableRole {
    /// Every seat plays on this device.
    #[default]
    Alone,
    /// This device decides; the seats in [`Session::remote_seats`] play on other devices.
    Host,
    /// This device plays one seat; the host's device decides.
    Guest { seat: PlayerId },
}

/// The players of a table's seats (the table protocol numbers seats from 0, as players).
pub fn players(seats: impl IntoIterator<Item = usize>) -> Vec<PlayerId> {
    seats.into_iter().map(PlayerId).collect()
}

/// Where an action asked for on this device goes first (the table installs it): `Ok(true)`
/// it is applied here now (the host's own seats, its computers), `Ok(false)` it was sent to
/// the host and is applied when the host confirms it, `Err` why it cannot be sent.
pub type Router = std::rc::Rc<dyn Fn(&Action) -> Result<bool, AppError>>;

/// What the autosave keeps of the table this game is played at (the table installs it):
/// read at every autosave, so a reload carries on at the same table.
pub type TableKeeper = std::rc::Rc<dyn Fn() -> Option<SavedTable>>;

/// The game being played and what the screen shows about its last step.
#[derive(Clone, Copy)]
pub struct Session {
    /// Where the game is decided; [`TableRole::Alone`] for a game on one device.
    pub role: RwSignal<TableRole>,
    /// On the host of a table: the seats played on other devices, with how to name where
    /// ("on her phone" is not known: "on another device").
    pub remote_seats: RwSignal<Vec<PlayerId>>,
    /// Whom the table waits for when they are away (seat, "reconnecting"), for the bar.
    pub away: RwSignal<Vec<PlayerId>>,
    /// On the host: the seats of absent players a computer plays for until they are back.
    pub stand_ins: RwSignal<Vec<PlayerId>>,
    router: StoredValue<Option<Router>, LocalStorage>,
    table_keeper: StoredValue<Option<TableKeeper>, LocalStorage>,
    pub game: RwSignal<Option<Game>>,
    /// The game's title (the lobby's, or the save's name).
    pub title: RwSignal<String>,
    /// Why the last action was refused, in the engine's words.
    pub error: RwSignal<Option<String>>,
    /// At a table: the number of actions the game had when this device last sent a move to
    /// whoever holds the game; while the game still has that many, the move is on its way
    /// and no decision is offered (a second press would ask twice).
    pub sent_at: RwSignal<Option<usize>>,
    /// The last action's events, in words.
    pub last_events: RwSignal<Vec<String>>,
    /// The last card drawn, until it is dismissed or the turn moves on.
    pub card: RwSignal<Option<DrawnCard>>,
    /// What happened in the current turn and in every computer turn since a human last
    /// acted: the board's center shows it.
    pub feed: RwSignal<Vec<FeedLine>>,
    /// The last change of each player's cash since a human last acted.
    pub changes: RwSignal<Vec<CashChange>>,
    /// Counts turns started since the game was shown.
    turn_serial: RwSignal<u64>,
    /// A storage problem (the autosave could not be written), shown until dismissed.
    pub storage_warning: RwSignal<Option<String>>,
    /// Counts accepted actions (the computer players' timer keys on it).
    pub version: RwSignal<u64>,
    /// The sound the last action calls for.
    pub cue: RwSignal<Option<Cue>>,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

/// A computer's reason for saying no to a person's offer, and whether the feed shows it before
/// the action (a counter-offer) or after it (a plain refusal).
struct DeclineNote {
    why: String,
    before: bool,
}

impl Session {
    pub fn new() -> Session {
        Session {
            role: RwSignal::new(TableRole::Alone),
            remote_seats: RwSignal::new(Vec::new()),
            away: RwSignal::new(Vec::new()),
            stand_ins: RwSignal::new(Vec::new()),
            router: StoredValue::new_local(None),
            table_keeper: StoredValue::new_local(None),
            game: RwSignal::new(None),
            title: RwSignal::new(String::new()),
            error: RwSignal::new(None),
            sent_at: RwSignal::new(None),
            last_events: RwSignal::new(Vec::new()),
            card: RwSignal::new(None),
            feed: RwSignal::new(Vec::new()),
            changes: RwSignal::new(Vec::new()),
            turn_serial: RwSignal::new(0),
            storage_warning: RwSignal::new(None),
            version: RwSignal::new(0),
            cue: RwSignal::new(None),
        }
    }

    /// Starts a new game from a setup; the engine's refusal comes back in words.
    pub fn start(&self, title: &str, setup: GameSetup) -> Result<(), AppError> {
        let game = Game::new(setup)?;
        self.install(title, game);
        self.autosave();
        Ok(())
    }

    /// Shows a game (new, continued or loaded), played on this device alone until a table
    /// says otherwise ([`Session::join_table`]).
    pub fn install(&self, title: &str, game: Game) {
        self.join_table(TableRole::Alone, Vec::new(), None);
        self.title.set(title.to_string());
        self.error.set(None);
        self.card.set(None);
        self.last_events.set(Vec::new());
        self.feed.set(Vec::new());
        self.changes.set(Vec::new());
        self.game.set(Some(game));
        self.version.update(|v| *v += 1);
    }

    /// Resumes the autosaved game. `Ok(false)`: there is none.
    pub fn resume_autosave(&self) -> Result<bool, AppError> {
        self.resume_autosave_at_table().map(|r| r.is_some())
    }

    /// Resumes the autosaved game and hands back the table it was played at, if any (the
    /// table module reopens it). `Ok(None)`: there is no autosave.
    pub fn resume_autosave_at_table(&self) -> Result<Option<Option<SavedTable>>, AppError> {
        let store = LocalStore::open()?;
        let Some(saved) = saves::read_autosave::<GameRecord>(&store)? else {
            return Ok(None);
        };
        match self.rebuild(&saved.name, &saved.game) {
            Ok(()) => Ok(Some(saved.table)),
            Err(e) => {
                // Kept aside, never overwritten: the player can export or delete it.
                let kept = saves::set_aside_autosave(&store, now_ms());
                Err(AppError::AutosaveNotRebuilt {
                    why: Box::new(e),
                    kept_aside: kept.map(drop),
                })
            }
        }
    }

    /// Shows a saved game, rebuilt action by action so that what the screen showed when it
    /// was saved (the feed since a human last acted, the cash changes, a card still up)
    /// shows again. Refused (the rules no longer accept its actions): nothing changes.
    pub fn rebuild(&self, title: &str, record: &GameRecord) -> Result<(), AppError> {
        if record.public.is_some() {
            // A table's game as this device may know it: taken as it is (it cannot replay).
            let game = record.replay()?;
            self.install(title, game);
            return Ok(());
        }
        let mut game = Game::new(record.setup.clone())?;
        let mut steps = Vec::with_capacity(record.actions.len());
        for (i, action) in record.actions.iter().enumerate() {
            let taken =
                take_step(&mut game, action.clone()).map_err(|error| AppError::ActionRefused {
                    at: i + 1,
                    action: Box::new(action.clone()),
                    error,
                })?;
            steps.push(taken);
        }
        // Only the steps from the start of the turn in which a human last acted still show
        // (a human's action keeps just its own turn's lines); with no human, the last ones.
        let from = match steps.iter().rposition(|t| t.human) {
            Some(last_human) => steps[..last_human]
                .iter()
                .rposition(TakenStep::starts_turn)
                .unwrap_or(0),
            None => steps.len().saturating_sub(2 * FEED_MAX),
        };
        let shown: Vec<Step> = steps
            .get(from..)
            .unwrap_or_default()
            .iter()
            .map(|t| t.in_words(&game))
            .collect();
        self.install(title, game);
        for step in &shown {
            if let Some(card) = step.card.clone() {
                self.card.set(card);
            }
            self.record(step);
        }
        Ok(())
    }

    /// What the autosave holds, for the lobby's question before a new game replaces it.
    pub fn autosave_state(&self) -> AutosaveState {
        let Ok(store) = LocalStore::open() else {
            return AutosaveState::Empty;
        };
        match saves::read_autosave::<GameRecord>(&store) {
            Ok(None) => AutosaveState::Empty,
            Ok(Some(saved)) => match saved.game.replay() {
                Ok(g) if g.is_over() => AutosaveState::Empty,
                Ok(g) => AutosaveState::InProgress {
                    title: saved.name,
                    round: g.round(),
                },
                Err(_) => AutosaveState::Unplayable,
            },
            Err(_) => AutosaveState::Unplayable,
        }
    }

    /// Keeps the game in the autosave as a named save (before a new game replaces it).
    pub fn keep_autosave_as_named(&self) -> Result<String, AppError> {
        let store = LocalStore::open()?;
        let saved = saves::read_autosave::<GameRecord>(&store)?.ok_or(AppError::NoGameToKeep)?;
        saves::save_new(&store, &saved.name, &saved.game, now_ms())?;
        Ok(saved.name)
    }

    /// Moves an autosave that cannot be continued out of the way, keeping a copy.
    pub fn set_aside_autosave(&self) -> Result<(), AppError> {
        Ok(LocalStore::open()
            .and_then(|store| saves::set_aside_autosave(&store, now_ms()))
            .map(drop)?)
    }

    /// Plays this game as part of a table: `role`, the seats on other devices, and where
    /// this device's actions go first. `TableRole::Alone` (and no router) ends it.
    pub fn join_table(&self, role: TableRole, remote_seats: Vec<PlayerId>, router: Option<Router>) {
        if role == TableRole::Alone {
            self.table_keeper.set_value(None);
        }
        self.role.set(role);
        self.remote_seats.set(remote_seats);
        self.away.set(Vec::new());
        self.stand_ins.set(Vec::new());
        self.router.set_value(router);
    }

    /// What the autosave keeps of the table from now on (see [`TableKeeper`]).
    pub fn keep_table(&self, keeper: TableKeeper) {
        self.table_keeper.set_value(Some(keeper));
    }

    /// Whether this device's last move is on its way to whoever holds the game (tracked).
    pub fn sending(&self) -> bool {
        let at = self.sent_at.get();
        at.is_some() && at == self.game.with(|g| g.as_ref().map(|g| g.history().len()))
    }

    /// Whether seat `seat` decides on this device.
    pub fn is_local(&self, seat: PlayerId) -> bool {
        self.role.track();
        self.remote_seats.track();
        self.is_local_untracked(seat)
    }

    /// [`Session::is_local`] for timers and effects that must not re-run on it.
    pub fn is_local_untracked(&self, seat: PlayerId) -> bool {
        match self.role.get_untracked() {
            TableRole::Alone => true,
            TableRole::Host => !self.remote_seats.with_untracked(|r| r.contains(&seat)),
            TableRole::Guest { seat: mine } => mine == seat,
        }
    }

    /// The player the game waits for, if they decide on another device.
    pub fn waiting_for_remote(&self) -> Option<String> {
        let actor = self.game.with(|g| {
            g.as_ref()
                .and_then(|g| g.actor().map(|a| (a, g.player(a).name.clone())))
        })?;
        if self.is_local(actor.0) || self.stand_ins.with(|s| s.contains(&actor.0)) {
            return None;
        }
        let away = self.away.with(|a| a.contains(&actor.0));
        Some(if away {
            format!("Waiting for {} (reconnecting)", actor.1)
        } else {
            format!("Waiting for {} (on another device)", actor.1)
        })
    }

    /// Applies the actions of `history` that this device's game does not have yet (a
    /// table's confirmed actions, in order). `false`: this game is not a prefix of it.
    pub fn follow(&self, history: &[Action]) -> bool {
        // Compared in place: this runs on every message and tick of a table.
        let have = self.game.with_untracked(|g| {
            let have = g.as_ref().map_or(&[][..], |g| g.history());
            (history.len() >= have.len() && history[..have.len()] == *have).then_some(have.len())
        });
        let Some(have) = have else {
            return false;
        };
        for action in &history[have..] {
            // A computer played at the host that says no to a person's offer: its reason
            // shows here too (the engine's, from the same game), as it does at the host.
            let note = self
                .game
                .with_untracked(|g| g.as_ref().and_then(|g| self.decline_note(g, action)));
            if let Some(DeclineNote { why, before: true }) = &note {
                self.note(why.clone());
            }
            if !self.apply_here(action.clone()) {
                return false;
            }
            if let Some(DeclineNote { why, before: false }) = note {
                self.note(why);
            }
        }
        true
    }

    /// Why the computer to act in `g` says no to a person's offer with `action`, in the
    /// engine's words (every computer but the random one explains; a counter-offer's reason,
    /// which names the counter's own sum, reads before it, a plain refusal's after it).
    fn decline_note(&self, g: &Game, action: &Action) -> Option<DeclineNote> {
        let me = g.actor()?;
        self.strategy_of(g, me)?;
        let worlds_engine::Phase::TradeOffer(offer) = g.phase() else {
            return None;
        };
        let why = worlds_engine::bots::decline_reason(g, me, offer, action)?;
        Some(DeclineNote {
            why,
            before: matches!(action, Action::ProposeTrade { .. }),
        })
    }

    /// Takes the table's game as its host confirmed it, on a device that holds only the
    /// public game (no dice to come): the actions this device lacks are not applied here but
    /// taken as they came, and shown as one step. `false`: this game is not where the
    /// table's began (the caller installs the table's game as it is).
    pub fn follow_public(&self, table: &Game) -> bool {
        let next = self.game.with_untracked(|g| {
            let have = g.as_ref().map_or(&[][..], |g| g.history());
            let theirs = table.history();
            if theirs.len() < have.len() || theirs[..have.len()] != *have {
                return Err(());
            }
            if theirs.len() == have.len() && g.as_ref() != Some(table) {
                // The same actions and another state: the host's word stands.
                return Err(());
            }
            Ok(g.as_ref().and_then(|g| {
                let first = theirs.get(have.len())?;
                Some((Before::of(g), self.decline_note(g, first)))
            }))
        });
        let (before, note) = match next {
            Err(()) => return false,
            Ok(None) => return true,
            Ok(Some(next)) => next,
        };
        if let Some(DeclineNote { why, before: true }) = &note {
            self.note(why.clone());
        }
        let step = before.step_to(table).in_words(table);
        self.game.set(Some(table.clone()));
        self.took(step);
        if let Some(DeclineNote { why, before: false }) = note {
            self.note(why);
        }
        true
    }

    /// Applies a player's action. Refused: the game is untouched and the reason is shown.
    /// At a table, the action goes to the host first (see [`Router`]).
    pub fn dispatch(&self, action: Action) -> bool {
        if let Some(router) = self.router.get_value() {
            match router(&action) {
                Ok(true) => {}
                Ok(false) => {
                    self.error.set(None);
                    let at = self
                        .game
                        .with_untracked(|g| g.as_ref().map(|g| g.history().len()));
                    self.sent_at.set(at);
                    return true;
                }
                Err(why) => {
                    self.error.set(Some(why.to_string()));
                    return false;
                }
            }
        }
        self.apply_here(action)
    }

    /// Applies an action to this device's game (and shows it, and autosaves).
    fn apply_here(&self, action: Action) -> bool {
        let mut outcome: Option<Result<Step, AppError>> = None;
        self.game.update(|slot| {
            let Some(game) = slot.as_mut() else { return };
            outcome = Some(
                take_step(game, action)
                    .map(|taken| taken.in_words(game))
                    .map_err(AppError::Rule),
            );
        });
        match outcome {
            Some(Ok(step)) => {
                self.took(step);
                true
            }
            Some(Err(why)) => {
                self.error.set(Some(why.to_string()));
                false
            }
            None => false,
        }
    }

    /// Shows a step the game took: its sound, card, feed lines and cash changes; then saves.
    fn took(&self, step: Step) {
        self.error.set(None);
        self.cue.set(step.cue);
        if let Some(card) = step.card.clone() {
            self.card.set(card);
        }
        self.record(&step);
        self.last_events
            .set(step.lines.into_iter().map(|(_, l)| l).collect());
        self.version.update(|v| *v += 1);
        self.autosave();
    }

    /// Adds a step to the feed and the cash changes (see [`Step::add_to_feed`]).
    fn record(&self, step: &Step) {
        let turn = self.turn_serial.get_untracked();
        self.turn_serial.set(turn + step.turns_started);
        self.feed.update(|feed| step.add_to_feed(feed, turn));
        self.changes
            .update(|changes| step.add_cash_changes(changes));
    }

    /// Whether the player to act is a computer this device plays (a table's guests never
    /// play computers: the host does).
    pub fn computer_to_act(&self) -> bool {
        if matches!(self.role.get(), TableRole::Guest { .. }) {
            return false;
        }
        let stand_ins = self.stand_ins.get();
        self.game.with(|g| {
            g.as_ref()
                .and_then(|g| g.actor().map(|a| (a, g.player(a).kind.clone())))
                .is_some_and(|(a, k)| {
                    matches!(k, SeatKind::Computer { .. }) || stand_ins.contains(&a)
                })
        })
    }

    /// The strategy that plays seat `me` on this device: its own computer's, or the
    /// balanced one for a person a computer plays for while they are away.
    fn strategy_of(
        &self,
        g: &Game,
        me: worlds_engine::PlayerId,
    ) -> Option<worlds_engine::ComputerStrategy> {
        match &g.player(me).kind {
            SeatKind::Computer { strategy } => Some(*strategy),
            _ if self.stand_ins.with_untracked(|s| s.contains(&me)) => {
                Some(worlds_engine::ComputerStrategy::Balanced)
            }
            _ => None,
        }
    }

    /// Adds a line to the feed (a table's chat, a player back at the table): plain text.
    pub fn note(&self, text: String) {
        let turn = self.turn_serial.get_untracked();
        self.feed.update(|feed| {
            feed.push(FeedLine { turn, text });
            trim_feed(feed);
        });
    }

    /// Lets the computer player to act take one action. `false`: no computer is to act.
    pub fn computer_step(&self) -> bool {
        let choice = self.game.with_untracked(|g| {
            let g = g.as_ref()?;
            let me = g.actor()?;
            let strategy = self.strategy_of(g, me)?;
            let bot = bot(strategy);
            let action = bot.choose(g, me);
            let action = if g.check(&action).is_ok() {
                action
            } else {
                g.legal_actions().into_iter().next()?
            };
            Some((action.clone(), self.decline_note(g, &action)))
        });
        match choice {
            Some((action, note)) => {
                // A counter-offer is checked above: its reason reads before it.
                if let Some(DeclineNote { why, before: true }) = &note {
                    self.note(why.clone());
                }
                let done = self.dispatch(action);
                if let Some(DeclineNote { why, before: false }) = note.filter(|_| done) {
                    self.note(why);
                }
                done
            }
            None => false,
        }
    }

    /// Lets the computer player to act take one action, thinking in slices of a few
    /// milliseconds with the page's thread given back between them (an expert weighs its
    /// choices by play-outs), so the page keeps painting and answering Skip. `false`: no
    /// computer is to act, or the game moved on while it thought (Skip played it).
    pub async fn computer_step_in_slices(&self) -> bool {
        use crate::common::slices::{next_batch, now_ms, yield_now};
        let thinking = self.game.with_untracked(|g| {
            let g = g.as_ref()?;
            let me = g.actor()?;
            match self.strategy_of(g, me) {
                Some(worlds_engine::ComputerStrategy::Expert) => {
                    Some(worlds_engine::expert::ExpertThinking::new(g, me))
                }
                _ => None,
            }
        });
        let Some(mut thinking) = thinking else {
            return self.computer_step();
        };
        let version = self.version.get_untracked();
        let started = now_ms();
        let mut batch = 1u64;
        loop {
            // Skip (or leaving the game, or another turn's thinking) moved the game on.
            if self.version.try_get_untracked() != Some(version) {
                return false;
            }
            let t0 = now_ms();
            let work = u32::try_from(batch).unwrap_or(u32::MAX);
            let done = self
                .game
                .try_with_untracked(|g| g.as_ref().and_then(|g| thinking.step(g, work)))
                .flatten();
            // Out of time: the best choice so far.
            let done = done.or_else(|| {
                (now_ms() - started >= crate::game::driver::COMPUTER_THINK_MS)
                    .then(|| {
                        self.game
                            .try_with_untracked(|g| g.as_ref().map(|g| thinking.conclude(g)))
                            .flatten()
                    })
                    .flatten()
            });
            if let Some(action) = done {
                record_thinking(now_ms() - started);
                return self.dispatch(action);
            }
            batch = next_batch(batch, now_ms() - t0);
            yield_now().await;
        }
    }

    /// Plays every computer turn at once until a human must act or the game ends.
    pub fn skip_computers(&self) {
        // Bounded: a game always offers a human decision or ends well before this.
        for _ in 0..20_000 {
            if !self.computer_to_act() || !self.computer_step() {
                break;
            }
        }
    }

    /// Writes the game over the autosave; a full storage leaves the old one and says so.
    pub fn autosave(&self) {
        let record = self.game.with_untracked(|g| g.as_ref().map(GameRecord::of));
        let Some(record) = record else { return };
        let title = self.title.get_untracked();
        let table = self.table_keeper.get_value().and_then(|keep| keep());
        let result = LocalStore::open().and_then(|store| {
            saves::write_autosave_at_table(&store, &title, &record, table, now_ms())
        });
        match result {
            Ok(()) => {
                if self.storage_warning.get_untracked().is_some() {
                    self.storage_warning.set(None);
                }
            }
            Err(e) => self.storage_warning.set(Some(autosave_problem(&e))),
        }
    }

    /// Saves the game under its title as a named save.
    pub fn save_named(&self, name: &str) -> Result<(), AppError> {
        let record = self
            .game
            .with_untracked(|g| g.as_ref().map(GameRecord::of))
            .ok_or(AppError::NoGameToSave)?;
        let store = LocalStore::open()?;
        saves::save_new(&store, name, &record, now_ms())?;
        Ok(())
    }

    /// Leaves the game (it stays in the autosave for "Continue").
    pub fn close(&self) {
        self.game.set(None);
        self.card.set(None);
        self.error.set(None);
    }
}

fn autosave_problem(e: &StorageError) -> String {
    format!("The game could not be autosaved: {e}")
}

/// How long each sliced decision took, from its first slice to its action, in
/// `window.__mwThinkingMs` (read by the journeys that measure it; nothing else uses it).
fn record_thinking(ms: f64) {
    let window = window();
    let key = wasm_bindgen::JsValue::from_str("__mwThinkingMs");
    let list = js_sys::Reflect::get(&window, &key)
        .ok()
        .filter(js_sys::Array::is_array)
        .map(wasm_bindgen::JsCast::unchecked_into::<js_sys::Array>)
        .unwrap_or_else(|| {
            let a = js_sys::Array::new();
            let _ = js_sys::Reflect::set(&window, &key, &a);
            a
        });
    list.push(&wasm_bindgen::JsValue::from_f64(ms));
}
