//! The rule set: every rule and house-rule switch of docs/PRODUCT.md section 1 as data.
//!
//! The engine branches on these fields only, never on a preset's name. Every field has a
//! default (the classic US rules), so a scenario or an imported board can override single
//! fields and leave the rest alone.

use crate::tagged::TaggedDeserialize;
use serde::{Deserialize, Serialize};

/// What happens after a roll that may earn another one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TaggedDeserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ExtraRoll {
    /// Nobody rolls again (Mini).
    None,
    /// Doubles roll again; the `limit`-th double in a row triggers `on_limit`
    /// (classic: the third double goes to jail without moving).
    Doubles { limit: u8, on_limit: DoublesLimit },
    /// A die showing its highest face (a 6) moves the token and the player rolls again;
    /// the square reached by that roll is not acted on, only the square where the turn
    /// finally stops (Campus). Salary for passing the start is still paid on the way.
    MaxFace,
}

/// The consequence of rolling too many doubles in a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DoublesLimit {
    /// Straight to jail without moving (classic).
    Jail,
    /// The turn ends without moving (Worlds).
    EndTurn,
}

/// How a jailed player gets out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JailRelease {
    /// Doubles free the player, who moves by them but does not roll again (classic).
    Doubles,
    /// A die showing its highest face (a 6) frees the player without moving the token;
    /// the player then rolls again at once (Campus).
    MaxFace,
}

/// The jail rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct JailRules {
    pub release: JailRelease,
    /// The fine that frees a player before rolling; `None`: there is no fine.
    pub fine: Option<i64>,
    /// Failed tries before the fine must be paid and the token moves by that roll;
    /// `None`: the player stays until released.
    pub max_tries: Option<u8>,
}

impl Default for JailRules {
    fn default() -> Self {
        JailRules {
            release: JailRelease::Doubles,
            fine: Some(50),
            max_tries: Some(3),
        }
    }
}

/// How rent on a property (a colored lot) is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RentModel {
    /// The deed's rent table: base rent (doubled for an unimproved lot of a whole group),
    /// then by houses and hotel.
    Deed,
    /// Rent equals the purchase price, doubled when one owner holds the whole color (Campus).
    PriceDoubledWithGroup,
}

/// What happens to a player who owes more than they have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TaggedDeserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum DebtRule {
    /// The debtor must raise the cash (sell buildings, mortgage, trade) or declare
    /// bankruptcy (classic).
    RaiseCash,
    /// The debt is paid at once, cash goes below zero and the debtor's cheapest property is
    /// sold to the bank at `percent` % of its price, repeatedly, until the debtor is back in
    /// credit; still below zero means bankrupt and out (Mini).
    SellCheapest { percent: u32 },
}

/// Every rule and house rule of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RuleSet {
    /// Number of dice thrown per roll.
    pub dice_count: u8,
    /// Faces per die.
    pub dice_sides: u8,
    pub extra_roll: ExtraRoll,
    pub jail: JailRules,
    pub rent_model: RentModel,
    /// Declining to buy starts an auction; when off, declining simply passes (Mini).
    pub auctions: bool,
    /// A lot may not get a second house before every lot of its group has one (and the
    /// same when selling).
    pub even_build: bool,
    /// Houses and hotels can be built at all.
    pub buildings: bool,
    /// Houses in the bank at the start.
    pub houses: u32,
    /// Hotels in the bank at the start.
    pub hotels: u32,
    pub mortgages: bool,
    /// Mortgage value as a percent of the price.
    pub mortgage_percent: u32,
    /// Interest to lift a mortgage, as a percent of the mortgage value.
    pub unmortgage_interest_percent: u32,
    /// Buildings sell back to the bank at this percent of their cost.
    pub building_sell_percent: u32,
    /// Salary for passing or landing on the start square.
    pub salary: i64,
    /// Landing exactly on the start square pays `salary x this` (2: "double salary on Go").
    pub salary_on_landing_multiplier: u32,
    /// A player receives at most one bonus per turn: salary and money gains from Joker
    /// squares (Campus). Payments are not bonuses and are always made.
    pub bonus_once_per_turn: bool,
    /// Once a bonus has been taken in a turn, any bonus square reached later in that turn
    /// does nothing at all: no gain, no payment, no move, no jail (Campus, as its seed plays
    /// it). A bonus is the salary for passing or landing on the start, or a money gain from a
    /// Joker square; bonus squares are the Chance, Community Chest, Joker and Go to Jail
    /// squares. Off: bonus squares always act (`bonus_once_per_turn` still withholds gains).
    pub skip_bonus_squares_after_bonus: bool,
    /// Taxes, fees and fines go to the middle of the board; landing on Free Parking takes it.
    pub free_parking_jackpot: bool,
    /// An owner who is in jail collects no rent.
    pub no_rent_in_jail: bool,
    pub starting_cash: i64,
    pub min_players: u8,
    pub max_players: u8,
    pub debt: DebtRule,
    /// The game ends after this many rounds (the richest player wins); `None`: no limit.
    pub round_limit: Option<u32>,
    /// Players may trade lots, cash and jail cards during their turn.
    pub trades: bool,
    /// House rule (off in the official rules): a player may sell a lot back to the bank
    /// whenever they could mortgage it, for [`RuleSet::lot_sale_value`]. Not a mortgaged
    /// lot, nor one whose group has buildings. Written only when on, so boards and saves
    /// from before it read and write as they did.
    #[serde(skip_serializing_if = "is_false")]
    pub sell_lots_to_bank: bool,
    /// What the bank pays for a lot sold back to it, as a percent of its price; `None`: what
    /// a mortgage would give ([`RuleSet::mortgage_percent`], half the price by default).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lot_sale_percent: Option<u32>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Default for RuleSet {
    /// The classic US rules.
    fn default() -> Self {
        RuleSet {
            dice_count: 2,
            dice_sides: 6,
            extra_roll: ExtraRoll::Doubles {
                limit: 3,
                on_limit: DoublesLimit::Jail,
            },
            jail: JailRules::default(),
            rent_model: RentModel::Deed,
            auctions: true,
            even_build: true,
            buildings: true,
            houses: 32,
            hotels: 12,
            mortgages: true,
            mortgage_percent: 50,
            unmortgage_interest_percent: 10,
            building_sell_percent: 50,
            salary: 200,
            salary_on_landing_multiplier: 1,
            bonus_once_per_turn: false,
            skip_bonus_squares_after_bonus: false,
            free_parking_jackpot: false,
            no_rent_in_jail: false,
            starting_cash: 1500,
            min_players: 2,
            max_players: 8,
            debt: DebtRule::RaiseCash,
            round_limit: None,
            trades: true,
            sell_lots_to_bank: false,
            lot_sale_percent: None,
        }
    }
}

