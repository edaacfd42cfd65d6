//! The lobby as plain data: the chosen board, the game title and the seats, with the checks
//! a table must pass before the game starts. The component in `lobby/mod.rs` only shows
//! and edits this; the engine checks the setup again when the game starts.

use worlds_engine::{Board, ComputerStrategy, GameSetup, Seat, SeatKind, Token};

pub use crate::game::pieces::{pawn_token, token_glyph, COLORS, TOKENS};

/// Computer strategies a seat can use, with their labels.
pub const STRATEGIES: [(ComputerStrategy, &str); 4] = [
    (ComputerStrategy::Balanced, "Computer (balanced)"),
    (ComputerStrategy::Cautious, "Computer (cautious)"),
    (ComputerStrategy::Random, "Computer (random)"),
    (ComputerStrategy::Expert, "Computer (expert)"),
];

/// Longest player name accepted.
pub const MAX_NAME_CHARS: usize = 24;

/// One seat as the lobby edits it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatForm {
    pub name: String,
    pub color: String,
    pub token: String,
    /// `None`: a human; `Some(strategy)`: a computer player.
    pub computer: Option<ComputerStrategy>,
    /// A human playing from another device (a table across devices).
    pub remote: bool,
}

/// The lobby: a board, a title and the seats.
#[derive(Debug, Clone, PartialEq)]
pub struct LobbyForm {
    pub title: String,
    pub seats: Vec<SeatForm>,
    /// Rounds before the richest player wins, as typed; blank keeps the board's rule.
    pub round_limit: String,
}

/// The largest round limit the lobby accepts.
pub const MAX_ROUND_LIMIT: u32 = 1000;

impl LobbyForm {
    /// Two seats with distinct colors and tokens: a human and a human.
    pub fn new(board_name: &str) -> LobbyForm {
        let mut form = LobbyForm {
            title: format!("{board_name} game"),
            seats: Vec::new(),
            round_limit: String::new(),
        };
        form.set_seat_count(2);
        form
    }

    /// The seats and round limit of the last game started (as many seats as the board
    /// allows; a remembered color or token another seat has is replaced by a free one).
    pub fn remember(
        &mut self,
        last: &crate::common::storage::last_setup::LastSetup,
        min: u8,
        max: u8,
    ) {
        if last.seats.is_empty() {
            return;
        }
        self.seats = last
            .seats
            .iter()
            .map(|s| SeatForm {
                name: s.name.clone(),
                color: s.color.clone(),
                token: s.token.clone(),
                computer: s.computer,
                remote: false,
            })
            .collect();
        let n = self
            .seats
            .len()
            .clamp(usize::from(min.max(1)), usize::from(max.max(1)));
        self.set_seat_count(n);
        self.round_limit = last.round_limit.clone();
    }

    /// What the lobby remembers of this setup for the next game.
    pub fn memory(&self) -> crate::common::storage::last_setup::LastSetup {
        crate::common::storage::last_setup::LastSetup {
            seats: self
                .seats
                .iter()
                .map(|s| crate::common::storage::last_setup::SeatMemory {
                    name: s.name.clone(),
                    color: s.color.clone(),
                    token: s.token.clone(),
                    computer: s.computer,
                })
                .collect(),
            round_limit: self.round_limit.clone(),
        }
    }

    /// Adds or removes seats at the end; new seats take the first free color and token.
    pub fn set_seat_count(&mut self, count: usize) {
        self.seats.truncate(count);
        while self.seats.len() < count {
            let n = self.seats.len() + 1;
            let color = COLORS
                .iter()
                .map(|(_, c)| c.to_string())
                .find(|c| self.seats.iter().all(|s| &s.color != c))
                .unwrap_or_default();
            let token = TOKENS
                .iter()
                .map(|(t, _)| t.to_string())
                .find(|t| self.seats.iter().all(|s| &s.token != t))
                .unwrap_or_default();
            self.seats.push(SeatForm {
                name: format!("Player {n}"),
                color,
                token,
                computer: None,
                remote: false,
            });
        }
    }

