//! Browser tests of the lobby against playing alone (issue 20, point 10): the quick start
//! against computers, computer names for computer seats, the line under each board, and the
//! house rules that reach the game.

#![allow(clippy::disallowed_methods)] // tests may sort as they like (clippy.toml)

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlInputElement, HtmlSelectElement};
use worlds_engine::{BoardDef, Game, GameRecord, Preset, SeatKind};

use monopoly_worlds::common::storage::{saves, worlds, LocalStore};

mod common;
use common::{button, buttons, clear_app_storage, container, mount_play, settle, text, text_field};

wasm_bindgen_test_configure!(run_in_browser);

/// The whole app on the lobby, over an empty storage.
async fn lobby() -> HtmlElement {
    clear_app_storage();
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::App).forget();
    settle().await;
    button(&c, "Play").click();
    settle().await;
    c
}

/// The select inside the label reading `label` (or named by `aria-label`).
fn select(c: &HtmlElement, label: &str) -> HtmlSelectElement {
    if let Some(s) = c
        .query_selector(&format!("select[aria-label='{label}']"))
        .expect("q")
    {
        return s.unchecked_into();
    }
    let labels = c.query_selector_all("label").expect("labels");
    (0..labels.length())
        .filter_map(|i| labels.item(i))
        .map(|n| n.unchecked_into::<HtmlElement>())
        .find(|l| {
            l.first_child()
                .and_then(|t| t.text_content())
                .is_some_and(|t| t.trim() == label)
        })
        .and_then(|l| l.query_selector("select").expect("q"))
        .unwrap_or_else(|| panic!("no select labelled {label:?}"))
        .unchecked_into()
}

fn choose(s: &HtmlSelectElement, value: &str) {
    s.set_value(value);
    assert_eq!(s.value(), value, "no option {value:?}");
    s.dispatch_event(&web_sys::Event::new("change").expect("e"))
        .expect("dispatch");
}

fn type_into(input: &HtmlInputElement, value: &str) {
    input.set_value(value);
    input
        .dispatch_event(&web_sys::Event::new("input").expect("e"))
        .expect("dispatch");
}

/// The checkbox of the house rule labelled `label`.
fn switch(c: &HtmlElement, label: &str) -> HtmlInputElement {
    let labels = c.query_selector_all("label.house-switch").expect("q");
    (0..labels.length())
        .filter_map(|i| labels.item(i))
        .map(|n| n.unchecked_into::<HtmlElement>())
        .find(|l| l.text_content().is_some_and(|t| t.trim() == label))
        .and_then(|l| l.query_selector("input[type=checkbox]").expect("q"))
        .unwrap_or_else(|| panic!("no switch {label:?}"))
        .unchecked_into()
}

fn pick_board(c: &HtmlElement, id: &str) {
    let radio: HtmlInputElement = c
        .query_selector(&format!("input[type=radio][value='{id}']"))
        .expect("q")
        .expect("the board")
        .unchecked_into();
    radio.click();
}

/// The game the app autosaved (written once the page has painted, or before anything reads
/// it, as here).
fn autosaved() -> GameRecord {
    monopoly_worlds::game::autosave::flush_autosave();
    let store = LocalStore::open().expect("store");
    saves::read_autosave::<GameRecord>(&store)
        .expect("read")
        .expect("an autosave")
        .game
}

