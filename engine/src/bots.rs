//! Computer players. Each implements [`Strategy`] and only ever returns an action that
//! [`Game::check`] accepts for the player to act.

pub mod expert;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::action::{Action, PlayerId, SquareId, TradeOffer, TradeSide};
use crate::game::{ComputerStrategy, Game, Phase};

/// A computer player.
pub trait Strategy {
    /// The strategy's name (as `strategy_by_name` knows it).
    fn name(&self) -> &str;
    /// The action to take; `me` must be `game.actor()`.
    fn choose(&self, game: &Game, me: PlayerId) -> Action;
}

/// Names of the built-in strategies.
pub const STRATEGY_NAMES: [&str; 4] = ["balanced", "cautious", "random", "expert"];

/// The player of a built-in strategy (the expert with [`expert::Budget::QUICK`]: a caller
/// with a clock or slices uses [`expert::ExpertThinking`] instead).
pub fn bot(strategy: ComputerStrategy) -> Box<dyn Strategy> {
    match strategy {
        ComputerStrategy::Balanced => Box::new(Heuristic::balanced()),
        ComputerStrategy::Cautious => Box::new(Heuristic::cautious()),
        ComputerStrategy::Random => Box::new(RandomPlayer::default()),
        // Played straight through (no clock, no slices): the quick budget.
        ComputerStrategy::Expert => Box::new(expert::Expert::with_budget(expert::Budget::QUICK)),
    }
}

/// A built-in strategy by name: "balanced", "cautious", "random" or "expert".
pub fn strategy_by_name(name: &str) -> Option<Box<dyn Strategy>> {
    ComputerStrategy::from_name(name).map(bot)
}

/// A rule-of-thumb player, tuned by its numbers.
#[derive(Debug, Clone)]
pub struct Heuristic {
    name: &'static str,
    /// Cash kept back when buying.
    pub reserve: i64,
    /// Cash kept back when building.
    pub build_reserve: i64,
    /// Highest bid as a percent of the lot's price.
    pub bid_percent: i64,
    /// Offers trades that complete a color group.
    pub trades: bool,
}

impl Heuristic {
    /// Buys when affordable with a reserve, bids up to the price, builds evenly with spare
    /// cash, offers trades that complete a group, raises cash before going bankrupt.
    pub fn balanced() -> Heuristic {
        Heuristic {
            name: "balanced",
            reserve: 150,
            build_reserve: 250,
            bid_percent: 100,
            trades: true,
        }
    }

    /// Keeps a large reserve, bids low and rarely builds.
    pub fn cautious() -> Heuristic {
        Heuristic {
            name: "cautious",
            reserve: 500,
            build_reserve: 900,
            bid_percent: 70,
            trades: false,
        }
    }
}

fn is_legal(game: &Game, a: &Action) -> bool {
    game.allows(a)
}

/// What a Get Out of Jail Free card is worth in a trade, to a plain-minded player.
pub const JAIL_CARD_WORTH: i64 = 50;

/// What a side of a trade is worth to a plain-minded player (the computers' first measure,
/// the coach's and the trade dialog's "Worth"): each lot at its price ([`lot_worth`]), each
/// Get Out of Jail Free card at [`JAIL_CARD_WORTH`], plus the cash.
pub fn side_value(game: &Game, side: &TradeSide) -> i64 {
    let lots: i64 = side.lots.iter().map(|&l| lot_worth(game, l.index())).sum();
    side.cash + lots + JAIL_CARD_WORTH * i64::from(side.jail_cards)
}

/// What a lot is worth in a trade to a plain-minded player: its price, half of it when
/// mortgaged.
pub fn lot_worth(game: &Game, lot: usize) -> i64 {
    let price = game.board().square(lot).price().unwrap_or(0);
    if game.square(lot).mortgaged {
        price / 2
    } else {
        price
    }
}

/// Whether receiving `lots` would give `player` a whole group they do not have yet.
fn completes_group(game: &Game, player: PlayerId, lots: &[SquareId]) -> bool {
    completes_group_trading(game, player, lots, &[])
}

/// Whether receiving `lots` while handing over `away` would give `player` a whole group.
fn completes_group_trading(
    game: &Game,
    player: PlayerId,
    lots: &[SquareId],
    away: &[SquareId],
) -> bool {
    lots.iter().any(|&l| {
        game.board().group_of(l.index()).is_some_and(|g| {
            game.board().group_lots(g).iter().all(|&x| {
                x == l.index()
                    || lots.contains(&SquareId(x))
                    || (game.square(x).owner == Some(player) && !away.contains(&SquareId(x)))
            })
        })
    })
}