    /// The seats played from other devices.
    pub fn remote_seats(&self) -> Vec<usize> {
        (0..self.seats.len())
            .filter(|&i| self.seats[i].remote && self.seats[i].computer.is_none())
            .collect()
    }

    /// A friend's choices for a seat played from their device: their name and token, and
    /// their color unless another seat has it (then the seat keeps its own). Returns what
    /// was not taken, in words.
    pub fn take_friend(
        &mut self,
        seat: usize,
        name: &str,
        color: &str,
        token: &str,
    ) -> Option<String> {
        let taken =
            self.seats.iter().enumerate().any(|(j, s)| {
                j != seat && !color.is_empty() && s.color.eq_ignore_ascii_case(color)
            });
        let s = self.seats.get_mut(seat)?;
        if !name.trim().is_empty() {
            s.name = name.trim().to_string();
        }
        if !token.is_empty() {
            s.token = token.to_string();
        }
        if taken {
            return Some(format!(
                "{} chose a color another player has: they keep the one they were given.",
                s.name
            ));
        }
        if !color.is_empty() {
            s.color = color.to_string();
        }
        None
    }

    /// Everything that stops the game from starting, in words; empty when it can start.
    pub fn problems(&self, min_players: u8, max_players: u8) -> Vec<String> {
        let mut out = Vec::new();
        let n = self.seats.len();
        if n < usize::from(min_players) || n > usize::from(max_players) {
            out.push(format!(
                "This board needs {min_players} to {max_players} players."
            ));
        }
        if self.title.trim().is_empty() {
            out.push("The game needs a title.".into());
        }
        if let Err(why) = self.parsed_round_limit() {
            out.push(why);
        }
        for (i, seat) in self.seats.iter().enumerate() {
            let who = format!("Player {}", i + 1);
            let name = seat.name.trim();
            if name.is_empty() {
                out.push(format!("{who} needs a name."));
            } else if name.chars().count() > MAX_NAME_CHARS {
                out.push(format!(
                    "{who}'s name is longer than {MAX_NAME_CHARS} characters."
                ));
            } else if self.seats[..i]
                .iter()
                .any(|s| s.name.trim().eq_ignore_ascii_case(name))
            {
                out.push(format!("Two players are called {name}."));
            }
            if seat.color.is_empty() {
                out.push(format!("{who} needs a color."));
            } else if self.seats[..i].iter().any(|s| s.color == seat.color) {
                out.push(format!("{who} has the same color as another player."));
            }
            if seat.token.is_empty() {
                out.push(format!("{who} needs a token."));
            }
        }
        out
    }

    /// The typed round limit: `Ok(None)` when blank; the problem in words when it is not a
    /// whole number in range.
    pub fn parsed_round_limit(&self) -> Result<Option<u32>, String> {
        let t = self.round_limit.trim();
        if t.is_empty() {
            return Ok(None);
        }
        match t.parse::<u32>() {
            Ok(n) if (1..=MAX_ROUND_LIMIT).contains(&n) => Ok(Some(n)),
            _ => Err(format!(
                "The round limit is a whole number from 1 to {MAX_ROUND_LIMIT}, or blank."
            )),
        }
    }

    /// The engine setup for this table on `board`, with the board's rules (and the lobby's
    /// round limit, when one is typed).
    pub fn to_setup(&self, board: Board, seed: u64) -> GameSetup {
        let seats = self
            .seats
            .iter()
            .map(|s| Seat {
                name: s.name.trim().to_string(),
                token: Token::from_name(&s.token),
                color: s.color.clone(),
                kind: match s.computer {
                    Some(strategy) => SeatKind::Computer { strategy },
                    None => SeatKind::Human,
                },
                start: Default::default(),
            })
            .collect();
        let mut setup = GameSetup::new(board, seats, seed);
        if let Ok(Some(n)) = self.parsed_round_limit() {
            setup.rules.round_limit = Some(n);
        }
        setup
    }
}
