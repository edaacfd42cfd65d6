//! The only place the engine makes text for people: what the game waits for
//! ([`Game::prompt`]), log entries as sentences ([`Game::describe`]) and refusals as the
//! [`RuleError`]s a player reads ([`Game::check`]). Everything else carries numbers and ids.

use crate::action::{Action, PlayerId, RuleError, SquareId, TradeOffer, TradeSide};
use crate::cards::DeckKind;
use crate::event::{LogEntry, NoRentWhy, Party};
use crate::game::Phase;
use crate::game::{Game, MAX_TRADE_OFFERS_PER_TURN};
use crate::refusal::{
    Afford, BuildWhy, MortgageWhy, Refusal, SellLotWhy, SellWhy, TradeWhy, UnmortgageWhy,
};

impl Game {
    /// Whether `apply` would accept the action, and why not (in words: see
    /// [`Game::allows`] for the answer alone).
    pub fn check(&self, action: &Action) -> Result<(), RuleError> {
        self.check_action(action)
            .map_err(|refusal| rule_error(self, refusal))
    }

    /// A Joker's effect as its button says it: "Collect $100", "Pay $50", "Pay each player
    /// $10", "Move forward 3", "Move back 3", "Wait 2 turns".
    pub fn joker_step_label(&self, step: &crate::board::JokerStep) -> String {
        use crate::board::JokerStep as S;
        let m = |a: i64| self.board().money(a);
        match *step {
            S::Collect { amount } => format!("Collect {}", m(amount)),
            S::Pay { amount } => format!("Pay {}", m(amount)),
            S::PayEachPlayer { amount } => format!("Pay each player {}", m(amount)),
            S::Move { steps } if steps < 0 => format!("Move back {}", -steps),
            S::Move { steps } => format!("Move forward {steps}"),
            S::Wait { turns } => format!("Wait {}", count(turns, "turn", "turns")),
        }
    }

    /// The words of the button that takes `action` now: a Joker's effect as
    /// [`Game::joker_step_label`] says it ("Pay $50", "Move back 3"); every other action by its
    /// [`Action::label`], the same in jail and on a Joker's wait ("Roll dice", "Pay fine"), so a
    /// player (and a test) finds a decision by one name wherever it is taken.
    pub fn button_label(&self, action: &Action) -> String {
        match action {
            Action::Roll => "Roll dice".to_string(),
            Action::ApplyJokerEffect { index } => match &self.phase {
                Phase::JokerEffects { remaining, .. } => remaining
                    .get(*index)
                    .map_or_else(|| action.label().to_string(), |s| self.joker_step_label(s)),
                _ => action.label().to_string(),
            },
            other => other.label().to_string(),
        }
    }

    /// What the game waits for, in words (the center of the board shows it).
    pub fn prompt(&self) -> String {
        let name = |p: PlayerId| self.players[p].name.clone();
        let sq = |i: SquareId| self.board().square(i.index()).name.clone();
        let money = |a: i64| self.board().money_words(a);
        let cur = self.turn.player;
        match &self.phase {
            Phase::Roll if self.players[cur].in_jail => {
                format!("{}, you are in jail: roll to get out", name(cur))
            }
            Phase::Roll if self.is_waiting_on_joker(cur) => {
                let square = self.board().square(self.players[cur].position).name.clone();
                format!("{}, you are waiting on {square}: roll to leave", name(cur))
            }
            Phase::Roll if self.turn.rolled => format!("{}, roll again", name(cur)),
            Phase::Roll => format!("{}, roll the dice", name(cur)),
            Phase::BuyOrDecline { square } => {
                let price = self.board().square(square.index()).price().unwrap_or(0);
                format!(
                    "{}, buy {} for {} or decline",
                    name(cur),
                    sq(*square),
                    money(price)
                )
            }
            Phase::Auction(a) => {
                let what = a.lot.map_or("a house".to_string(), sq);
                let bidder = a.bidders.get(a.next).map_or(String::new(), |&p| name(p));
                match a.leader {
                    Some(l) => format!(
                        "Auction of {what}: {bidder} to bid (highest {} by {})",
                        money(a.high_bid),
                        name(l)
                    ),
                    None => format!("Auction of {what}: {bidder} to bid"),
                }
            }
            Phase::PlaceHouse { player } => {
                format!("{}, place the house you won", name(*player))
            }
            Phase::RaiseCash { debtor, amount, .. } => format!(
                "{} owes {} and has {}: sell, mortgage, trade or declare bankruptcy",
                name(*debtor),
                money(*amount),
                money(self.players[*debtor].cash)
            ),
            Phase::TradeOffer(o) if self.is_counter_offer() => {
                format!("{}, {} counters your offer", name(o.to), name(o.from))
            }
            Phase::TradeOffer(o) => {
                format!("{}, {} offers you a trade", name(o.to), name(o.from))
            }
            Phase::JokerEffects { player, square, .. } => {
                format!("{}, apply what {} does", name(*player), sq(*square))
            }
            Phase::EndTurn => format!("{}, end your turn", name(cur)),
            Phase::GameOver => match self.winner() {
                Some(w) => format!("Game over: {} wins", name(w)),
                None => "Game over".to_string(),
            },
        }
    }

