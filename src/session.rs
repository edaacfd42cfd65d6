//! The game in progress, shared with every component of the play screen through context.
//!
//! One engine [`Game`] lives in a signal; components read it and send [`Action`]s through
//! [`Session::dispatch`], the only place that changes it. Every accepted action is autosaved
//! (the game's setup and its actions, replayed on load), described for the log and the
//! screen reader, and a refused one leaves the game untouched and shows the engine's reason.

use leptos::prelude::*;
use worlds_engine::{
    bots::strategy_by_name, Action, DeckKind, Event, Game, GameRecord, GameSetup, SeatKind,
};

use crate::storage::{saves, LocalStore, StorageError};

/// Milliseconds since 1970, from the browser's clock.
pub fn now_ms() -> u64 {
    js_sys::Date::now().max(0.0) as u64
}

/// A fresh seed for a new game (the engine itself never asks for entropy).
pub fn new_seed() -> u64 {
    let hi = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let lo = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (hi << 32) | lo
}

/// A sound effect an event calls for (the loudest of an action's events wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cue {
    Dice,
    Cash,
    Jail,
}

impl Cue {
    fn of(event: &Event) -> Option<Cue> {
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
    pub player: String,
}

/// The game being played and what the screen shows about its last step.
#[derive(Clone, Copy)]
pub struct Session {
    pub game: RwSignal<Option<Game>>,
    /// The game's title (the lobby's, or the save's name).
    pub title: RwSignal<String>,
    /// Why the last action was refused, in the engine's words.
    pub error: RwSignal<Option<String>>,
    /// The last action's events, in words.
    pub last_events: RwSignal<Vec<String>>,
    /// The last card drawn, until it is dismissed.
    pub card: RwSignal<Option<DrawnCard>>,
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

impl Session {
    pub fn new() -> Session {
        Session {
            game: RwSignal::new(None),
            title: RwSignal::new(String::new()),
            error: RwSignal::new(None),
            last_events: RwSignal::new(Vec::new()),
            card: RwSignal::new(None),
            storage_warning: RwSignal::new(None),
            version: RwSignal::new(0),
            cue: RwSignal::new(None),
        }
    }

    /// Starts a new game from a setup; the engine's refusal comes back in words.
    pub fn start(&self, title: &str, setup: GameSetup) -> Result<(), String> {
        let game = Game::new(setup).map_err(|e| e.to_string())?;
        self.install(title, game);
        self.autosave();
        Ok(())
    }

    /// Shows a game (new, continued or loaded).
    pub fn install(&self, title: &str, game: Game) {
        self.title.set(title.to_string());
        self.error.set(None);
        self.card.set(None);
        self.last_events.set(Vec::new());
        self.game.set(Some(game));
        self.version.update(|v| *v += 1);
    }

    /// Resumes the autosaved game. `Ok(false)`: there is none.
    pub fn resume_autosave(&self) -> Result<bool, String> {
        let store = LocalStore::open().map_err(|e| e.to_string())?;
        let Some(saved) = saves::read_autosave::<GameRecord>(&store).map_err(|e| e.to_string())?
        else {
            return Ok(false);
        };
        let game = saved
            .game
            .replay()
            .map_err(|e| format!("The autosaved game could not be rebuilt: {e}"))?;
        self.install(&saved.name, game);
        Ok(true)
    }

    /// Applies a player's action. Refused: the game is untouched and the reason is shown.
    pub fn dispatch(&self, action: Action) -> bool {
        type Outcome = Result<(Vec<String>, Option<DrawnCard>, Option<Cue>), String>;
        let mut outcome: Option<Outcome> = None;
        self.game.update(|slot| {
            let Some(game) = slot.as_mut() else { return };
            let start = game.log().len();
            outcome = Some(match game.apply(action) {
                Ok(_) => {
                    let mut lines = Vec::new();
                    let mut card = None;
                    let mut cue = None;
                    for entry in &game.log()[start..] {
                        cue = cue.max(Cue::of(&entry.event));
                        if let Event::CardDrawn { deck, text, .. } = &entry.event {
                            card = Some(DrawnCard {
                                deck: *deck,
                                text: text.clone(),
                                player: game.player(entry.player).name.clone(),
                            });
                        }
                        lines.push(game.describe(entry));
                    }
                    Ok((lines, card, cue))
                }
                Err(e) => Err(e.to_string()),
            });
        });
        match outcome {
            Some(Ok((lines, card, cue))) => {
                self.error.set(None);
                self.cue.set(cue);
                if card.is_some() {
                    self.card.set(card);
                }
                self.last_events.set(lines);
                self.version.update(|v| *v += 1);
                self.autosave();
                true
            }
            Some(Err(why)) => {
                self.error.set(Some(why));
                false
            }
            None => false,
        }
    }

    /// Whether the player to act is a computer.
    pub fn computer_to_act(&self) -> bool {
        self.game.with(|g| {
            g.as_ref()
                .and_then(|g| g.actor().map(|a| g.player(a).kind.clone()))
                .is_some_and(|k| matches!(k, SeatKind::Computer { .. }))
        })
    }

    /// Lets the computer player to act take one action. `false`: no computer is to act.
    pub fn computer_step(&self) -> bool {
        let choice = self.game.with_untracked(|g| {
            let g = g.as_ref()?;
            let me = g.actor()?;
            let SeatKind::Computer { strategy } = &g.player(me).kind else {
                return None;
            };
            let bot = strategy_by_name(strategy).or_else(|| strategy_by_name("balanced"))?;
            let action = bot.choose(g, me);
            if g.check(&action).is_ok() {
                Some(action)
            } else {
                g.legal_actions().into_iter().next()
            }
        });
        match choice {
            Some(action) => self.dispatch(action),
            None => false,
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
        let result = LocalStore::open()
            .and_then(|store| saves::write_autosave(&store, &title, &record, now_ms()));
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
    pub fn save_named(&self, name: &str) -> Result<(), String> {
        let record = self
            .game
            .with_untracked(|g| g.as_ref().map(GameRecord::of))
            .ok_or("There is no game to save.")?;
        let store = LocalStore::open().map_err(|e| e.to_string())?;
        saves::save_new(&store, name, &record, now_ms())
            .map(|_| ())
            .map_err(|e| e.to_string())
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
