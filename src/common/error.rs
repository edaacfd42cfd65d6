//! What can go wrong in the app, by where it went wrong: the rules, the device's storage, a
//! table or room shared across devices, the network. Each kind keeps the typed error it came
//! from and is worded in one place ([`AppError`]'s `Display`), so a view shows a sentence a
//! player can read without building it itself.

use std::fmt;

use worlds_engine::envelope::EnvelopeError;
use worlds_engine::game::{ReplayError, SetupError};
use worlds_engine::share::LinkError;
use worlds_engine::stats::TournamentError;
use worlds_engine::RuleError;
use worlds_models::editor::EditError;
use worlds_models::fields::FieldError;
use worlds_models::play::{ComputerMistake, RebuildError};
use worlds_table::guest::IntentError;
use worlds_table::host::LocalError;
use worlds_table::invite::InviteError;
use worlds_table::saved::RestoreError;

use crate::common::storage::StorageError;
use crate::common::transport::TransportError;

/// Why something the player asked for did not happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AppError {
    /// The rules refused a game's setup.
    Setup(SetupError),
    /// The rules refused an action.
    Rule(RuleError),
    /// A game's actions no longer replay under the rules.
    Replay(ReplayError),
    /// The device's storage could not read or write.
    Storage(StorageError),
    /// A table or room shared across devices.
    Table(TableError),
    /// The network: a connection or a room server.
    Transport(TransportError),
    /// There is no game for what was being done.
    NoGame(Doing),
    /// A saved game's action `at` (1-based), in the engine's words (`action`), is refused by
    /// the rules when rebuilt.
    ActionRefused {
        at: usize,
        action: String,
        error: RuleError,
    },
    /// A computer chose an action the rules refuse (a fault in that computer player): the
    /// game waits rather than play something else in its place.
    ComputerMistake(ComputerMistake),
    /// The autosaved game could not be rebuilt (`why`); it was kept aside, or could not be
    /// (`kept_aside`).
    AutosaveNotRebuilt {
        why: Box<AppError>,
        kept_aside: Result<(), StorageError>,
    },
    /// A game was asked to start and is not there.
    NotStarted,
    /// A file or stored record could not be read.
    Unreadable(EnvelopeError),
    /// A saved game whose actions the rules refuse.
    DoesNotReplay(ReplayError),
    /// The browser refused to hand a file over as a download.
    DownloadRefused,
    /// A game too long to travel as a link (`kb`: its size; `limit_kb`: the most a link
    /// carries).
    GameLinkTooLong { kb: usize, limit_kb: usize },
    /// A link's data cannot be unpacked.
    Link(LinkError),
    /// The game in a link cannot be read.
    LinkGame(EnvelopeError),
    /// The game in a link does not replay.
    LinkGameDoesNotReplay(ReplayError),
    /// A picture file refused before or while reading it.
    Picture(PictureError),
    /// A form asks for the player's name and it is empty.
    NameNeeded,
    /// A new world is made without a name.
    WorldNameNeeded,
    /// The game in progress could not be kept as a saved game (`0`: why).
    NotKept(Box<AppError>),
    /// A number or setting typed in a field is refused.
    Field(FieldError),
    /// The Board Maker refused an edit.
    Edit(EditError),
    /// A tournament of computer players cannot start.
    TournamentNotStarted(TournamentError),
    /// A tournament of computer players stopped before its end.
    TournamentStopped(TournamentError),
    /// The exact chain could not be solved (the engine's words).
    ChainNotSolved(String),
    /// The game in progress could not be autosaved.
    NotAutosaved(StorageError),
    /// The player's settings could not be read (defaults are used).
    SettingsUnread(StorageError),
    /// The player's settings could not be written.
    SettingsNotSaved(StorageError),
}

/// The game's own code could not be loaded by the light first code (`why`: the browser's
/// words, if it gave any). Apart from [`AppError`], so the light first code, which shows only
/// this, does not carry every other error's sentences (and the engine's) in its download.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeNotLoaded {
    pub why: Option<String>,
}

impl fmt::Display for CodeNotLoaded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.why {
            None => f.write_str("This page cannot load the game's code."),
            Some(why) => f.write_str(why),
        }
    }
}

/// What was being done when there was no game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Doing {
    /// Saving it as a named save.
    Saving,
    /// Keeping the autosave as a named save.
    Keeping,
    /// Sharing it as a link.
    Sharing,
    /// Exporting its log.
    ExportingLog,
    /// Opening its table again.
    ReopeningTable,
    /// Playing a move.
    Playing,
}

