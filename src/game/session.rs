//! The game in progress, shared with every component of the play screen through context.
//!
//! One [`Play`] (the plain model: the engine's game, its feed, cash changes, card and
//! version) lives in one signal; components read it through memos that change only when
//! their part does, and send [`Action`]s through [`Session::dispatch`], the only way a
//! player's move changes it. Where a move goes is the session's [`Link`], a value: played
//! here, or handed to a table or a room. Every change is autosaved (the game's setup and its
//! actions, replayed on load, with the table it is played at); a refused move leaves the
//! game untouched and shows why.

use leptos::prelude::*;
use worlds_engine::{Action, Game, GameRecord, GameSetup, PlayerId};
pub use worlds_models::play::{BarState, TableRole};
use worlds_models::play::{NotApplied, Play, Seats};

use crate::common::error::{AppError, Doing};
pub use crate::game::steps::{CashChange, Cue, DrawnCard, FeedLine};

pub use crate::game::link::{Dispatched, Link, Remote, Route};

/// The players of a table's seats (the table protocol numbers seats from 0, as players).
pub fn players(seats: impl IntoIterator<Item = usize>) -> Vec<PlayerId> {
    seats.into_iter().map(PlayerId).collect()
}

/// The game being played and what the screen shows about its last steps.
#[derive(Clone, Copy)]
pub struct Session {
    pub(in crate::game) play: RwSignal<Play>,
    pub(in crate::game) link: StoredValue<Link, LocalStorage>,
    /// The game (tracked: changes only when the game does).
    pub game: GameSlot,
    pub title: Memo<String>,
    /// Why the last action was refused, in a sentence.
    pub error: Memo<Option<String>>,
    /// The last action's events, in words.
    pub last_events: Memo<Vec<String>>,
    /// The last card drawn, until it is dismissed or the turn moves on.
    pub card: Memo<Option<DrawnCard>>,
    /// What happened in the current turn and in every computer turn since a human acted.
    pub feed: Memo<Vec<FeedLine>>,
    /// The last change of each player's cash since a human last acted.
    pub changes: Memo<Vec<CashChange>>,
    /// Counts changes of the game (the computer players' timer keys on it).
    pub version: Memo<u64>,
    /// Who plays each seat: the table's role, the seats on other devices, who is away, and
    /// whom a computer plays for.
    pub role: Memo<TableRole>,
    pub remote_seats: Memo<Vec<PlayerId>>,
    pub away: Memo<Vec<PlayerId>>,
    pub stand_ins: Memo<Vec<PlayerId>>,
    pub(in crate::game) sent_at: Memo<Option<usize>>,
    /// A storage problem (the autosave could not be written), shown until dismissed.
    pub storage_warning: RwSignal<Option<AppError>>,
}

/// The game in the session, read in place; tracked reads follow [`Session::version`].
#[derive(Clone, Copy)]
pub struct GameSlot {
    play: RwSignal<Play>,
    version: Memo<u64>,
}

impl GameSlot {
    pub fn with<R>(&self, f: impl FnOnce(&Option<Game>) -> R) -> R {
        self.version.track();
        self.play.with_untracked(|p| f(&p.game))
    }
    pub fn with_untracked<R>(&self, f: impl FnOnce(&Option<Game>) -> R) -> R {
        self.play.with_untracked(|p| f(&p.game))
    }
    pub fn try_with_untracked<R>(&self, f: impl FnOnce(&Option<Game>) -> R) -> Option<R> {
        self.play.try_with_untracked(|p| f(&p.game))
    }
    pub fn get_untracked(&self) -> Option<Game> {
        self.with_untracked(Clone::clone)
    }
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

impl Session {
    pub fn new() -> Session {
        let play = RwSignal::new(Play::default());
        fn part<T: PartialEq + Send + Sync + 'static>(
            play: RwSignal<Play>,
            f: fn(&Play) -> T,
        ) -> Memo<T> {
            Memo::new(move |_| play.with(f))
        }
        let version = part(play, |p| p.version);
        Session {
            play,
            link: StoredValue::new_local(Link::Here),
            game: GameSlot { play, version },
            title: part(play, |p| p.title.clone()),
            error: part(play, |p| p.error.clone()),
            last_events: part(play, |p| p.last_events.clone()),
            card: part(play, |p| p.card.clone()),
            feed: part(play, |p| p.feed.clone()),
            changes: part(play, |p| p.changes.clone()),
            version,
            role: part(play, |p| p.seats.role),
            remote_seats: part(play, |p| p.seats.remote.clone()),
            away: part(play, |p| p.seats.away.clone()),
            stand_ins: part(play, |p| p.seats.stand_ins.clone()),
            sent_at: part(play, |p| p.sent_at),
            storage_warning: RwSignal::new(None),
        }
    }