    pub(crate) fn party_name(&self, p: Party) -> String {
        match p {
            Party::Bank => "the bank".into(),
            Party::Jackpot => "Free Parking".into(),
            Party::Player(id) => self
                .players
                .get(id.index())
                .map_or("?".into(), |p| p.name.clone()),
        }
    }

    /// The words of card `number` (1-based, as [`Event::CardDrawn`] gives it) of a deck,
    /// in the board's currency.
    pub fn card_text(&self, deck: DeckKind, number: usize) -> String {
        number
            .checked_sub(1)
            .and_then(|i| self.board().deck(deck).get(i))
            .map_or_else(String::new, |c| self.board().currency().fill_in(&c.text))
    }

    /// What a card does, as the button under it says it once drawn, with the amount drawn
    /// for a range: "Collect $226", "Pay $50", "Advance to Boardwalk", "Go to jail", "Keep
    /// the card", "Move back 3".
    pub fn card_button(&self, deck: DeckKind, number: usize, drawn: Option<i64>) -> String {
        use crate::cards::CardEffect as C;
        let Some(card) = number
            .checked_sub(1)
            .and_then(|i| self.board().deck(deck).get(i))
        else {
            return "OK".to_string();
        };
        let m = |a: crate::cards::Amount<i64>| self.board().money(drawn.unwrap_or(a.low()));
        match &card.effect {
            C::AdvanceTo { square } => format!(
                "Advance to {}",
                self.board()
                    .squares()
                    .get(*square)
                    .map_or("?", |s| s.name.as_str())
            ),
            C::AdvanceToNearestRailroad { .. } => "Advance to the nearest railroad".to_string(),
            C::AdvanceToNearestUtility { .. } => "Advance to the nearest utility".to_string(),
            C::MoveBy { steps } => {
                let n = drawn.unwrap_or(i64::from(steps.low()));
                match n {
                    n if n < 0 => format!("Move back {}", -n),
                    0 => "Stay".to_string(),
                    n => format!("Move forward {n}"),
                }
            }
            C::GoToJail => "Go to jail".to_string(),
            C::Collect { amount } => format!("Collect {}", m(*amount)),
            C::Pay { amount } => format!("Pay {}", m(*amount)),
            C::GetOutOfJailFree => "Keep the card".to_string(),
            C::Repairs { .. } => "Pay for repairs".to_string(),
            C::PayEachPlayer { amount } => format!("Pay each player {}", m(*amount)),
            C::CollectFromEachPlayer { amount } => {
                format!("Collect {} from each player", m(*amount))
            }
        }
    }

    /// For a card whose amount or move is a range, what was drawn and from what range:
    /// "Collect $226 (between $100 and $300)", "Move back 4 (between 1 and 6 squares)".
    /// `None` for a fixed card.
    pub fn card_drawn_line(&self, deck: DeckKind, number: usize, drawn: i64) -> Option<String> {
        use crate::cards::CardEffect as C;
        let card = number
            .checked_sub(1)
            .and_then(|i| self.board().deck(deck).get(i))?;
        let m = |a: i64| self.board().money(a);
        let range = match &card.effect {
            C::MoveBy { steps } if steps.is_range() => {
                format!("between {} and {} squares", steps.low(), steps.high())
            }
            C::Collect { amount }
            | C::Pay { amount }
            | C::PayEachPlayer { amount }
            | C::CollectFromEachPlayer { amount }
                if amount.is_range() =>
            {
                format!("between {} and {}", m(amount.low()), m(amount.high()))
            }
            _ => return None,
        };
        Some(format!(
            "{} ({range})",
            self.card_button(deck, number, Some(drawn))
        ))
    }

    /// What stands on a lot, as a deed's owner says it: "1 house", "2 houses", "a hotel";
    /// `None` with nothing built.
    pub fn buildings_words(&self, square: usize) -> Option<String> {
        level_words(self.squares.get(square)?.buildings.level())
    }

    /// A lot as its holder held it: "Boardwalk (a hotel)", "Baltic Avenue (mortgaged)",
    /// "Reading Railroad".
    pub fn held_lot_words(&self, lot: &crate::game::HeldLot) -> String {
        let name = self
            .board()
            .squares()
            .get(lot.square.index())
            .map_or("?", |s| s.name.as_str());
        let mut notes: Vec<String> = level_words(lot.buildings.level()).into_iter().collect();
        if lot.mortgaged {
            notes.push("mortgaged".to_string());
        }
        if notes.is_empty() {
            name.to_string()
        } else {
            format!("{name} ({})", notes.join(", "))
        }
    }

