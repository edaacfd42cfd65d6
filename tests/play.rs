//! Browser tests of the play flow in headless Chromium: the lobby's checks, the dialogs the
//! game asks for (buy, auction, refused actions), and the autosave round trip. Screens are
//! found by role and name, as a player finds them.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlInputElement;
use worlds_engine::{Action, ComputerStrategy, Game, GameRecord, GameSetup, Phase, PlayerId, Seat};

use monopoly_worlds::common::storage::{saves, LocalStore};
use monopoly_worlds::game::session::{Dispatched, Link, Session, TableRole};

mod common;
use common::{
    button, buttons, classic_with, clear_app_storage, container, mount_play, settle, sleep, text,
    text_field,
};

wasm_bindgen_test_configure!(run_in_browser);

/// Ann and Bob on the classic board with the given dice, decks in printed order.
fn classic_setup(rolls: &[[u8; 2]]) -> GameSetup {
    classic_with(vec![Seat::human("Ann"), Seat::human("Bob")], rolls)
}

fn game(session: &Session) -> Game {
    session.game.get_untracked().expect("a game")
}

#[wasm_bindgen_test]
async fn the_lobby_refuses_an_empty_name_and_a_shared_color() {
    clear_app_storage();
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::App).forget();
    button(&c, "Play").click();
    settle().await;
    let start = button(&c, "Start game");
    assert!(!start.disabled(), "two default seats can start");

    let name: HtmlInputElement = text_field(&c, "Player 1 name");
    name.set_value("   ");
    name.dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
    settle().await;
    assert!(
        button(&c, "Start game").disabled(),
        "an empty name blocks the start"
    );
    assert!(
        text(&c).contains("Player 1 needs a name."),
        "the reason is shown"
    );

    name.set_value("Ann");
    name.dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
    let color: web_sys::HtmlSelectElement = c
        .query_selector("select[aria-label='Player 2 color']")
        .expect("query")
        .expect("the color field")
        .unchecked_into();
    let first: web_sys::HtmlSelectElement = c
        .query_selector("select[aria-label='Player 1 color']")
        .expect("query")
        .expect("the color field")
        .unchecked_into();
    color.set_value(&first.value());
    color
        .dispatch_event(&web_sys::Event::new("change").expect("event"))
        .expect("dispatch");
    settle().await;
    assert!(
        button(&c, "Start game").disabled(),
        "a shared color blocks the start"
    );
    assert!(text(&c).contains("Player 2 has the same color as another player."));
    // Two seats cannot take the same token either (issue 31, 5).
    color.set_value("#15803d");
    color
        .dispatch_event(&web_sys::Event::new("change").expect("event"))
        .expect("dispatch");
    let token: web_sys::HtmlSelectElement = c
        .query_selector("select[aria-label='Player 2 token']")
        .expect("query")
        .expect("the token field")
        .unchecked_into();
    let first_token: web_sys::HtmlSelectElement = c
        .query_selector("select[aria-label='Player 1 token']")
        .expect("query")
        .expect("the token field")
        .unchecked_into();
    token.set_value(&first_token.value());
    token
        .dispatch_event(&web_sys::Event::new("change").expect("event"))
        .expect("dispatch");
    settle().await;
    assert!(
        button(&c, "Start game").disabled(),
        "a shared token blocks the start"
    );
    assert!(text(&c).contains("Player 2 has the same token as another player."));
    c.remove();
}

#[wasm_bindgen_test]
async fn starting_from_the_lobby_shows_the_board_and_the_first_player() {
    clear_app_storage();
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::App).forget();
    button(&c, "Play").click();
    settle().await;
    button(&c, "Start game").click();
    settle().await;
    let current = c
        .query_selector("[aria-current='true']")
        .expect("query")
        .expect("the active player's entry");
    let entry = current.text_content().unwrap_or_default();
    assert!(entry.contains("Player 1"), "{entry}");
    assert!(
        entry.contains("$1,500") || entry.contains("$1500"),
        "{entry}"
    );
    assert_eq!(c.query_selector_all(".sq").expect("squares").length(), 40);
    assert_eq!(buttons(&c, "Roll dice").len(), 1);
    c.remove();
}

#[wasm_bindgen_test]
async fn buying_from_the_dialog_moves_the_deed_and_the_cash() {
    let (c, session) = mount_play(classic_setup(&[[1, 2]]));
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    assert!(
        text(&c).contains("Baltic Avenue is for sale"),
        "the buy dialog opens"
    );
    assert_eq!(
        buttons(&c, "Roll dice").len(),
        0,
        "no roll while the decision is open"
    );
    button(&c, "Buy").click();
    settle().await;
    let g = game(&session);
    assert_eq!(g.square(3).owner, Some(PlayerId(0)));
    assert_eq!(g.player(PlayerId(0)).cash, 1440);
    let panel = c.query_selector(".players").expect("q").expect("panel");
    assert!(panel.text_content().unwrap_or_default().contains("$1440"));
    assert_eq!(buttons(&c, "End turn").len(), 1);
    c.remove();
}

#[wasm_bindgen_test]
async fn declining_starts_an_auction_that_the_other_player_wins() {
    let (c, session) = mount_play(classic_setup(&[[1, 2]]));
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    button(&c, "Auction").click();
    settle().await;
    assert!(matches!(game(&session).phase(), Phase::Auction(_)));
    assert!(text(&c).contains("Auction: Baltic Avenue"));
    // Ann bids first (the decliner is included), then Bob outbids her, then Ann passes.
    let amount = |v: &str| {
        let input: HtmlInputElement = c
            .query_selector(".bid-form input")
            .expect("q")
            .expect("the amount")
            .unchecked_into();
        input.set_value(v);
        input
            .dispatch_event(&web_sys::Event::new("input").expect("e"))
            .expect("d");
    };
    amount("10");
    button(&c, "Bid").click();
    settle().await;
    amount("25");
    button(&c, "Bid").click();
    settle().await;
    button(&c, "Pass").click();
    settle().await;
    let g = game(&session);
    assert_eq!(g.square(3).owner, Some(PlayerId(1)), "Bob won");
    assert_eq!(g.player(PlayerId(1)).cash, 1475);
    c.remove();
}

/// Issue 31, 15: after the turn's last trade offer the Trade button stays, disabled, with
/// the reason beside it.
#[wasm_bindgen_test]
async fn the_trade_button_stays_with_a_reason_once_the_turns_offers_are_used_up() {
    let (c, session) = mount_play(classic_setup(&[[1, 2]]));
    settle().await;
    assert!(!button(&c, "Trade").disabled());
    for _ in 0..worlds_engine::game::MAX_TRADE_OFFERS_PER_TURN {
        assert_eq!(
            session.dispatch(Action::ProposeTrade {
                to: PlayerId(1),
                give: worlds_engine::action::TradeSide {
                    cash: 10,
                    ..Default::default()
                },
                take: Default::default(),
            }),
            Dispatched::Applied
        );
        assert_eq!(
            session.dispatch(Action::AnswerTrade { accept: false }),
            Dispatched::Applied
        );
    }
    settle().await;
    let trade = button(&c, "Trade");
    assert!(trade.disabled(), "Trade is there, disabled");
    assert!(text(&c).contains("You have made the 5 trade offers a turn allows"));
    c.remove();
}

