//! Browser tests of the statistics lab in headless Chromium: a small simulation fills both
//! tables (every square, shares summing to one) beside the exact chain, the exact chain and
//! payback alone, tournaments, cancelling a long run, the trace with typed dice and its
//! refusals, and the board handed over by the editor. Controls are found by their labels
//! and buttons by their names, as a user finds them.

#![allow(clippy::disallowed_methods)] // tests may sort as they like (clippy.toml)

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, HtmlInputElement, HtmlSelectElement};
use worlds_engine::stats::exact::Chain;
use worlds_engine::stats::{
    payback, Count, Decks, ExactReport, JailStrategy, LandingReport, Simulation, SimulationConfig,
    Tournament, TournamentConfig,
};
use worlds_engine::Preset;

use monopoly_worlds::common::context::{Navigator, Screen, SettingsStore, Shared};
use monopoly_worlds::game::session::Session;
use monopoly_worlds::lab::interval::{decimals_for, wilson};
use monopoly_worlds::lab::Statistics;

mod common;
use common::{button, clear_app_storage, container, sleep, text};

wasm_bindgen_test_configure!(run_in_browser);

/// Mounts the lab with the contexts the app shell provides; returns the container and the
/// screen signal.
fn mount_lab(shared: Shared) -> (HtmlElement, RwSignal<Screen>) {
    clear_app_storage();
    let c = container();
    let screen = RwSignal::new(Screen::Statistics);
    leptos::mount::mount_to(c.clone(), move || {
        provide_context(Navigator::new(screen));
        provide_context(shared);
        provide_context(SettingsStore::load());
        provide_context(Session::new());
        view! { <Statistics /> }
    })
    .forget();
    (c, screen)
}

/// The input or select inside the label whose own text starts with `name`.
fn field(root: &HtmlElement, name: &str) -> Element {
    let labels = root.query_selector_all("label").expect("labels");
    (0..labels.length())
        .filter_map(|i| labels.item(i))
        .map(|n| n.unchecked_into::<Element>())
        .filter(|l| {
            l.text_content()
                .unwrap_or_default()
                .trim()
                .starts_with(name)
        })
        .find_map(|l| l.query_selector("input, select").ok().flatten())
        .unwrap_or_else(|| panic!("no field labelled {name:?}"))
}

fn type_into(root: &HtmlElement, name: &str, value: &str) {
    let input: HtmlInputElement = field(root, name).unchecked_into();
    input.set_value(value);
    input
        .dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
}

fn choose(root: &HtmlElement, name: &str, value: &str) {
    let select: HtmlSelectElement = field(root, name).unchecked_into();
    select.set_value(value);
    assert_eq!(select.value(), value, "{name} has no option {value}");
    select
        .dispatch_event(&web_sys::Event::new("change").expect("event"))
        .expect("dispatch");
}

/// Waits (up to about 20 s) until `ready` holds; the lab works in slices between timers.
async fn until(what: &str, ready: impl Fn() -> bool) {
    for _ in 0..800 {
        leptos::task::tick().await;
        if ready() {
            return;
        }
        sleep(25).await;
    }
    panic!("gave up waiting for {what}");
}

fn idle(c: &HtmlElement) -> bool {
    !button(c, "Run simulation").disabled()
}

/// Rows of a table body: the row header's text, then each cell's data attribute `attr`.
fn rows(c: &HtmlElement, table: &str, attr: &str) -> Vec<(String, Option<f64>)> {
    let list = c
        .query_selector_all(&format!("#{table} tbody tr"))
        .expect("rows");
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| n.unchecked_into::<Element>())
        .map(|tr| {
            let name = tr
                .query_selector("th")
                .ok()
                .flatten()
                .and_then(|th| th.text_content())
                .unwrap_or_default();
            let value = tr
                .query_selector(&format!("[{attr}]"))
                .ok()
                .flatten()
                .and_then(|td| td.get_attribute(attr))
                .and_then(|v| v.parse::<f64>().ok());
            (name.trim().to_string(), value)
        })
        .collect()
}

/// The classic board's rows in board order: every square with its number, jail one row
/// (in jail and just visiting together, issue 31 point 11).
fn classic_names() -> Vec<String> {
    let b = Preset::Classic.board();
    b.squares()
        .iter()
        .enumerate()
        .map(|(i, sq)| format!("{i}. {}", sq.name))
        .collect()
}