    /// A payment or a waived rent of a landing, as the player who landed reads it in the
    /// landing panel: "Rent to Bob: $26 — Oriental Avenue, 2 houses", "Income Tax: $200 to
    /// the bank", "No rent for Reading Railroad: it is mortgaged". `None` for any other
    /// entry (cards, Jokers and decisions have their own dialogs).
    pub fn landing_line(&self, entry: &LogEntry) -> Option<String> {
        use crate::event::{Event as E, Reason as R};
        let b = self.board();
        let sq = |i: SquareId| {
            b.squares()
                .get(i.index())
                .map_or("?".to_string(), |s| s.name.clone())
        };
        match &entry.event {
            E::Payment {
                from: Party::Player(_),
                to,
                amount,
                reason,
            } => match reason {
                R::Rent { square } => {
                    let basis = self.rent_basis(square.index(), *amount);
                    let basis = basis.map_or(String::new(), |b| format!(", {b}"));
                    Some(format!(
                        "Rent to {}: {} — {}{basis}",
                        self.party_name(*to),
                        b.money(*amount),
                        sq(*square)
                    ))
                }
                R::Tax { square } => Some(format!(
                    "{}: {} to {}",
                    sq(*square),
                    b.money(*amount),
                    self.party_name(*to)
                )),
                R::StationFee { square } => Some(format!(
                    "Ticket at {}: {} to {}",
                    sq(*square),
                    b.money(*amount),
                    self.party_name(*to)
                )),
                _ => None,
            },
            E::NoRent { square, why } => {
                let owner = self
                    .squares
                    .get(square.index())
                    .and_then(|s| s.owner)
                    .map_or("its owner".to_string(), |o| {
                        self.party_name(Party::Player(o))
                    });
                Some(match why {
                    NoRentWhy::Mortgaged => {
                        format!("No rent for {}: it is mortgaged", sq(*square))
                    }
                    NoRentWhy::OwnerInJail => {
                        format!("No rent for {}: {owner} is in jail", sq(*square))
                    }
                })
            }
            _ => None,
        }
    }

    /// Why a lot's rent was `amount`, in a few words: its buildings ("2 houses", "a hotel"),
    /// a whole group, how many railroads its owner has, the dice a utility multiplies, or a
    /// card that multiplied the rent. `None` for a plain base rent.
    fn rent_basis(&self, square: usize, amount: i64) -> Option<String> {
        let owner = self.squares.get(square)?.owner?;
        let usual = self.rent_for(square, self.turn.last_total);
        match &self.board().square(square).kind {
            crate::board::SquareKind::Property { .. } => {
                self.buildings_words(square).or_else(|| {
                    self.owns_whole_group(owner, square)
                        .then(|| "the whole group".to_string())
                })
            }
            crate::board::SquareKind::Railroad { .. } => {
                let n = self.count_owned(owner, |k| {
                    matches!(k, crate::board::SquareKind::Railroad { .. })
                });
                let owned = format!("{} owned", count(n as u32, "railroad", "railroads"));
                if usual > 0 && amount != usual && amount % usual == 0 {
                    Some(format!(
                        "{owned}, {} the rent (card)",
                        times_word(amount / usual)
                    ))
                } else {
                    Some(owned)
                }
            }
            crate::board::SquareKind::Utility { .. } => {
                // The roll that brought the player here (a card's own throw is not kept).
                let total = i64::from(self.turn.last_total);
                (total > 0 && amount == usual)
                    .then(|| format!("{} × the dice ({total})", amount / total))
            }
            _ => None,
        }
    }

    /// What a payment was for, as it follows the amount: " rent for Boardwalk",
    /// " (Income Tax)", " to leave jail".
    fn reason_words(&self, reason: &crate::event::Reason) -> String {
        use crate::event::Reason as R;
        let sq = |i: SquareId| self.board().square(i.index()).name.clone();
        match reason {
            R::Rent { square } => format!(" rent for {}", sq(*square)),
            R::Tax { square } => format!(" ({})", sq(*square)),
            R::StationFee { square } => format!(" for a ticket at {}", sq(*square)),
            R::JailFine => " to leave jail".to_string(),
            R::Card => " (card)".to_string(),
            R::Joker { square } => format!(" ({})", sq(*square)),
            R::Jackpot => " (Free Parking jackpot)".to_string(),
            R::MortgageInterest { square } => {
                format!(" interest on the mortgage of {}", sq(*square))
            }
        }
    }

    /// A log entry in words, e.g. "Ann rolled 3 + 4".
    pub fn describe(&self, entry: &LogEntry) -> String {
        // A sentence starts with a capital, also when it starts with "the bank".
        let mut text = self.describe_lower(entry);
        if let Some(first) = text.chars().next() {
            if first.is_lowercase() {
                let upper: String = first.to_uppercase().collect();
                text.replace_range(..first.len_utf8(), &upper);
            }
        }
        text
    }

