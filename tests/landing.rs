//! Issue 44 in the browser, as a player meets it: the landing panel for rent and taxes, Draw
//! card and a ranged card's amount, a card drawn at another device's seat (no dialog here),
//! a lot's pop-up that counts its buildings and sells it to the bank under the house rule,
//! and the end screen's final holdings, a bankrupt player's as they went out.

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;
use worlds_engine::{Action, ComputerStrategy, Game, GameSetup, PlayerId, SeatKind};

use monopoly_worlds::game::session::{Dispatched, Link, Session, TableRole};

mod common;
use common::{button, buttons, mount_play, settle, text};

wasm_bindgen_test_configure!(run_in_browser);

fn game(session: &Session) -> Game {
    session.game.get_untracked().expect("a game")
}

fn scenario_setup(value: serde_json::Value) -> GameSetup {
    let scenario: worlds_engine::scenario::Scenario =
        serde_json::from_value(value).expect("a scenario");
    scenario.setup().expect("a setup")
}

fn computer(setup: &mut GameSetup, seat: usize) {
    setup.seats[seat].kind = SeatKind::Computer {
        strategy: ComputerStrategy::Balanced,
    };
}

/// The text of the first element matching `selector`, if there is one.
fn text_of(c: &HtmlElement, selector: &str) -> Option<String> {
    c.query_selector(selector)
        .expect("a selector")
        .map(|e| e.text_content().unwrap_or_default())
}

/// The feed's lines in the board's centre.
fn feed(c: &HtmlElement) -> String {
    text_of(c, ".feed").unwrap_or_default()
}

/// Lets every computer on this device act.
async fn computers_play(session: &Session) {
    for _ in 0..40 {
        if !session.computer_to_act() {
            break;
        }
        session.computer_step();
        settle().await;
    }
}

/// Point 1: Ann lands on Income Tax, then on Bob's Oriental Avenue with 2 houses: the panel
/// says to whom she paid how much and why, beside the decision, until OK or her next
/// decision; Bob's (a computer's) rent on Ann's lot shows in the feed only.
#[wasm_bindgen_test]
async fn rent_and_tax_show_in_a_landing_panel_until_ok_or_the_next_decision() {
    let mut setup = scenario_setup(serde_json::json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Reading Railroad"]},
                    {"name": "Bob", "cash": 30, "owns": ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"],
                     "houses": {"Oriental Avenue": 2, "Vermont Avenue": 2, "Connecticut Avenue": 2}}],
        "rolls": [[1, 3], [2, 3], [1, 1]]}));
    computer(&mut setup, 1);
    let (c, session) = mount_play(setup);
    assert_eq!(
        text_of(&c, ".landing-panel"),
        None,
        "nothing before a landing"
    );
    button(&c, "Roll dice").click();
    settle().await;
    assert!(text_of(&c, ".landing-panel")
        .unwrap_or_default()
        .contains("Income Tax: $200 to the bank"));
    button(&c, "End turn").click();
    settle().await;
    assert_eq!(
        text_of(&c, ".landing-panel"),
        None,
        "her next decision puts it away"
    );

    // Bob (a computer) lands on Ann's Reading Railroad: the feed tells it, no panel.
    computers_play(&session).await;
    assert!(
        feed(&c).contains("rent for Reading Railroad"),
        "{}",
        feed(&c)
    );
    assert_eq!(text_of(&c, ".landing-panel"), None, "a computer's landing");

    // Ann rolls a double onto Oriental Avenue.
    button(&c, "Roll dice").click();
    settle().await;
    let panel = c
        .query_selector(".landing-panel")
        .expect("q")
        .expect("the landing panel");
    let said = panel.text_content().unwrap_or_default();
    assert!(
        said.contains("Rent to Bob: $90 — Oriental Avenue, 2 houses"),
        "{said}"
    );
    assert_eq!(panel.get_attribute("role").as_deref(), Some("status"));
    // The decision is still offered beside it, and OK puts the panel away.
    assert_eq!(buttons(&c, "Roll dice").len(), 1);
    button(&c, "OK").click();
    settle().await;
    assert_eq!(text_of(&c, ".landing-panel"), None, "OK puts it away");
    c.remove();
}