/// What a group is worth to the player who completes it: the price of its lots plus three
/// houses on each (what it earns once built), or twice the price where nothing is built.
fn group_worth(game: &Game, g: usize) -> i64 {
    let board = game.board();
    board
        .group_lots(g)
        .iter()
        .map(|&l| {
            let sq = board.square(l);
            let price = sq.price().unwrap_or(0);
            match sq.house_cost() {
                Some(cost) if game.rules().buildings => price + 3 * cost,
                _ => 2 * price,
            }
        })
        .sum()
}

/// The worth of the groups `player` would complete by receiving `lots` (0 when none).
fn completed_worth(game: &Game, player: PlayerId, lots: &[SquareId]) -> i64 {
    let board = game.board();
    let mut seen: Vec<usize> = Vec::new();
    for &l in lots {
        let Some(g) = board.group_of(l.index()) else {
            continue;
        };
        let whole = board
            .group_lots(g)
            .iter()
            .all(|&x| lots.contains(&SquareId(x)) || game.square(x).owner == Some(player));
        if seen.contains(&g) || !whole {
            continue;
        }
        seen.push(g);
    }
    seen.into_iter().map(|g| group_worth(game, g)).sum()
}

impl Heuristic {
    /// Sells buildings first (from the most built lot), then mortgages the cheapest lot,
    /// else declares bankruptcy. Chooses among the legal actions in their listed order,
    /// probing the rules directly instead of listing them.
    pub(crate) fn raise_cash(&self, game: &Game) -> Action {
        let Some(me) = game.actor() else {
            return Action::DeclareBankruptcy;
        };
        let mut best: Option<(u8, Action)> = None;
        let mut mortgage: Option<(i64, usize)> = None;
        for l in game.owned_lots(me) {
            let sq = game.square(l);
            let h = sq.buildings.level();
            if h > 0
                && game.check_sell(me, l).is_ok()
                && best.as_ref().is_none_or(|(bh, _)| h > *bh)
            {
                best = Some((
                    h,
                    Action::SellBuilding {
                        square: SquareId(l),
                    },
                ));
            }
            if h == 5 && game.bank_houses() < 4 && best.as_ref().is_none_or(|(bh, _)| h > *bh) {
                best = Some((
                    h,
                    Action::SellAllBuildings {
                        square: SquareId(l),
                    },
                ));
            }
            if !sq.mortgaged && game.check_mortgage(me, l).is_ok() {
                let price = game.board().square(l).price().unwrap_or(0);
                if mortgage.is_none_or(|(p, _)| price < p) {
                    mortgage = Some((price, l));
                }
            }
        }
        if let Some((_, a)) = best {
            return a;
        }
        match mortgage {
            Some((_, square)) => Action::Mortgage {
                square: SquareId(square),
            },
            None => Action::DeclareBankruptcy,
        }
    }

    /// On the player's own turn (roll or end phase): build, lift a mortgage or trade.
    fn manage(&self, game: &Game, me: PlayerId) -> Option<Action> {
        let cash = game.player(me).cash;
        // Build on the least built lot, the dearest group first.
        let mut build: Option<(u8, i64, usize)> = None;
        let board = game.board();
        let squares = game.squares();
        // Costs are never negative: with less cash than the reserve, nothing is built and
        // no mortgage is lifted, so there is nothing to look for.
        let owned = game.owned_mask(me);
        if cash >= self.build_reserve {
            // Only lots of a whole group the player owns can be built on.
            for g in 0..board.groups().len() {
                let lots = board.group_lots(g);
                let mask = board.group_mask(g);
                // Nothing to build on a group without houses (Campus, Mini).
                if lots.is_empty() || owned & mask != mask || mask & board.buildable_mask() == 0 {
                    continue;
                }
                for &l in lots {
                    let houses = squares[l].buildings.level();
                    if houses >= 5 || build.is_some_and(|(h, _, _)| h < houses) {
                        continue;
                    }
                    if game.check_build(me, l, false).is_err() {
                        continue;
                    }
                    let cost = board.next_building_cost(l, houses).unwrap_or(0);
                    if build.is_none_or(|b| (houses, -cost, l) < b) {
                        build = Some((houses, -cost, l));
                    }
                }
            }
        }
        if let Some((_, minus_cost, square)) = build {
            let cost = -minus_cost;
            if cash - cost >= self.build_reserve {
                return Some(Action::Build {
                    square: SquareId(square),
                });
            }
        }
        if cash >= 2 * self.reserve {
            let mut mortgaged = owned & game.mortgaged_mask();
            while mortgaged != 0 {
                let l = mortgaged.trailing_zeros() as usize;
                mortgaged &= mortgaged - 1;
                if game.check_unmortgage(me, l).is_ok()
                    && cash - game.unmortgage_cost(l) >= 2 * self.reserve
                {
                    return Some(Action::Unmortgage {
                        square: SquareId(l),
                    });
                }
            }
        }
        if self.trades && !game.turn().rolled && game.turn().trade_offers == 0 {
            // Every turn, before rolling: a trade with a person that completes a group
            // (not asked again too soon, see `asked_lately`).
            if let Some(offer) = self.trade_offer(game, me) {
                return Some(offer);
            }
            // With other computers, as people trade: a swap that completes a group on
            // each side, else cash at what the group is worth (not asked again too soon).
            if let Some(offer) = self.computer_trade_offer(game, me) {
                return Some(offer);
            }
        }
        None
    }