/// An exact report as the board-order table lists it: jail as just visiting, then in jail.
fn exact_rows(report: &ExactReport) -> Vec<f64> {
    let b = Preset::Classic.board();
    let mut out = Vec::new();
    for sq in &report.squares {
        if b.jail() == Some(sq.index) {
            out.push(report.just_visiting + report.in_jail);
        } else {
            out.push(sq.probability);
        }
    }
    out
}

/// A simulation's report as the board-order table lists it.
fn simulated_rows(report: &LandingReport) -> Vec<f64> {
    let b = Preset::Classic.board();
    let mut out = Vec::new();
    for sq in &report.squares {
        if b.jail() == Some(sq.index) {
            out.push(report.just_visiting.frequency + report.in_jail.frequency);
        } else {
            out.push(sq.frequency);
        }
    }
    out
}

fn click_convention(c: &HtmlElement, name: &str) {
    let radio: HtmlInputElement = c
        .query_selector(&format!("input[type=radio][value={name}]"))
        .expect("q")
        .unwrap_or_else(|| panic!("the {name} convention"))
        .unchecked_into();
    radio.click();
}

/// The landing results' heading.
fn results_heading(c: &HtmlElement) -> String {
    c.query_selector(".stats-results h2")
        .ok()
        .flatten()
        .and_then(|h| h.text_content())
        .unwrap_or_default()
}

/// Each cell of `selector` with the numbers of its data attributes `attrs`, and its text.
fn cells(c: &HtmlElement, selector: &str, attrs: &[&str]) -> Vec<(Vec<f64>, String)> {
    let list = c.query_selector_all(selector).expect("cells");
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| n.unchecked_into::<Element>())
        .map(|td| {
            let values = attrs
                .iter()
                .map(|a| {
                    td.get_attribute(a)
                        .and_then(|v| v.parse::<f64>().ok())
                        .unwrap_or(f64::NAN)
                })
                .collect();
            (values, td.text_content().unwrap_or_default())
        })
        .collect()
}

/// Decimals in a shown percentage ("10.94%" has 2).
fn decimals_shown(text: &str) -> usize {
    let t = text.trim().trim_end_matches('%');
    t.split_once('.').map_or(0, |(_, d)| d.len())
}

#[wasm_bindgen_test]
async fn a_small_simulation_fills_both_tables_beside_the_exact_values() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    type_into(&c, "Games", "40");
    type_into(&c, "Turns per game", "60");
    type_into(&c, "Players", "3");
    button(&c, "Run simulation").click();
    until("the simulation and the exact chain", || {
        idle(&c)
            && c.query_selector("#stats-board-order [data-exact]")
                .ok()
                .flatten()
                .is_some()
    })
    .await;

    let order = rows(&c, "stats-board-order", "data-frequency");
    let names: Vec<String> = order.iter().map(|(n, _)| n.clone()).collect();
    assert_eq!(
        names,
        classic_names(),
        "every square in board order, jail one row"
    );
    let sum: f64 = order.iter().map(|(_, f)| f.expect("a frequency")).sum();
    assert!((sum - 1.0).abs() < 1e-9, "frequencies sum to {sum}");

    let ranked = rows(&c, "stats-by-frequency", "data-frequency");
    assert_eq!(ranked.len(), order.len());
    let values: Vec<f64> = ranked.iter().map(|(_, f)| f.unwrap_or(-1.0)).collect();
    assert!(
        values.windows(2).all(|w| w[0] >= w[1]),
        "the first table is sorted by frequency: {values:?}"
    );
    let mut sorted_names: Vec<String> = ranked.into_iter().map(|(n, _)| n).collect();
    sorted_names.sort();
    let mut all = names.clone();
    all.sort();
    assert_eq!(sorted_names, all, "both tables hold the same squares");

    let exact = rows(&c, "stats-board-order", "data-exact");
    let exact_sum: f64 = exact.iter().map(|(_, e)| e.expect("an exact value")).sum();
    assert!(
        (exact_sum - 1.0).abs() < 1e-6,
        "exact values sum to {exact_sum}"
    );

    let all_text = text(&c);
    assert!(
        all_text.contains("40 games × 60 turns × 3 players"),
        "{all_text}"
    );
    assert!(all_text.contains("7,200 turns simulated"), "{all_text}");
    // The chart draws one bar per row; the Jail row names its two parts beside it.
    let bars = c
        .query_selector_all(".stats-chart .stats-bar")
        .expect("bars");
    assert_eq!(bars.length() as usize, names.len());
    let parts = c
        .query_selector("#stats-board-order tbody tr:nth-child(11) .row-parts")
        .expect("q")
        .and_then(|td| td.text_content())
        .unwrap_or_default();
    assert!(
        parts.starts_with("in jail ") && parts.contains(", just visiting "),
        "{parts}"
    );
    // Payback follows from the solved chain.
    assert!(c
        .query_selector("#stats-lots-caption")
        .expect("q")
        .is_some());
    c.remove();
}