/// Point 2: on a card square the person presses Draw card; until then the card, the feed's
/// lines it caused and the token's move are held back; then the card shows with the amount
/// its range drew and its own button.
#[wasm_bindgen_test]
async fn a_person_draws_a_ranged_card_and_sees_the_amount_drawn() {
    let setup = scenario_setup(serde_json::json!({"board": "worlds",
        "players": [{"name": "Ann"}, {"name": "Bob"}],
        "rolls": [[3, 4]], "decks": {"chance": [12]}}));
    let (c, session) = mount_play(setup);
    button(&c, "Roll dice").click();
    settle().await;
    let drawn = match game(&session).log().iter().find_map(|e| match e.event {
        worlds_engine::Event::CardDrawn { amount, .. } => amount,
        _ => None,
    }) {
        Some(d) => d,
        None => panic!("Lucky star drew an amount"),
    };
    let dialog = c
        .query_selector(".card-dialog")
        .expect("q")
        .expect("the card's dialog");
    let said = dialog.text_content().unwrap_or_default();
    assert!(said.contains("Ann landed on Chance."), "{said}");
    assert!(
        !said.contains("Lucky star"),
        "not shown before it is drawn: {said}"
    );
    assert!(
        !feed(&c).contains("Lucky star") && !feed(&c).contains("paid"),
        "the feed holds the card back: {}",
        feed(&c)
    );
    assert!(feed(&c).contains("Ann moved 7 to Chance"), "{}", feed(&c));
    // Nor does the log, nor Ann's cash: $1500 until she draws, with no change beside it.
    let log = text_of(&c, ".log-lines").unwrap_or_default();
    assert!(
        log.contains("Ann moved 7 to Chance") && !log.contains("Lucky star"),
        "{log}"
    );
    let ann = text_of(&c, ".player-list > li").unwrap_or_default();
    assert!(ann.contains("$1500") && !ann.contains('+'), "{ann}");
    // The board behind waits: the decision bar is inert, End turn not yet pressable.
    let layout = c
        .query_selector(".play-layout")
        .expect("q")
        .expect("layout");
    assert!(layout.has_attribute("inert"));
    button(&c, "Draw card").click();
    settle().await;
    let said = text_of(&c, ".card-dialog").expect("the card, face up");
    assert!(
        said.contains("Lucky star: collect between $100 and $300."),
        "{said}"
    );
    assert!(
        said.contains(&format!("Collect ${drawn} (between $100 and $300)")),
        "{said}"
    );
    assert!(feed(&c).contains("Lucky star"), "{}", feed(&c));
    assert!(text_of(&c, ".log-lines")
        .unwrap_or_default()
        .contains("Lucky star"));
    let ann = text_of(&c, ".player-list > li").unwrap_or_default();
    assert!(
        ann.contains(&format!("+${drawn}")) && ann.contains(&format!("${}", 1500 + drawn)),
        "{ann}"
    );
    button(&c, &format!("Collect ${drawn}")).click();
    settle().await;
    assert_eq!(text_of(&c, ".card-dialog"), None, "its button puts it away");
    assert_eq!(
        game(&session).player(PlayerId(0)).cash,
        1500 + drawn,
        "the amount drawn was paid"
    );
    assert_eq!(buttons(&c, "End turn").len(), 1);
    c.remove();
}

/// A card that leads to another ("Go back 3 spaces" onto Community Chest): the person draws
/// the first, puts it away, then draws the second; the second is held back until then.
#[wasm_bindgen_test]
async fn a_card_that_leads_to_another_is_drawn_in_its_turn() {
    let setup = scenario_setup(serde_json::json!({"board": "classic",
        "players": [{"name": "Ann", "position": 31}, {"name": "Bob"}],
        "rolls": [[2, 3]], "decks": {"chance": [9], "community_chest": [3]}}));
    let (c, _session) = mount_play(setup);
    button(&c, "Roll dice").click();
    settle().await;
    assert!(text_of(&c, ".card-dialog")
        .unwrap_or_default()
        .contains("Ann landed on Chance."));
    button(&c, "Draw card").click();
    settle().await;
    assert!(text_of(&c, ".card-dialog")
        .unwrap_or_default()
        .contains("Go back 3 spaces"));
    assert!(
        !feed(&c).contains("Bank error"),
        "the second card waits: {}",
        feed(&c)
    );
    button(&c, "Move back 3").click();
    settle().await;
    assert!(text_of(&c, ".card-dialog")
        .unwrap_or_default()
        .contains("Ann landed on Community Chest."));
    button(&c, "Draw card").click();
    settle().await;
    assert!(text_of(&c, ".card-dialog")
        .unwrap_or_default()
        .contains("Bank error"));
    button(&c, "Collect $200").click();
    settle().await;
    assert_eq!(text_of(&c, ".card-dialog"), None);
    assert!(feed(&c).contains("Bank error"), "{}", feed(&c));
    c.remove();
}

