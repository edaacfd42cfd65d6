//! The fuzzer behind `worlds fuzz`: full games on the four presets with random rule
//! variations the Board Maker allows, random legal and arbitrary illegal actions,
//! out-of-turn resignations and trades built from real holdings. After every action it
//! checks the game's invariants; at the end of every game, that the saved record replays to
//! the same state. A panic is caught and counted (the game stops there).
//!
//! Invariants checked after every action:
//! - money: the players' cash, the bank's ledger and the jackpot add up to the money handed
//!   out at the start, and each player's cash moved exactly as the action's events say (an
//!   action with a bankruptcy moves money silently and is checked by the ledger only);
//! - the building stock: houses and hotels on the board plus the bank's equal the rules';
//! - even building (when the rule is on), no building on a split or mortgaged group;
//! - ownership: every owner exists and is in the game, mortgages and buildings only on
//!   owned lots, nothing owned on squares that cannot be owned;
//! - a bankrupt player owns nothing, holds no cash and no jail card;
//! - nobody's cash is negative (debts wait in a debt phase instead);
//! - someone can act with something other than resigning, unless the game is over;
//! - a refused action leaves the state unchanged;
//! - at the end: the saved record (through JSON) replays to the same state;
//! - the expert computer player (seated in about a quarter of the games, with a small
//!   budget, deciding most of its seats' actions) only ever chooses an action the game
//!   accepts.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::action::{Action, PlayerId, SquareId, TradeSide};
use crate::board::Board;
use crate::event::{Event, Party};
use crate::game::{Game, GameRecord, GameSetup, Phase, Seat};
use crate::presets::Preset;
use crate::rules::{DebtRule, DoublesLimit, ExtraRoll, JailRelease, RentModel, RuleSet};

/// What a fuzz run does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FuzzConfig {
    pub games: u64,
    pub seed: u64,
    /// A game stops after this many applied or refused actions.
    pub max_actions_per_game: usize,
}

impl Default for FuzzConfig {
    fn default() -> Self {
        FuzzConfig {
            games: 1000,
            seed: 1,
            max_actions_per_game: 3000,
        }
    }
}

/// What a fuzz run found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FuzzReport {
    pub games: u64,
    /// Games that reached their end (a winner or the round limit).
    pub finished: u64,
    /// Actions tried (applied and refused).
    pub actions: u64,
    pub refused: u64,
    /// Games played with rules other than the preset's.
    pub varied_rules: u64,
    pub panics: u64,
    pub violations: u64,
    /// The first problems found, each with its game seed (at most 50).
    pub problems: Vec<String>,
}

impl FuzzReport {
    fn add(&mut self, other: GameResult) {
        self.games += 1;
        self.finished += u64::from(other.finished);
        self.actions += other.actions;
        self.refused += other.refused;
        self.varied_rules += u64::from(other.varied);
        self.violations += other.violations.len() as u64;
        for v in other.violations {
            if self.problems.len() < 50 {
                self.problems.push(v);
            }
        }
    }
}

#[derive(Debug, Default)]
struct GameResult {
    finished: bool,
    actions: u64,
    refused: u64,
    varied: bool,
    violations: Vec<String>,
}

/// Runs `config.games` games; `progress` is called after each with the report so far.
pub fn run(config: FuzzConfig, mut progress: impl FnMut(&FuzzReport)) -> FuzzReport {
    let mut report = FuzzReport::default();
    for g in 0..config.games {
        let seed = config
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(g);
        let preset = Preset::ALL[(g % 4) as usize];
        let outcome = std::panic::catch_unwind(|| fuzz_game(preset, seed, config));
        match outcome {
            Ok(result) => report.add(result),
            Err(payload) => {
                report.games += 1;
                report.panics += 1;
                let msg = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                if report.problems.len() < 50 {
                    report
                        .problems
                        .push(format!("{} game seed {seed}: panic: {msg}", preset.id()));
                }
            }
        }
        progress(&report);
    }
    report
}