#[wasm_bindgen_test]
async fn play_against_computers_starts_you_and_the_computers_with_distinct_names() {
    let c = lobby().await;
    let count = select(&c, "Computers");
    assert_eq!(count.value(), "3", "three computers by default");
    choose(&count, "5");
    settle().await;
    button(&c, "Play against computers").click();
    settle().await;
    assert!(
        c.query_selector(".board-ring").expect("q").is_some(),
        "the game starts at once"
    );
    let record = autosaved();
    let seats = &record.setup.seats;
    assert_eq!(seats.len(), 6, "you and five computers");
    assert!(matches!(seats[0].kind, SeatKind::Human));
    for s in &seats[1..] {
        assert!(
            matches!(s.kind, SeatKind::Computer { .. }),
            "{} is a computer",
            s.name
        );
        assert!(
            !s.name.starts_with("Player"),
            "{} has a computer's name",
            s.name
        );
    }
    let mut names: Vec<String> = seats.iter().map(|s| s.name.to_lowercase()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 6, "distinct names: {seats:?}");
    let page = text(&c);
    assert!(page.contains("Bea") && page.contains("Cy"), "{page}");
    c.remove();

    // With a game in progress the quick start asks first, like Start game; and the count
    // is capped by the board (Campus seats six: at most five computers).
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::App).forget();
    settle().await;
    button(&c, "Play").click();
    settle().await;
    pick_board(&c, "preset:campus");
    settle().await;
    let count = select(&c, "Computers");
    assert_eq!(count.length(), 5, "Campus: one to five computers");
    button(&c, "Play against computers").click();
    settle().await;
    assert!(text(&c).contains("is still in progress"), "{}", text(&c));
    assert!(c.query_selector(".board-ring").expect("q").is_none());
    button(&c, "Start without keeping it").click();
    settle().await;
    assert!(c.query_selector(".board-ring").expect("q").is_some());
    assert_eq!(autosaved().setup.seats.len(), 4, "you and three computers");
    c.remove();
    clear_app_storage();
}

#[wasm_bindgen_test]
async fn every_board_in_the_list_shows_its_ring_of_squares_in_their_colors() {
    let c = lobby().await;
    let choices = c.query_selector_all(".board-choice").expect("q");
    assert_eq!(choices.length(), 4, "the four presets");
    for (i, preset) in [
        Preset::Classic,
        Preset::Mini,
        Preset::Campus,
        Preset::Worlds,
    ]
    .into_iter()
    .enumerate()
    {
        let def = preset.board_def();
        let choice: HtmlElement = choices.item(i as u32).expect("a choice").unchecked_into();
        let cells = choice.query_selector_all("svg.thumbnail rect").expect("q");
        assert_eq!(
            cells.length() as usize,
            1 + def.squares.len(),
            "{}: the board's green and a cell per square",
            def.name
        );
        // The second square's cell (the first after Go, along the bottom row) in its color.
        let second: web_sys::Element = cells.item(2).expect("a cell").unchecked_into();
        assert_eq!(
            second.get_attribute("fill").as_deref(),
            Some(worlds_models::thumbnail::square_tint(&def, 1)),
            "{}",
            def.name
        );
    }
    c.remove();
}

#[wasm_bindgen_test]
async fn a_seat_switched_to_a_computer_takes_a_computers_name_and_back() {
    let c = lobby().await;
    let plays = select(&c, "Player 2 plays as");
    choose(&plays, "balanced");
    settle().await;
    assert_eq!(text_field(&c, "Player 2 name").value(), "Bea");
    choose(&plays, "human");
    settle().await;
    assert_eq!(text_field(&c, "Player 2 name").value(), "Player 2");
    // A person the player named like a computer keeps that name.
    type_into(&text_field(&c, "Player 2 name"), "Cy");
    settle().await;
    choose(&plays, "human");
    settle().await;
    assert_eq!(text_field(&c, "Player 2 name").value(), "Cy");
    choose(&plays, "remote");
    settle().await;
    assert_eq!(text_field(&c, "Player 2 name").value(), "Cy");
    type_into(&text_field(&c, "Player 2 name"), "Zed");
    settle().await;
    choose(&plays, "expert");
    settle().await;
    assert_eq!(
        text_field(&c, "Player 2 name").value(),
        "Zed",
        "a name the player typed stays"
    );
    c.remove();
}