    /// A trade with another computer that completes one of `me`'s groups, the dearest group
    /// first: a swap of lots that completes a group of theirs too (cash making up the lots'
    /// prices), else cash for the lots missing at what the group is worth to `me` (what a
    /// computer asks for the last lot of a group), when enough is left to build on it.
    /// Never a deal asked of the same player lately ([`asked_lately`]).
    fn computer_trade_offer(&self, game: &Game, me: PlayerId) -> Option<Action> {
        let board = game.board();
        let cash = game.player(me).cash;
        let computer = |p: PlayerId| {
            !game.player(p).bankrupt && !matches!(game.player(p).kind, crate::game::SeatKind::Human)
        };
        // The groups `me` could complete with another computer's lots, dearest first.
        let mut wanted: Vec<(i64, usize, PlayerId, Vec<SquareId>)> = (0..board.groups().len())
            .filter_map(|g| {
                let (to, take) = lots_missing_from_one(game, me, g)?;
                computer(to).then(|| (group_worth(game, g), g, to, take))
            })
            .collect();
        if wanted.is_empty() {
            return None;
        }
        crate::sorting::sort_by_key(&mut wanted, |w| std::cmp::Reverse((w.0, w.1)));
        let groups = board.groups().len();
        let asked = |a: &Action| !is_legal(game, a) || asked_lately(game, me, a);
        for (worth, g, to, take) in wanted {
            let take_side = TradeSide {
                lots: take,
                ..TradeSide::default()
            };
            // A swap: my lots that complete one of their groups, the difference in the
            // lots' prices paid by whoever gets more.
            for h in 0..groups {
                let Some((from, give)) = lots_missing_from_one(game, to, h) else {
                    continue;
                };
                if h == g || from != me {
                    continue;
                }
                let mut give = TradeSide {
                    lots: give,
                    ..TradeSide::default()
                };
                let mut take = take_side.clone();
                let difference = side_value(game, &take) - side_value(game, &give);
                give.cash = difference.max(0);
                take.cash = (-difference).max(0);
                if cash - give.cash < self.reserve {
                    continue;
                }
                let a = Action::ProposeTrade { to, give, take };
                if !asked(&a) {
                    return Some(a);
                }
            }
            // Cash: what the group is worth (at least twice the lots' price), with enough
            // left to build.
            let offer = worth.max(2 * side_value(game, &take_side));
            let house = board
                .group_lots(g)
                .iter()
                .filter_map(|&l| board.square(l).house_cost())
                .max()
                .unwrap_or(0);
            if cash - offer < self.build_reserve + house {
                continue;
            }
            let a = Action::ProposeTrade {
                to,
                give: TradeSide {
                    cash: offer,
                    ..TradeSide::default()
                },
                take: take_side,
            };
            if !asked(&a) {
                return Some(a);
            }
        }
        None
    }