/// A rule set the Board Maker could produce from the preset's (random switches and
/// amounts within the editor's limits), or `None` when the variation is not a valid world.
fn vary_rules(base: &RuleSet, rng: &mut ChaCha8Rng) -> RuleSet {
    let mut r = base.clone();
    let coin = |rng: &mut ChaCha8Rng| rng.random_bool(0.5);
    if coin(rng) {
        r.dice_count = rng.random_range(1..=3);
        r.dice_sides = rng.random_range(3..=8);
    }
    if coin(rng) {
        r.extra_roll = match rng.random_range(0..3) {
            0 => ExtraRoll::None,
            1 => ExtraRoll::Doubles {
                limit: rng.random_range(1..=4),
                on_limit: if coin(rng) {
                    DoublesLimit::Jail
                } else {
                    DoublesLimit::EndTurn
                },
            },
            _ => ExtraRoll::MaxFace,
        };
    }
    if coin(rng) {
        r.jail.release = if coin(rng) {
            JailRelease::Doubles
        } else {
            JailRelease::MaxFace
        };
        r.jail.fine = coin(rng).then(|| rng.random_range(0..=200));
        r.jail.max_tries = coin(rng).then(|| rng.random_range(1..=4));
    }
    if coin(rng) {
        r.debt = if coin(rng) {
            DebtRule::RaiseCash
        } else {
            DebtRule::SellCheapest {
                percent: rng.random_range(0..=100),
            }
        };
    }
    if coin(rng) {
        r.rent_model = if coin(rng) {
            RentModel::Deed
        } else {
            RentModel::PriceDoubledWithGroup
        };
    }
    for flag in [
        &mut r.auctions,
        &mut r.even_build,
        &mut r.mortgages,
        &mut r.bonus_once_per_turn,
        &mut r.skip_bonus_squares_after_bonus,
        &mut r.free_parking_jackpot,
        &mut r.no_rent_in_jail,
        &mut r.trades,
        &mut r.sell_lots_to_bank,
    ] {
        if rng.random_bool(0.3) {
            *flag = !*flag;
        }
    }
    if coin(rng) {
        r.houses = rng.random_range(0..=40);
        r.hotels = rng.random_range(0..=15);
    }
    if coin(rng) {
        r.starting_cash = rng.random_range(50..=3000);
        r.salary = rng.random_range(0..=400);
        r.salary_on_landing_multiplier = rng.random_range(1..=2);
    }
    if r.sell_lots_to_bank && coin(rng) {
        r.lot_sale_percent = Some(rng.random_range(0..=100));
    }
    if coin(rng) {
        r.mortgage_percent = rng.random_range(0..=100);
        r.unmortgage_interest_percent = rng.random_range(0..=30);
        r.building_sell_percent = rng.random_range(0..=100);
    }
    r
}

/// The rule set of a fuzzed game: a valid variation (rules, and the groups' hotel costs and
/// rent multipliers) when one is found in a few tries, else the preset's; always with a
/// round limit so the game ends.
fn rules_for(preset: Preset, rng: &mut ChaCha8Rng) -> (Board, RuleSet, bool) {
    let base = preset.board();
    let limit = Some(rng.random_range(3..=60));
    if rng.random_bool(0.75) {
        for _ in 0..8 {
            let mut rules = vary_rules(base.rules(), rng);
            rules.round_limit = limit;
            let mut def = base.def().clone();
            def.rules = rules.clone();
            // The groups' own hotel costs and "rent with color set" multipliers, as the
            // Board Maker may set them.
            if rng.random_bool(0.5) {
                for g in &mut def.groups {
                    g.hotel_cost = rng.random_bool(0.5).then(|| rng.random_range(1..=400));
                    g.whole_group_multiplier =
                        rng.random_bool(0.5).then(|| rng.random_range(1..=10));
                }
            }
            if let Ok(board) = Board::from_def(def) {
                return (board, rules, true);
            }
        }
    }
    let mut rules = base.rules().clone();
    rules.round_limit = limit;
    (base, rules, false)
}

/// What a refused action must leave as it was (the whole state but the log and history,
/// which are checked by length).
#[derive(Debug, Clone, PartialEq)]
struct Snapshot {
    players: Vec<crate::game::Player>,
    squares: Vec<crate::game::SquareState>,
    phase: Phase,
    turn: crate::game::Turn,
    money: (i64, i64, u32, u32, u32, u32),
    lens: (usize, usize, usize, usize, usize),
}