#[wasm_bindgen_test]
async fn simulated_rolls_come_close_to_the_exact_chain() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    type_into(&c, "Games", "300");
    type_into(&c, "Turns per game", "100");
    let rolls: HtmlInputElement = c
        .query_selector("input[type=radio][value=rolls]")
        .expect("q")
        .expect("the rolls convention")
        .unchecked_into();
    rolls.click();
    choose(&c, "Card decks", "random");
    button(&c, "Run simulation").click();
    until("the simulation and the exact chain", || {
        idle(&c)
            && c.query_selector("#stats-board-order [data-exact]")
                .ok()
                .flatten()
                .is_some()
    })
    .await;
    assert!(text(&c).contains("counting rolls, decks random"));
    let sim = rows(&c, "stats-board-order", "data-frequency");
    let exact = rows(&c, "stats-board-order", "data-exact");
    for ((name, s), (_, e)) in sim.iter().zip(&exact) {
        let (s, e) = (s.expect("simulated"), e.expect("exact"));
        assert!(
            (s - e).abs() < 0.008,
            "{name}: simulated {s} is far from exact {e}"
        );
    }
    // Go To Jail is never a resting place after a roll.
    let go_to_jail = exact
        .iter()
        .find(|(n, _)| n == "30. Go To Jail")
        .and_then(|(_, e)| *e);
    assert_eq!(go_to_jail, Some(0.0));
    c.remove();
}

#[wasm_bindgen_test]
async fn solving_exactly_shows_the_chain_and_payback_without_a_simulation() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    choose(&c, "Jail strategy", "leave");
    button(&c, "Solve exactly").click();
    until("the exact chain", || {
        idle(&c)
            && c.query_selector("#stats-lots-caption")
                .ok()
                .flatten()
                .is_some()
    })
    .await;
    let exact = rows(&c, "stats-board-order", "data-exact");
    assert_eq!(exact.len(), classic_names().len());
    assert!(
        c.query_selector("#stats-board-order [data-frequency]")
            .expect("q")
            .is_none(),
        "no simulated column without a simulation"
    );
    let all = text(&c);
    assert!(all.contains("jail strategy leave"), "{all}");
    for want in [
        "Boardwalk",
        "hotel",
        "dark blue",
        "railroads",
        "Opponent turns to pay back",
    ] {
        assert!(all.contains(want), "payback shows {want}");
    }
    // Boardwalk with a hotel: the figures the engine works out, as the table shows them.
    let b = Preset::Classic.board();
    let report = payback(&b, b.rules(), JailStrategy::Leave).expect("payback");
    let level = report
        .lots
        .iter()
        .find(|l| l.name == "Boardwalk")
        .and_then(|l| l.levels.iter().find(|x| x.level == "hotel"))
        .expect("Boardwalk has a hotel level");
    let section = c
        .query_selector_all("table[aria-labelledby=stats-lots-caption] tbody")
        .expect("lot sections");
    let boardwalk = (0..section.length())
        .filter_map(|i| section.item(i))
        .map(|n| n.unchecked_into::<Element>())
        .find(|tb| {
            tb.query_selector(".payback-title")
                .ok()
                .flatten()
                .and_then(|t| t.text_content())
                .as_deref()
                == Some("Boardwalk")
        })
        .expect("a Boardwalk section");
    let hotel: Vec<String> = {
        let trs = boardwalk.query_selector_all("tr").expect("rows");
        (0..trs.length())
            .filter_map(|i| trs.item(i))
            .map(|n| n.unchecked_into::<Element>())
            .find(|tr| {
                tr.query_selector("th")
                    .ok()
                    .flatten()
                    .and_then(|t| t.text_content())
                    .as_deref()
                    == Some("hotel")
            })
            .map(|tr| {
                let tds = tr.query_selector_all("td").expect("cells");
                (0..tds.length())
                    .filter_map(|i| tds.item(i))
                    .filter_map(|n| n.text_content())
                    .collect()
            })
            .expect("a hotel row")
    };
    assert_eq!(
        hotel,
        vec![
            format!("${:.2}", level.rent),
            format!("${:.2}", level.expected_rent),
            format!("${:.2}", level.cost as f64),
            format!("{:.1}", level.payback_turns.expect("pays back")),
        ]
    );
    c.remove();
}