    /// What a trade did, as people say it: "Ann bought Vermont Avenue from Bob for $300",
    /// "Ann sold Baltic Avenue to Bob for $80", or, when lots, cash or cards go both ways,
    /// "Ann traded Baltic Avenue and $50 to Bob for Vermont Avenue".
    /// Why the Trade button is disabled once a turn's offers are used up.
    pub fn trade_limit_sentence(&self) -> String {
        format!(
            "You have made the {MAX_TRADE_OFFERS_PER_TURN} trade offers a turn allows; you can offer trades again next turn."
        )
    }

    pub fn trade_sentence(&self, offer: &TradeOffer) -> String {
        self.deal_sentence(offer, true)
    }

    /// An offer as its receiver reads it, the receiver first, in the present ("Ann buys
    /// Baltic Avenue from Bob for $420" for Bob's offer of Baltic Avenue to Ann for $420).
    pub fn offered_sentence(&self, offer: &TradeOffer) -> String {
        let theirs = TradeOffer {
            from: offer.to,
            to: offer.from,
            give: offer.take.clone(),
            take: offer.give.clone(),
        };
        self.deal_sentence(&theirs, false)
    }

    /// A counter-offer as the one it answers reads it, the counter's receiver first ("Bob
    /// declined Ann's offer and offers instead: Ann buys Baltic Avenue from Bob for $420").
    pub fn counter_sentence(&self, countered: &TradeOffer, counter: &TradeOffer) -> String {
        format!(
            "{} declined {}'s offer and offers instead: {}",
            self.party_name(Party::Player(countered.to)),
            self.party_name(Party::Player(countered.from)),
            self.offered_sentence(counter)
        )
    }

    /// [`Game::trade_sentence`] in the past (done) or the present (offered: "Ann sells
    /// Baltic Avenue to Bob for $80").
    fn deal_sentence(&self, offer: &TradeOffer, past: bool) -> String {
        let verb = |done: &'static str, offered: &'static str| if past { done } else { offered };
        let from = self.party_name(Party::Player(offer.from));
        let to = self.party_name(Party::Player(offer.to));
        let things = |side: &TradeSide| -> String {
            let mut parts: Vec<String> = side
                .lots
                .iter()
                .map(|l| {
                    self.board()
                        .squares()
                        .get(l.index())
                        .map_or("?".to_string(), |s| s.name.clone())
                })
                .collect();
            if side.cash > 0 {
                parts.push(self.board().money_words(side.cash));
            }
            match side.jail_cards {
                0 => {}
                1 => parts.push("a Get Out of Jail Free card".to_string()),
                n => parts.push(format!("{n} Get Out of Jail Free cards")),
            }
            if parts.is_empty() {
                "nothing".to_string()
            } else {
                and_list(&parts)
            }
        };
        let only_cash =
            |side: &TradeSide| side.cash > 0 && side.lots.is_empty() && side.jail_cards == 0;
        let no_cash = |side: &TradeSide| side.cash == 0 && !side.is_empty();
        if only_cash(&offer.give) && no_cash(&offer.take) {
            format!(
                "{from} {} {} from {to} for {}",
                verb("bought", "buys"),
                things(&offer.take),
                things(&offer.give)
            )
        } else if only_cash(&offer.take) && no_cash(&offer.give) {
            format!(
                "{from} {} {} to {to} for {}",
                verb("sold", "sells"),
                things(&offer.give),
                things(&offer.take)
            )
        } else if offer.take.is_empty() {
            format!(
                "{from} {} {} to {to}",
                verb("gave", "gives"),
                things(&offer.give)
            )
        } else if offer.give.is_empty() {
            format!(
                "{from} {} {} from {to} for nothing",
                verb("got", "gets"),
                things(&offer.take)
            )
        } else {
            format!(
                "{from} {} {} to {to} for {}",
                verb("traded", "trades"),
                things(&offer.give),
                things(&offer.take)
            )
        }
    }

    /// Why a computer declined a trade, as the one who offered it reads it ("Bob declined:
    /// that would complete Ann's group for less than it is worth to her; an offer of $420
    /// would do").
    pub fn decline_sentence(&self, offer: &TradeOffer, why: crate::bots::DeclineWhy) -> String {
        use crate::bots::DeclineWhy as W;
        let from = self.party_name(Party::Player(offer.from));
        let to = self.party_name(Party::Player(offer.to));
        let m = |a: i64| self.board().money_words(a);
        match why {
            W::CompletesTheirGroup { enough } => format!(
                "{to} declined: that would complete {from}'s group for less than it is worth; {} in cash would do",
                m(enough)
            ),
            W::TooLittle { enough } => format!(
                "{to} declined: {to} would get less than {to} gives; {} in cash would do",
                m(enough)
            ),
            W::CannotPay => format!("{to} declined: {to} cannot pay the cash the offer asks"),
        }
    }