    /// A trade with a person that completes one of `me`'s groups, the dearest group first:
    /// heads-up, a swap of lots that completes a group of theirs too, when `me`'s group is
    /// worth half as much again as theirs (with cash from `me` making up the lots' prices),
    /// else
    /// cash for the lots missing: what the group is worth to `me` (at least twice their
    /// price), when enough cash is left to build on it. Never a deal asked of the same
    /// player lately ([`asked_lately`]).
    fn trade_offer(&self, game: &Game, me: PlayerId) -> Option<Action> {
        let people = game
            .players()
            .iter()
            .any(|p| !p.bankrupt && matches!(p.kind, crate::game::SeatKind::Human));
        if !people {
            return None;
        }
        let board = game.board();
        let cash = game.player(me).cash;
        // The lots of group `g` that `owner` needs from one other player (not bankrupt),
        // and who that is.
        let missing = |owner: PlayerId, g: usize| {
            lots_missing_from_one(game, owner, g).filter(|(from, _)| !game.player(*from).bankrupt)
        };
        let mut groups: Vec<(i64, usize)> = (0..board.groups().len())
            .map(|g| (group_worth(game, g), g))
            .collect();
        crate::sorting::sort_by(&mut groups, |a, b| b.cmp(a));
        let heads_up = game.active_players().len() == 2;
        for (worth, g) in groups {
            let Some((to, take)) = missing(me, g) else {
                continue;
            };
            // People only (computers get `computer_trade_offer`), not asked again too soon.
            if !matches!(game.player(to).kind, crate::game::SeatKind::Human) {
                continue;
            }
            let asked = |a: &Action| !is_legal(game, a) || asked_lately(game, me, a);
            let take_side = TradeSide {
                lots: take.clone(),
                ..TradeSide::default()
            };
            // A swap, with a person, heads-up: my lots that complete one of their groups
            // worth at most two thirds of mine. (Measured against the other computers: such
            // swaps won more heads-up from the start, but lost more in games that began
            // with a third player.)
            for h in 0..board.groups().len() {
                let Some((from, give)) = missing(to, h) else {
                    continue;
                };
                if !heads_up || h == g || from != me || 3 * group_worth(game, h) > 2 * worth {
                    continue;
                }
                let mut give = TradeSide {
                    lots: give,
                    ..TradeSide::default()
                };
                give.cash = (side_value(game, &take_side) - side_value(game, &give)).max(0);
                if cash - give.cash < self.reserve {
                    continue;
                }
                let a = Action::ProposeTrade {
                    to,
                    give,
                    take: take_side.clone(),
                };
                if !asked(&a) {
                    return Some(a);
                }
            }
            // Cash: what the group is worth to me (at least twice the price), with enough
            // left to build.
            let plain = 2 * side_value(game, &take_side);
            let house = board
                .group_lots(g)
                .iter()
                .filter_map(|&l| board.square(l).house_cost())
                .max()
                .unwrap_or(0);
            let (offer, keep) = (worth.max(plain), self.build_reserve + house);
            if cash - offer < keep {
                continue;
            }
            let a = Action::ProposeTrade {
                to,
                give: TradeSide {
                    cash: offer,
                    ..TradeSide::default()
                },
                take: take_side,
            };
            if !asked(&a) {
                return Some(a);
            }
        }
        None
    }
}

/// The lots of group `g` (of two lots or more, none built on) that `owner`, who holds at
/// least one of them, lacks, when one other player holds them all: that player and the
/// lots. `None` when a lot is unowned, two others hold some, or `owner` holds none or all.
pub(crate) fn lots_missing_from_one(
    game: &Game,
    owner: PlayerId,
    g: usize,
) -> Option<(PlayerId, Vec<SquareId>)> {
    let lots = game.board().group_lots(g);
    if lots.len() < 2 {
        return None;
    }
    // Most groups are settled at a glance: the owner holds none of it, or all of it.
    let mask = game.board().group_mask(g);
    let mine = game.owned_mask(owner) & mask;
    if mine == 0 || mine == mask {
        return None;
    }
    let mut from: Option<PlayerId> = None;
    let mut need = Vec::new();
    let mut have = 0;
    for &l in lots {
        let sq = game.square(l);
        if !sq.buildings.is_none() {
            return None;
        }
        match sq.owner {
            Some(o) if o == owner => have += 1,
            Some(o) if from.is_none_or(|f| f == o) => {
                from = Some(o);
                need.push(SquareId(l));
            }
            _ => return None,
        }
    }
    let from = from?;
    (have > 0).then_some((from, need))
}

/// Rounds within which a computer does not offer the same deal to the same player again.
pub const SAME_DEAL_ROUNDS: u32 = 10;
/// Rounds within which a computer makes no other offer to a player it made one to.
pub const SAME_PLAYER_ROUNDS: u32 = 3;

