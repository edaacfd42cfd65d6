//! Scenario files: a board, players, dice and decisions, played until the dice run out.
//! The contract `worlds replay` and the rule tests rely on:
//!
//! ```json
//! {
//!   "board": "classic" | "mini" | "campus" | "worlds" | { a board definition },
//!   "rules": { fields overriding the board's rule set },          (optional)
//!   "players": [ { "name": "Ann", "token": "dog", "cash": 1500, "position": 0,
//!                  "owns": ["Baltic Avenue"], "in_jail": false }, ... ],
//!   "rolls": [ [3, 4], [6, 6], ... ],
//!   "decks": { "chance": [card numbers], "community_chest": [...] },  (optional)
//!   "decisions": "buy-if-affordable" | "never-buy" | a bot strategy name,
//!   "actions": [ explicit actions ]                                  (optional)
//! }
//! ```
//!
//! - Players take turns in the listed order; omitted fields take the rule set's values
//!   (cash, position 0, nothing owned, not in jail). Positions are 0-based.
//! - `rolls` are the die faces of each throw in order (the dice a "nearest utility" card
//!   makes you throw included). The replay stops when a roll is due and none is left.
//!   Throws beyond the list (only the utility card's, mid-action) use the seeded RNG.
//! - `decks`: card numbers (Appendix B numbering, i.e. 1-based positions in the board's
//!   deck) drawn first, in this order; the other cards follow in numbered order. Without
//!   `decks`, the decks are shuffled with the seed.
//! - `actions`: explicit actions (`{"action": "build", "square": "Baltic Avenue"}`, squares
//!   by index or name, see [`crate::Action`]); the first one still waiting is applied as soon
//!   as it is legal, before any decision, then the next one.
//! - `decisions` for everything else. With "buy-if-affordable" / "never-buy": buy when
//!   the cash covers the price (or never); never bid in auctions; never build, mortgage
//!   or trade unprompted; decline every trade offer; in jail simply roll (the fine is paid
//!   only when the last try fails); end the turn as soon as possible; when a debt exceeds
//!   the cash, sell buildings (the most built lot first), then mortgage the cheapest lots,
//!   then declare bankruptcy. A bot strategy name ("balanced", "cautious", "random") plays
//!   every seat with that bot.
//!
//! Extensions beyond the contract (all optional): a top-level `seed` (default 0) for the
//! RNG; per player `mortgaged` (lots among `owns`), `houses` (`{"Baltic Avenue": 2}`, 5 is
//! a hotel) and `jail_cards` (`["chance"]`).

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::{BTreeMap, VecDeque};

use crate::action::{Action, PlayerId};
use crate::board::{Board, BoardDef, BoardErrors};
use crate::bots::{strategy_by_name, Heuristic, Strategy};
use crate::cards::{DeckKind, SquareRef};
use crate::game::{DeckOrder, ForcedRoll, Game, GameSetup, Phase, Seat, SeatStart, SetupError};
use crate::presets::Preset;

/// Safety net: a scenario never runs more actions than this.
pub const MAX_SCENARIO_ACTIONS: usize = 200_000;

/// A player as a scenario describes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioPlayer {
    pub name: String,
    #[serde(default)]
    pub token: Option<String>,
    #[serde(default)]
    pub cash: Option<i64>,
    #[serde(default)]
    pub position: Option<usize>,
    #[serde(default)]
    pub owns: Vec<SquareRef>,
    #[serde(default)]
    pub in_jail: bool,
    #[serde(default)]
    pub mortgaged: Vec<SquareRef>,
    #[serde(default)]
    pub houses: BTreeMap<String, u8>,
    #[serde(default)]
    pub jail_cards: Vec<DeckKind>,
}

/// Card numbers to draw first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct ScenarioDecks {
    pub chance: Vec<usize>,
    pub community_chest: Vec<usize>,
}

fn default_decisions() -> String {
    "buy-if-affordable".to_string()
}

/// A scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// A preset id or a board definition.
    pub board: Value,
    #[serde(default)]
    pub rules: Option<Value>,
    pub players: Vec<ScenarioPlayer>,
    #[serde(default)]
    pub rolls: Vec<Vec<u8>>,
    #[serde(default)]
    pub decks: Option<ScenarioDecks>,
    #[serde(default = "default_decisions")]
    pub decisions: String,
    #[serde(default)]
    pub actions: Vec<Value>,
    #[serde(default)]
    pub seed: u64,
}