fn snapshot(g: &Game) -> Snapshot {
    Snapshot {
        players: g.players.clone(),
        squares: g.squares.to_vec(),
        phase: g.phase.clone(),
        turn: g.turn.clone(),
        money: (
            g.bank,
            g.jackpot,
            g.bank_houses,
            g.bank_hotels,
            g.round,
            g.throws,
        ),
        lens: (
            g.log.len(),
            g.history.len(),
            g.pending.len(),
            g.decks.chance.len(),
            g.decks.community_chest.len(),
        ),
    }
}

fn random_lots(g: &Game, owner: PlayerId, rng: &mut ChaCha8Rng) -> Vec<SquareId> {
    let mut lots: Vec<usize> = g
        .lots_of(owner)
        .into_iter()
        .filter(|_| rng.random_bool(0.4))
        .collect();
    if rng.random_bool(0.7) {
        // Mostly offers that can be legal: no lot whose group has buildings.
        lots.retain(|&l| {
            g.group_of_lot(l)
                .iter()
                .all(|&x| g.squares[x].buildings.is_none())
        });
    }
    lots.into_iter().map(SquareId).collect()
}

/// A trade built from the actor's and another player's real holdings.
fn random_trade(g: &Game, actor: PlayerId, rng: &mut ChaCha8Rng) -> Option<Action> {
    let others: Vec<PlayerId> = g
        .active_players()
        .into_iter()
        .filter(|&p| p != actor)
        .collect();
    if others.is_empty() {
        return None;
    }
    let to = others[rng.random_range(0..others.len())];
    let cash_part = |cash: i64, rng: &mut ChaCha8Rng| {
        if cash > 0 && rng.random_bool(0.5) {
            rng.random_range(0..=cash)
        } else {
            0
        }
    };
    let give = TradeSide {
        lots: random_lots(g, actor, rng),
        cash: cash_part(g.players[actor].cash, rng),
        jail_cards: u32::from(!g.players[actor].jail_cards.is_empty() && rng.random_bool(0.3)),
    };
    let take = TradeSide {
        lots: random_lots(g, to, rng),
        cash: cash_part(g.players[to].cash, rng),
        jail_cards: u32::from(!g.players[to].jail_cards.is_empty() && rng.random_bool(0.3)),
    };
    Some(Action::ProposeTrade { to, give, take })
}

/// Any action at all, most of them illegal now.
fn arbitrary_action(g: &Game, rng: &mut ChaCha8Rng) -> Action {
    let n = g.board().len() + 3;
    let players = g.players.len() + 2;
    let square = rng.random_range(0..n);
    let amount = rng.random_range(-100..=5000);
    match rng.random_range(0..19) {
        0 => Action::Roll,
        1 => Action::Buy,
        2 => Action::Decline,
        3 => Action::Bid { amount },
        4 => Action::PassBid,
        5 => Action::Build {
            square: SquareId(square),
        },
        6 => Action::SellBuilding {
            square: SquareId(square),
        },
        7 => Action::SellAllBuildings {
            square: SquareId(square),
        },
        8 => Action::Mortgage {
            square: SquareId(square),
        },
        9 => Action::Unmortgage {
            square: SquareId(square),
        },
        10 => Action::ProposeTrade {
            to: PlayerId(rng.random_range(0..players)),
            give: TradeSide {
                lots: vec![SquareId(square)],
                cash: amount,
                jail_cards: rng.random_range(0..3),
            },
            take: TradeSide {
                lots: vec![SquareId(rng.random_range(0..n))],
                cash: rng.random_range(-10..=100),
                jail_cards: rng.random_range(0..3),
            },
        },
        11 => Action::AnswerTrade {
            accept: rng.random_bool(0.5),
        },
        12 => Action::PayJailFine,
        13 => Action::UseJailCard,
        14 => Action::EndTurn,
        15 => Action::DeclareBankruptcy,
        16 => Action::Resign {
            player: PlayerId(rng.random_range(0..players)),
        },
        17 => Action::SellLotToBank {
            square: SquareId(square),
        },
        _ => Action::Build {
            square: SquareId(square),
        },
    }
}