#[wasm_bindgen_test]
async fn a_short_tournament_reports_every_seat_and_game() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    choose(&c, "Seats", "3");
    leptos::task::tick().await;
    choose(&c, "Seat 2 strategy", "random");
    choose(&c, "Seat 3 strategy", "cautious");
    type_into(&c, "Tournament games", "3");
    button(&c, "Run tournament").click();
    until("the tournament", || {
        idle(&c)
            && c.query_selector(".stats-tournament-results")
                .ok()
                .flatten()
                .is_some()
    })
    .await;
    let results = c
        .query_selector(".stats-tournament-results")
        .expect("q")
        .expect("results");
    assert_eq!(results.get_attribute("data-games").as_deref(), Some("3"));
    let seats = c
        .query_selector_all("table[aria-labelledby=stats-seats-caption] tbody tr")
        .expect("seat rows");
    assert_eq!(seats.length(), 3);
    let all = text(&c);
    assert!(all.contains("Seat 2") && all.contains("random") && all.contains("cautious"));
    assert!(all.contains("Game length in rounds"), "{all}");
    c.remove();
}

#[wasm_bindgen_test]
async fn cancel_stops_a_long_run_and_keeps_what_it_counted() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    type_into(&c, "Games", "1000000");
    button(&c, "Run simulation").click();
    leptos::task::tick().await;
    assert!(button(&c, "Run simulation").disabled(), "one run at a time");
    assert!(c.query_selector("progress").expect("q").is_some());
    sleep(50).await;
    button(&c, "Cancel").click();
    until("the cancelled run", || {
        idle(&c) && text(&c).contains("Cancelled after")
    })
    .await;
    assert!(c.query_selector("progress").expect("q").is_none());
    assert!(button(&c, "Cancel").disabled());
    c.remove();
}

#[wasm_bindgen_test]
async fn bad_options_are_refused_with_a_message() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    type_into(&c, "Games", "lots");
    button(&c, "Run simulation").click();
    leptos::task::tick().await;
    let alert = c
        .query_selector("[role=alert]")
        .expect("q")
        .expect("a message");
    let message = alert.text_content().unwrap_or_default();
    assert!(message.contains("Games"), "{message}");
    assert!(c.query_selector("#stats-board-order").expect("q").is_none());
    c.remove();
}

#[wasm_bindgen_test]
async fn typed_dice_are_traced_step_by_step() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    type_into(&c, "Dice values", "3 4, 6 6, 1 2");
    button(&c, "Trace").click();
    leptos::task::tick().await;
    let steps = c.query_selector_all(".trace-lines li").expect("steps");
    assert!(steps.length() > 4, "every step is listed");
    let all = text(&c);
    for want in [
        "Roll 3 + 4 = 7.",
        "Roll 6 + 6 = 12, doubles.",
        "Roll 1 + 2 = 3.",
    ] {
        assert!(all.contains(want), "{want} in {all}");
    }
    let first: Vec<String> = (0..steps.length())
        .filter_map(|i| steps.item(i))
        .filter_map(|n| n.text_content())
        .collect();

    // The compact form traces the same way.
    type_into(&c, "Dice values", "34 66 12");
    button(&c, "Trace").click();
    leptos::task::tick().await;
    let steps = c.query_selector_all(".trace-lines li").expect("steps");
    let second: Vec<String> = (0..steps.length())
        .filter_map(|i| steps.item(i))
        .filter_map(|n| n.text_content())
        .collect();
    assert_eq!(first, second);
    c.remove();
}

#[wasm_bindgen_test]
async fn bad_dice_say_what_is_wrong() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    type_into(&c, "Dice values", "3 4, six 6");
    button(&c, "Trace").click();
    leptos::task::tick().await;
    let alert = c
        .query_selector(".stats-trace [role=alert]")
        .expect("q")
        .expect("a message");
    let message = alert.text_content().unwrap_or_default();
    assert!(
        message.contains("'s'") && message.contains("not a die value"),
        "{message}"
    );
    assert!(c.query_selector(".trace-lines").expect("q").is_none());

    type_into(&c, "Dice values", "3 9");
    button(&c, "Trace").click();
    leptos::task::tick().await;
    let message = text(&c);
    assert!(message.contains("Die 2 shows 9"), "{message}");
    c.remove();
}