/// Issue 31, 18: quick raises add to the amount in the field ("+$50" then "+$10" is $60).
#[wasm_bindgen_test]
async fn quick_raises_add_up_in_the_bid_field() {
    let (c, session) = mount_play(classic_setup(&[[1, 2]]));
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    button(&c, "Auction").click();
    settle().await;
    let field = || -> HtmlInputElement {
        c.query_selector(".bid-form input")
            .expect("q")
            .expect("the amount")
            .unchecked_into()
    };
    button(&c, "+$50").click();
    settle().await;
    assert_eq!(field().value(), "50");
    button(&c, "+$10").click();
    settle().await;
    assert_eq!(field().value(), "60", "the second raise adds to the first");
    button(&c, "Bid").click();
    settle().await;
    let Phase::Auction(a) = game(&session).phase().clone() else {
        panic!("the auction goes on");
    };
    assert_eq!(a.high_bid, 60);
    c.remove();
}

#[wasm_bindgen_test]
async fn a_refused_bid_says_why_and_changes_nothing() {
    let (c, session) = mount_play(classic_setup(&[[1, 2]]));
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    button(&c, "Auction").click();
    settle().await;
    let before = game(&session);
    let input: HtmlInputElement = c
        .query_selector(".bid-form input")
        .expect("q")
        .expect("the amount")
        .unchecked_into();
    input.set_value("99999");
    input
        .dispatch_event(&web_sys::Event::new("input").expect("e"))
        .expect("d");
    button(&c, "Bid").click();
    settle().await;
    assert_eq!(game(&session), before, "the game is untouched");
    assert_eq!(
        session.error.get_untracked().as_deref(),
        Some("You cannot bid $99999: you have $1500.")
    );
    assert!(text(&c).contains("You cannot bid"), "{}", text(&c));
    c.remove();
}

#[wasm_bindgen_test]
async fn every_action_is_autosaved_and_the_autosave_resumes_the_same_game() {
    let (c, session) = mount_play(classic_setup(&[[1, 2], [3, 3]]));
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    button(&c, "Buy").click();
    settle().await;
    button(&c, "End turn").click();
    settle().await;
    let playing = game(&session);
    let store = LocalStore::open().expect("store");
    // The autosave is written once the page has painted the action: a frame later, at the
    // latest 100 ms later.
    sleep(150).await;
    let saved = saves::read_autosave::<GameRecord>(&store)
        .expect("readable")
        .expect("an autosave");
    assert_eq!(saved.name, "Test game");
    assert_eq!(saved.game.actions, playing.history().to_vec());
    let other = Session::new();
    assert_eq!(other.resume_autosave(), Ok(true));
    assert_eq!(other.game.get_untracked(), Some(playing));
    c.remove();
}

#[wasm_bindgen_test]
async fn a_new_game_goes_over_the_autosave_after_the_board_is_painted_and_before_it_is_read() {
    clear_app_storage();
    let store = LocalStore::open().expect("store");
    let old = Game::new(classic_setup(&[])).expect("a game");
    saves::write_autosave(&store, "Ann's old game", &GameRecord::of(&old), 1).expect("write");
    let name = |store: &LocalStore| {
        saves::read_autosave::<GameRecord>(store)
            .expect("readable")
            .map(|s| s.name)
    };
    // Not in the work before the first frame of the board...
    let session = Session::new();
    session
        .start("Fresh game", classic_setup(&[[1, 2]]))
        .expect("a new game");
    assert_eq!(name(&store).as_deref(), Some("Ann's old game"));
    // ...but a frame later, at the latest 100 ms later.
    sleep(150).await;
    assert_eq!(name(&store).as_deref(), Some("Fresh game"));
    // Asked about before then (the lobby's question, Continue), it is written first.
    let again = Session::new();
    again
        .start("Second game", classic_setup(&[]))
        .expect("another game");
    assert_eq!(
        again.autosave_state(),
        monopoly_worlds::game::autosave::AutosaveState::InProgress {
            title: "Second game".into(),
            round: 1
        }
    );
    assert_eq!(name(&store).as_deref(), Some("Second game"));
    clear_app_storage();
}

#[wasm_bindgen_test]
async fn a_damaged_autosave_is_reported_not_resumed() {
    clear_app_storage();
    let store = LocalStore::open().expect("store");
    store.set("autosave", "{ not json").expect("write");
    let session = Session::new();
    let err = session.resume_autosave().expect_err("refused");
    assert!(
        matches!(err, monopoly_worlds::common::error::AppError::Storage(_)),
        "{err}"
    );
    assert!(!err.to_string().is_empty());
    assert!(session.game.get_untracked().is_none());
    assert_eq!(
        store.get("autosave").expect("read").as_deref(),
        Some("{ not json"),
        "the damaged entry is kept"
    );
    // The menu still starts, with Continue offered so the player hears what is wrong.
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::App).forget();
    settle().await;
    button(&c, "Continue").click();
    settle().await;
    assert!(c.query_selector("[role='alert']").expect("q").is_some());
    c.remove();
    clear_app_storage();
}

#[wasm_bindgen_test]
async fn the_manage_dialog_offers_exactly_the_legal_mortgages() {
    let (c, session) = mount_play(classic_setup(&[[1, 2]]));
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    button(&c, "Buy").click();
    settle().await;
    button(&c, "Mortgage").click();
    settle().await;
    assert!(text(&c).contains("Your properties"));
    button(&c, "Mortgage Baltic Avenue for $30").click();
    settle().await;
    let g = game(&session);
    assert!(g.square(3).mortgaged);
    assert_eq!(g.player(PlayerId(0)).cash, 1470);
    assert_eq!(buttons(&c, "Mortgage Baltic Avenue for $30").len(), 0);
    assert_eq!(
        buttons(&c, "Lift the mortgage on Baltic Avenue for $33").len(),
        1
    );
    button(&c, "Done").click();
    settle().await;
    assert!(!text(&c).contains("Your properties"));
    let _ = session.dispatch(Action::EndTurn);
    c.remove();
}