/// Why a file is not taken as a picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PictureError {
    /// Not a type the Board Maker draws.
    NotAPicture { name: String },
    /// Larger than the largest file read (`bytes`: its size).
    TooLarge { name: String, bytes: u64 },
    /// The browser could not read or draw it.
    Unreadable { name: String },
}

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PictureError::NotAPicture { name } => write!(
                f,
                "{name} is not a picture the Board Maker can use: choose a PNG, JPEG, GIF, WebP or SVG file."
            ),
            PictureError::TooLarge { name, bytes } => write!(
                f,
                "{name} is {:.1} MB; a picture may be at most 5 MB.",
                *bytes as f64 / 1_048_576.0
            ),
            PictureError::Unreadable { name } => {
                write!(f, "{name} could not be read as a picture.")
            }
        }
    }
}

/// What went wrong with a table or a room shared across devices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    /// No table is open on this device.
    NotOpen,
    /// A seat's invite is still being made.
    InviteNotReady,
    /// An invite or a reply was refused.
    Invite(InviteError),
    /// The host's own action was refused.
    Local(LocalError),
    /// A saved table could not be reopened.
    Restore(RestoreError),
    /// A room needs a person seat played on the device that opens it.
    NoSeatOnThisDevice,
    /// The room could not be asked for (its setup could not be written).
    CannotAsk(String),
    /// The table or room refused this device's move before sending it.
    Intent(IntentError),
    /// This device has not joined the room yet.
    RoomNotConnected,
    /// This device has not joined the table yet.
    TableNotConnected,
    /// The host's table has not started its game yet.
    NotPlaying,
    /// The table was closed.
    Closed,
    /// A guest whose host's page reloaded waits for a new invite.
    AwaitingNewInvite,
    /// The room server refused, in its own words.
    Refused(String),
    /// The room server said no without saying why.
    Status(u16),
    /// The room server's answer could not be read.
    UnreadableAnswer,
    /// The seat's token could not be kept on this device.
    SeatNotKept(StorageError),
    /// Connect was pressed with no reply link pasted.
    NoReplyPasted,
    /// A reply came and no seat waits for one.
    NoSeatWaiting,
    /// The room server closed the room (or has none by that code), in its own words.
    RoomClosed(String),
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppError::Setup(e) => e.fmt(f),
            AppError::Rule(e) => e.fmt(f),
            AppError::Replay(e) => e.fmt(f),
            AppError::Storage(e) => e.fmt(f),
            AppError::Table(e) => e.fmt(f),
            AppError::Transport(e) => e.fmt(f),
            AppError::NoGame(doing) => f.write_str(match doing {
                Doing::Saving => "There is no game to save.",
                Doing::Keeping => "There is no game in progress to keep.",
                Doing::Sharing => "There is no game to share.",
                Doing::ExportingLog => "There is no game whose log to export.",
                Doing::ReopeningTable => "There is no game to open the table again for.",
                Doing::Playing => "There is no game to play a move in.",
            }),
            AppError::ActionRefused { at, action, error } => {
                write!(f, "its action {at} ({action}) is refused: {error}")
            }
            AppError::ComputerMistake(m) => write!(
                f,
                "{}'s computer chose “{}”, which the rules refuse: {} This is a fault in the computer player; the game waits.",
                m.player, m.action, m.error
            ),
            AppError::AutosaveNotRebuilt { why, kept_aside } => match kept_aside {
                Ok(()) => write!(
                    f,
                    "The autosaved game could not be rebuilt: {why}. It was kept aside: Play → Saved games lists it with Export and Delete."
                ),
                Err(k) => write!(f, "The autosaved game could not be rebuilt: {why}. {k}"),
            },
            AppError::NotStarted => f.write_str("The game did not start."),
            AppError::Unreadable(e) => e.fmt(f),
            AppError::DoesNotReplay(e) => write!(f, "the game does not replay: {e}"),
            AppError::DownloadRefused => f.write_str("The browser refused the download."),
            AppError::GameLinkTooLong { kb, limit_kb } => write!(
                f,
                "This game is too long to travel as a link ({kb} KB; a link carries at most {limit_kb} KB). Save it and export it as a file instead: Play → Saved games → Export."
            ),
            AppError::Link(e) => e.fmt(f),
            AppError::LinkGame(e) => write!(f, "The game in this link cannot be opened. {e}"),
            AppError::LinkGameDoesNotReplay(e) => write!(
                f,
                "The game in this link cannot be opened: it does not replay ({e})."
            ),
            AppError::Picture(e) => e.fmt(f),
            AppError::NameNeeded => f.write_str("Write your name first."),
            AppError::WorldNameNeeded => f.write_str("The new world needs a name."),
            AppError::NotKept(why) => write!(f, "The game in progress was not kept: {why}"),
            AppError::Field(e) => e.fmt(f),
            AppError::Edit(e) => e.fmt(f),
            AppError::TournamentNotStarted(e) => write!(f, "The tournament cannot start: {e}"),
            AppError::TournamentStopped(e) => write!(f, "The tournament stopped: {e}"),
            AppError::ChainNotSolved(e) => write!(f, "The exact chain could not be solved: {e}"),
            AppError::NotAutosaved(e) => write!(f, "The game could not be autosaved: {e}"),
            AppError::SettingsUnread(e) => write!(f, "Your settings could not be read: {e}"),
            AppError::SettingsNotSaved(e) => write!(f, "Your settings were not saved: {e}"),
        }
    }
}