#[wasm_bindgen_test]
async fn the_editor_board_opens_the_lab_and_back_returns_to_the_editor() {
    let shared = Shared::default();
    let mut def = Preset::Mini.board_def();
    def.name = "Test Isle".to_string();
    shared.lab_board.set(Some(def));
    shared.lab_back.set(Screen::BoardMaker);
    let (c, screen) = mount_lab(shared);
    leptos::task::tick().await;
    let select: HtmlSelectElement = field(&c, "Board").unchecked_into();
    let shown = select
        .selected_options()
        .item(0)
        .and_then(|o| o.text_content())
        .unwrap_or_default();
    assert_eq!(shown, "Test Isle (being edited)");
    type_into(&c, "Games", "5");
    button(&c, "Run simulation").click();
    until("the simulation", || {
        idle(&c) && text(&c).contains("Simulated on Test Isle")
    })
    .await;
    button(&c, "Back").click();
    leptos::task::tick().await;
    assert_eq!(screen.get_untracked(), Screen::BoardMaker);
    assert_eq!(shared.lab_board.get_untracked(), None);
    c.remove();
}

#[wasm_bindgen_test]
async fn the_menu_opens_the_labs_page_and_the_lab_opens_on_what_it_was_handed() {
    clear_app_storage();
    let _ = web_sys::window()
        .and_then(|w| w.session_storage().ok().flatten())
        .map(|s| s.clear());
    // The lab is a page of its own: the menu loads it (recorded here instead of made).
    let loads_before = monopoly_worlds::common::context::record_page_loads().len();
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::App).forget();
    leptos::task::tick().await;
    button(&c, "Statistics").click();
    leptos::task::tick().await;
    let loads = monopoly_worlds::common::context::record_page_loads();
    assert_eq!(loads[loads_before..], ["lab.html".to_string()]);
    c.remove();

    // The lab's page opens on the board the editor handed over, and its Back button goes
    // to the Board Maker's page.
    let mut def = Preset::Mini.board_def();
    def.name = "Handed Isle".to_string();
    let from_editor = Shared::default();
    from_editor.lab_board.set(Some(def));
    from_editor.lab_back.set(Screen::BoardMaker);
    monopoly_worlds::common::context::hand_over(&from_editor, Screen::Statistics);
    let c = container();
    leptos::mount::mount_to(c.clone(), monopoly_worlds::lab::app::LabApp).forget();
    leptos::task::tick().await;
    let shown = c
        .query_selector(".stats-options select")
        .expect("q")
        .and_then(|s| s.dyn_into::<HtmlSelectElement>().ok())
        .and_then(|s| s.selected_options().item(0))
        .and_then(|o| o.text_content())
        .unwrap_or_default();
    assert_eq!(shown, "Handed Isle (being edited)");
    button(&c, "Back").click();
    leptos::task::tick().await;
    let loads = monopoly_worlds::common::context::record_page_loads();
    assert_eq!(loads.last().map(String::as_str), Some("maker.html"));
    c.remove();
}

#[wasm_bindgen_test]
async fn the_exact_solve_runs_in_slices_and_can_be_cancelled() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    button(&c, "Solve exactly").click();
    leptos::task::tick().await;
    assert!(
        text(&c).contains("Solving the exact chain"),
        "progress is shown"
    );
    assert!(c.query_selector("progress").expect("q").is_some());
    button(&c, "Cancel").click();
    until("the cancelled solve", || idle(&c)).await;
    sleep(300).await;
    leptos::task::tick().await;
    assert!(
        c.query_selector("#stats-lots-caption")
            .expect("q")
            .is_none(),
        "a cancelled solve shows no payback"
    );
    assert!(c.query_selector("#stats-board-order").expect("q").is_none());
    // Solving again runs to the end.
    button(&c, "Solve exactly").click();
    until("the exact chain", || {
        idle(&c)
            && c.query_selector("#stats-lots-caption")
                .ok()
                .flatten()
                .is_some()
    })
    .await;
    c.remove();
}