#[wasm_bindgen_test]
async fn a_trade_offered_in_the_dialog_is_accepted_by_the_other_player() {
    let (c, session) = mount_play(classic_setup(&[[1, 2]]));
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    button(&c, "Buy").click();
    settle().await;
    button(&c, "Trade").click();
    settle().await;
    assert!(text(&c).contains("Trade with"));
    // Ann gives Baltic Avenue, Bob gives $100.
    let lot: HtmlInputElement = c
        .query_selector(".trade-side input[type='checkbox']")
        .expect("q")
        .expect("Baltic Avenue's box")
        .unchecked_into();
    lot.set_checked(true);
    lot.dispatch_event(&web_sys::Event::new("change").expect("e"))
        .expect("d");
    let cash: HtmlInputElement = c
        .query_selector("#take-cash")
        .expect("q")
        .expect("Bob's cash")
        .unchecked_into();
    cash.set_value("100");
    cash.dispatch_event(&web_sys::Event::new("input").expect("e"))
        .expect("d");
    settle().await;
    // Issue 20: the offer is summed up as it is made (issue 43: then one press sends it), and
    // nothing is sent yet.
    assert!(
        matches!(game(&session).phase(), Phase::Roll | Phase::EndTurn),
        "not sent before it is proposed"
    );
    assert!(
        text(&c).contains("Ann gives Bob: Baltic Avenue ($60)."),
        "{}",
        text(&c)
    );
    assert!(text(&c).contains("Bob gives Ann: $100."), "{}", text(&c));
    assert!(
        text(&c).contains("If Bob accepts: Ann sold Baltic Avenue to Bob for $100."),
        "{}",
        text(&c)
    );
    button(&c, "Propose trade").click();
    settle().await;
    assert!(text(&c).contains("Ann offers Bob a trade."), "{}", text(&c));
    // Issue 31, point 19: no word about mortgages when no mortgaged lot is in the deal.
    assert!(!text(&c).contains("of the mortgage"), "{}", text(&c));
    button(&c, "Accept trade").click();
    settle().await;
    let g = game(&session);
    assert_eq!(
        g.square(3).owner,
        Some(PlayerId(1)),
        "Bob owns Baltic Avenue"
    );
    assert_eq!(g.player(PlayerId(0)).cash, 1440 + 100);
    assert_eq!(g.player(PlayerId(1)).cash, 1500 - 100);
    // Issue 20: the feed says what changed hands, money included.
    assert!(
        text(&c).contains("Ann sold Baltic Avenue to Bob for $100"),
        "{}",
        text(&c)
    );
    c.remove();
}

#[wasm_bindgen_test]
async fn an_empty_trade_is_refused_with_the_engines_reason() {
    let (c, session) = mount_play(classic_setup(&[[1, 2]]));
    settle().await;
    button(&c, "Trade").click();
    settle().await;
    let before = game(&session);
    button(&c, "Propose trade").click();
    settle().await;
    assert!(text(&c).contains("the offer is empty"), "{}", text(&c));
    assert_eq!(game(&session), before);
    button(&c, "Cancel").click();
    settle().await;
    assert_eq!(buttons(&c, "Roll dice").len(), 1);
    c.remove();
}

#[wasm_bindgen_test]
async fn an_autosave_that_no_longer_replays_is_kept_aside_not_overwritten() {
    clear_app_storage();
    let store = LocalStore::open().expect("store");
    // It reads as a saved game, but its first action (ending a turn before rolling) is
    // refused: it cannot be replayed.
    let record = GameRecord {
        setup: classic_setup(&[]),
        actions: vec![Action::EndTurn],
        public: None,
    };
    saves::write_autosave(&store, "Broken game", &record, 1).expect("write");
    let raw = store.get("autosave").expect("read").expect("an autosave");
    let session = Session::new();
    let err = session.resume_autosave().expect_err("refused");
    assert!(
        matches!(
            err,
            monopoly_worlds::common::error::AppError::AutosaveNotRebuilt {
                kept_aside: Ok(()),
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("kept aside"), "{err}");
    assert!(store.get("autosave").expect("read").is_none());
    let damaged =
        monopoly_worlds::common::storage::damaged::scan::<GameRecord>(&store).expect("scan");
    assert_eq!(damaged.len(), 1, "{damaged:?}");
    assert_eq!(damaged[0].raw, raw, "the copy is the autosave as it was");
    assert!(
        damaged[0].reason.contains("can no"),
        "{}",
        damaged[0].reason
    );
    // A new game now autosaves without touching the copy.
    let other = Session::new();
    other
        .start("New game", classic_setup(&[]))
        .expect("a new game");
    let damaged =
        monopoly_worlds::common::storage::damaged::scan::<GameRecord>(&store).expect("scan");
    assert_eq!(damaged.len(), 1);
    assert_eq!(damaged[0].raw, raw);
    clear_app_storage();
}

#[wasm_bindgen_test]
async fn starting_a_new_game_asks_first_and_can_keep_the_one_in_progress() {
    clear_app_storage();
    let store = LocalStore::open().expect("store");
    let first = Game::new(classic_setup(&[])).expect("a game");
    saves::write_autosave(&store, "Ann's long game", &GameRecord::of(&first), 1).expect("write");
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::App).forget();
    settle().await;
    button(&c, "Play").click();
    settle().await;
    button(&c, "Start game").click();
    settle().await;
    assert!(
        text(&c).contains("“Ann's long game” (round 1) is still in progress"),
        "{}",
        text(&c)
    );
    assert!(
        c.query_selector(".board-ring").expect("q").is_none(),
        "nothing starts before the player answers"
    );
    button(&c, "Cancel").click();
    settle().await;
    assert_eq!(
        saves::read_autosave::<GameRecord>(&store)
            .expect("read")
            .map(|s| s.name),
        Some("Ann's long game".to_string()),
        "Cancel keeps the game in progress"
    );
    button(&c, "Start game").click();
    settle().await;
    button(&c, "Keep it as a saved game and start").click();
    settle().await;
    assert!(c.query_selector(".board-ring").expect("q").is_some());
    let kept = saves::list(&store).expect("list");
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].name, "Ann's long game");
    c.remove();
    clear_app_storage();
}

#[wasm_bindgen_test]
async fn continuing_a_game_shows_the_same_feed_and_cash_changes_as_before_the_reload() {
    let mut setup = classic_setup(&[[1, 2], [3, 4], [5, 6], [1, 1], [2, 3]]);
    setup.seats[1] = Seat::computer("Bob", ComputerStrategy::Balanced);
    let (c, session) = mount_play(setup);
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    button(&c, "Buy").click();
    settle().await;
    button(&c, "End turn").click();
    settle().await;
    for _ in 0..30 {
        if !session.computer_to_act() {
            break;
        }
        session.computer_step();
    }
    settle().await;
    let texts = |s: &Session| {
        s.feed
            .get_untracked()
            .into_iter()
            .map(|l| l.text)
            .collect::<Vec<_>>()
    };
    let changes = |s: &Session| {
        s.changes
            .get_untracked()
            .into_iter()
            .map(|c| (c.player, c.amount))
            .collect::<Vec<_>>()
    };
    assert!(
        texts(&session).iter().any(|l| l.starts_with("Bob rolled")),
        "{:?}",
        texts(&session)
    );
    let resumed = Session::new();
    assert_eq!(resumed.resume_autosave(), Ok(true));
    assert_eq!(texts(&resumed), texts(&session));
    assert_eq!(changes(&resumed), changes(&session));
    assert_eq!(resumed.card.get_untracked(), session.card.get_untracked());
    c.remove();
}