/// Why a scenario cannot run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ScenarioError {
    #[error("not a scenario file: {0}")]
    Parse(String),
    #[error("unknown board \"{0}\": use classic, mini, campus, worlds or a board definition")]
    UnknownBoard(String),
    #[error("the board is invalid:\n{0}")]
    Board(BoardErrors),
    #[error("{0}")]
    Rules(String),
    #[error("player {player}: there is no square {square} on this board")]
    UnknownSquare { player: String, square: String },
    #[error("{0}")]
    Setup(#[from] SetupError),
    #[error(
        "unknown decisions \"{0}\": use buy-if-affordable, never-buy, balanced, cautious or random"
    )]
    UnknownDecisions(String),
    #[error("action {index}: {message}")]
    BadAction { index: usize, message: String },
    #[error("the scenario did not finish within {MAX_SCENARIO_ACTIONS} actions")]
    TooLong,
}

/// How seats decide when no explicit action applies.
enum Decisions {
    Simple { buy: bool },
    Bot(Box<dyn Strategy>),
}

/// The result of a scenario run.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub game: Game,
    /// Explicit actions never applied because they never became legal.
    pub unapplied_actions: usize,
}

impl Scenario {
    pub fn from_json(text: &str) -> Result<Scenario, ScenarioError> {
        serde_json::from_str(text).map_err(|e| ScenarioError::Parse(e.to_string()))
    }

    fn board(&self) -> Result<Board, ScenarioError> {
        let def = match &self.board {
            Value::String(id) => Preset::from_id(id)
                .ok_or_else(|| ScenarioError::UnknownBoard(id.clone()))?
                .board_def(),
            other => serde_json::from_value::<BoardDef>(other.clone())
                .map_err(|e| ScenarioError::Parse(format!("board: {e}")))?,
        };
        Board::from_def(def).map_err(|e| ScenarioError::Board(BoardErrors(e)))
    }

    /// The game set up as the scenario describes, before any action.
    pub fn setup(&self) -> Result<GameSetup, ScenarioError> {
        let board = self.board()?;
        let rules = match &self.rules {
            Some(over) => board
                .rules()
                .with_overrides(over)
                .map_err(ScenarioError::Rules)?,
            None => board.rules().clone(),
        };
        let mut seats = Vec::new();
        for p in &self.players {
            let resolve = |r: &SquareRef| {
                board
                    .resolve(r)
                    .ok_or_else(|| ScenarioError::UnknownSquare {
                        player: p.name.clone(),
                        square: r.to_string(),
                    })
            };
            let owns = p.owns.iter().map(resolve).collect::<Result<Vec<_>, _>>()?;
            let mortgaged = p
                .mortgaged
                .iter()
                .map(resolve)
                .collect::<Result<Vec<_>, _>>()?;
            let mut houses = Vec::new();
            for (name, h) in &p.houses {
                houses.push((resolve(&SquareRef::Name(name.clone()))?, *h));
            }
            let mut owns_all = owns;
            for &m in &mortgaged {
                if !owns_all.contains(&m) {
                    owns_all.push(m);
                }
            }
            seats.push(Seat {
                name: p.name.clone(),
                token: crate::game::Token::from_name(p.token.as_deref().unwrap_or_default()),
                color: String::new(),
                kind: crate::game::SeatKind::Human,
                start: SeatStart {
                    cash: p.cash,
                    position: p.position,
                    owns: owns_all,
                    mortgaged,
                    houses,
                    in_jail: p.in_jail,
                    jail_cards: p.jail_cards.clone(),
                },
            });
        }
        let forced_rolls = self
            .rolls
            .iter()
            .enumerate()
            .map(|(i, dice)| ForcedRoll {
                at: i as u32,
                dice: dice.clone(),
            })
            .collect();
        let deck_order = self.decks.as_ref().map(|d| DeckOrder {
            chance: d.chance.clone(),
            community_chest: d.community_chest.clone(),
        });
        Ok(GameSetup {
            board: std::sync::Arc::new(board),
            rules,
            seats,
            seed: self.seed,
            forced_rolls,
            deck_order,
            edition: crate::game::Edition::LATEST,
        })
    }

    /// The explicit actions, squares named by index or name.
    pub fn explicit_actions(&self, board: &Board) -> Result<Vec<Action>, ScenarioError> {
        self.actions
            .iter()
            .enumerate()
            .map(|(index, v)| {
                let mut v = v.clone();
                resolve_names(&mut v, board)
                    .map_err(|message| ScenarioError::BadAction { index, message })?;
                serde_json::from_value(v).map_err(|e| ScenarioError::BadAction {
                    index,
                    message: e.to_string(),
                })
            })
            .collect()
    }