    /// A computer that would pay less than a person asked of it: "Bob declined: Ann asks
    /// more of Bob's cash than the deal is worth to Bob; $180 would do".
    pub fn decline_sentence_paying_less(&self, offer: &TradeOffer, sum: i64) -> String {
        let from = self.party_name(Party::Player(offer.from));
        let to = self.party_name(Party::Player(offer.to));
        format!(
            "{to} declined: {from} asks more of {to}'s cash than the deal is worth to {to}; {} would do",
            self.board().money_words(sum)
        )
    }

    /// The expert's "no" where a plain valuation would say yes: its play-outs decided.
    pub fn decline_sentence_by_playouts(&self, offer: &TradeOffer) -> String {
        let from = self.party_name(Party::Player(offer.from));
        let to = self.party_name(Party::Player(offer.to));
        format!(
            "{to} declined: played out many times, the deal lowers {to}'s chance to win, though its prices look fair; {from} may offer more"
        )
    }

    fn describe_lower(&self, entry: &LogEntry) -> String {
        use crate::event::Event as E;
        let who = self
            .players
            .get(entry.player.index())
            .map_or("?".to_string(), |p| p.name.clone());
        let b = self.board();
        let sq = |i: SquareId| {
            b.squares()
                .get(i.index())
                .map_or("?".to_string(), |s| s.name.clone())
        };
        let m = |a: i64| b.money_words(a);
        match &entry.event {
            E::TurnStarted => format!("{who}'s turn"),
            E::Rolled {
                dice,
                total,
                double,
            } => {
                let faces: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
                let d = if *double { " (double)" } else { "" };
                format!("{who} rolled {} = {total}{d}", faces.join(" + "))
            }
            E::Moved { to, steps, .. } => {
                // On the jail square by a move, a token only visits.
                let visiting = if b.jail() == Some(to.index()) {
                    " (just visiting)"
                } else {
                    ""
                };
                if *steps < 0 {
                    format!("{who} moved back {} to {}{visiting}", -steps, sq(*to))
                } else {
                    format!("{who} moved {steps} to {}{visiting}", sq(*to))
                }
            }
            E::RollAgain => format!("{who} rolls again"),
            E::TooManyDoubles => match self.rules().extra_roll {
                crate::rules::ExtraRoll::Doubles {
                    limit,
                    on_limit: crate::rules::DoublesLimit::Jail,
                } => format!(
                    "{who} rolled doubles {} in a row: that sends {who} to jail",
                    crate::narration::times(limit)
                ),
                _ => format!("{who} rolled too many doubles: the turn ends"),
            },
            E::Salary { amount } => format!("{who} collected a salary of {}", m(*amount)),
            E::NoBonus { amount } => {
                format!("{who} gets no {} bonus: one per turn", m(*amount))
            }
            E::BonusSquareSkipped { square } => format!(
                "{} does nothing: {who} already took a bonus this turn",
                sq(*square)
            ),
            E::Payment {
                from,
                to,
                amount,
                reason,
            } => {
                use crate::event::Reason as R;
                let what = self.reason_words(reason);
                match reason {
                    R::JailFine => format!("{} paid {}{what}", self.party_name(*from), m(*amount)),
                    _ => format!(
                        "{} paid {}{what} to {}",
                        self.party_name(*from),
                        m(*amount),
                        self.party_name(*to)
                    ),
                }
            }
            E::NoRent { square, why } => {
                let why = match why {
                    NoRentWhy::Mortgaged => "it is mortgaged",
                    NoRentWhy::OwnerInJail => "its owner is in jail",
                };
                format!("No rent on {}: {why}", sq(*square))
            }
            E::Bought { square, price } => {
                format!("{who} bought {} for {}", sq(*square), m(*price))
            }
            E::Declined { square } => format!("{who} declined {}", sq(*square)),
            E::AuctionStarted { square, .. } => {
                format!("Auction of {}", square.map_or("a house".into(), sq))
            }
            E::BidPlaced { amount } => format!("{who} bid {}", m(*amount)),
            E::BidPassed => format!("{who} passed"),
            E::AuctionWon { square, price } => format!(
                "{who} won {} for {}",
                square.map_or("a house".into(), sq),
                m(*price)
            ),
            E::AuctionUnsold { square } => format!(
                "Nobody bid: {} stays with the bank",
                square.map_or("the house".into(), sq)
            ),
            E::Built {
                square,
                houses,
                cost,
            } => {
                let what = if *houses == 5 {
                    "a hotel".to_string()
                } else {
                    format!("house {houses}")
                };
                format!("{who} built {what} on {} for {}", sq(*square), m(*cost))
            }
            E::BuildingSold { square, refund, .. } => {
                format!(
                    "{who} sold a building on {} for {}",
                    sq(*square),
                    m(*refund)
                )
            }
            E::Mortgaged { square, amount } => {
                format!("{who} mortgaged {} for {}", sq(*square), m(*amount))
            }
            E::Unmortgaged { square, cost } => {
                format!(
                    "{who} lifted the mortgage on {} for {}",
                    sq(*square),
                    m(*cost)
                )
            }
            E::TradeProposed { offer } => format!(
                "{who} offered {} a trade: {}",
                self.party_name(Party::Player(offer.to)),
                self.offered_sentence(offer)
            ),
            E::TradeAccepted { offer } => format!(
                "{} accepted {}'s trade: {}",
                self.party_name(Party::Player(offer.to)),
                self.party_name(Party::Player(offer.from)),
                self.trade_sentence(offer)
            ),
            E::TradeDeclined { offer } => format!(
                "{} declined {}'s trade",
                self.party_name(Party::Player(offer.to)),
                self.party_name(Party::Player(offer.from))
            ),
            E::LotTransferred { square, from, to } => format!(
                "{} passed from {} to {}",
                sq(*square),
                self.party_name(*from),
                self.party_name(*to)
            ),
            E::CardDrawn {
                deck,
                number,
                amount: drawn,
            } => {
                let text = self.card_text(*deck, *number);
                match drawn {
                    // A range: what was drawn this time, after the card's own words.
                    Some(_) => format!(
                        "{who} drew {}: {text} ({})",
                        deck.label(),
                        self.card_button(*deck, *number, *drawn)
                    ),
                    None => format!("{who} drew {}: {text}", deck.label()),
                }
            }
            E::GotJailCard { .. } => format!("{who} keeps the Get Out of Jail Free card"),
            E::SentToJail => format!("{who} went to jail"),
            E::LeftJail { how } => {
                use crate::event::JailExit as J;
                let how = match how {
                    J::Fine => "paid the fine",
                    J::Card => "used a Get Out of Jail Free card",
                    J::Doubles => "rolled doubles",
                    J::MaxFace => "rolled a 6",
                    J::FineAfterTries => "last allowed try failed: paid the fine",
                };
                format!("{who} left jail ({how})")
            }
            E::StayedInJail { tries } => format!("{who} stays in jail (try {tries})"),
            E::WillWait { turns } => format!("{who} will wait {}", count(*turns, "turn", "turns")),
            E::TurnSkipped { remaining } => {
                format!("{who} waits this turn ({remaining} more)")
            }
            E::StoppedWaiting { how } => {
                use crate::event::JailExit as J;
                let how = match how {
                    J::Fine | J::FineAfterTries => "paid the fine",
                    J::Card => "used a Get Out of Jail Free card",
                    J::Doubles => "rolled doubles",
                    J::MaxFace => "rolled a 6",
                };
                format!("{who} {how} and stops waiting")
            }
            E::WaitedTurn { remaining: 0 } => format!("{who} waits this turn, the last one"),
            E::WaitedTurn { remaining } => format!(
                "{who} waits this turn; {remaining} more {} to wait",
                if *remaining == 1 { "turn" } else { "turns" }
            ),
            E::DebtDue { to, amount } => format!(
                "{who} owes {} to {} and must raise cash",
                m(*amount),
                self.party_name(*to)
            ),
            E::SoldToBank { square, amount } => {
                format!("{who} sold {} to the bank for {}", sq(*square), m(*amount))
            }
            // The debt's line may be long gone from a short feed: the bankruptcy says
            // what could not be paid, and to whom.
            E::Bankrupt { to, owed: None } => {
                format!("{who} is bankrupt to {}", self.party_name(*to))
            }
            E::Bankrupt {
                to,
                owed: Some(owed),
            } => format!(
                "{who} is bankrupt to {}, unable to pay {}{}",
                self.party_name(*to),
                m(owed.amount),
                self.reason_words(&owed.reason)
            ),
            E::Resigned => format!("{who} resigned"),
            E::TurnEnded => format!("{who} ended the turn"),
            E::GameOver { winner } => match winner {
                Some(w) => format!("Game over: {} wins", self.party_name(Party::Player(*w))),
                None => "Game over".into(),
            },
        }
    }
}