/// The next action: mostly legal ones (bids at random amounts), some trades, some
/// out-of-turn resignations, some arbitrary.
fn choose(g: &Game, rng: &mut ChaCha8Rng) -> Action {
    let roll: f64 = rng.random();
    let actor = g.actor().unwrap_or_default();
    if roll < 0.004 {
        // Anyone resigns, in turn or not (a bankrupt player is refused).
        return Action::Resign {
            player: PlayerId(rng.random_range(0..g.players.len())),
        };
    }
    if roll < 0.08 {
        if let Some(t) = random_trade(g, actor, rng) {
            return t;
        }
    }
    if roll < 0.2 {
        return arbitrary_action(g, rng);
    }
    let legal: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| !matches!(a, Action::Resign { .. }))
        .collect();
    if legal.is_empty() {
        return Action::Resign { player: actor };
    }
    let a = legal[rng.random_range(0..legal.len())].clone();
    match a {
        Action::Bid { amount } if rng.random_bool(0.5) => {
            let cash = g.players[actor].cash;
            Action::Bid {
                amount: if cash > amount {
                    rng.random_range(amount..=cash)
                } else {
                    amount
                },
            }
        }
        other => other,
    }
}

/// Each player's cash change as the events of one action tell it.
fn event_deltas(g: &Game, from_log: usize) -> Vec<i64> {
    let mut d = vec![0i64; g.players.len()];
    let add = |p: Party, amount: i64, d: &mut Vec<i64>| {
        if let Party::Player(p) = p {
            if let Some(x) = d.get_mut(p.0) {
                *x += amount;
            }
        }
    };
    for e in &g.log[from_log..] {
        let me = Party::Player(e.player);
        match &e.event {
            Event::Payment {
                from, to, amount, ..
            } => {
                add(*from, -amount, &mut d);
                add(*to, *amount, &mut d);
            }
            Event::Salary { amount }
            | Event::BuildingSold { refund: amount, .. }
            | Event::Mortgaged { amount, .. }
            | Event::SoldToBank { amount, .. } => add(me, *amount, &mut d),
            Event::Bought { price, .. } | Event::AuctionWon { price, .. } => {
                add(me, -price, &mut d)
            }
            Event::Built { cost, .. } | Event::Unmortgaged { cost, .. } => add(me, -cost, &mut d),
            Event::TradeAccepted { offer } => {
                let (a, b) = (Party::Player(offer.from), Party::Player(offer.to));
                add(a, offer.take.cash - offer.give.cash, &mut d);
                add(b, offer.give.cash - offer.take.cash, &mut d);
            }
            _ => {}
        }
    }
    d
}