impl RuleSet {
    /// The mortgage value of a lot of this price.
    pub fn mortgage_value(&self, price: i64) -> i64 {
        price * i64::from(self.mortgage_percent) / 100
    }

    /// The interest due on a mortgage of this value (rounded up to a whole unit).
    pub fn mortgage_interest(&self, mortgage_value: i64) -> i64 {
        let pct = i64::from(self.unmortgage_interest_percent);
        (mortgage_value * pct + 99) / 100
    }

    /// What the bank pays for a lot of this price sold back to it (the house rule
    /// [`RuleSet::sell_lots_to_bank`]): the set share of the price, or the mortgage value.
    pub fn lot_sale_value(&self, price: i64) -> i64 {
        match self.lot_sale_percent {
            Some(pct) => price * i64::from(pct) / 100,
            None => self.mortgage_value(price),
        }
    }

    /// What the bank pays for a building that cost `cost`.
    pub fn building_refund(&self, cost: i64) -> i64 {
        cost * i64::from(self.building_sell_percent) / 100
    }

    /// The rule set overlaid with the fields of a JSON object (a scenario's `rules`).
    pub fn with_overrides(&self, overrides: &serde_json::Value) -> Result<RuleSet, String> {
        let mut base = serde_json::to_value(self).map_err(|e| e.to_string())?;
        let (Some(base_map), Some(over_map)) = (base.as_object_mut(), overrides.as_object()) else {
            return Err("rules must be a JSON object of rule fields".to_string());
        };
        for (k, v) in over_map {
            base_map.insert(k.clone(), v.clone());
        }
        serde_json::from_value(base).map_err(|e| format!("bad rules: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_field_overrides_keep_the_rest() {
        let r: RuleSet = serde_json::from_str(r#"{"salary": 400}"#).expect("parses");
        assert_eq!(r.salary, 400);
        assert_eq!(r.starting_cash, 1500);
    }

    #[test]
    fn overrides_apply_over_a_base() {
        let base = RuleSet {
            salary: 10,
            ..RuleSet::default()
        };
        let r = base
            .with_overrides(&serde_json::json!({"auctions": false}))
            .expect("valid");
        assert!(!r.auctions);
        assert_eq!(r.salary, 10);
        assert!(base
            .with_overrides(&serde_json::json!({"no_such_rule": 1}))
            .is_err());
        assert!(base.with_overrides(&serde_json::json!([1])).is_err());
    }

    #[test]
    fn mortgage_arithmetic() {
        let r = RuleSet::default();
        assert_eq!(r.mortgage_value(350), 175);
        assert_eq!(r.mortgage_interest(175), 18);
        assert_eq!(r.mortgage_interest(30), 3);
        assert_eq!(r.building_refund(50), 25);
    }
}