/// Issue 43, point 6: a greyed Start game says why, next to it.
#[wasm_bindgen_test]
async fn start_game_greyed_for_a_seat_on_another_device_says_why() {
    let c = lobby().await;
    let start = || -> web_sys::HtmlButtonElement { button(&c, "Start game").unchecked_into() };
    assert!(!start().disabled());
    assert!(
        c.query_selector("#start-waits").expect("q").is_none(),
        "nothing to say"
    );
    choose(&select(&c, "Player 2 plays as"), "remote");
    settle().await;
    assert!(start().disabled());
    let why = c
        .query_selector("#start-waits")
        .expect("q")
        .expect("a reason")
        .text_content()
        .unwrap_or_default();
    assert!(
        why.starts_with("Start game waits while a seat is set to Another device: press Open table"),
        "{why}"
    );
    assert_eq!(
        start().get_attribute("aria-describedby").as_deref(),
        Some("start-waits")
    );
    choose(&select(&c, "Player 2 plays as"), "human");
    settle().await;
    assert!(!start().disabled());
    assert!(c.query_selector("#start-waits").expect("q").is_none());
    c.remove();
}

#[wasm_bindgen_test]
async fn back_to_the_menu_and_play_again_finds_the_seats_as_they_were_set() {
    let c = lobby().await;
    choose(&select(&c, "Player 2 plays as"), "remote");
    type_into(&text_field(&c, "Player 2 name"), "Bea");
    settle().await;
    // No game started: the player only looked, went back, and came again.
    button(&c, "Back").click();
    settle().await;
    button(&c, "Play").click();
    settle().await;
    assert_eq!(select(&c, "Player 2 plays as").value(), "remote");
    assert_eq!(text_field(&c, "Player 2 name").value(), "Bea");
    assert!(c.query_selector("#start-waits").expect("q").is_some());
    // A page opened afresh finds them too.
    c.remove();
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::App).forget();
    settle().await;
    button(&c, "Play").click();
    settle().await;
    assert_eq!(select(&c, "Player 2 plays as").value(), "remote");
    c.remove();
    clear_app_storage();
}

#[wasm_bindgen_test]
async fn each_board_card_says_what_the_board_is() {
    clear_app_storage();
    let store = LocalStore::open().expect("store");
    let mut def: BoardDef = Preset::Mini.board_def();
    def.name = "Ann's street".into();
    worlds::save_new(&store, &def, 1).expect("save a world");
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::App).forget();
    settle().await;
    button(&c, "Play").click();
    settle().await;
    let page = text(&c);
    assert!(
        page.contains("The official US rules: 40 squares, auctions, houses and hotels"),
        "{page}"
    );
    assert!(page.contains("Your world: 16 squares"), "{page}");
    let lines = c.query_selector_all(".board-choice-about").expect("q");
    assert_eq!(lines.length(), 5, "a line in every card");
    for i in 0..lines.length() {
        let line = lines
            .item(i)
            .and_then(|n| n.text_content())
            .unwrap_or_default();
        assert!(line.len() > 10, "card {i} says what it is: {line:?}");
    }
    c.remove();
    clear_app_storage();
}