/// Every invariant of the module documentation but the replay; problems as text.
pub fn check_invariants(g: &Game) -> Vec<String> {
    let mut out = Vec::new();
    let rules = g.rules();
    let cash: i64 = g.players.iter().map(|p| p.cash).sum();
    if cash + g.bank + g.jackpot != g.money_supply {
        out.push(format!(
            "money: players {cash} + bank {} + jackpot {} != supply {}",
            g.bank, g.jackpot, g.money_supply
        ));
    }
    if g.jackpot < 0 {
        out.push(format!("the jackpot is negative: {}", g.jackpot));
    }
    let (mut houses, mut hotels) = (0u32, 0u32);
    for (i, s) in g.squares.iter().enumerate().take(64) {
        let bit = 1u64 << i;
        let owned_bit = s.owner.map_or(0, |o| g.owned_mask(o) & bit);
        let others = PlayerId::all(g.players.len())
            .filter(|&p| Some(p) != s.owner && g.owned_mask(p) & bit != 0)
            .count();
        if (s.owner.is_some() && owned_bit == 0)
            || others > 0
            || (g.mortgaged_mask() & bit != 0) != s.mortgaged
        {
            out.push(format!(
                "square {i}: the owner and mortgage bits disagree with {s:?}"
            ));
        }
    }
    for (i, s) in g.squares.iter().enumerate() {
        let name = &g.board().square(i).name;
        match s.buildings.level() {
            0 => {}
            5 => hotels += 1,
            h if h < 5 => houses += u32::from(h),
            h => out.push(format!("{name} has {h} buildings")),
        }
        if !g.board().square(i).is_ownable() && *s != Default::default() {
            out.push(format!("{name} cannot be owned but has a state {s:?}"));
        }
        match s.owner {
            None => {
                if !s.buildings.is_none() || s.mortgaged {
                    out.push(format!("{name} has no owner but buildings or a mortgage"));
                }
            }
            Some(o) => {
                let Some(p) = g.players.get(o.0) else {
                    out.push(format!("{name} is owned by player {o}, who does not exist"));
                    continue;
                };
                if p.bankrupt {
                    out.push(format!("{name} is owned by {}, who is bankrupt", p.name));
                }
                if !s.buildings.is_none() {
                    let group = g.group_of_lot(i);
                    if !g.owns_whole_group(o, i) {
                        out.push(format!("{name} has buildings on a split group"));
                    }
                    if group.iter().any(|&l| g.squares[l].mortgaged) {
                        out.push(format!("{name} has buildings on a mortgaged group"));
                    }
                    if rules.even_build {
                        let hs: Vec<u8> = group
                            .iter()
                            .map(|&l| g.squares[l].buildings.level())
                            .collect();
                        let (lo, hi) = (
                            hs.iter().min().copied().unwrap_or(0),
                            hs.iter().max().copied().unwrap_or(0),
                        );
                        if hi - lo > 1 {
                            out.push(format!("{name}: uneven building in its group {hs:?}"));
                        }
                    }
                }
            }
        }
    }
    if houses + g.bank_houses != rules.houses || hotels + g.bank_hotels != rules.hotels {
        out.push(format!(
            "building stock: {houses} houses + {} in the bank (rules {}), {hotels} hotels + {} (rules {})",
            g.bank_houses, rules.houses, g.bank_hotels, rules.hotels
        ));
    }
    for (i, p) in g.players.iter().enumerate() {
        if p.cash < 0 {
            out.push(format!("{} has negative cash {}", p.name, p.cash));
        }
        if p.bankrupt
            && (p.cash != 0 || !p.jail_cards.is_empty() || !g.lots_of(PlayerId(i)).is_empty())
        {
            out.push(format!(
                "{} is bankrupt but holds cash {}, {} jail cards or lots",
                p.name,
                p.cash,
                p.jail_cards.len()
            ));
        }
    }
    if g.is_over() {
        if g.actor().is_some() {
            out.push("the game is over but someone is to act".into());
        }
    } else {
        match g.actor() {
            None => out.push("nobody can act in a game that is not over".into()),
            Some(a) => {
                if g.players.get(a.0).is_none_or(|p| p.bankrupt) {
                    out.push(format!("the player to act ({a}) is out"));
                }
                let legal = g.legal_actions();
                if !legal.iter().any(|x| !matches!(x, Action::Resign { .. })) {
                    out.push(format!(
                        "no legal action but resigning in phase {:?}",
                        g.phase
                    ));
                }
                for x in &legal {
                    if let Err(e) = g.check(x) {
                        out.push(format!("listed as legal but refused: {x:?}: {e}"));
                    }
                }
            }
        }
    }
    out
}

/// Whether the saved record, through JSON, replays to this very state.
fn replays_exactly(g: &Game) -> Result<(), String> {
    let record = GameRecord::of(g);
    let text = serde_json::to_string(&record).map_err(|e| format!("record to JSON: {e}"))?;
    let back: GameRecord =
        serde_json::from_str(&text).map_err(|e| format!("record from JSON: {e}"))?;
    let replayed = back.replay().map_err(|e| format!("replay: {e}"))?;
    if replayed != *g {
        return Err("the replayed game differs from the game".into());
    }
    Ok(())
}