    /// Starts a new game from a setup; the engine's refusal comes back in words. The new game
    /// goes over the autosave once the board has been painted ([`Session::autosave_soon`]):
    /// written at once, it was part of the work the first frame of the board waited for.
    pub fn start(&self, title: &str, setup: GameSetup) -> Result<(), AppError> {
        self.install(title, Game::new(setup)?);
        self.autosave_soon();
        Ok(())
    }

    /// Shows a game (new, continued or loaded), played on this device alone until a table
    /// says otherwise ([`Session::join_table`]).
    pub fn install(&self, title: &str, game: Game) {
        self.link.set_value(Link::Here);
        self.play.update(|p| p.install(title, game));
    }

    /// Shows a saved game, rebuilt so that what the screen showed when it was saved shows
    /// again ([`Play::rebuild`]). Refused: nothing changes.
    pub fn rebuild(&self, title: &str, record: &GameRecord) -> Result<(), AppError> {
        // Refused, the model is left as it was.
        let rebuilt = self.play.try_update(|p| p.rebuild(title, record));
        rebuilt.unwrap_or(Ok(()))?;
        self.link.set_value(Link::Here);
        Ok(())
    }

    /// Plays this game as part of a table: `role`, the seats on other devices, and where
    /// this device's moves go. `TableRole::Alone` with [`Link::Here`] ends it.
    pub fn join_table(&self, role: TableRole, remote: Vec<PlayerId>, link: Link) {
        self.link.set_value(link);
        self.play.update(|p| {
            p.seats = Seats {
                role,
                remote,
                ..Seats::default()
            }
        });
    }

    /// Changes who plays the seats (who is away, whom a computer plays for).
    pub fn update_seats(&self, f: impl FnOnce(&mut Seats)) {
        self.play.update(|p| f(&mut p.seats));
    }

    /// Turns the card up (a person's "Draw card").
    pub fn turn_card_up(&self) {
        self.play.update(|p| {
            if let Some(c) = p.card.as_mut() {
                c.face_up = true;
            }
        });
    }

    /// Puts the card away, showing the one it led to, if any.
    pub fn put_card_away(&self) {
        self.play
            .update(|p| p.card = p.card.take().and_then(|c| c.next.map(|n| *n)));
    }

    /// Whoever holds the game refused this device's move (`why`, in their words).
    pub fn refused(&self, why: String) {
        self.play.update(|p| p.refused(why));
    }

    /// Shows why something failed where the game's refusals show.
    pub fn show_error(&self, why: impl std::fmt::Display) {
        self.play.update(|p| p.error = Some(why.to_string()));
    }

    /// The sound the last action calls for.
    pub fn cue(&self) -> Option<Cue> {
        self.play.with_untracked(|p| p.cue)
    }

    /// Applies the actions of `history` this device's game lacks ([`Play::follow`]).
    pub fn follow(&self, history: &[Action]) -> bool {
        self.changing(|p| p.follow(history)).unwrap_or(false)
    }

    /// Takes the table's game as its host confirmed it ([`Play::follow_public`]).
    pub fn follow_public(&self, table: &Game) -> bool {
        self.changing(|p| p.follow_public(table)).unwrap_or(false)
    }

    /// Changes the game with `f`, autosaving when it changed: once the page has painted
    /// the change ([`Session::autosave_soon`]).
    fn changing<R>(&self, f: impl FnOnce(&mut Play) -> R) -> Option<R> {
        let before = self.play.with_untracked(|p| p.version);
        let result = self.play.try_update(f);
        if self.play.with_untracked(|p| p.version) != before {
            self.autosave_soon();
        }
        result
    }

    /// Plays a move asked for on this device: applied here, or handed to the table or room
    /// the game is played at. Refused: the game is untouched and the reason is shown.
    pub fn dispatch(&self, action: Action) -> Dispatched {
        if let Link::Remote(remote) = self.link.get_value() {
            match remote.route(&action) {
                Ok(Route::Here) => {}
                Ok(Route::Sent) => {
                    self.play.update(Play::sent);
                    return Dispatched::Sent;
                }
                Err(why) => {
                    self.show_error(&why);
                    return Dispatched::Refused(why);
                }
            }
        }
        match self.changing(|p| p.apply(action)) {
            Some(Ok(())) => Dispatched::Applied,
            Some(Err(NotApplied::Rule(e))) => Dispatched::Refused(AppError::Rule(e)),
            _ => Dispatched::Refused(AppError::NoGame(Doing::Playing)),
        }
    }

    /// Adds a line to the feed (a table's chat, a player back at the table): plain text.
    pub fn note(&self, text: String) {
        self.play.update(|p| p.note(text));
    }
}