#[wasm_bindgen_test]
async fn after_a_simulation_solving_exactly_follows_the_counting_option() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    type_into(&c, "Games", "40");
    type_into(&c, "Turns per game", "60");
    button(&c, "Run simulation").click();
    until("the simulation and the exact chain", || {
        idle(&c)
            && c.query_selector("#stats-board-order [data-exact]")
                .ok()
                .flatten()
                .is_some()
    })
    .await;

    click_convention(&c, "turns");
    button(&c, "Solve exactly").click();
    until("the exact chain", || {
        idle(&c)
            && c.query_selector("#stats-board-order [data-exact]")
                .ok()
                .flatten()
                .is_some()
    })
    .await;

    // The exact column is the chain's turns distribution, worked out here with the engine.
    let b = Preset::Classic.board();
    let chain = Chain::solve(&b, b.rules(), JailStrategy::Stay).expect("the chain");
    let want = exact_rows(&chain.report(Count::Turns));
    let shown = rows(&c, "stats-board-order", "data-exact");
    assert_eq!(shown.len(), want.len());
    for ((name, got), want) in shown.iter().zip(&want) {
        let got = got.expect("an exact value");
        assert!(
            (got - want).abs() < 1e-12,
            "{name}: shown {got}, turns {want}"
        );
    }
    // Jail's exact share counting turns is not the landings one.
    let landings = exact_rows(&chain.report(Count::Landings));
    assert!(shown
        .iter()
        .zip(&landings)
        .any(|((_, got), l)| (got.unwrap_or(0.0) - l).abs() > 1e-6));

    // The simulated column is the same run's turns tally.
    let mut sim = Simulation::new(
        &b,
        b.rules(),
        SimulationConfig {
            games: 40,
            turns: 60,
            players: 2,
            seed: 1,
            count: Count::Turns,
            decks: Decks::Shuffled,
            jail: JailStrategy::Stay,
        },
    );
    sim.run();
    let want = simulated_rows(&sim.report(Count::Turns));
    let shown = rows(&c, "stats-board-order", "data-frequency");
    for ((name, got), want) in shown.iter().zip(&want) {
        assert_eq!(got.expect("simulated"), *want, "{name}");
    }
    let heading = results_heading(&c);
    assert!(heading.contains("counting turns"), "{heading}");
    let all = text(&c);
    assert!(!all.contains("counting landings"), "{all}");
    assert!(all.contains("counting turns, decks shuffled"), "{all}");
    c.remove();
}

#[wasm_bindgen_test]
async fn a_simulation_of_other_decks_or_jail_strategy_is_named_out_of_date_not_shown() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    type_into(&c, "Games", "10");
    type_into(&c, "Turns per game", "30");
    button(&c, "Run simulation").click();
    until("the simulation and the exact chain", || {
        idle(&c)
            && c.query_selector("#stats-board-order [data-exact]")
                .ok()
                .flatten()
                .is_some()
    })
    .await;
    let simulated = || {
        c.query_selector("#stats-board-order [data-frequency]")
            .expect("q")
            .is_some()
    };
    assert!(simulated());

    choose(&c, "Card decks", "random");
    leptos::task::tick().await;
    assert!(
        !simulated(),
        "a shuffled-decks run is not shown for random decks"
    );
    let all = text(&c);
    assert!(all.contains("does not match the options above"), "{all}");
    // The exact chain (cards at random, jail strategy stay) still fits.
    assert!(c
        .query_selector("#stats-board-order [data-exact]")
        .expect("q")
        .is_some());

    choose(&c, "Card decks", "shuffled");
    leptos::task::tick().await;
    assert!(simulated(), "back to the options it was run with");

    choose(&c, "Jail strategy", "leave");
    leptos::task::tick().await;
    assert!(!simulated());
    assert!(
        c.query_selector("#stats-board-order [data-exact]")
            .expect("q")
            .is_none(),
        "the chain of jail strategy stay is not shown for leave"
    );
    assert!(text(&c).contains("does not match the options above"));
    c.remove();
}