fn fuzz_game(preset: Preset, seed: u64, config: FuzzConfig) -> GameResult {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (board, rules, varied) = rules_for(preset, &mut rng);
    let max = usize::from(rules.max_players.min(6));
    let min = usize::from(rules.min_players).min(max);
    let count = rng.random_range(min..=max);
    let seats = (0..count)
        .map(|i| Seat::human(&format!("P{}", i + 1)))
        .collect();
    let mut setup = GameSetup::new(board, seats, seed);
    setup.rules = rules;
    let mut result = GameResult {
        varied,
        ..GameResult::default()
    };
    let tag = |what: String| format!("{} game seed {seed}: {what}", preset.id());
    let mut game = match Game::new(setup) {
        Ok(g) => g,
        Err(e) => {
            result.violations.push(tag(format!("setup refused: {e}")));
            return result;
        }
    };
    let experts: Vec<bool> = if rng.random_bool(0.25) {
        (0..count).map(|_| rng.random_bool(0.5)).collect()
    } else {
        vec![false; count]
    };
    let expert = crate::expert::Expert::with_budget(crate::expert::Budget {
        playouts: 2,
        horizon: 3,
    });
    for step in 0..config.max_actions_per_game {
        if game.is_over() {
            break;
        }
        let action = match game.actor() {
            Some(me) if experts[me.index()] && rng.random_bool(0.9) => {
                let a = crate::bots::Strategy::choose(&expert, &game, me);
                if let Err(e) = game.check(&a) {
                    result.violations.push(tag(format!(
                        "action {step}: the expert chose {a:?}, which is refused: {e}"
                    )));
                }
                a
            }
            _ => choose(&game, &mut rng),
        };
        result.actions += 1;
        let before = snapshot(&game);
        let log_len = game.log.len();
        let legal = game.allows(&action);
        match game.apply(action.clone()) {
            Err(e) => {
                result.refused += 1;
                if legal {
                    result.violations.push(tag(format!(
                        "action {step} {action:?}: check passed, apply refused: {e}"
                    )));
                }
                if snapshot(&game) != before {
                    result.violations.push(tag(format!(
                        "action {step} {action:?} was refused but changed the state"
                    )));
                }
            }
            Ok(_) => {
                if !legal {
                    result.violations.push(tag(format!(
                        "action {step} {action:?}: check refused, apply accepted"
                    )));
                }
                let bankruptcy = game.log[log_len..]
                    .iter()
                    .any(|e| matches!(e.event, Event::Bankrupt { .. }));
                if !bankruptcy {
                    let deltas = event_deltas(&game, log_len);
                    for (p, d) in deltas.iter().enumerate() {
                        let moved = game.players[p].cash - before.players[p].cash;
                        if moved != *d {
                            result.violations.push(tag(format!(
                                "action {step} {action:?}: {}'s cash moved {moved}, the events say {d}",
                                game.players[p].name
                            )));
                        }
                    }
                }
                for v in check_invariants(&game) {
                    result
                        .violations
                        .push(tag(format!("after action {step} {action:?}: {v}")));
                }
            }
        }
        if result.violations.len() > 5 {
            break;
        }
    }
    result.finished = game.is_over();
    if let Err(e) = replays_exactly(&game) {
        result.violations.push(tag(e));
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invariant_checks_can_fail() {
        let mut g = Game::new(GameSetup::new(
            Preset::Classic.board(),
            vec![Seat::human("A"), Seat::human("B")],
            1,
        ))
        .expect("a game");
        assert!(check_invariants(&g).is_empty());
        g.players[0].cash -= 1;
        assert!(check_invariants(&g).iter().any(|v| v.starts_with("money")));
        g.players[0].cash += 1;
        g.squares
            .set_buildings(1, crate::game::Buildings::Houses(1));
        g.squares.set_owner(1, Some(PlayerId(0)));
        let v = check_invariants(&g);
        assert!(v.iter().any(|v| v.contains("split group")), "{v:?}");
        assert!(v.iter().any(|v| v.contains("building stock")), "{v:?}");
        g.squares.set_buildings(1, crate::game::Buildings::None);
        g.players[1].bankrupt = true;
        g.squares.set_owner(3, Some(PlayerId(1)));
        let v = check_invariants(&g);
        assert!(v.iter().any(|v| v.contains("bankrupt")), "{v:?}");
    }
}
