//! The lobby as plain data: the chosen board, the game title and the seats, with the checks
//! a table must pass before the game starts. The component in `lobby/mod.rs` only shows
//! and edits this; the engine checks the setup again when the game starts.

use worlds_engine::{Board, BoardDef, ComputerStrategy, GameSetup, RuleSet, Seat, SeatKind, Token};

use serde::{Deserialize, Serialize};

use crate::fields::FieldError;
pub use crate::pieces::{pawn_token, token_glyph, COLORS, TOKENS};

/// One seat as it was set up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatMemory {
    pub name: String,
    pub color: String,
    pub token: String,
    /// `None`: a human; `Some(strategy)`: a computer player (what records before `plays`
    /// said, and still say for older apps).
    pub computer: Option<ComputerStrategy>,
    /// Who plays it, a person at another device included (absent in older records).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plays: Option<Plays>,
}

/// The last setup started from the lobby.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct LastSetup {
    pub seats: Vec<SeatMemory>,
    pub round_limit: String,
}

/// Who plays a seat: a person at this device, a person at another device (a table across
/// devices), or a computer with its strategy. One value, so no impossible pair (a computer
/// "from another device") can be written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Plays {
    #[default]
    Human,
    OtherDevice,
    Computer(ComputerStrategy),
}

impl Plays {
    /// Every choice, in the order the lobby lists them.
    pub fn all() -> impl Iterator<Item = Plays> {
        [Plays::Human, Plays::OtherDevice]
            .into_iter()
            .chain(ComputerStrategy::ALL.map(Plays::Computer))
    }

    /// The choice's value in a form ("human", "remote", or the strategy's name).
    pub fn name(self) -> &'static str {
        match self {
            Plays::Human => "human",
            Plays::OtherDevice => "remote",
            Plays::Computer(s) => s.name(),
        }
    }

    /// The choice of a form value ([`Plays::name`]); `None` for anything else.
    pub fn from_name(name: &str) -> Option<Plays> {
        Plays::all().find(|p| p.name() == name)
    }

    /// What the lobby's "Plays as" list shows: "Human", "Another device",
    /// "Computer (balanced)".
    pub fn label(self) -> String {
        match self {
            Plays::Human => "Human".into(),
            Plays::OtherDevice => "Another device".into(),
            Plays::Computer(s) => format!("Computer ({})", s.name()),
        }
    }

    /// The computer's strategy, when a computer plays.
    pub fn computer(self) -> Option<ComputerStrategy> {
        match self {
            Plays::Computer(s) => Some(s),
            _ => None,
        }
    }

    /// How a seat played, from a record that names only its computer.
    pub fn of_computer(computer: Option<ComputerStrategy>) -> Plays {
        computer.map_or(Plays::Human, Plays::Computer)
    }
}

/// Names given to computer players, in seat order (a computer never keeps "Player N").
pub const COMPUTER_NAMES: [&str; 9] = ["Bea", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"];

/// How many computers the quick start offers at most (with you, eight players).
pub const MAX_COMPUTERS: usize = 7;

/// The highest starting cash the lobby accepts (the engine's largest amount).
pub const MAX_STARTING_CASH: i64 = 1_000_000_000;

/// The house rules a table can change before it starts, as the lobby edits them. They start
/// from the chosen board's rules; the board itself (a saved world included) never changes.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HouseRules {
    /// As typed.
    pub starting_cash: String,
    pub free_parking_jackpot: bool,
    /// Landing exactly on the start square pays the salary twice (or the board's own
    /// multiplier, when it is higher).
    pub double_salary_on_go: bool,
    pub auctions: bool,
    pub even_build: bool,
    pub no_rent_in_jail: bool,
    pub trades: bool,
    /// Lots may be sold back to the bank (at the board's share of the price, half by
    /// default). Read as off from a lobby kept before it existed.
    #[serde(default)]
    pub sell_lots_to_bank: bool,
}

impl HouseRules {
    /// The house rules of a rule set, as the board has them.
    pub fn of(rules: &RuleSet) -> HouseRules {
        HouseRules {
            starting_cash: rules.starting_cash.to_string(),
            free_parking_jackpot: rules.free_parking_jackpot,
            double_salary_on_go: rules.salary_on_landing_multiplier > 1,
            auctions: rules.auctions,
            even_build: rules.even_build,
            no_rent_in_jail: rules.no_rent_in_jail,
            trades: rules.trades,
            sell_lots_to_bank: rules.sell_lots_to_bank,
        }
    }

    /// The typed starting cash, or the problem in words.
    pub fn parsed_starting_cash(&self) -> Result<i64, FieldError> {
        match self
            .starting_cash
            .trim()
            .replace([',', '_'], "")
            .parse::<i64>()
        {
            Ok(n) if (0..=MAX_STARTING_CASH).contains(&n) => Ok(n),
            _ => Err(FieldError::StartingCash {
                max: MAX_STARTING_CASH,
            }),
        }
    }

