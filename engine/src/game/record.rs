//! A game as its setup plus the actions applied to it: [`Game::replay`] rebuilds the exact
//! state from them (the RNG lives in the state), [`GameRecord`] is what a save file holds,
//! and [`ReplayError`] says why a replay stopped.

use serde::{Deserialize, Serialize};

use super::{Game, GameSetup, PublicGame, SetupError};
use crate::action::{Action, RuleError};

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
    #[error("the saved table game does not match its own actions")]
    Public,
}

impl Game {
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
}

/// A saved game: its setup and the actions applied to it. Replaying it rebuilds the exact
/// state (the RNG lives in the state), so this is all a save file needs to hold.
///
/// A device that plays at someone else's table holds only a public game
/// ([`Game::public_view`]: no seed, no random generator), which cannot be replayed: its
/// record keeps that game itself in `public` (a [`PublicGame`], so no generator is written),
/// and `replay` gives it back. A record saved before that type (its `public` a whole game
/// with a stand-in generator) reads the same.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub setup: GameSetup,
    pub actions: Vec<Action>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public: Option<Box<PublicGame>>,
}

impl GameRecord {
    /// The record of a game in progress.
    pub fn of(game: &Game) -> GameRecord {
        GameRecord {
            setup: game.setup.clone(),
            actions: game.history.clone(),
            public: game.is_public().then(|| Box::new(game.public_game())),
        }
    }

    /// The game this record describes.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        match &self.public {
            Some(game) if game.history() == self.actions.as_slice() => {
                Game::try_from((**game).clone()).map_err(|_| ReplayError::Public)
            }
            Some(_) => Err(ReplayError::Public),
            None => Game::replay(&self.setup, &self.actions),
        }
    }
}