/// Issue 43, point 8: at a table, a card drawn by the player of another device shows in the
/// feed, with no dialog on this screen; a computer's card here shows face up in the centre.
#[wasm_bindgen_test]
async fn a_card_drawn_at_another_devices_seat_pops_nothing_here() {
    let setup = scenario_setup(serde_json::json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Baltic Avenue"]}, {"name": "Bea"}],
        "rolls": [[1, 2], [3, 4]], "decks": {"chance": [11]}}));
    let (c, session) = mount_play(setup);
    // This device hosts the table; Bea plays on her phone.
    session.join_table(TableRole::Host, vec![PlayerId(1)], Link::Here);
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    session.dispatch(Action::EndTurn);
    settle().await;
    // Bea's roll, as her device sent it: Chance, "Bank pays you a dividend of $50".
    assert_eq!(session.dispatch(Action::Roll), Dispatched::Applied);
    settle().await;
    assert!(feed(&c).contains("Bea drew Chance"), "{}", feed(&c));
    assert_eq!(
        text_of(&c, ".card-dialog"),
        None,
        "no dialog for Bea's card"
    );
    let shown = c.query_selector_all(".card-drawn").expect("q").length();
    assert_eq!(shown, 0, "nor a card to put away");
    c.remove();
}

/// Issue 43, point 8, in a room: the friend's card and the room's computer's show face up in
/// the board's centre (and the feed) on this device, with nothing to press, and go at the
/// next action; neither brings a dialog.
#[wasm_bindgen_test]
async fn a_card_drawn_by_another_player_shows_in_the_centre_without_anything_to_press() {
    let mut setup = scenario_setup(serde_json::json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Baltic Avenue"]}, {"name": "Bea"}, {"name": "Cal"}],
        "rolls": [[1, 2], [3, 4], [2, 5], [1, 2]],
        "decks": {"chance": [11]}}));
    computer(&mut setup, 2);
    let (c, session) = mount_play(setup);
    // This device is Ann's in a room: Bea plays on her phone, the room plays Cal.
    session.join_table(TableRole::Host, vec![PlayerId(1), PlayerId(2)], Link::Here);
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    button(&c, "End turn").click();
    settle().await;
    assert_eq!(text_of(&c, ".card-drawn-elsewhere"), None, "no card yet");
    // Bea's roll, as her device sent it: Chance, "Bank pays you a dividend of $50".
    assert_eq!(session.dispatch(Action::Roll), Dispatched::Applied);
    settle().await;
    let centre = c
        .query_selector(".board-ring .card-drawn-elsewhere")
        .expect("q")
        .expect("Bea's card in the board's centre");
    let said = centre.text_content().unwrap_or_default();
    assert!(said.starts_with("Bea's Chance card"), "{said}");
    assert!(said.contains("dividend of $50"), "{said}");
    assert_eq!(centre.get_attribute("role").as_deref(), Some("status"));
    assert_eq!(
        centre.query_selector_all("button").expect("q").length(),
        0,
        "nothing to press"
    );
    assert!(feed(&c).contains("Bea drew Chance"), "{}", feed(&c));
    assert_eq!(text_of(&c, ".card-dialog"), None, "no dialog");
    assert_eq!(
        c.query_selector_all(".modal, [role=dialog]")
            .expect("q")
            .length(),
        0
    );
    // Her next action puts it away.
    assert_eq!(session.dispatch(Action::EndTurn), Dispatched::Applied);
    settle().await;
    assert_eq!(text_of(&c, ".card-drawn-elsewhere"), None, "put away");
    // Cal, the room's computer, lands on Chance too: the same, nothing to press here.
    assert_eq!(session.dispatch(Action::Roll), Dispatched::Applied);
    settle().await;
    let said = text_of(&c, ".card-drawn-elsewhere").unwrap_or_default();
    assert!(said.starts_with("Cal's Chance card"), "{said}");
    assert_eq!(
        c.query_selector_all(".card-drawn button")
            .expect("q")
            .length(),
        0
    );
    c.remove();
}