    /// `base` with these house rules in force (a starting cash that does not parse keeps
    /// the board's).
    pub fn applied_to(&self, base: &RuleSet) -> RuleSet {
        let mut r = base.clone();
        if let Ok(cash) = self.parsed_starting_cash() {
            r.starting_cash = cash;
        }
        r.free_parking_jackpot = self.free_parking_jackpot;
        r.salary_on_landing_multiplier = if self.double_salary_on_go {
            base.salary_on_landing_multiplier.max(2)
        } else {
            1
        };
        r.auctions = self.auctions;
        r.even_build = self.even_build;
        r.no_rent_in_jail = self.no_rent_in_jail;
        r.trades = self.trades;
        r.sell_lots_to_bank = self.sell_lots_to_bank;
        r
    }
}

/// The name a computer in seat `index` takes: its own in [`COMPUTER_NAMES`], else the first
/// one no other seat has.
fn computer_name(seats: &[SeatForm], index: usize) -> String {
    let free = |name: &str| {
        seats
            .iter()
            .enumerate()
            .all(|(j, s)| j == index || !s.name.trim().eq_ignore_ascii_case(name))
    };
    let n = COMPUTER_NAMES.len();
    (0..n)
        .map(|k| COMPUTER_NAMES[(index + n - 1 + k) % n])
        .find(|name| free(name))
        .map_or_else(|| format!("Computer {}", index + 1), str::to_string)
}

/// Longest player name accepted.
pub const MAX_NAME_CHARS: usize = 24;

/// One seat as the lobby edits it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatForm {
    pub name: String,
    pub color: String,
    /// A built-in piece or one of the board's pawn pictures.
    pub token: Token,
    /// A person here, a person at another device, or a computer.
    pub plays: Plays,
}

impl SeatForm {
    /// The strategy when a computer plays this seat.
    pub fn computer(&self) -> Option<ComputerStrategy> {
        self.plays.computer()
    }
}

/// The lobby: a board, a title and the seats.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LobbyForm {
    pub title: String,
    pub seats: Vec<SeatForm>,
    /// Rounds before the richest player wins, as typed; blank keeps the board's rule.
    pub round_limit: String,
    /// The table's house rules (the board's until changed).
    pub house: HouseRules,
}

/// The largest round limit the lobby accepts.
pub const MAX_ROUND_LIMIT: u32 = 1000;

impl LobbyForm {
    /// Two seats with distinct colors and tokens: a human and a human, and the default
    /// house rules (call [`LobbyForm::reset_house_rules`] with the board's).
    pub fn new(board_name: &str) -> LobbyForm {
        let mut form = LobbyForm {
            title: format!("{board_name} game"),
            seats: Vec::new(),
            round_limit: String::new(),
            house: HouseRules::of(&RuleSet::default()),
        };
        form.set_seat_count(2);
        form
    }