#[wasm_bindgen_test]
async fn every_row_names_its_square_number() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    type_into(&c, "Games", "1");
    type_into(&c, "Turns per game", "10");
    button(&c, "Run simulation").click();
    until("the simulation and the exact chain", || {
        idle(&c)
            && c.query_selector("#stats-board-order [data-exact]")
                .ok()
                .flatten()
                .is_some()
    })
    .await;
    for table in ["stats-board-order", "stats-by-frequency"] {
        let names: Vec<String> = rows(&c, table, "data-exact")
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        let mut distinct = names.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), names.len(), "{table}: {names:?}");
        for n in &names {
            let number = n.split_once(". ").map(|(k, _)| k.parse::<usize>());
            assert!(matches!(number, Some(Ok(_))), "{table}: {n} has no number");
        }
        for want in [
            "7. Chance",
            "22. Chance",
            "36. Chance",
            "2. Community Chest",
            "17. Community Chest",
            "33. Community Chest",
            "10. Jail",
        ] {
            assert!(names.iter().any(|n| n == want), "{table} lacks {want}");
        }
    }
    // One game: said in the singular, and no interval can be measured from it.
    let all = text(&c);
    assert!(all.contains("1 game × 10 turns × 2 players"), "{all}");
    assert!(!all.contains("1 games"), "{all}");
    assert!(all.contains("With one game there is no interval"), "{all}");
    c.remove();
}

#[wasm_bindgen_test]
fn digits_follow_the_width_of_the_interval() {
    assert_eq!(decimals_for(0.0005), 2, "±0.05% shows 2 decimals");
    assert_eq!(decimals_for(0.005), 1);
    assert_eq!(decimals_for(0.05), 0);
    assert_eq!(decimals_for(0.12), 0);
    // 38 wins of 50 games: 76% give or take about 12 points, shown whole.
    let e = wilson(38, 50).expect("games");
    assert_eq!(e.value_text(), "76%");
    assert!(e.low < 0.76 && 0.76 < e.high && e.high - e.low > 0.2);
    assert_eq!(wilson(0, 0), None);
}

#[wasm_bindgen_test]
async fn simulated_shares_show_a_95_percent_interval_with_the_digits_it_allows() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    type_into(&c, "Games", "200");
    type_into(&c, "Turns per game", "100");
    click_convention(&c, "rolls");
    choose(&c, "Card decks", "random");
    button(&c, "Run simulation").click();
    until("the simulation and the exact chain", || {
        idle(&c)
            && c.query_selector("#stats-board-order [data-exact]")
                .ok()
                .flatten()
                .is_some()
    })
    .await;
    let header = c
        .query_selector("#stats-board-order thead")
        .expect("q")
        .and_then(|h| h.text_content())
        .unwrap_or_default();
    assert!(header.contains("95% interval"), "{header}");

    let freq = cells(
        &c,
        "#stats-board-order [data-frequency]",
        &["data-frequency"],
    );
    let intervals = cells(
        &c,
        "#stats-board-order [data-half-width]",
        &["data-low", "data-high", "data-half-width"],
    );
    let exact = rows(&c, "stats-board-order", "data-exact");
    assert_eq!(freq.len(), exact.len());
    assert_eq!(intervals.len(), exact.len(), "an interval on every row");
    let mut inside = 0;
    for (((f, shown), (bounds, words)), (name, e)) in freq.iter().zip(&intervals).zip(&exact) {
        let (f, e) = (f[0], e.expect("exact"));
        let (low, high, half) = (bounds[0], bounds[1], bounds[2]);
        assert!(
            low <= f && f <= high,
            "{name}: {f} outside its interval {words}"
        );
        if low <= e && e <= high {
            inside += 1;
        }
        // The digits: the last one shown is the first the interval leaves in doubt.
        let d = decimals_shown(shown);
        // A share that never varies (Go To Jail never holds a token after a roll) is whole.
        let want = if half == 0.0 && f == 0.0 {
            0
        } else {
            decimals_for(half)
        };
        assert_eq!(d, want, "{name}: {shown} ± {half}");
        let pct = half * 100.0;
        if (1..3).contains(&d) {
            assert!(
                10f64.powi(-(d as i32)) <= pct && pct < 10f64.powi(1 - d as i32),
                "{name}: {shown} with a half-width of {pct}%"
            );
        }
        assert!(words.contains('–') && words.ends_with('%'), "{words}");
    }
    // 95% intervals: nearly every exact share falls inside (41 rows, about 2 may not).
    web_sys::console::log_1(
        &format!("{inside} of {} intervals hold the exact share", exact.len()).into(),
    );
    assert!(
        inside >= exact.len() - 5,
        "only {inside} of {} intervals hold the exact share",
        exact.len()
    );
    c.remove();
}