#[wasm_bindgen_test]
async fn the_lobby_remembers_the_last_players() {
    clear_app_storage();
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::App).forget();
    button(&c, "Play").click();
    settle().await;
    let name: HtmlInputElement = text_field(&c, "Player 2 name");
    name.set_value("Zoe");
    name.dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
    settle().await;
    button(&c, "Start game").click();
    settle().await;
    assert!(c.query_selector(".board-ring").expect("q").is_some());
    c.remove();
    // A new visit to the lobby starts from the same players.
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::App).forget();
    button(&c, "Play").click();
    settle().await;
    let name: HtmlInputElement = text_field(&c, "Player 2 name");
    assert_eq!(name.value(), "Zoe");
    c.remove();
    clear_app_storage();
}

/// Ann (cash $10, Reading Railroad) lands on Vermont Avenue, where Bob has two houses:
/// she owes $90 rent.
fn ann_in_debt() -> GameSetup {
    let scenario: worlds_engine::scenario::Scenario = serde_json::from_value(serde_json::json!({
        "board": "classic",
        "players": [
            {"name": "Ann", "cash": 10, "owns": ["Reading Railroad"]},
            {"name": "Bob", "owns": ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"],
             "houses": {"Oriental Avenue": 2, "Vermont Avenue": 2, "Connecticut Avenue": 2}}],
        "rolls": [[3, 5]]
    }))
    .expect("a scenario");
    scenario.setup().expect("a setup")
}

/// Issue 20, point 1: one click on "Declare bankruptcy" no longer ends a player's game; it
/// asks first, and Cancel goes back to raising cash.
#[wasm_bindgen_test]
async fn declaring_bankruptcy_asks_first() {
    let (c, session) = mount_play(ann_in_debt());
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    assert!(text(&c).contains("Raise cash"), "{}", text(&c));
    button(&c, "Declare bankruptcy").click();
    settle().await;
    assert!(
        !game(&session).player(PlayerId(0)).bankrupt,
        "one click does not end Ann's game"
    );
    assert!(text(&c).contains("Declare bankruptcy?"), "{}", text(&c));
    button(&c, "Cancel").click();
    settle().await;
    assert!(text(&c).contains("Raise cash"), "{}", text(&c));
    assert!(!game(&session).player(PlayerId(0)).bankrupt);
    button(&c, "Declare bankruptcy").click();
    settle().await;
    button(&c, "Declare bankruptcy").click();
    settle().await;
    assert!(
        game(&session).player(PlayerId(0)).bankrupt,
        "confirmed, she is out"
    );
    c.remove();
}

/// Issue 20: a bankruptcy's cause stays in view: the feed's newest lines (all a phone's bar
/// shows) name what could not be paid, to whom and for what, beside the bankruptcy.
#[wasm_bindgen_test]
async fn a_bankruptcy_line_says_what_could_not_be_paid() {
    let scenario: worlds_engine::scenario::Scenario = serde_json::from_value(serde_json::json!({
        "board": "classic",
        "players": [
            {"name": "Ann", "cash": 10, "owns": ["Reading Railroad"]},
            {"name": "Bob", "owns": ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"],
             "houses": {"Oriental Avenue": 2, "Vermont Avenue": 2, "Connecticut Avenue": 2}},
            {"name": "Cy"}],
        "rolls": [[3, 5]]
    }))
    .expect("a scenario");
    let (c, session) = mount_play(scenario.setup().expect("a setup"));
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    button(&c, "Declare bankruptcy").click();
    settle().await;
    button(&c, "Declare bankruptcy").click();
    settle().await;
    assert!(game(&session).player(PlayerId(0)).bankrupt);
    let bar = c
        .query_selector(".bar-feed")
        .expect("q")
        .expect("the bar's feed")
        .text_content()
        .unwrap_or_default();
    assert!(
        bar.contains("Ann is bankrupt to Bob, unable to pay $90 rent for Vermont Avenue"),
        "{bar}"
    );
    c.remove();
}

/// Issue 20, point 7: the debt dialog says the most Ann can raise, and "Raise $80" shows
/// what it will do before it does it, then pays the debt in one step.
#[wasm_bindgen_test]
async fn the_debt_dialog_states_the_most_and_raises_in_one_step() {
    let (c, session) = mount_play(ann_in_debt());
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    let most = game(&session).most_cash_raisable(PlayerId(0));
    assert_eq!(most, 10 + 100, "cash and Reading Railroad's mortgage");
    assert!(
        text(&c).contains("at most $110: enough to pay"),
        "{}",
        text(&c)
    );
    assert!(
        text(&c).contains("Mortgage Reading Railroad"),
        "{}",
        text(&c)
    );
    button(&c, "Raise $80").click();
    settle().await;
    let g = game(&session);
    assert!(
        !matches!(g.phase(), Phase::RaiseCash { .. }),
        "the debt is paid"
    );
    assert_eq!(g.player(PlayerId(0)).cash, 10 + 100 - 90);
    assert!(g.square(5).mortgaged);
    c.remove();
}

/// The accessible name of the focused element.
fn focused_name() -> String {
    leptos::prelude::document()
        .active_element()
        .map(|el| {
            el.get_attribute("aria-label")
                .or_else(|| el.text_content())
                .unwrap_or_default()
                .trim()
                .to_string()
        })
        .unwrap_or_default()
}

/// Issue 20, point 6: whenever a human must act, focus is on the decision: Roll dice at the
/// start, Buy after the roll, End turn after buying, Roll dice again for the next player.
#[wasm_bindgen_test]
async fn focus_goes_to_the_decision_after_every_step() {
    let (c, _session) = mount_play(classic_setup(&[[1, 2], [2, 3]]));
    settle().await;
    sleep(30).await;
    assert_eq!(focused_name(), "Roll dice");
    button(&c, "Roll dice").click();
    settle().await;
    sleep(30).await;
    assert_eq!(focused_name(), "Buy", "the dialog's first button");
    button(&c, "Buy").click();
    settle().await;
    sleep(30).await;
    assert_eq!(focused_name(), "End turn");
    button(&c, "End turn").click();
    settle().await;
    sleep(30).await;
    assert_eq!(focused_name(), "Roll dice", "Bob's turn");
    c.remove();
}

/// Issue 20, point 6: the board is one tab stop; the arrow keys move between its squares.
#[wasm_bindgen_test]
async fn the_board_is_one_tab_stop_with_arrow_keys() {
    let (c, _session) = mount_play(classic_setup(&[]));
    settle().await;
    let squares = c
        .query_selector_all(".board-ring button.sq")
        .expect("squares");
    let stops = (0..squares.length())
        .filter_map(|i| squares.item(i))
        .map(|n| n.unchecked_into::<web_sys::HtmlElement>())
        .filter(|b| b.tab_index() >= 0)
        .count();
    assert_eq!(stops, 1, "one square of the board takes Tab");
    let first: web_sys::HtmlElement = c
        .query_selector(".board-ring button.sq[data-index='0']")
        .expect("q")
        .expect("Go")
        .unchecked_into();
    first.focus().expect("focus");
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("ArrowRight");
    init.set_bubbles(true);
    let key =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).expect("key");
    first.dispatch_event(&key).expect("dispatch");
    settle().await;
    assert!(
        focused_name().starts_with("2. Mediterranean Avenue"),
        "{}",
        focused_name()
    );
    c.remove();
}