#[wasm_bindgen_test]
async fn the_house_rules_reach_the_game_and_picking_a_board_resets_them() {
    let c = lobby().await;
    let cash = text_field(&c, "Starting cash");
    assert_eq!(cash.value(), "1500", "the board's rules to start with");
    assert!(switch(&c, "Auctions").checked());
    // Another board brings its own rules; back to Classic brings Classic's.
    type_into(&cash, "999");
    pick_board(&c, "preset:mini");
    settle().await;
    assert_eq!(text_field(&c, "Starting cash").value(), "1000");
    assert!(!switch(&c, "Auctions").checked(), "Mini has no auctions");
    pick_board(&c, "preset:classic");
    settle().await;
    assert_eq!(text_field(&c, "Starting cash").value(), "1500");

    type_into(&text_field(&c, "Starting cash"), "2000");
    switch(&c, "Auctions").click();
    switch(&c, "Free Parking jackpot").click();
    switch(&c, "Double salary on landing on Go").click();
    assert!(
        !switch(&c, "Sell lots to the bank").checked(),
        "off, as the official rules"
    );
    switch(&c, "Sell lots to the bank").click();
    settle().await;
    button(&c, "Start game").click();
    settle().await;
    let record = autosaved();
    let rules = &record.setup.rules;
    assert!(
        rules.sell_lots_to_bank,
        "issue 44: the house rule reaches the game"
    );
    assert_eq!(rules.starting_cash, 2000);
    assert!(!rules.auctions);
    assert!(rules.free_parking_jackpot);
    assert_eq!(rules.salary_on_landing_multiplier, 2);
    assert_eq!(
        record.setup.board.rules(),
        rules,
        "the game's board tells the rules in force (Help reads them)"
    );
    assert_eq!(Preset::Classic.board().rules().starting_cash, 1500);
    let game = Game::new(record.setup.clone()).expect("a game");
    assert!(game.players().iter().all(|p| p.cash == 2000));
    let entries = c.query_selector_all(".player-list .player").expect("q");
    assert_eq!(entries.length(), 2);
    for i in 0..entries.length() {
        let t = entries
            .item(i)
            .and_then(|n| n.text_content())
            .unwrap_or_default();
        assert!(t.contains("$2,000") || t.contains("$2000"), "{t}");
    }
    c.remove();

    // Landing on a lot nobody owns offers no Auction.
    let mut setup = record.setup;
    setup.forced_rolls = vec![worlds_engine::game::ForcedRoll {
        at: 0,
        dice: vec![1, 2],
    }];
    let (c, _session) = mount_play(setup);
    settle().await;
    button(&c, "Roll dice").click();
    settle().await;
    assert_eq!(buttons(&c, "Buy").len(), 1, "{}", text(&c));
    assert!(
        buttons(&c, "Auction").is_empty(),
        "no Auction with auctions off"
    );
    c.remove();
    clear_app_storage();
}

/// Puts the page's loader in place as web/loader.mjs provides it (`window.__mwLoadGame`),
/// noting the codes asked for and returning `promise`.
fn note_loads(window: &web_sys::Window, promise: &str) {
    let _ = js_sys::Reflect::delete_property(window, &"__mwLoads".into());
    let load = js_sys::Function::new_with_args(
        "which",
        &format!("(window.__mwLoads = window.__mwLoads || []).push(which); return {promise};"),
    );
    js_sys::Reflect::set(window, &"__mwLoadGame".into(), &load).expect("set");
}

/// The codes asked of the page's loader since [`note_loads`].
fn loaded_codes() -> Vec<String> {
    let window = web_sys::window().expect("window");
    js_sys::Reflect::get(&window, &"__mwLoads".into())
        .ok()
        .filter(|v| v.is_object())
        .map(|v| {
            js_sys::Array::from(&v)
                .iter()
                .filter_map(|x| x.as_string())
                .collect()
        })
        .unwrap_or_default()
}

/// The page's address with `fragment` after it (`""`: none), as a link opened in this tab
/// would leave it.
fn at_fragment(fragment: &str) {
    let window = web_sys::window().expect("window");
    let location = window.location();
    let address = format!(
        "{}{}{fragment}",
        location.pathname().expect("path"),
        location.search().expect("search")
    );
    window
        .history()
        .expect("history")
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&address))
        .expect("address");
}

/// `window[key]` as a string, if it is one.
fn window_string(key: &str) -> Option<String> {
    js_sys::Reflect::get(&web_sys::window().expect("window"), &key.into())
        .ok()
        .and_then(|v| v.as_string())
}