/// Point 3: a lot's pop-up says how many houses stand on it, or that a hotel does.
#[wasm_bindgen_test]
async fn the_pop_up_of_a_built_lot_counts_its_buildings() {
    let setup = scenario_setup(serde_json::json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Park Place", "Boardwalk", "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"],
                     "houses": {"Park Place": 5, "Boardwalk": 5, "Oriental Avenue": 2, "Vermont Avenue": 2, "Connecticut Avenue": 1}},
                    {"name": "Bob"}]}));
    let (c, _session) = mount_play(setup);
    for (index, want) in [
        (6, Some("2 houses on it.")),
        (9, Some("1 house on it.")),
        (39, Some("A hotel on it.")),
        (1, None),
    ] {
        let square: HtmlElement = c
            .query_selector(&format!(".board-ring button.sq[data-index='{index}']"))
            .expect("q")
            .expect("the square")
            .unchecked_into();
        square.click();
        settle().await;
        assert_eq!(
            text_of(&c, ".deed-buildings").as_deref(),
            want,
            "square {index}: {}",
            text(&c)
        );
        button(&c, "Close").click();
        settle().await;
    }
    c.remove();
}

/// Point 5: with the house rule on, a lot's pop-up offers "Sell to the bank" for half its
/// price; pressed, the lot is the bank's again. Off (the official rules), it is not offered.
#[wasm_bindgen_test]
async fn the_pop_up_sells_a_lot_to_the_bank_under_the_house_rule() {
    let open = |c: &HtmlElement, index: usize| {
        let square: HtmlElement = c
            .query_selector(&format!(".board-ring button.sq[data-index='{index}']"))
            .expect("q")
            .expect("the square")
            .unchecked_into();
        square.click();
    };
    let official = scenario_setup(serde_json::json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Reading Railroad"]}, {"name": "Bob"}]}));
    let (c, _) = mount_play(official);
    open(&c, 5);
    settle().await;
    assert!(buttons(&c, "Sell Reading Railroad to the bank for $100").is_empty());
    c.remove();

    let house = scenario_setup(
        serde_json::json!({"board": "classic", "rules": {"sell_lots_to_bank": true},
        "players": [{"name": "Ann", "owns": ["Reading Railroad", "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"],
                     "houses": {"Oriental Avenue": 1}}, {"name": "Bob"}]}),
    );
    let (c, session) = mount_play(house);
    // A lot of a built group: offered, disabled, with the engine's reason.
    open(&c, 8);
    settle().await;
    let vermont = button(&c, "Sell Vermont Avenue to the bank for $50");
    assert!(vermont.disabled());
    assert!(
        text(&c).contains(
            "You cannot sell Vermont Avenue to the bank: sell the buildings of its group first."
        ),
        "{}",
        text(&c)
    );
    button(&c, "Close").click();
    settle().await;
    open(&c, 5);
    settle().await;
    let sell = button(&c, "Sell Reading Railroad to the bank for $100");
    assert!(!sell.disabled());
    assert_eq!(
        sell.text_content().as_deref(),
        Some("Sell to the bank +$100")
    );
    sell.click();
    settle().await;
    let g = game(&session);
    assert_eq!(g.square(5).owner, None, "the bank's again");
    assert_eq!(g.player(PlayerId(0)).cash, 1600);
    assert!(feed(&c).contains("Ann sold Reading Railroad to the bank for $100"));
    c.remove();
}

/// Point 4: the end screen lists every player's final holdings, a bankrupt player's as they
/// stood when they went out.
#[wasm_bindgen_test]
async fn the_end_screen_lists_final_holdings_and_the_bankrupts_as_they_went_out() {
    let setup = scenario_setup(serde_json::json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Baltic Avenue", "Reading Railroad"], "mortgaged": ["Baltic Avenue"]},
                    {"name": "Bob", "owns": ["Park Place", "Boardwalk"], "houses": {"Park Place": 5, "Boardwalk": 4}}]}));
    let (c, session) = mount_play(setup);
    assert_eq!(
        session.dispatch(Action::Resign {
            player: PlayerId(0)
        }),
        Dispatched::Applied
    );
    settle().await;
    // One player left: the game is over at once.
    assert!(game(&session).is_over());
    settle().await;
    let holdings = text_of(&c, ".final-holdings").expect("Final holdings on the end screen");
    assert!(text(&c).contains("Final holdings"));
    assert!(
        holdings.contains("Bob: $1,500 in cash; Park Place (a hotel); Boardwalk (4 houses)"),
        "{holdings}"
    );
    assert!(
        holdings.contains(
            "Ann, on going bankrupt in round 1: $1,500 in cash; Baltic Avenue (mortgaged); Reading Railroad"
        ),
        "{holdings}"
    );
    c.remove();
}