/// A classic game from a scenario's players (see `worlds_engine::scenario`).
fn scenario_setup(value: serde_json::Value) -> GameSetup {
    let scenario: worlds_engine::scenario::Scenario =
        serde_json::from_value(value).expect("a scenario");
    scenario.setup().expect("a setup")
}

/// Issue 20 (money decisions in one step): "Build evenly" on the light blues up to two
/// houses shows the six houses and their total cost first, builds nothing until asked, then
/// builds them all, evenly.
#[wasm_bindgen_test]
async fn build_evenly_shows_the_plan_and_its_cost_then_builds_the_group_evenly() {
    let (c, session) = mount_play(scenario_setup(serde_json::json!({
        "board": "classic",
        "players": [
            {"name": "Ann", "owns": ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"]},
            {"name": "Bob"}]
    })));
    settle().await;
    button(&c, "Build").click();
    settle().await;
    let level: web_sys::HtmlSelectElement = c
        .query_selector("select[aria-label='Level for light blue']")
        .expect("q")
        .expect("the level of the light blues")
        .unchecked_into();
    level.set_value("2");
    level
        .dispatch_event(&web_sys::Event::new("change").expect("event"))
        .expect("dispatch");
    settle().await;
    button(&c, "Build evenly on light blue").click();
    settle().await;
    let shown = text(&c);
    assert!(
        shown.contains("6 buildings for $300 in all."),
        "the plan and its total: {shown}"
    );
    assert!(
        shown.contains("A house on Connecticut Avenue for $50"),
        "{shown}"
    );
    assert_eq!(
        game(&session).square(6).buildings.level(),
        0,
        "nothing is built before the player says so"
    );
    button(&c, "Build these").click();
    settle().await;
    let g = game(&session);
    for lot in [6, 8, 9] {
        assert_eq!(g.square(lot).buildings.level(), 2, "square {lot}");
    }
    assert_eq!(g.player(PlayerId(0)).cash, 1500 - 300);
    c.remove();
}

/// Issue 20 (a refused button says why): Ann has $30 and Baltic Avenue is mortgaged ($33 to
/// lift): "Lift mortgage" is there, disabled, with the engine's reason beside it; and the
/// second house of an uneven group is refused the same way, not hidden.
#[wasm_bindgen_test]
async fn a_button_the_rules_refuse_is_disabled_with_the_reason() {
    let (c, session) = mount_play(scenario_setup(serde_json::json!({
        "board": "classic",
        "players": [
            {"name": "Ann", "cash": 30, "owns": ["Baltic Avenue", "Reading Railroad"],
             "mortgaged": ["Baltic Avenue"]},
            {"name": "Bob"}]
    })));
    settle().await;
    button(&c, "Mortgage").click();
    settle().await;
    let lift = button(&c, "Lift the mortgage on Baltic Avenue for $33");
    assert!(lift.disabled(), "Ann is $3 short");
    let why = game(&session)
        .check(&Action::Unmortgage {
            square: worlds_engine::SquareId(3),
        })
        .expect_err("refused")
        .to_string();
    assert!(!why.is_empty());
    assert_eq!(lift.title(), why);
    let described = lift.get_attribute("aria-describedby").expect("described");
    let reason = c
        .query_selector(&format!("#{described}"))
        .expect("q")
        .expect("the reason beside the button");
    assert_eq!(reason.text_content().unwrap_or_default(), why);
    assert!(text(&c).contains(&why), "the reason is visible");
    // Allowed buttons stay enabled.
    assert!(!button(&c, "Mortgage Reading Railroad for $100").disabled());
    lift.click();
    settle().await;
    assert!(game(&session).square(3).mortgaged, "nothing happened");
    c.remove();
}

/// Issue 20 (decisions with what you need): the buy panel shows Ann's cash and who owns
/// the rest of the group, and the board stays usable: a deed opens while the purchase
/// waits, and the purchase is still there after it closes.
#[wasm_bindgen_test]
async fn the_buy_panel_shows_cash_and_the_group_and_leaves_the_board_usable() {
    let (c, session) = mount_play(scenario_setup(serde_json::json!({
        "board": "classic",
        "players": [
            {"name": "Ann", "cash": 1000, "owns": ["Oriental Avenue"]},
            {"name": "Bob", "owns": ["Connecticut Avenue"]}],
        "rolls": [[3, 5]]
    })));
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    let panel = c
        .query_selector("[role='dialog']")
        .expect("q")
        .expect("the buy decision");
    let said = panel.text_content().unwrap_or_default();
    assert!(said.contains("Vermont Avenue is for sale"), "{said}");
    assert!(said.contains("Ann has $1000."), "{said}");
    assert!(
        said.contains("Also in this group: Oriental Avenue (yours), Connecticut Avenue (Bob)."),
        "{said}"
    );
    assert!(
        c.query_selector(".modal-backdrop").expect("q").is_none(),
        "no backdrop over the board"
    );
    let layout = c
        .query_selector(".play-layout")
        .expect("q")
        .expect("layout");
    assert!(!layout.has_attribute("inert"), "the board is not inert");
    let square: web_sys::HtmlElement = c
        .query_selector(".board-ring button.sq[data-index='9']")
        .expect("q")
        .expect("Connecticut Avenue")
        .unchecked_into();
    square.click();
    settle().await;
    let deed = c
        .query_selector("[role='dialog'][aria-modal='true']")
        .expect("q")
        .expect("the deed's dialog");
    let deed_text = deed.text_content().unwrap_or_default();
    assert!(deed_text.contains("Connecticut Avenue"), "{deed_text}");
    assert!(deed_text.contains("Owned by Bob."), "{deed_text}");
    button(&c, "Close").click();
    settle().await;
    assert!(matches!(game(&session).phase(), Phase::BuyOrDecline { .. }));
    button(&c, "Buy").click();
    settle().await;
    assert_eq!(game(&session).square(8).owner, Some(PlayerId(0)));
    c.remove();
}

/// Ann owns Mediterranean Avenue and Bob Baltic Avenue, the brown pair split between them;
/// Bob is a balanced computer when `bob_computer`.
fn browns_split(bob_computer: bool) -> GameSetup {
    let scenario: worlds_engine::scenario::Scenario = serde_json::from_value(serde_json::json!({
        "board": "classic",
        "players": [
            {"name": "Ann", "owns": ["Mediterranean Avenue"]},
            {"name": "Bob", "owns": ["Baltic Avenue"]}]
    }))
    .expect("a scenario");
    let mut setup = scenario.setup().expect("a setup");
    if bob_computer {
        setup.seats[1].kind = worlds_engine::SeatKind::Computer {
            strategy: ComputerStrategy::Balanced,
        };
    }
    setup
}

/// Ann offers Bob $70 for Baltic Avenue, the last lot of her brown group.
fn seventy_for_baltic() -> Action {
    Action::ProposeTrade {
        to: PlayerId(1),
        give: worlds_engine::TradeSide {
            cash: 70,
            ..Default::default()
        },
        take: worlds_engine::TradeSide {
            lots: vec![worlds_engine::SquareId(3)],
            ..Default::default()
        },
    }
}

/// Ann accepts the counter-offer in front of her: she owns Baltic Avenue for `price`.
async fn ann_accepts_baltic_for(c: &web_sys::HtmlElement, session: &Session, price: i64) {
    button(c, "Accept trade").click();
    settle().await;
    let g = game(session);
    assert_eq!(
        g.square(3).owner,
        Some(PlayerId(0)),
        "Ann owns Baltic Avenue"
    );
    assert_eq!(g.player(PlayerId(0)).cash, 1500 - price);
    assert_eq!(g.player(PlayerId(1)).cash, 1500 + price);
}

/// Ann (owning Mediterranean Avenue) offers $70 to Bob, a balanced computer, for Baltic
/// Avenue, the last lot of her brown group; the computers have answered.
async fn ann_offers_70_for_baltic_to_balanced_bob() -> (web_sys::HtmlElement, Session) {
    let (c, session) = mount_play(browns_split(true));
    settle().await;
    assert_eq!(session.dispatch(seventy_for_baltic()), Dispatched::Applied);
    session.skip_computers();
    settle().await;
    (c, session)
}

/// A person answers an offer with a counter-offer: "Counter-offer" opens the trade dialog with
/// the proposer as partner and the offer turned round; Cancel goes back to the offer; the
/// changed deal goes to the proposer, who sees it as a counter-offer (and cannot counter it
/// again) and accepts it.
#[wasm_bindgen_test]
async fn a_person_answers_an_offer_with_a_counter_offer() {
    let (c, session) = mount_play(browns_split(false));
    settle().await;
    // Ann offers $70 for Baltic Avenue; Bob, on the same device, is asked.
    assert_eq!(session.dispatch(seventy_for_baltic()), Dispatched::Applied);
    settle().await;
    assert!(text(&c).contains("Ann offers Bob a trade."), "{}", text(&c));
    let offered = game(&session);

    // Counter-offer, then Cancel: the offer is still waiting, unchanged.
    button(&c, "Counter-offer").click();
    settle().await;
    assert!(
        !text(&c).contains("Ann offers Bob a trade."),
        "the offer waits behind"
    );
    button(&c, "Cancel").click();
    settle().await;
    assert!(text(&c).contains("Ann offers Bob a trade."), "{}", text(&c));
    assert_eq!(game(&session), offered);

    button(&c, "Counter-offer").click();
    settle().await;
    let shown = text(&c);
    assert!(shown.contains("Bob gives"), "{shown}");
    let baltic: HtmlInputElement = c
        .query_selector(".trade-side input[type='checkbox']")
        .expect("q")
        .expect("Baltic Avenue's box")
        .unchecked_into();
    assert!(
        baltic.checked(),
        "the offer turned round: Bob gives Baltic Avenue"
    );
    let ann_cash: HtmlInputElement = c
        .query_selector("#take-cash")
        .expect("q")
        .expect("Ann's cash")
        .unchecked_into();
    assert_eq!(ann_cash.value(), "70", "and Ann gives the $70 she offered");
    let partners = c
        .query_selector(".trade select")
        .expect("q")
        .expect("the partner's list")
        .child_element_count();
    assert_eq!(partners, 1, "a counter-offer goes to the proposer only");
    ann_cash.set_value("200");
    ann_cash
        .dispatch_event(&web_sys::Event::new("input").expect("e"))
        .expect("d");
    settle().await;
    assert!(text(&c).contains("Ann gives Bob: $200."), "{}", text(&c));
    button(&c, "Propose trade").click();
    settle().await;

    // Ann is asked about the counter-offer; it cannot be countered again.
    let shown = text(&c);
    assert!(
        shown.contains("Bob counters: Ann buys Baltic Avenue from Bob for $200."),
        "{shown}"
    );
    assert!(
        buttons(&c, "Counter-offer").is_empty(),
        "a counter-offer is answered, not countered"
    );
    ann_accepts_baltic_for(&c, &session, 200).await;
    c.remove();
}

/// Issue 20, point 5: a computer that declines a person's offer says why in the feed, and
/// what would do.
#[wasm_bindgen_test]
async fn a_computer_that_declines_says_why() {
    let (c, session) = ann_offers_70_for_baltic_to_balanced_bob().await;
    assert!(
        text(&c)
            .contains("Bob declined: that would complete Ann's group for less than it is worth;"),
        "{}",
        text(&c)
    );
    assert!(text(&c).contains("in cash would do"), "{}", text(&c));
    assert_eq!(game(&session).square(3).owner, Some(PlayerId(1)));
    c.remove();
}

/// At a table a computer plays at the host, and a friend's device follows the host's actions:
/// when the computer says no to the friend's offer, the friend reads why as the host does,
/// before the computer's counter-offer.
#[wasm_bindgen_test]
async fn a_friend_following_the_host_reads_why_a_computer_declined() {
    let friend = Session::new();
    friend.start("Classic", browns_split(true)).expect("a game");
    friend.join_table(
        TableRole::Guest {
            seat: worlds_engine::PlayerId(0),
        },
        vec![worlds_engine::PlayerId(0)],
        Link::Here,
    );
    // The host's copy: Ann's offer of $70 for Baltic Avenue, and the balanced computer's answer.
    let mut host = friend.game.get_untracked().expect("a game");
    host.apply(seventy_for_baltic()).expect("the offer");
    let answer = worlds_engine::bots::bot(ComputerStrategy::Balanced).choose(&host, PlayerId(1));
    assert!(
        matches!(answer, Action::ProposeTrade { .. }),
        "Bob counters"
    );
    host.apply(answer).expect("the counter-offer");

    assert!(friend.follow(host.history()));
    let feed: Vec<String> = friend
        .feed
        .get_untracked()
        .into_iter()
        .map(|l| l.text)
        .collect();
    let why = feed
        .iter()
        .position(|l| {
            l.starts_with(
                "Bob declined: that would complete Ann's group for less than it is worth;",
            )
        })
        .unwrap_or_else(|| panic!("the reason: {feed:?}"));
    let counter = feed
        .iter()
        .position(|l| l.starts_with("Bob declined Ann's offer and offers instead:"))
        .unwrap_or_else(|| panic!("the counter-offer: {feed:?}"));
    assert!(why < counter, "the reason reads first: {feed:?}");
    assert_eq!(
        friend.game.get_untracked().as_ref(),
        Some(&host),
        "the same game"
    );
}

/// Issue 20: a computer that declines a person's offer counters it; the person sees the
/// counter-offer with both sides, accepts it, and the feed tells the trade with its amounts.
#[wasm_bindgen_test]
async fn a_computer_counters_a_declined_offer_and_the_counter_can_be_accepted() {
    let (c, session) = ann_offers_70_for_baltic_to_balanced_bob().await;
    let shown = text(&c);
    assert!(shown.contains("Counter-offer"), "{shown}");
    assert!(
        shown.contains("Bob counters: Ann buys Baltic Avenue from Bob for $420."),
        "{shown}"
    );
    assert!(shown.contains("Bob gives"), "{shown}");
    assert!(shown.contains("Bob asks for"), "{shown}");
    assert!(
        shown.contains(
            "Bob declined Ann's offer and offers instead: Ann buys Baltic Avenue from Bob for $420"
        ),
        "{shown}"
    );
    ann_accepts_baltic_for(&c, &session, 420).await;
    assert!(
        text(&c).contains("Ann accepted Bob's trade: Bob sold Baltic Avenue to Ann for $420"),
        "{}",
        text(&c)
    );
    assert!(!text(&c).contains("Counter-offer"), "the dialog is gone");
    c.remove();
}

/// Issue 31, point 19: the note on a mortgaged lot's interest shows when the deal holds one,
/// with the board's rate.
#[wasm_bindgen_test]
async fn a_trade_holding_a_mortgaged_lot_says_what_its_receiver_pays() {
    let (c, session) = mount_play(classic_setup(&[[1, 2]]));
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    button(&c, "Buy").click();
    settle().await;
    let baltic = worlds_engine::SquareId(3);
    let _ = session.dispatch(Action::Mortgage { square: baltic });
    settle().await;
    let _ = session.dispatch(Action::ProposeTrade {
        to: PlayerId(1),
        give: worlds_engine::TradeSide {
            lots: vec![baltic],
            cash: 0,
            jail_cards: 0,
        },
        take: worlds_engine::TradeSide {
            lots: vec![],
            cash: 50,
            jail_cards: 0,
        },
    });
    settle().await;
    assert!(text(&c).contains("Ann offers Bob a trade."), "{}", text(&c));
    assert!(
        text(&c).contains("A mortgaged lot costs its receiver 10% of the mortgage at once."),
        "{}",
        text(&c)
    );
    c.remove();
    clear_app_storage();
}

/// Issue 31, point 2: clicking a lot you own opens its deed with what the rules allow now
/// (a refused action disabled with its reason), and "Sell to a player" makes a trade offer.
#[wasm_bindgen_test]
async fn a_lots_own_dialog_acts_and_sells_to_a_player() {
    let (c, session) = mount_play(classic_setup(&[[1, 2]]));
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    button(&c, "Buy").click();
    settle().await;
    let baltic: web_sys::HtmlElement = c
        .query_selector(".board-ring [data-index='3']")
        .expect("q")
        .expect("Baltic Avenue's square")
        .unchecked_into();
    baltic.click();
    settle().await;
    assert!(text(&c).contains("What you can do"), "{}", text(&c));
    // Building needs the whole group: disabled, with the reason beside it.
    let build = c
        .query_selector("button[aria-label='Build a house on Baltic Avenue for $50']")
        .expect("q")
        .expect("Build")
        .unchecked_into::<web_sys::HtmlButtonElement>();
    assert!(build.disabled(), "no house without the whole group");
    assert!(
        text(&c).contains("you do not own the whole"),
        "{}",
        text(&c)
    );
    // Sell it to Bob for $80: a trade offer Bob answers.
    let price: HtmlInputElement = c
        .query_selector(".sell-to input[type='number']")
        .expect("q")
        .expect("the price")
        .unchecked_into();
    price.set_value("80");
    price
        .dispatch_event(&web_sys::Event::new("input").expect("e"))
        .expect("d");
    settle().await;
    button(&c, "Offer sale").click();
    settle().await;
    assert!(
        matches!(game(&session).phase(), Phase::TradeOffer(_)),
        "{:?}",
        game(&session).phase()
    );
    assert!(text(&c).contains("Ann offers Bob a trade."), "{}", text(&c));
    button(&c, "Decline trade").click();
    settle().await;
    // Mortgage from the lot's dialog.
    let baltic: web_sys::HtmlElement = c
        .query_selector(".board-ring [data-index='3']")
        .expect("q")
        .expect("Baltic Avenue's square")
        .unchecked_into();
    baltic.click();
    settle().await;
    c.query_selector("button[aria-label='Mortgage Baltic Avenue for $30']")
        .expect("q")
        .expect("Mortgage")
        .unchecked_into::<web_sys::HtmlButtonElement>()
        .click();
    settle().await;
    assert!(game(&session).square(3).mortgaged);
    c.remove();
    clear_app_storage();
}

/// Ann and Bob on the Worlds board: Ann owns the browns, Bob starts on square 37 (a roll of
/// 3 takes him to Go: no decision). Toll Gate (square 4) is made "pay $50, move back 3";
/// Time Warp (square 10) makes a player wait 1 turn.
fn worlds_jokers(rolls: &[[u8; 2]]) -> GameSetup {
    let mut def = worlds_engine::Preset::Worlds.board().def().clone();
    def.squares[4].kind = worlds_engine::SquareKind::Joker {
        move_by: -3,
        wait: 0,
        money: -50,
        pay_each_player: 0,
    };
    let board = worlds_engine::Board::from_def(def).expect("a valid board");
    let mut ann = Seat::human("Ann");
    ann.start.owns = vec![1, 3];
    let mut bob = Seat::human("Bob");
    bob.start.position = Some(37);
    common::board_with(board, vec![ann, bob], rolls)
}

/// The open dialog named `name`.
fn dialog(c: &web_sys::HtmlElement, name: &str) -> web_sys::HtmlElement {
    let list = c.query_selector_all("[role='dialog']").expect("dialogs");
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| n.unchecked_into::<web_sys::HtmlElement>())
        .find(|d| {
            d.get_attribute("aria-labelledby")
                .and_then(|id| document().get_element_by_id(&id))
                .and_then(|t| t.text_content())
                .is_some_and(|t| t.trim() == name)
        })
        .unwrap_or_else(|| panic!("no dialog named {name:?}"))
}