    /// Plays the scenario until a roll is due and no dice are left, or the game ends.
    pub fn run(&self) -> Result<Outcome, ScenarioError> {
        let decisions = match self.decisions.as_str() {
            "buy-if-affordable" => Decisions::Simple { buy: true },
            "never-buy" => Decisions::Simple { buy: false },
            name => Decisions::Bot(
                strategy_by_name(name)
                    .ok_or_else(|| ScenarioError::UnknownDecisions(name.to_string()))?,
            ),
        };
        let setup = self.setup()?;
        let mut explicit: VecDeque<Action> = self.explicit_actions(&setup.board)?.into();
        let mut game = Game::new(setup)?;
        for _ in 0..MAX_SCENARIO_ACTIONS {
            let Some(me) = game.actor() else {
                return Ok(Outcome {
                    game,
                    unapplied_actions: explicit.len(),
                });
            };
            if let Some(a) = explicit.front() {
                if game.allows(a) {
                    let a = explicit.pop_front().unwrap_or(Action::Roll);
                    game.apply(a).map_err(|e| ScenarioError::BadAction {
                        index: self.actions.len() - explicit.len() - 1,
                        message: e.to_string(),
                    })?;
                    continue;
                }
            }
            let action = match &decisions {
                Decisions::Simple { buy } => simple_decision(&game, me, *buy),
                Decisions::Bot(bot) => bot.choose(&game, me),
            };
            if action == Action::Roll && !game.next_roll_is_forced() {
                return Ok(Outcome {
                    game,
                    unapplied_actions: explicit.len(),
                });
            }
            if let Err(e) = game.apply(action.clone()) {
                // Decisions only pick legal actions; report rather than loop.
                return Err(ScenarioError::BadAction {
                    index: usize::MAX,
                    message: format!("decision {action:?} was refused: {e}"),
                });
            }
        }
        Err(ScenarioError::TooLong)
    }
}

fn resolve_names(v: &mut Value, board: &Board) -> Result<(), String> {
    let Some(obj) = v.as_object_mut() else {
        return Err("an action is a JSON object such as {\"action\": \"roll\"}".into());
    };
    let find = |name: &str| {
        board
            .index_of(name)
            .ok_or_else(|| format!("there is no square \"{name}\""))
    };
    if let Some(Value::String(name)) = obj.get("square") {
        let i = find(name)?;
        obj.insert("square".into(), json!(i));
    }
    for side in ["give", "take"] {
        if let Some(Value::Array(lots)) = obj.get_mut(side).and_then(|s| s.get_mut("lots")) {
            for lot in lots.iter_mut() {
                if let Value::String(name) = lot {
                    *lot = json!(find(name)?);
                }
            }
        }
    }
    Ok(())
}

/// "buy-if-affordable" / "never-buy" (see the module documentation).
pub fn simple_decision(game: &Game, me: PlayerId, buy: bool) -> Action {
    let legal = game.legal_actions();
    match game.phase() {
        Phase::Roll => Action::Roll,
        Phase::EndTurn => Action::EndTurn,
        Phase::BuyOrDecline { .. } => {
            if buy && legal.contains(&Action::Buy) {
                Action::Buy
            } else {
                Action::Decline
            }
        }
        Phase::Auction(_) => Action::PassBid,
        Phase::JokerEffects { .. } => Action::ApplyJokerEffect { index: 0 },
        Phase::RaiseCash { .. } => Heuristic::balanced().raise_cash(game),
        Phase::TradeOffer(_) => Action::AnswerTrade { accept: false },
        Phase::PlaceHouse { .. } | Phase::GameOver => legal
            .into_iter()
            .next()
            .unwrap_or(Action::Resign { player: me }),
    }
}

/// The scenario result as JSON: players (name, cash, position, square, properties in board
/// order, in_jail, bankrupt), round and the log (each entry with a `text`).
pub fn report(game: &Game) -> Value {
    let board = game.board();
    let players: Vec<Value> = game
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let properties: Vec<String> = game
                .lots_of(crate::action::PlayerId(i))
                .into_iter()
                .map(|l| board.square(l).name.clone())
                .collect();
            json!({
                "name": p.name,
                "cash": p.cash,
                "position": p.position,
                "square": board.square(p.position).name,
                "properties": properties,
                "in_jail": p.in_jail,
                "bankrupt": p.bankrupt,
            })
        })
        .collect();
    let log: Vec<Value> = game
        .log()
        .iter()
        .map(|e| {
            let mut v = serde_json::to_value(e).unwrap_or(Value::Null);
            if let Some(o) = v.as_object_mut() {
                o.insert("text".into(), json!(game.describe(e)));
            }
            v
        })
        .collect();
    json!({
        "players": players,
        "round": game.round(),
        "log": log,
    })
}