impl From<RebuildError> for AppError {
    fn from(e: RebuildError) -> AppError {
        match e {
            RebuildError::Setup(e) => AppError::Setup(e),
            RebuildError::Replay(e) => AppError::Replay(e),
            RebuildError::ActionRefused { at, action, error } => {
                AppError::ActionRefused { at, action, error }
            }
        }
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::NotOpen => f.write_str("No table is open."),
            TableError::InviteNotReady => f.write_str("The invite for this seat is not ready yet."),
            TableError::Invite(e) => e.fmt(f),
            TableError::Local(e) => e.fmt(f),
            TableError::Restore(e) => e.fmt(f),
            TableError::NoSeatOnThisDevice => f.write_str(
                // One sentence: a player reads it under Play online.
                "Play online needs one seat played on this device: set a seat to Human (friends take the other person seats by the room link).",
            ),
            TableError::CannotAsk(why) => write!(f, "The room could not be asked for: {why}"),
            TableError::Intent(e) => e.fmt(f),
            TableError::RoomNotConnected => f.write_str("Not connected to the room yet."),
            TableError::TableNotConnected => f.write_str("Not connected to the table yet."),
            TableError::NotPlaying => f.write_str("The table is not playing yet."),
            TableError::Closed => f.write_str("The table is closed."),
            TableError::AwaitingNewInvite => f.write_str(
                "You play at a friend's table: open the new invite the host sends you (Invite again) to rejoin.",
            ),
            TableError::Refused(why) | TableError::RoomClosed(why) => f.write_str(why),
            TableError::Status(status) => {
                write!(f, "The room server said no (status {status}).")
            }
            TableError::UnreadableAnswer => {
                f.write_str("The room server's answer could not be read.")
            }
            TableError::SeatNotKept(e) => {
                write!(f, "Your seat could not be kept on this device: {e}")
            }
            TableError::NoReplyPasted => {
                f.write_str("Paste a friend's reply link first, then press Connect.")
            }
            TableError::NoSeatWaiting => f.write_str("No seat is waiting for a reply."),
        }
    }
}

impl std::error::Error for AppError {}
impl std::error::Error for TableError {}

impl From<FieldError> for AppError {
    fn from(e: FieldError) -> AppError {
        AppError::Field(e)
    }
}

impl From<EditError> for AppError {
    fn from(e: EditError) -> AppError {
        AppError::Edit(e)
    }
}

impl From<SetupError> for AppError {
    fn from(e: SetupError) -> AppError {
        AppError::Setup(e)
    }
}

impl From<RuleError> for AppError {
    fn from(e: RuleError) -> AppError {
        AppError::Rule(e)
    }
}

impl From<ReplayError> for AppError {
    fn from(e: ReplayError) -> AppError {
        AppError::Replay(e)
    }
}

impl From<StorageError> for AppError {
    fn from(e: StorageError) -> AppError {
        AppError::Storage(e)
    }
}

impl From<TableError> for AppError {
    fn from(e: TableError) -> AppError {
        AppError::Table(e)
    }
}

impl From<TransportError> for AppError {
    fn from(e: TransportError) -> AppError {
        AppError::Transport(e)
    }
}

impl From<InviteError> for AppError {
    fn from(e: InviteError) -> AppError {
        AppError::Table(TableError::Invite(e))
    }
}

impl From<RestoreError> for AppError {
    fn from(e: RestoreError) -> AppError {
        AppError::Table(TableError::Restore(e))
    }
}