/// Issue 31, point 1: a person who lands on a Joker gets a dialog with its name, what it
/// does and one button per effect; the effects apply in the order pressed, each marked
/// done, and focus starts on the first button.
#[wasm_bindgen_test]
async fn a_joker_dialog_offers_one_button_per_effect_applied_in_the_order_pressed() {
    let (c, session) = mount_play(worlds_jokers(&[[1, 3]]));
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    sleep(30).await;
    let d = dialog(&c, "Toll Gate");
    assert!(
        text(&d).contains("Ann landed on Toll Gate. Apply what it does, in the order you choose.")
    );
    assert_eq!(buttons(&d, "Pay $50").len(), 1);
    assert_eq!(buttons(&d, "Move back 3").len(), 1);
    assert_eq!(focused_name(), "Pay $50", "the dialog's first button");
    assert!(buttons(&c, "Roll dice").is_empty() && buttons(&c, "End turn").is_empty());

    button(&d, "Pay $50").click();
    settle().await;
    let d = dialog(&c, "Toll Gate");
    assert!(text(&d).contains("Pay $50 (done)"), "{}", text(&d));
    assert!(buttons(&d, "Pay $50").is_empty());
    assert_eq!(game(&session).player(PlayerId(0)).cash, 1450);
    assert!(text(&c).contains("Ann paid $50 (Toll Gate)"));

    button(&d, "Move back 3").click();
    settle().await;
    let g = game(&session);
    assert_eq!(
        g.player(PlayerId(0)).position,
        1,
        "back to Mediterranean Avenue"
    );
    // Ann's own lot: nothing to decide, the turn goes on.
    assert_eq!(g.phase(), &Phase::EndTurn);
    assert!(
        c.query_selector(".joker-dialog").expect("query").is_none(),
        "closed"
    );
    assert_eq!(buttons(&c, "End turn").len(), 1);
    c.remove();
}