#[wasm_bindgen_test]
async fn the_light_first_code_hands_the_lobby_over_and_the_games_code_starts_it_as_chosen() {
    clear_app_storage();
    let window = web_sys::window().expect("window");
    // The page's loader, as web/loader.mjs provides it: here it only notes the codes asked.
    note_loads(&window, "Promise.resolve()");
    let loads = loaded_codes;
    // Opened with a link in its fragment: the link is the game's code's to open, at once.
    at_fragment("#world=v1.AAAA");
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::game::front::Front).forget();
    settle().await;
    assert_eq!(
        loads(),
        ["game"],
        "a link hands the page over at once (a world's to the code without online play)"
    );
    assert_eq!(window_string("__mwPending").as_deref(), Some("menu"));
    c.remove();
    at_fragment("");
    js_sys::Reflect::delete_property(&window, &"__mwLoads".into()).expect("delete");

    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::game::front::Front).forget();
    settle().await;
    assert_eq!(
        loads(),
        Vec::<String>::new(),
        "the menu and the lobby need no more code"
    );
    button(&c, "Play").click();
    settle().await;
    pick_board(&c, "preset:mini");
    settle().await;
    let title: HtmlInputElement = c
        .query_selector(".lobby-row input[type=text]")
        .expect("q")
        .expect("the game title")
        .unchecked_into();
    type_into(&title, "Handed over");
    switch(&c, "Free Parking jackpot").click();
    settle().await;
    button(&c, "Start game").click();
    settle().await;
    assert_eq!(loads(), ["game"], "the game's code is asked for once");
    assert!(text(&c).contains("Opening the game"), "{}", text(&c));
    assert_eq!(window_string("__mwPending").as_deref(), Some("lobby"));
    let handed = window_string("__mwLobby").expect("the lobby is handed over");
    assert!(
        handed.contains("preset:mini") && handed.contains("Handed over"),
        "{handed}"
    );
    let store = LocalStore::open().expect("store");
    assert!(
        saves::read_autosave::<GameRecord>(&store)
            .expect("read")
            .is_none(),
        "the light code starts no game"
    );
    // A second press while the game's code loads asks for nothing more.
    button(&c, "Start game").click();
    settle().await;
    assert_eq!(loads(), ["game"]);
    c.remove();

    // The game's code carries out Start game as handed over: the game shows as the code
    // starts, with no lobby made first only to be replaced.
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::App).forget();
    assert!(
        c.query_selector(".board-ring").expect("q").is_some(),
        "the game started: {}",
        text(&c)
    );
    assert!(c.query_selector(".lobby").expect("q").is_none());
    settle().await;
    settle().await;
    let record = autosaved();
    assert_eq!(
        record.setup.board.def().name,
        Preset::Mini.board().def().name
    );
    assert!(record.setup.rules.free_parking_jackpot);
    assert!(text(&c).contains("Handed over"), "{}", text(&c));
    assert_eq!(window_string("__mwLobby"), None, "taken once");
    // The seats are remembered for the next game, as the lobby remembers them.
    let remembered = monopoly_worlds::common::storage::last_setup::load(&store)
        .expect("the seats are remembered");
    let names: Vec<&str> = remembered.seats.iter().map(|s| s.name.as_str()).collect();
    let players: Vec<&str> = record.setup.seats.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, players);
    for key in ["__mwLoadGame", "__mwLoads"] {
        let _ = js_sys::Reflect::delete_property(&window, &key.into());
    }
    c.remove();
    clear_app_storage();
}

#[wasm_bindgen_test]
async fn start_game_handed_over_while_a_game_is_in_progress_asks_first_in_the_lobby() {
    clear_app_storage();
    let window = web_sys::window().expect("window");
    // A game in progress.
    let store = LocalStore::open().expect("store");
    let seats = vec![
        worlds_engine::Seat::human("Ann"),
        worlds_engine::Seat::human("Bob"),
    ];
    let first = Game::new(common::classic_with(seats, &[])).expect("a game");
    saves::write_autosave(&store, "Ann's long game", &GameRecord::of(&first), 1).expect("write");

    // The light first code hands Start game over on another board.
    note_loads(&window, "new Promise(() => {})");
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::game::front::Front).forget();
    settle().await;
    button(&c, "Play").click();
    settle().await;
    pick_board(&c, "preset:mini");
    settle().await;
    button(&c, "Start game").click();
    settle().await;
    assert!(
        window_string("__mwLobby").is_some(),
        "the lobby is handed over"
    );
    c.remove();

    // The game's code asks first, in the lobby as handed over; the game in progress is
    // untouched meanwhile.
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::App).forget();
    settle().await;
    settle().await;
    assert!(
        text(&c).contains("“Ann's long game” (round 1) is still in progress"),
        "{}",
        text(&c)
    );
    assert!(c.query_selector(".board-ring").expect("q").is_none());
    assert_eq!(
        autosaved().setup.board.def().name,
        Preset::Classic.board().def().name,
        "the game in progress is untouched while the question is asked"
    );
    button(&c, "Start without keeping it").click();
    settle().await;
    assert!(
        c.query_selector(".board-ring").expect("q").is_some(),
        "{}",
        text(&c)
    );
    assert_eq!(
        autosaved().setup.board.def().name,
        Preset::Mini.board().def().name,
        "the game as chosen in the light code"
    );
    for key in ["__mwLoadGame", "__mwLoads", "__mwPending"] {
        let _ = js_sys::Reflect::delete_property(&window, &key.into());
    }
    c.remove();
    clear_app_storage();
}

