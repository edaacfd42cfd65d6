//! The app's plain models: what the screens show and edit, as data with methods and no web
//! code, so they are tested natively (`cargo test -p worlds-models`, in milliseconds). The
//! app's views (the `monopoly-worlds` crate) only draw them and turn clicks into calls.
//!
//! - [`boards`]: which board was chosen (a preset, a saved world, a link, the one being edited);
//! - [`lobby`]: the lobby form (seats and who plays them, house rules) and the checks before a
//!   game starts;
//! - [`editor`] and [`cards`]: the Board Maker's model of a board being edited, and its decks;
//! - [`play`]: the game in progress (its feed, cash changes, card, a computer's choice) and the
//!   dialogs' plain helpers;
//! - [`steps`]: what one action did, in the feed's words; [`driver`]: when a computer acts
//!   and how drawn tokens chase the players (the play screen only keeps the timers);
//! - [`ring`] and [`names`]: the board ring's layout and the names drawn in narrow squares;
//!   [`thumbnail`]: a board's thumbnail, drawn as one piece of SVG;
//! - [`fields`]: numbers, seeds and dice typed into forms, and why one is refused;
//! - [`pieces`]: colors and tokens; [`words`]: counts and ordinals in English;
//! - [`turn_alert`]: when a hidden page says "(Your turn)".

pub mod boards;
pub mod cards;
pub mod driver;
pub mod editor;
pub mod fields;
pub mod lobby;
pub mod names;
pub mod pieces;
pub mod play;
pub mod ring;
pub mod steps;
pub mod thumbnail;
pub mod turn_alert;
pub mod words;