/// Issue 31, point 3: a player waiting on a Joker is offered what a prisoner is: the fine
/// ("Pay fine") and "Roll dice", plus building; a failed roll waits the turn
/// out.
#[wasm_bindgen_test]
async fn a_player_waiting_on_a_joker_may_pay_to_leave_or_roll_for_doubles() {
    let (c, session) = mount_play(worlds_jokers(&[[4, 6], [1, 2], [1, 2]]));
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    let d = dialog(&c, "Time Warp");
    assert!(text(&d).contains("Ann landed on Time Warp."));
    button(&d, "Wait 1 turn").click();
    settle().await;
    button(&c, "End turn").click();
    settle().await;
    // Bob: to Go, and back to Ann.
    button(&c, "Roll dice").click();
    settle().await;
    button(&c, "End turn").click();
    settle().await;
    assert!(text(&c).contains("Ann, you are waiting on Time Warp: roll to leave"));
    assert_eq!(buttons(&c, "Pay fine").len(), 1);
    assert_eq!(buttons(&c, "Build").len(), 1, "building while waiting");
    assert_eq!(buttons(&c, "Roll dice").len(), 1, "a try for doubles");
    button(&c, "Roll dice").click();
    settle().await;
    let g = game(&session);
    assert_eq!(
        g.player(PlayerId(0)).position,
        10,
        "no doubles: still waiting"
    );
    assert!(text(&c).contains("Ann waits this turn, the last one"));
    assert_eq!(buttons(&c, "End turn").len(), 1);
    c.remove();

    // Paying instead: Ann leaves and rolls as usual.
    let (c, session) = mount_play(worlds_jokers(&[[4, 6], [1, 2], [2, 3]]));
    settle().await;
    for a in [
        Action::Roll,
        Action::ApplyJokerEffect { index: 0 },
        Action::EndTurn,
        Action::Roll,
        Action::EndTurn,
    ] {
        assert_eq!(session.dispatch(a), Dispatched::Applied);
    }
    settle().await;
    button(&c, "Pay fine").click();
    settle().await;
    assert_eq!(game(&session).player(PlayerId(0)).cash, 1450);
    assert!(text(&c).contains("Ann paid the fine and stops waiting"));
    button(&c, "Roll dice").click();
    settle().await;
    assert_eq!(game(&session).player(PlayerId(0)).position, 15);
    c.remove();
}