#[wasm_bindgen_test]
async fn tournaments_rotate_seats_and_give_win_rates_with_intervals() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    choose(&c, "Seat 1 strategy", "balanced");
    choose(&c, "Seat 2 strategy", "random");
    type_into(&c, "Tournament games", "4");
    let rotate: HtmlInputElement = field(&c, "Rotate seating").unchecked_into();
    assert!(rotate.checked(), "seats rotate by default");
    button(&c, "Run tournament").click();
    until("the tournament", || {
        idle(&c)
            && c.query_selector(".stats-tournament-results")
                .ok()
                .flatten()
                .is_some()
    })
    .await;
    // Each strategy sat twice in each seat.
    let by_seat = cells(
        &c,
        "table[aria-labelledby=stats-strategy-seats-caption] tbody td",
        &["data-games"],
    );
    assert_eq!(by_seat.len(), 4);
    assert!(by_seat.iter().all(|(g, _)| g[0] == 2.0), "{by_seat:?}");
    assert!(text(&c).contains("each strategy sat in each seat 2 times"));
    // Win rates: the digits their (wide) interval allows, and the interval.
    for table in ["stats-seats-caption", "stats-strategies-caption"] {
        let rates = cells(
            &c,
            &format!("table[aria-labelledby={table}] [data-rate]"),
            &["data-rate"],
        );
        let intervals = cells(
            &c,
            &format!("table[aria-labelledby={table}] [data-low]"),
            &["data-low", "data-high"],
        );
        assert_eq!(rates.len(), 2);
        assert_eq!(intervals.len(), 2);
        for ((r, shown), (b, _)) in rates.iter().zip(&intervals) {
            assert_eq!(decimals_shown(shown), 0, "{shown} from 4 games");
            assert!(b[0] <= r[0] && r[0] <= b[1], "{shown} outside {b:?}");
        }
    }
    let head = c
        .query_selector("table[aria-labelledby=stats-seats-caption] thead")
        .expect("q")
        .and_then(|h| h.text_content())
        .unwrap_or_default();
    assert!(head.contains("95% interval"), "{head}");

    // Without rotation the games are the engine's own tournament, seat for seat.
    rotate.click();
    leptos::task::tick().await;
    type_into(&c, "Tournament games", "2");
    button(&c, "Run tournament").click();
    until("the tournament", || {
        idle(&c)
            && c.query_selector(".stats-tournament-results")
                .ok()
                .flatten()
                .is_some_and(|r| r.get_attribute("data-games").as_deref() == Some("2"))
    })
    .await;
    let b = Preset::Classic.board();
    let mut engine = Tournament::new(
        &b,
        b.rules(),
        TournamentConfig {
            games: 2,
            seats: vec!["balanced".into(), "random".into()],
            seed: 1,
            ..TournamentConfig::default()
        },
    )
    .expect("a tournament");
    engine.run().expect("runs");
    let report = engine.result();
    let wins: Vec<String> = {
        let trs = c
            .query_selector_all("table[aria-labelledby=stats-seats-caption] tbody tr")
            .expect("rows");
        (0..trs.length())
            .filter_map(|i| trs.item(i))
            .map(|n| n.unchecked_into::<Element>())
            .map(|tr| {
                let tds = tr.query_selector_all("td").expect("cells");
                tds.item(1)
                    .and_then(|t| t.text_content())
                    .unwrap_or_default()
            })
            .collect()
    };
    let want: Vec<String> = report.seats.iter().map(|s| s.wins.to_string()).collect();
    assert_eq!(wins, want);
    let by_seat = cells(
        &c,
        "table[aria-labelledby=stats-strategy-seats-caption] tbody td",
        &["data-games"],
    );
    let games: Vec<f64> = by_seat.iter().map(|(g, _)| g[0]).collect();
    assert_eq!(games, vec![2.0, 0.0, 0.0, 2.0], "each keeps its seat");
    c.remove();
}

#[wasm_bindgen_test]
async fn trace_counts_are_worded_in_the_singular_and_the_plural() {
    let (c, _) = mount_lab(Shared::default());
    leptos::task::tick().await;
    type_into(&c, "Dice values", "3 4");
    button(&c, "Trace").click();
    leptos::task::tick().await;
    let all = text(&c);
    assert!(all.contains("Tallies after 1 roll and 1 turn."), "{all}");
    assert!(
        !all.contains("1 rolls") && !all.contains("1 turns"),
        "{all}"
    );
    type_into(&c, "Dice values", "3 4, 6 6, 1 2");
    button(&c, "Trace").click();
    leptos::task::tick().await;
    assert!(text(&c).contains("Tallies after 3 rolls and 2 turns."));
    c.remove();
}