#[wasm_bindgen_test]
async fn online_play_asked_for_in_the_light_first_code_hands_the_page_to_the_code_with_it() {
    clear_app_storage();
    let window = web_sys::window().expect("window");
    note_loads(&window, "new Promise(() => {})");
    let front = || {
        // What the last hand-over left for the next code is taken by none here.
        for key in ["__mwPending", "__mwLobby"] {
            let _ = js_sys::Reflect::delete_property(&window, &key.into());
        }
        let c = container();
        leptos::mount::mount_to(c.clone(), monopoly_worlds::game::front::Front).forget();
        c
    };
    // A room's link: the code with online play opens it.
    at_fragment("#room=ABCD-EFGH");
    let c = front();
    settle().await;
    assert_eq!(loaded_codes(), ["online"]);
    assert_eq!(window_string("__mwPending").as_deref(), Some("menu"));
    c.remove();
    at_fragment("");

    // Open table in the lobby (a seat played from another device): handed over as filled
    // in, with its press. (Play online shows only when a room server answers; the journeys
    // press it.)
    note_loads(&window, "new Promise(() => {})");
    let c = front();
    settle().await;
    button(&c, "Play").click();
    settle().await;
    choose(&select(&c, "Player 2 plays as"), "remote");
    settle().await;
    button(&c, "Open table").click();
    settle().await;
    assert_eq!(loaded_codes(), ["online"]);
    assert_eq!(window_string("__mwPending").as_deref(), Some("lobby"));
    let handed = window_string("__mwLobby").expect("the lobby is handed over");
    assert!(handed.contains("open_table"), "{handed}");
    assert!(text(&c).contains("Opening the game"), "{}", text(&c));
    c.remove();

    // Continue of a game played in a room: the code with online play, which goes back to the
    // room; of a game played on this device: the code without it.
    let store = LocalStore::open().expect("store");
    let seats = vec![
        worlds_engine::Seat::human("Ann"),
        worlds_engine::Seat::human("Bob"),
    ];
    let game = Game::new(common::classic_with(seats, &[])).expect("a game");
    let room = worlds_table::saved::SavedTable::Room {
        code: "ABCDEFGH".into(),
        seat: Some(worlds_engine::PlayerId(0)),
    };
    for (table, code) in [(Some(room), "online"), (None, "game")] {
        saves::write_autosave_at_table(&store, "Ann's game", &GameRecord::of(&game), table, 1)
            .expect("write");
        note_loads(&window, "new Promise(() => {})");
        let c = front();
        settle().await;
        button(&c, "Continue").click();
        settle().await;
        assert_eq!(loaded_codes(), [code]);
        assert_eq!(window_string("__mwPending").as_deref(), Some("continue"));
        c.remove();
    }
    for key in ["__mwLoadGame", "__mwLoads", "__mwPending", "__mwLobby"] {
        let _ = js_sys::Reflect::delete_property(&window, &key.into());
    }
    clear_app_storage();
}