    /// The seats and round limit of the last game started (as many seats as the board
    /// allows; a remembered color or token another seat has is replaced by a free one).
    pub fn remember(&mut self, last: &LastSetup, min: u8, max: u8) {
        if last.seats.is_empty() {
            return;
        }
        self.seats = last
            .seats
            .iter()
            .map(|s| SeatForm {
                name: s.name.clone(),
                color: s.color.clone(),
                token: Token::from_name(&s.token),
                plays: s.plays.unwrap_or(Plays::of_computer(s.computer)),
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
    pub fn memory(&self) -> LastSetup {
        LastSetup {
            seats: self
                .seats
                .iter()
                .map(|s| SeatMemory {
                    name: s.name.clone(),
                    color: s.color.clone(),
                    token: s.token.name().into_owned(),
                    computer: s.computer(),
                    plays: Some(s.plays),
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
                .map(|(t, _)| Token::from_name(t))
                .find(|t| self.seats.iter().all(|s| &s.token != t))
                .unwrap_or_default();
            self.seats.push(SeatForm {
                name: format!("Player {n}"),
                color,
                token,
                plays: Plays::Human,
            });
        }
    }

    /// The house rules back to the board's own.
    pub fn reset_house_rules(&mut self, rules: &RuleSet) {
        self.house = HouseRules::of(rules);
    }

    /// Seat `index` plays as `plays`. A seat that becomes a computer while it has its
    /// default name ("Player N") takes a computer's name, and a computer with a computer's
    /// name goes back to "Player N" when it becomes a person again (a person the player named
    /// like a computer keeps the name).
    pub fn set_plays_as(&mut self, index: usize, plays: Plays) {
        let (name, was_computer) = match self.seats.get(index) {
            Some(s) => (s.name.trim().to_string(), s.computer().is_some()),
            None => return,
        };
        let computer = plays.computer();
        let default = format!("Player {}", index + 1);
        let new_name = if computer.is_some() && (name == default || name.is_empty()) {
            Some(computer_name(&self.seats, index))
        } else if computer.is_none()
            && was_computer
            && COMPUTER_NAMES.iter().any(|c| c.eq_ignore_ascii_case(&name))
        {
            Some(default)
        } else {
            None
        };
        let s = &mut self.seats[index];
        s.plays = plays;
        if let Some(n) = new_name {
            s.name = n;
        }
    }

    /// The quick start: you (the first seat, a person on this device) and `computers`
    /// computer players of `strategy`, each with a computer's name (at most as many seats
    /// as `max_players` allows, at least one computer).
    pub fn quick_start(&mut self, computers: usize, strategy: ComputerStrategy, max_players: u8) {
        let n = (computers.clamp(1, MAX_COMPUTERS) + 1).min(usize::from(max_players).max(2));
        self.set_seat_count(n);
        let you = &mut self.seats[0];
        you.plays = Plays::Human;
        if you.name.trim().is_empty() || COMPUTER_NAMES.contains(&you.name.trim()) {
            you.name = "Player 1".into();
        }
        for i in 1..n {
            self.seats[i].plays = Plays::Computer(strategy);
            self.seats[i].name = String::new();
        }
        for i in 1..n {
            let name = computer_name(&self.seats, i);
            self.seats[i].name = name;
        }
    }

    /// The seats played from other devices.
    pub fn remote_seats(&self) -> Vec<usize> {
        (0..self.seats.len())
            .filter(|&i| self.seats[i].plays == Plays::OtherDevice)
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
            s.token = Token::from_name(token);
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
            out.push(why.to_string());
        }
        if let Err(why) = self.house.parsed_starting_cash() {
            out.push(why.to_string());
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
            if seat.token == Token::None {
                out.push(format!("{who} needs a token."));
            } else if self.seats[..i].iter().any(|s| s.token == seat.token) {
                out.push(format!("{who} has the same token as another player."));
            }
        }
        out
    }

    /// The typed round limit: `Ok(None)` when blank; the problem in words when it is not a
    /// whole number in range.
    pub fn parsed_round_limit(&self) -> Result<Option<u32>, FieldError> {
        let t = self.round_limit.trim();
        if t.is_empty() {
            return Ok(None);
        }
        match t.parse::<u32>() {
            Ok(n) if (1..=MAX_ROUND_LIMIT).contains(&n) => Ok(Some(n)),
            _ => Err(FieldError::RoundLimit {
                max: MAX_ROUND_LIMIT,
            }),
        }
    }

    /// The rules this table plays `board` by: the board's, with the house rules and the
    /// round limit typed in the lobby.
    pub fn rules_for(&self, board: &Board) -> RuleSet {
        let mut rules = self.house.applied_to(board.rules());
        if let Ok(Some(n)) = self.parsed_round_limit() {
            rules.round_limit = Some(n);
        }
        rules
    }

    /// The board as a game of this table starts on it: every seat's token on the first
    /// square (what the light code draws while the game's code arrives).
    pub fn starting_squares(&self, def: &BoardDef) -> Vec<crate::ring::SquareView> {
        let mut views = crate::ring::board_square_views(def);
        if let Some(start) = views.first_mut() {
            start.tokens = self
                .seats
                .iter()
                .map(|s| {
                    crate::ring::token_view(def, s.name.trim().to_string(), &s.token, &s.color)
                })
                .collect();
        }
        views
    }

    /// The engine setup for this table on `board`, with the board's rules changed by the
    /// lobby's house rules and round limit. The game's copy of the board carries those
    /// rules too (so Help tells the rules in force); the stored board is never changed.
    pub fn to_setup(&self, board: Board, seed: u64) -> GameSetup {
        let rules = self.rules_for(&board);
        let board = if rules == *board.rules() {
            board
        } else {
            let mut def = board.def().clone();
            def.rules = rules.clone();
            // A rule the board cannot take is refused by the engine when the game starts.
            Board::from_def(def).unwrap_or(board)
        };
        let seats = self
            .seats
            .iter()
            .map(|s| Seat {
                name: s.name.trim().to_string(),
                token: s.token.clone(),
                color: s.color.clone(),
                kind: match s.computer() {
                    Some(strategy) => SeatKind::Computer { strategy },
                    None => SeatKind::Human,
                },
                start: Default::default(),
            })
            .collect();
        let mut setup = GameSetup::new(board, seats, seed);
        setup.rules = rules;
        setup
    }
}

/// The seats a room opens with, from a lobby's setup played online (`other_devices` are the
/// seats set to "Another device"): this device plays the first person seat (it comes first:
/// a room's creator sits in seat 0), the others keep the lobby's order; every other person
/// seat, and every seat for another device, waits for a friend who joins by the room link.
/// Returns the seats and which of them are open for friends; `None` when no seat is played
/// on this device (every seat is a computer or another device's).
pub fn room_seats(seats: Vec<Seat>, other_devices: &[usize]) -> Option<(Vec<Seat>, Vec<usize>)> {
    let mine = (0..seats.len())
        .find(|i| !other_devices.contains(i) && matches!(seats[*i].kind, SeatKind::Human))?;
    let mut order: Vec<usize> = vec![mine];
    order.extend((0..seats.len()).filter(|&i| i != mine));
    let open = order
        .iter()
        .enumerate()
        .filter(|&(_, &i)| i != mine && matches!(seats[i].kind, SeatKind::Human))
        .map(|(at, _)| at)
        .collect();
    let mut seats: Vec<Option<Seat>> = seats.into_iter().map(Some).collect();
    let ordered = order.iter().filter_map(|&i| seats[i].take()).collect();
    Some((ordered, open))
}