/// Issue 31, point 4: on a board whose symbol is not a money sign, the dialogs' sentences say
/// the currency's name ("buy Baltic Avenue for 60 meteors"), and a table keeps the symbol.
#[wasm_bindgen_test]
async fn a_board_of_its_own_currency_says_meteors_in_the_buy_dialog() {
    let mut def = worlds_engine::Preset::Classic.board().def().clone();
    def.currency = worlds_engine::board::Currency {
        name: "meteor".into(),
        symbol: "☄".into(),
    };
    let board = worlds_engine::Board::from_def(def).expect("a valid board");
    let mut setup = GameSetup::new(board, vec![Seat::human("Ann"), Seat::human("Bob")], 42);
    setup.forced_rolls = vec![worlds_engine::game::ForcedRoll {
        at: 0,
        dice: vec![1, 2],
    }];
    let (c, _session) = mount_play(setup);
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    let d = dialog(&c, "Baltic Avenue is for sale");
    let words = text(&d);
    assert!(
        words.contains("Ann, buy Baltic Avenue for 60 meteors?"),
        "{words}"
    );
    assert!(words.contains("Ann has 1500 meteors."), "{words}");
    assert!(
        words.contains("☄60"),
        "the deed, a table, keeps the symbol: {words}"
    );
    c.remove();
}

/// Counts the frames the page paints until `stop` is set.
fn count_frames(
    frames: std::rc::Rc<std::cell::Cell<u32>>,
    stop: std::rc::Rc<std::cell::Cell<bool>>,
) {
    request_animation_frame(move || {
        if stop.get() {
            return;
        }
        frames.set(frames.get() + 1);
        count_frames(frames, stop);
    });
}

/// Issue 42: an expert computer weighs a decision by play-outs for up to a few hundred
/// milliseconds, in slices: the page keeps painting frames while it thinks, and then the
/// decision is taken.
#[wasm_bindgen_test]
async fn the_page_keeps_painting_while_an_expert_computer_thinks() {
    clear_app_storage();
    // Bob, an expert, plays first and throws 1 and 2: Baltic Avenue, his to buy or not.
    let setup = classic_with(
        vec![
            Seat::computer("Bob", ComputerStrategy::Expert),
            Seat::human("Ann"),
        ],
        &[[1, 2]],
    );
    let session = Session::new();
    session.start("Thinking", setup).expect("the game starts");
    assert!(session.computer_step_in_slices().await, "Bob rolls");
    assert!(
        matches!(game(&session).phase(), Phase::BuyOrDecline { .. }),
        "{:?}",
        game(&session).phase()
    );
    let frames = std::rc::Rc::new(std::cell::Cell::new(0u32));
    let stop = std::rc::Rc::new(std::cell::Cell::new(false));
    count_frames(frames.clone(), stop.clone());
    let before = frames.get();
    assert!(session.computer_step_in_slices().await, "Bob decides");
    let painted = frames.get() - before;
    stop.set(true);
    assert!(
        painted >= 2,
        "frames painted while Bob weighed buying Baltic Avenue: {painted}"
    );
    let g = game(&session);
    assert!(
        !matches!(g.phase(), Phase::BuyOrDecline { .. }),
        "Bob has decided: {:?}",
        g.phase()
    );
    assert!(
        g.square(3).owner == Some(PlayerId(0)) || matches!(g.phase(), Phase::Auction(_)),
        "Bob bought Baltic Avenue or let it go to auction"
    );
}