/// The names of the lots of `square`'s group for which `keep` holds, in board order.
fn group_lots_where(game: &Game, square: SquareId, keep: impl Fn(usize) -> bool) -> Vec<String> {
    let b = game.board();
    b.group_of(square.index())
        .map(|g| {
            b.group_lots(g)
                .iter()
                .copied()
                .filter(|&l| keep(l))
                .map(|l| b.square(l).name.clone())
                .collect()
        })
        .unwrap_or_default()
}

/// "A", "A and B", "A, B and C" ("" for none).
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The lots named in a refusal; "the other lots of the group" when there are none to name.
fn listed(names: &[String]) -> String {
    if names.is_empty() {
        "the other lots of the group".into()
    } else {
        and_list(names)
    }
}

/// A refusal in words a player can read.
pub(crate) fn rule_error(game: &Game, refusal: Refusal) -> RuleError {
    RuleError::new(refusal, words(game, refusal).to_string())
}

fn words(game: &Game, refusal: Refusal) -> Words {
    let money = |a: i64| game.board().money_words(a);
    let sq = |i: SquareId| game.board().square(i.index()).name.clone();
    let name = |p: PlayerId| {
        game.players()
            .get(p.index())
            .map_or_else(|| "?".to_string(), |pl| pl.name.clone())
    };
    match refusal {
        Refusal::GameOver => Words::GameOver,
        Refusal::NotNow(action) => Words::NotNow {
            action,
            why: game.prompt(),
        },
        Refusal::NoSuchPlayer(player) => Words::NoSuchPlayer { player },
        Refusal::PlayerOut(p) => Words::PlayerOut { name: name(p) },
        Refusal::NoSuchSquare(square) => Words::NoSuchSquare { square },
        Refusal::CannotAfford { what, cost, cash } => Words::CannotAfford {
            what: match what {
                Afford::Lot(l) => sq(l),
                Afford::JailFine => "the jail fine".into(),
            },
            cost: money(cost),
            cash: money(cash),
        },
        Refusal::BidTooLow { min } => Words::BidTooLow { min: money(min) },
        Refusal::BidTooHigh { amount, cash } => Words::BidTooHigh {
            amount: money(amount),
            cash: money(cash),
        },
        Refusal::CannotBuild { square, why } => Words::CannotBuild {
            square: sq(square),
            why: match why {
                BuildWhy::NoBuildings => "this game has no buildings".into(),
                BuildWhy::NotBuildable => "it cannot be built on".into(),
                BuildWhy::NotOwned => "you do not own it".into(),
                BuildWhy::NotWholeGroup => format!(
                    "you do not own the whole {} group",
                    game.board()
                        .group_of(square.index())
                        .map_or(String::new(), |g| game.board().groups()[g].name.clone())
                ),
                BuildWhy::GroupMortgaged => {
                    let mortgaged = group_lots_where(game, square, |l| game.square(l).mortgaged);
                    format!(
                        "one of the group's lots is mortgaged: {}",
                        listed(&mortgaged)
                    )
                }
                BuildWhy::HasHotel => "it already has a hotel".into(),
                BuildWhy::Uneven => {
                    // The lots behind the one asked for: they are built on first.
                    let here = game.square(square.index()).buildings.level();
                    let behind =
                        group_lots_where(game, square, |l| game.square(l).buildings.level() < here);
                    format!(
                        "build evenly: {} {} a house first",
                        listed(&behind),
                        if behind.len() == 1 { "needs" } else { "need" }
                    )
                }
                BuildWhy::PlaceOnFewerThanFour => {
                    "place the house you won on a lot with fewer than 4 houses".into()
                }
                BuildWhy::NoHotelLeft => "the bank has no hotel left".into(),
                BuildWhy::NoHouseLeft => "the bank has no house left".into(),
                BuildWhy::CannotPay { cost, cash } => format!(
                    "a building costs {} and you have {}",
                    money(cost),
                    money(cash)
                ),
            },
        },
        Refusal::CannotSell { square, why } => Words::CannotSell {
            square: sq(square),
            why: match why {
                SellWhy::NotOwned => "you do not own it".into(),
                SellWhy::NoBuilding => "there is no building on it".into(),
                SellWhy::Uneven => {
                    let here = game.square(square.index()).buildings.level();
                    let ahead =
                        group_lots_where(game, square, |l| game.square(l).buildings.level() > here);
                    format!("sell evenly: sell from {} first", listed(&ahead))
                }
                SellWhy::HotelUnbreakable { bank_houses } => format!(
                    "the bank has only {bank_houses} houses to break the hotel into; sell all the buildings of the group instead"
                ),
                SellWhy::NoBuildingOnGroup => "there is no building on its group".into(),
            },
        },
        Refusal::CannotMortgage { square, why } => Words::CannotMortgage {
            square: sq(square),
            why: match why {
                MortgageWhy::NoMortgages => "this game has no mortgages",
                MortgageWhy::NotALot => "it is not a lot",
                MortgageWhy::NotOwned => "you do not own it",
                MortgageWhy::AlreadyMortgaged => "it is already mortgaged",
                MortgageWhy::GroupHasBuildings => "sell the buildings of its group first",
            }
            .to_string(),
        },
        Refusal::CannotUnmortgage { square, why } => Words::CannotUnmortgage {
            square: sq(square),
            why: match why {
                UnmortgageWhy::NotOwned => "you do not own it".into(),
                UnmortgageWhy::NotMortgaged => "it is not mortgaged".into(),
                UnmortgageWhy::CannotPay { cost, cash } => {
                    format!("it costs {} and you have {}", money(cost), money(cash))
                }
            },
        },
        Refusal::CannotSellLot { square, why } => Words::CannotSellLot {
            square: sq(square),
            why: match why {
                SellLotWhy::Off => {
                    "this game's rules do not let lots be sold back to the bank (the house rule Sell lots to the bank is off)"
                }
                SellLotWhy::NotALot => "it is not a lot",
                SellLotWhy::NotOwned => "you do not own it",
                SellLotWhy::Mortgaged => "it is mortgaged; lift the mortgage first",
                SellLotWhy::GroupHasBuildings => "sell the buildings of its group first",
            }
            .to_string(),
        },
        Refusal::BadTrade(why) => Words::BadTrade {
            why: match why {
                TradeWhy::Off => "trading is off in this game".into(),
                TradeWhy::TooManyOffers => {
                    format!("at most {MAX_TRADE_OFFERS_PER_TURN} offers per turn")
                }
                TradeWhy::WithYourself => "you cannot trade with yourself".into(),
                TradeWhy::PlayerOut(p) => format!("{} is out of the game", name(p)),
                TradeWhy::Empty => "the offer is empty".into(),
                TradeWhy::NegativeCash => "cash amounts cannot be negative".into(),
                TradeWhy::NotEnoughCash => "you do not have that much cash".into(),
                TradeWhy::OtherNotEnoughCash(p) => {
                    format!("{} does not have that much cash", name(p))
                }
                TradeWhy::NotEnoughJailCards => "you do not have that many jail cards".into(),
                TradeWhy::OtherNotEnoughJailCards(p) => {
                    format!("{} does not have that many jail cards", name(p))
                }
                TradeWhy::ListedTwice(l) => format!("{} is listed twice", sq(l)),
                TradeWhy::NotOwner { owner, lot } => {
                    format!("{} does not own {}", name(owner), sq(lot))
                }
                TradeWhy::GroupHasBuildings(l) => {
                    format!("{} has buildings in its group; sell them first", sq(l))
                }
                TradeWhy::CounterToOther(p) => {
                    format!("a counter-offer goes back to {}, who made the offer", name(p))
                }
                TradeWhy::CounterOfCounter => {
                    "a counter-offer is accepted or declined, not countered".into()
                }
            },
        },
        Refusal::NotInJail => Words::NotInJail,
        Refusal::NoJailCard => Words::NoJailCard,
        Refusal::NoJailFine => Words::NoJailFine {
            how: "roll to get out".into(),
        },
        Refusal::NoSuchJokerEffect { index, left } => Words::NoSuchJokerEffect {
            number: index + 1,
            left: count(left as u32, "effect is", "effects are"),
        },
    }
}