/// Whether `me` offered the deal `a` to the same player in the last [`SAME_DEAL_ROUNDS`]
/// rounds (unless a lot of it changed hands since), or any offer to that player in the
/// last [`SAME_PLAYER_ROUNDS`]: a computer does not pester.
pub fn asked_lately(game: &Game, me: PlayerId, a: &Action) -> bool {
    use crate::event::Event;
    let Action::ProposeTrade { to, give, take } = a else {
        return false;
    };
    let round = game.round();
    let lots: Vec<SquareId> = give.lots.iter().chain(&take.lots).copied().collect();
    let mut changed_hands = false;
    for e in game.log().iter().rev() {
        if e.round + SAME_DEAL_ROUNDS <= round {
            break;
        }
        match &e.event {
            Event::LotTransferred { square, .. } | Event::Bought { square, .. }
                if lots.contains(square) =>
            {
                changed_hands = true;
            }
            Event::TradeProposed { offer } if offer.from == me && offer.to == *to => {
                if e.round + SAME_PLAYER_ROUNDS > round {
                    return true;
                }
                if !changed_hands && offer.give == *give && offer.take == *take {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

impl Strategy for Heuristic {
    fn name(&self) -> &str {
        self.name
    }

    fn choose(&self, game: &Game, me: PlayerId) -> Action {
        if game.actor().is_none() {
            return Action::Resign { player: me };
        }
        let has = |a: &Action| game.allows(a);
        let cash = game.player(me).cash;
        match game.phase() {
            Phase::Roll => {
                if game.is_held(me) {
                    if has(&Action::UseJailCard) {
                        return Action::UseJailCard;
                    }
                    // Early on, when lots are still for sale, leave jail at once.
                    let unowned = game
                        .board()
                        .lots()
                        .filter(|&l| game.square(l).owner.is_none())
                        .count();
                    let fine = game.rules().jail.fine.unwrap_or(0);
                    if has(&Action::PayJailFine) && unowned > 4 && cash - fine >= self.reserve {
                        return Action::PayJailFine;
                    }
                }
                self.manage(game, me).unwrap_or(Action::Roll)
            }
            Phase::EndTurn => self.manage(game, me).unwrap_or(Action::EndTurn),
            Phase::BuyOrDecline { square } => {
                let price = game.board().square(square.index()).price().unwrap_or(0);
                let completes = completes_group(game, me, &[*square]);
                if has(&Action::Buy) && (cash - price >= self.reserve || completes) {
                    Action::Buy
                } else {
                    Action::Decline
                }
            }
            Phase::Auction(a) => {
                let min = a.min_bid();
                let value = match a.lot {
                    Some(l) => {
                        let price = game.board().square(l.index()).price().unwrap_or(0);
                        let mut v = price * self.bid_percent / 100;
                        if completes_group(game, me, &[l]) {
                            v = v * 3 / 2;
                        }
                        v
                    }
                    None => a.minimum * 2,
                };
                let limit = value.min(cash - self.reserve / 2);
                if min <= limit {
                    let step = (value / 10).max(1);
                    let amount = (min + step - 1).min(limit).max(min);
                    Action::Bid { amount }
                } else {
                    Action::PassBid
                }
            }
            Phase::PlaceHouse { player } => game
                .owned_lots(*player)
                .find(|&l| game.check_build(*player, l, true).is_ok())
                .map_or(Action::Resign { player: *player }, |square| Action::Build {
                    square: SquareId(square),
                }),
            Phase::RaiseCash { .. } => self.raise_cash(game),
            // A Joker's effects, in the order the board lists them.
            Phase::JokerEffects { .. } => Action::ApplyJokerEffect { index: 0 },
            Phase::TradeOffer(o) => {
                if why_decline(game, me, o).is_none() {
                    return Action::AnswerTrade { accept: true };
                }
                counter_offer(game, me, o).unwrap_or(Action::AnswerTrade { accept: false })
            }
            Phase::GameOver => Action::Resign { player: me },
        }
    }
}

/// Plays a random legal action (for property tests and as a silly opponent). Deterministic:
/// its randomness is derived from the game's seed and history, so replays agree.
#[derive(Debug, Clone, Default)]
pub struct RandomPlayer {
    /// Mixed into the randomness, so two random players at one table differ.
    pub salt: u64,
}

impl Strategy for RandomPlayer {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&self, game: &Game, me: PlayerId) -> Action {
        let seed = game
            .setup()
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(game.history().len() as u64)
            .wrapping_mul(0xBF58_476D_1CE4_E5B9)
            .wrapping_add(self.salt ^ (me.index() as u64));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        random_action(game, me, &mut rng)
    }
}

/// A random legal action for the player to act: resigning is rare, trades are sometimes
/// invented, bids take random amounts.
pub fn random_action(game: &Game, me: PlayerId, rng: &mut ChaCha8Rng) -> Action {
    let legal = game.legal_actions();
    let mut choices: Vec<Action> = legal
        .iter()
        .filter(|a| !matches!(a, Action::Resign { .. }))
        .cloned()
        .collect();
    if rng.random_range(0..2000) == 0 || choices.is_empty() {
        return Action::Resign { player: me };
    }
    if matches!(
        game.phase(),
        Phase::Roll | Phase::EndTurn | Phase::RaiseCash { .. }
    ) && rng.random_range(0..20) == 0
    {
        if let Some(t) = random_trade(game, me, rng) {
            return t;
        }
    }
    let i = rng.random_range(0..choices.len());
    let a = choices.swap_remove(i);
    if let Action::Bid { amount } = a {
        let cash = game.player(me).cash;
        if cash > amount {
            let high = amount + (cash - amount).min(300);
            return Action::Bid {
                amount: rng.random_range(amount..=high),
            };
        }
    }
    a
}

fn random_trade(game: &Game, me: PlayerId, rng: &mut ChaCha8Rng) -> Option<Action> {
    let others: Vec<PlayerId> = game
        .active_players()
        .into_iter()
        .filter(|&p| p != me)
        .collect();
    if others.is_empty() {
        return None;
    }
    let to = others[rng.random_range(0..others.len())];
    let pick = |lots: Vec<usize>, rng: &mut ChaCha8Rng| -> Vec<SquareId> {
        lots.into_iter()
            .filter(|_| rng.random_range(0..3) == 0)
            .map(SquareId)
            .collect()
    };
    let give_lots = pick(game.lots_of(me), rng);
    let take_lots = pick(game.lots_of(to), rng);
    let give_cash = rng.random_range(0..=game.player(me).cash.clamp(0, 400));
    let take_cash = rng.random_range(0..=game.player(to).cash.clamp(0, 400));
    let give = TradeSide {
        lots: give_lots,
        cash: give_cash,
        jail_cards: u32::from(!game.player(me).jail_cards.is_empty() && rng.random_bool(0.3)),
    };
    let take = TradeSide {
        lots: take_lots,
        cash: take_cash,
        jail_cards: u32::from(!game.player(to).jail_cards.is_empty() && rng.random_bool(0.3)),
    };
    if !offer_helps(game, me, &give, &take) {
        return None;
    }
    let a = Action::ProposeTrade { to, give, take };
    is_legal(game, &a).then_some(a)
}

/// Why a balanced or cautious computer says no to a trade offer, as data (the narration
/// puts it in words for the player who offered it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeclineWhy {
    /// It would hand the proposer the last lot of a group for less than that group is worth
    /// to them: `enough` would do.
    CompletesTheirGroup { enough: i64 },
    /// It gets less than it wants for what it gives: `enough` (in what it is offered) would
    /// do.
    TooLittle { enough: i64 },
    /// It cannot pay the cash the offer asks of it.
    CannotPay,
}

/// The balanced and cautious computers' answer to `offer`: `None` they accept, else why
/// not. Never hand an opponent the last lot of a group for a plain price: only for a group
/// of their own, or for what the group is worth to the opponent.
pub fn why_decline(game: &Game, me: PlayerId, o: &TradeOffer) -> Option<DeclineWhy> {
    let cash = game.player(me).cash;
    if cash + o.give.cash - o.take.cash < 0 {
        return Some(DeclineWhy::CannotPay);
    }
    let get = side_value(game, &o.give);
    let give = side_value(game, &o.take);
    let helps_them = completes_group_trading(game, o.from, &o.take.lots, &o.give.lots);
    let helps_me = completes_group_trading(game, me, &o.give.lots, &o.take.lots);
    let needed = if helps_them && helps_me {
        give
    } else if helps_them {
        (give * 2).max(completed_worth(game, o.from, &o.take.lots))
    } else {
        give * 6 / 5
    };
    if get >= needed {
        return None;
    }
    // A round sum, the one a counter-offer then names too.
    let enough = round_up(needed - get + o.give.cash);
    Some(if helps_them && !helps_me {
        DeclineWhy::CompletesTheirGroup { enough }
    } else {
        DeclineWhy::TooLittle { enough }
    })
}

/// Rounds an amount up to a multiple of 10 (a counter-offer names round sums).
fn round_up(amount: i64) -> i64 {
    (amount + 9).div_euclid(10) * 10
}

/// What `o`'s proposer would hand over and receive in a counter-offer, as a new offer of
/// theirs (the counter is its mirror): `give` and `take` are the proposer's.
fn as_theirs(o: &TradeOffer, give: TradeSide, take: TradeSide) -> TradeOffer {
    TradeOffer {
        from: o.from,
        to: o.to,
        give,
        take,
    }
}

/// The least cash the proposer of `o` must add to their side (everything else as in `o`,
/// and nothing asked of `me` in cash) for `me` to accept, rounded up to 10 where that
/// still fits their cash; `None` when no cash they have would do.
fn cash_that_would_do(game: &Game, me: PlayerId, o: &TradeOffer) -> Option<i64> {
    let their_cash = game.player(o.from).cash;
    let mut give = o.give.clone();
    give.cash = 0;
    let mut take = o.take.clone();
    take.cash = 0;
    let enough = match why_decline(game, me, &as_theirs(o, give.clone(), take.clone())) {
        None => 0,
        Some(DeclineWhy::CompletesTheirGroup { enough } | DeclineWhy::TooLittle { enough }) => {
            enough
        }
        Some(DeclineWhy::CannotPay) => return None,
    };
    [round_up(enough), enough]
        .into_iter()
        .filter(|&cash| cash <= their_cash)
        .find(|&cash| {
            give.cash = cash;
            why_decline(game, me, &as_theirs(o, give.clone(), take.clone())).is_none()
        })
}

/// Counter-offers `me` could make to the offer `o` it declines, best first, each as the
/// proposer's (give, take), and each one `me` accepts were the proposer to offer it
/// ([`why_decline`] says `None`, so it never completes their group unless it completes
/// one of `me`'s or pays what that group is worth to them) and the proposer can afford:
/// the same lots and cards with less cash asked of `me`, or the cash that would do; else
/// one more lot of theirs with the cash that would then do (a lot that completes one of
/// `me`'s groups first, then the cheapest deal for them).
pub fn counter_offers(game: &Game, me: PlayerId, o: &TradeOffer) -> Vec<(TradeSide, TradeSide)> {
    let mut out = Vec::new();
    let accepts = |give: &TradeSide, take: &TradeSide| {
        why_decline(game, me, &as_theirs(o, give.clone(), take.clone())).is_none()
    };
    let my_cash = game.player(me).cash;
    // 1. Less of my cash: the most of what they asked that still leaves a deal I accept.
    if o.take.cash > 0 {
        let mut take = o.take.clone();
        let (mut lo, mut hi) = (0, o.take.cash.min(my_cash));
        take.cash = lo;
        if accepts(&o.give, &take) {
            while hi > lo {
                let mid = lo + (hi - lo + 1) / 2;
                take.cash = mid;
                if accepts(&o.give, &take) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            // Less cash from me is accepted too: a round sum.
            take.cash = lo / 10 * 10;
            out.push((o.give.clone(), take));
        }
    }
    // 2. The cash that would do, nothing asked of me in cash.
    if let Some(cash) = cash_that_would_do(game, me, o) {
        let give = TradeSide {
            cash,
            ..o.give.clone()
        };
        let take = TradeSide {
            cash: 0,
            ..o.take.clone()
        };
        if accepts(&give, &take) && !out.contains(&(give.clone(), take.clone())) {
            out.push((give, take));
        }
    }
    // 3. One more lot of theirs, with the cash that would then do.
    let board = game.board();
    let mut more: Vec<(bool, i64, TradeSide, TradeSide)> = Vec::new();
    for l in game.lots_of(o.from) {
        let id = SquareId(l);
        let built = board.group_of(l).is_some_and(|g| {
            board
                .group_lots(g)
                .iter()
                .any(|&x| !game.square(x).buildings.is_none())
        });
        // Not a lot of the group they asked for (swapping within a group is no deal).
        let asked_group = o.take.lots.iter().any(|t| {
            board.group_of(t.index()).is_some() && board.group_of(t.index()) == board.group_of(l)
        });
        if built || asked_group || o.give.lots.contains(&id) {
            continue;
        }
        let mut lots = o.give.lots.clone();
        lots.push(id);
        let wider = TradeOffer {
            give: TradeSide {
                lots,
                ..o.give.clone()
            },
            ..o.clone()
        };
        let Some(cash) = cash_that_would_do(game, me, &wider) else {
            continue;
        };
        let give = TradeSide {
            cash,
            ..wider.give.clone()
        };
        let take = TradeSide {
            cash: 0,
            ..o.take.clone()
        };
        if !accepts(&give, &take) {
            continue;
        }
        let mine = completes_group(game, me, &give.lots);
        let cost = side_value(game, &give);
        more.push((!mine, cost, give, take));
    }
    crate::sorting::sort_by_key(&mut more, |m| (m.0, m.1));
    out.extend(more.into_iter().map(|(_, _, give, take)| (give, take)));
    out
}

/// The counter-offer a balanced or cautious computer makes to a person's offer it
/// declines: the first of [`counter_offers`] the rules allow now, as the computer's own
/// offer back. `None` when the offer is not a person's, may not be countered, or nothing
/// would do.
pub fn counter_offer(game: &Game, me: PlayerId, o: &TradeOffer) -> Option<Action> {
    if o.to != me
        || !game.may_counter()
        || !matches!(game.player(o.from).kind, crate::game::SeatKind::Human)
    {
        return None;
    }
    counter_offers(game, me, o)
        .into_iter()
        .map(|(give, take)| Action::ProposeTrade {
            to: o.from,
            give: take,
            take: give,
        })
        .find(|a| game.allows(a))
}

/// What a computer that declines a person's offer says, in one sentence, consistent with
/// its answer: with a counter-offer (`answer` is its `ProposeTrade`), the sum the sentence
/// names is the counter's own; with a plain "no", the cash that would do. The expert, whose
/// "no" comes from its play-outs, says so when the plain valuation would have accepted.
/// `None` for the random computer (it has no reasons) and for an offer that is not a
/// person's.
pub fn decline_reason(
    game: &Game,
    me: PlayerId,
    offer: &TradeOffer,
    answer: &Action,
) -> Option<String> {
    if offer.to != me || !matches!(game.player(offer.from).kind, crate::game::SeatKind::Human) {
        return None;
    }
    let strategy = match &game.player(me).kind {
        crate::game::SeatKind::Computer { strategy } => *strategy,
        // A stand-in for an absent person plays as a balanced computer.
        crate::game::SeatKind::Human => ComputerStrategy::Balanced,
    };
    if strategy == ComputerStrategy::Random {
        return None;
    }
    let why = why_decline(game, me, offer);
    match answer {
        Action::ProposeTrade { give, take, .. } => {
            // The counter's sum: what the person pays in it, else what `me` pays.
            let (sum, they_pay) = if take.cash > 0 {
                (take.cash, true)
            } else {
                (give.cash, false)
            };
            let why = match why {
                Some(DeclineWhy::CompletesTheirGroup { .. }) => {
                    DeclineWhy::CompletesTheirGroup { enough: sum }
                }
                _ => DeclineWhy::TooLittle { enough: sum },
            };
            Some(if they_pay {
                game.decline_sentence(offer, why)
            } else {
                game.decline_sentence_paying_less(offer, sum)
            })
        }
        Action::AnswerTrade { accept: false } => Some(match why {
            Some(why) => game.decline_sentence(offer, why),
            None => game.decline_sentence_by_playouts(offer),
        }),
        _ => None,
    }
}

/// Whether a computer player's own evaluation says an offer helps it: a lot changes hands
/// (cash for cash is pointless), and it gets more than it gives or completes a group.
pub fn offer_helps(game: &Game, me: PlayerId, give: &TradeSide, take: &TradeSide) -> bool {
    let lots_move = !give.lots.is_empty() || !take.lots.is_empty();
    lots_move
        && (side_value(game, take) > side_value(game, give)
            || completes_group(game, me, &take.lots))
}

/// Plays a whole game with one strategy per seat (humans play "balanced"). Stops after `max_actions`. Returns the number of actions.
pub fn play_out(game: &mut Game, max_actions: usize) -> usize {
    let strategies: Vec<Box<dyn Strategy>> = game
        .players()
        .iter()
        .map(|p| match &p.kind {
            crate::game::SeatKind::Computer { strategy } => Some(bot(*strategy)),
            crate::game::SeatKind::Human => None,
        })
        .map(|s| s.unwrap_or_else(|| Box::new(Heuristic::balanced())))
        .collect();
    play_out_with(game, max_actions, strategies)
}

/// [`play_out`] with the given player for each seat.
pub fn play_out_with(
    game: &mut Game,
    max_actions: usize,
    strategies: Vec<Box<dyn Strategy>>,
) -> usize {
    let mut n = 0;
    while n < max_actions {
        let Some(me) = game.actor() else { break };
        let action = strategies[me.index()].choose(game, me);
        if !game.apply_quietly(action) {
            // A strategy bug must not stall a game: fall back to a listed legal action.
            let fallback = game.legal_actions().into_iter().next();
            if !fallback.is_some_and(|a| game.apply_quietly(a)) {
                break;
            }
        }
        n += 1;
    }
    n
}
