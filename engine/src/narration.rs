//! The only place the engine makes text for people: refusals rendered as [`RuleError`]s
//! (and, through `Game::prompt` and `Game::describe`, prompts and log sentences).

use crate::action::RuleError;
use crate::game::{Game, MAX_TRADE_OFFERS_PER_TURN};
use crate::refusal::{Afford, BuildWhy, MortgageWhy, Refusal, SellWhy, TradeWhy, UnmortgageWhy};

/// A refusal in words a player can read.
pub(crate) fn rule_error(game: &Game, refusal: Refusal) -> RuleError {
    let money = |a: i64| game.board().money(a);
    let sq = |i: usize| game.board().square(i).name.clone();
    let name = |p: usize| game.players()[p].name.clone();
    match refusal {
        Refusal::GameOver => RuleError::GameOver,
        Refusal::NotNow(action) => RuleError::NotNow {
            action,
            why: game.prompt(),
        },
        Refusal::NoSuchPlayer(player) => RuleError::NoSuchPlayer { player },
        Refusal::PlayerOut(p) => RuleError::PlayerOut { name: name(p) },
        Refusal::NoSuchSquare(square) => RuleError::NoSuchSquare { square },
        Refusal::CannotAfford { what, cost, cash } => RuleError::CannotAfford {
            what: match what {
                Afford::Lot(l) => sq(l),
                Afford::JailFine => "the jail fine".into(),
            },
            cost: money(cost),
            cash: money(cash),
        },
        Refusal::BidTooLow { min } => RuleError::BidTooLow { min: money(min) },
        Refusal::BidTooHigh { amount, cash } => RuleError::BidTooHigh {
            amount: money(amount),
            cash: money(cash),
        },
        Refusal::CannotBuild { square, why } => RuleError::CannotBuild {
            square: sq(square),
            why: match why {
                BuildWhy::NoBuildings => "this game has no buildings".into(),
                BuildWhy::NotBuildable => "it cannot be built on".into(),
                BuildWhy::NotOwned => "you do not own it".into(),
                BuildWhy::NotWholeGroup => format!(
                    "you do not own the whole {} group",
                    game.board()
                        .group_of(square)
                        .map_or(String::new(), |g| game.board().groups()[g].name.clone())
                ),
                BuildWhy::GroupMortgaged => "a lot of the group is mortgaged".into(),
                BuildWhy::HasHotel => "it already has a hotel".into(),
                BuildWhy::Uneven => {
                    "build evenly: the other lots of the group need a house first".into()
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
        Refusal::CannotSell { square, why } => RuleError::CannotSell {
            square: sq(square),
            why: match why {
                SellWhy::NotOwned => "you do not own it".into(),
                SellWhy::NoBuilding => "there is no building on it".into(),
                SellWhy::Uneven => {
                    "sell evenly: sell from the lots with the most buildings first".into()
                }
                SellWhy::HotelUnbreakable { bank_houses } => format!(
                    "the bank has only {bank_houses} houses to break the hotel into; sell all the buildings of the group instead"
                ),
                SellWhy::NoBuildingOnGroup => "there is no building on its group".into(),
            },
        },
        Refusal::CannotMortgage { square, why } => RuleError::CannotMortgage {
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
        Refusal::CannotUnmortgage { square, why } => RuleError::CannotUnmortgage {
            square: sq(square),
            why: match why {
                UnmortgageWhy::NotOwned => "you do not own it".into(),
                UnmortgageWhy::NotMortgaged => "it is not mortgaged".into(),
                UnmortgageWhy::CannotPay { cost, cash } => {
                    format!("it costs {} and you have {}", money(cost), money(cash))
                }
            },
        },
        Refusal::BadTrade(why) => RuleError::BadTrade {
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
            },
        },
        Refusal::NotInJail => RuleError::NotInJail,
        Refusal::NoJailCard => RuleError::NoJailCard,
        Refusal::NoJailFine => RuleError::NoJailFine {
            how: "roll to get out".into(),
        },
    }
}