/// A refusal's words (the public [`RuleError`] carries them with the reason as data).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum Words {
    #[error("The game is over.")]
    GameOver,
    #[error("You cannot {action} now: {why}.")]
    NotNow { action: &'static str, why: String },
    #[error("There is no player {player}.")]
    NoSuchPlayer { player: PlayerId },
    #[error("{name} is out of the game.")]
    PlayerOut { name: String },
    #[error("There is no square {square}.")]
    NoSuchSquare { square: SquareId },
    #[error("You cannot afford {what}: it costs {cost} and you have {cash}.")]
    CannotAfford {
        what: String,
        cost: String,
        cash: String,
    },
    #[error("Bid at least {min}.")]
    BidTooLow { min: String },
    #[error("You cannot bid {amount}: you have {cash}.")]
    BidTooHigh { amount: String, cash: String },
    #[error("You cannot build on {square}: {why}.")]
    CannotBuild { square: String, why: String },
    #[error("You cannot sell a building on {square}: {why}.")]
    CannotSell { square: String, why: String },
    #[error("You cannot mortgage {square}: {why}.")]
    CannotMortgage { square: String, why: String },
    #[error("You cannot lift the mortgage on {square}: {why}.")]
    CannotUnmortgage { square: String, why: String },
    #[error("You cannot sell {square} to the bank: {why}.")]
    CannotSellLot { square: String, why: String },
    #[error("This trade is not possible: {why}.")]
    BadTrade { why: String },
    #[error("You are not in jail.")]
    NotInJail,
    #[error("You have no Get Out of Jail Free card.")]
    NoJailCard,
    #[error("This jail has no fine: {how}.")]
    NoJailFine { how: String },
    #[error("The Joker has no effect number {number}: {left} left to apply.")]
    NoSuchJokerEffect { number: usize, left: String },
}

/// "1 turn", "2 turns".
fn count(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// "1 house", "2 houses", "a hotel" for a building level (5: a hotel); `None` for 0.
pub(crate) fn level_words(level: u8) -> Option<String> {
    match level {
        0 => None,
        5 => Some("a hotel".to_string()),
        n => Some(count(u32::from(n), "house", "houses")),
    }
}

/// "twice", "three times", "4 times" (for a multiple of a rent).
fn times_word(n: i64) -> String {
    u8::try_from(n).map_or_else(|_| format!("{n} times"), times)
}

/// "twice", "three times", "4 times".
fn times(n: u8) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        3 => "three times".into(),
        n => format!("{n} times"),
    }
}
