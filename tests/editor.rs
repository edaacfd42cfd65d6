//! The Board Maker in headless Chromium: its editing model (add and remove squares, types,
//! Jokers, groups, undo, card targets following a rename) and its screens (the board list,
//! editing a square, live problems, Save and Save over, leaving with unsaved changes, import
//! refusals, the trash, the statistics lab). Screens are found by role and name.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlButtonElement, HtmlElement, HtmlInputElement, HtmlSelectElement};
use worlds_engine::cards::CardEffect;
use worlds_engine::{BoardError, Preset, SquareKind};

use monopoly_worlds::common::context::{Navigator, Screen, SettingsStore, Shared};
use monopoly_worlds::common::storage::{worlds, LocalStore};
use monopoly_worlds::maker::editor::square_views;
use monopoly_worlds::maker::list::BoardMaker;
use monopoly_worlds::maker::model::EditorState;

wasm_bindgen_test_configure!(run_in_browser);

// ---------------------------------------------------------------------------------------
// The editing model.

#[wasm_bindgen_test]
fn problems_come_from_the_engine_and_flag_their_squares() {
    let mut s = EditorState::new_world();
    let mut joker = s.def().squares[4].clone();
    joker.kind = SquareKind::Joker {
        move_by: 2,
        wait: 1,
        money: 0,
        pay_each_player: 0,
    };
    s.set_square(4, joker)
        .expect("the model keeps what the player typed");
    let mut nameless = s.def().squares[6].clone();
    nameless.name = String::new();
    s.set_square(6, nameless).expect("kept");
    let problems = s.problems();
    assert!(problems
        .iter()
        .any(|p| matches!(p, BoardError::JokerMoveAndWait { square: 4, .. })));
    assert!(problems.contains(&BoardError::EmptySquareName { square: 6 }));
    assert!(!s.is_playable());
    let views = square_views(s.def(), &problems, Some(6));
    assert!(views[4].flagged && views[6].flagged);
    assert!(!views[1].flagged);
    assert!(views[6].selected && !views[4].selected);
    assert_eq!(views.len(), 40);
    assert_eq!(views[1].detail, "$60");
    assert_eq!(
        views[1].band.as_deref(),
        Some(s.def().groups[0].color.as_str())
    );
}

// ---------------------------------------------------------------------------------------
// The screens.

fn container() -> HtmlElement {
    let c: HtmlElement = document()
        .create_element("div")
        .expect("a div")
        .unchecked_into();
    document()
        .body()
        .expect("a body")
        .append_child(&c)
        .expect("append");
    c
}

fn clear_app_storage() {
    // An earlier test's game may have an autosave due (written a frame after its last
    // action): it is written now, not into this test's storage.
    monopoly_worlds::game::autosave::flush_autosave();
    let store = LocalStore::open().expect("localStorage");
    for name in store.names().expect("names") {
        store.remove(&name).expect("remove");
    }
}

/// Every stored key and value of the app.
fn snapshot() -> Vec<(String, String)> {
    let store = LocalStore::open().expect("localStorage");
    store
        .names()
        .expect("names")
        .into_iter()
        .map(|n| {
            let v = store.get(&n).expect("get").unwrap_or_default();
            (n, v)
        })
        .collect()
}

/// Buttons whose accessible name (aria-label, else text) is `name`, outside hidden parts.
fn buttons(root: &HtmlElement, name: &str) -> Vec<HtmlButtonElement> {
    let list = root.query_selector_all("button").expect("buttons");
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| n.unchecked_into::<HtmlButtonElement>())
        .filter(|b| b.closest("[aria-hidden='true']").ok().flatten().is_none())
        .filter(|b| {
            let label = b
                .get_attribute("aria-label")
                .or_else(|| b.text_content())
                .unwrap_or_default();
            label.trim() == name
        })
        .collect()
}

fn button(root: &HtmlElement, name: &str) -> HtmlButtonElement {
    let mut found = buttons(root, name);
    assert_eq!(found.len(), 1, "expected one button named {name:?}");
    found.remove(0)
}

/// The form control inside the label whose text starts with `label`.
fn field<T: JsCast>(root: &HtmlElement, label: &str) -> T {
    let labels = root.query_selector_all("label").expect("labels");
    (0..labels.length())
        .filter_map(|i| labels.item(i))
        .map(|n| n.unchecked_into::<HtmlElement>())
        .find(|l| {
            l.query_selector("span")
                .ok()
                .flatten()
                .and_then(|s| s.text_content())
                .or_else(|| l.text_content())
                .is_some_and(|t| t.trim() == label)
        })
        .and_then(|l| match l.get_attribute("for") {
            Some(id) => document().get_element_by_id(&id),
            None => l.query_selector("input, select").ok().flatten(),
        })
        .unwrap_or_else(|| panic!("no field labelled {label:?}"))
        .unchecked_into()
}

fn type_into(input: &HtmlInputElement, value: &str) {
    input.set_value(value);
    input
        .dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
}

fn choose(select: &HtmlSelectElement, value: &str) {
    select.set_value(value);
    select
        .dispatch_event(&web_sys::Event::new("change").expect("event"))
        .expect("dispatch");
}

fn text(root: &HtmlElement) -> String {
    root.text_content().unwrap_or_default()
}

async fn settle() {
    for _ in 0..4 {
        leptos::task::tick().await;
    }
}

/// Waits for the browser (file reads are real promises).
async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .expect("a timer");
    });
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .expect("the timer fires");
    settle().await;
}

/// The maker's text once it says `needle` (a file is read by a real promise, which a loaded
/// machine may take a while to keep), or as it is after 5 s.
async fn text_saying(root: &HtmlElement, needle: &str) -> String {
    for _ in 0..100 {
        let t = text(root);
        if t.contains(needle) {
            return t;
        }
        sleep(50).await;
    }
    text(root)
}

/// Esc pressed with the focus on the page (not in a dialog).
fn press_escape() {
    js_sys::Function::new_no_args(
        "window.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true}));",
    )
    .call0(&wasm_bindgen::JsValue::NULL)
    .expect("Esc is pressed");
}

/// The name a square shows (drawn in its shadow root when hyphenated), soft hyphens out.
fn shown_name(sq: &HtmlButtonElement) -> String {
    let name = sq
        .query_selector(".sq-name")
        .expect("query")
        .expect("a name");
    name.shadow_root()
        .and_then(|r| r.text_content())
        .or_else(|| name.text_content())
        .unwrap_or_default()
        .replace('\u{ad}', "")
}

/// Whether a dialog named `title` is open in `c`.
fn dialog_open(c: &HtmlElement, title: &str) -> bool {
    let list = c.query_selector_all("[role='dialog']").expect("dialogs");
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| n.unchecked_into::<HtmlElement>())
        .any(|d| {
            d.query_selector(".modal-title")
                .ok()
                .flatten()
                .and_then(|t| t.text_content())
                .is_some_and(|t| t == title)
        })
}

/// Mounts the Board Maker over fresh storage; returns the screen and the shared context.
fn mount_maker() -> (HtmlElement, RwSignal<Screen>, Shared) {
    clear_app_storage();
    let c = container();
    let screen = RwSignal::new(Screen::BoardMaker);
    let shared = Shared::default();
    leptos::mount::mount_to(c.clone(), move || {
        provide_context(Navigator::new(screen));
        provide_context(shared);
        provide_context(SettingsStore::load());
        view! { <BoardMaker /> }
    })
    .forget();
    (c, screen, shared)
}

/// The ring's square `i` (a button in the editor).
fn square(c: &HtmlElement, i: usize) -> HtmlButtonElement {
    let list = c
        .query_selector_all(".board-ring button.sq")
        .expect("squares");
    list.item(i as u32)
        .expect("the square exists")
        .unchecked_into()
}

fn sets_files(input: &HtmlInputElement, name: &str, content: &str) {
    let f = js_sys::Function::new_with_args(
        "input, name, text",
        "const dt = new DataTransfer();\
         dt.items.add(new File([text], name, {type: 'application/json'}));\
         input.files = dt.files;\
         input.dispatchEvent(new Event('change', {bubbles: true}));",
    );
    f.call3(
        &wasm_bindgen::JsValue::NULL,
        input,
        &name.into(),
        &content.into(),
    )
    .expect("the file is set");
}

#[wasm_bindgen_test]
async fn a_new_world_is_edited_square_by_square_and_saved() {
    let (c, _, _) = mount_maker();
    assert!(text(&c).contains("No world yet"));
    button(&c, "New world").click();
    settle().await;
    assert_eq!(
        c.query_selector_all(".board-ring button.sq")
            .expect("squares")
            .length(),
        40,
        "the Worlds template drawn as in play"
    );
    square(&c, 1).click();
    settle().await;
    type_into(&field(&c, "Square name"), "Mars Avenue");
    settle().await;
    assert!(
        square(&c, 1)
            .text_content()
            .unwrap_or_default()
            .contains("Mars Avenue"),
        "the ring shows the draft as it is typed"
    );
    // Issue 31, point 13: what the square draws (its shadow text when hyphenated) follows
    // a rename, from a short name to a long one and back.
    assert_eq!(shown_name(&square(&c, 1)), "Mars Avenue");
    type_into(&field(&c, "Square name"), "Pennsylvania Boulevard");
    settle().await;
    assert_eq!(shown_name(&square(&c, 1)), "Pennsylvania Boulevard");
    type_into(&field(&c, "Square name"), "Mars Avenue");
    settle().await;
    assert_eq!(shown_name(&square(&c, 1)), "Mars Avenue");
    button(&c, "Done").click();
    settle().await;
    assert!(text(&c).contains("Unsaved changes"));
    type_into(&field(&c, "Board name"), "My World");
    settle().await;
    button(&c, "Save").click();
    settle().await;
    assert!(text(&c).contains("Saved \"My World\"."), "{}", text(&c));
    assert!(text(&c).contains("All changes saved"));
    let store = LocalStore::open().expect("store");
    let list = worlds::list(&store).expect("list");
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].name, "My World");
    assert!(list[0].playable);
    let saved = worlds::load(&store, &list[0].id).expect("load");
    assert_eq!(saved.def.squares[1].name, "Mars Avenue");
    c.remove();
}

#[wasm_bindgen_test]
async fn back_on_a_square_drops_its_changes_and_types_change_the_fields() {
    let (c, _, _) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    square(&c, 4).click();
    settle().await;
    choose(&field(&c, "Type"), "joker");
    settle().await;
    let move_radio: HtmlInputElement = c
        .query_selector("input[type='radio'][name='joker-mode']:nth-of-type(1)")
        .expect("query")
        .expect("radios")
        .unchecked_into();
    assert_eq!(move_radio.type_(), "radio");
    choose(&field(&c, "Type"), "tax");
    settle().await;
    type_into(&field(&c, "Amount to pay"), "75");
    settle().await;
    assert!(square(&c, 4)
        .text_content()
        .unwrap_or_default()
        .contains("Pay $75"));
    button(&c, "Back").click();
    settle().await;
    assert!(
        !square(&c, 4)
            .text_content()
            .unwrap_or_default()
            .contains("Pay $75"),
        "Back drops the draft"
    );
    assert!(text(&c).contains("Not saved yet"));
    c.remove();
}

#[wasm_bindgen_test]
async fn a_new_color_group_and_a_joker_from_the_panel() {
    let (c, _, _) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    square(&c, 3).click();
    settle().await;
    button(&c, "New group").click();
    settle().await;
    type_into(&field(&c, "Group name"), "Mars");
    type_into(&field(&c, "Group color"), "#c1440e");
    button(&c, "Create group").click();
    settle().await;
    let group: HtmlSelectElement = field(&c, "Group");
    assert_eq!(group.value(), "Mars", "the lot joins the new group");
    button(&c, "Done").click();
    settle().await;
    let band = square(&c, 3)
        .query_selector(".sq-band")
        .expect("query")
        .expect("a band")
        .unchecked_into::<HtmlElement>();
    assert_eq!(
        band.style()
            .get_property_value("background")
            .unwrap_or_default()
            .replace(' ', ""),
        "rgb(193,68,14)"
    );

    square(&c, 10).click();
    settle().await;
    let radios = c
        .query_selector_all("input[name='joker-mode']")
        .expect("radios");
    let wait: HtmlInputElement = radios.item(2).expect("Wait").unchecked_into();
    wait.set_checked(true);
    wait.dispatch_event(&web_sys::Event::new("change").expect("event"))
        .expect("dispatch");
    settle().await;
    type_into(&field(&c, "Turns to wait"), "2");
    type_into(&field(&c, "Money (positive: gain, negative: loss)"), "-30");
    settle().await;
    button(&c, "Done").click();
    settle().await;
    button(&c, "Save").click();
    settle().await;
    let store = LocalStore::open().expect("store");
    let list = worlds::list(&store).expect("list");
    assert_eq!(list.len(), 1);
    let def = worlds::load(&store, &list[0].id).expect("load").def;
    assert!(def
        .groups
        .iter()
        .any(|g| g.name == "Mars" && g.color == "#c1440e"));
    assert_eq!(
        def.squares[10].kind,
        SquareKind::Joker {
            move_by: 0,
            wait: 2,
            money: -30,
            pay_each_player: 0
        }
    );
    c.remove();
}

#[wasm_bindgen_test]
async fn problems_are_listed_and_flagged_and_a_broken_world_saves_as_a_draft() {
    let (c, _, _) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    assert!(text(&c).contains("This world can be played."));
    square(&c, 6).click();
    settle().await;
    type_into(&field(&c, "Square name"), "");
    settle().await;
    assert!(
        text(&c).contains("Square 7 needs a name."),
        "the panel lists the square's problem live"
    );
    button(&c, "Done").click();
    settle().await;
    assert!(square(&c, 6).class_name().contains("flagged"));
    assert!(
        square(&c, 6)
            .get_attribute("aria-label")
            .unwrap_or_default()
            .ends_with("has a problem"),
        "a screen reader hears the problem too"
    );
    assert!(!square(&c, 5).class_name().contains("flagged"));
    assert!(text(&c).contains("cannot be played yet (1 problem)"));
    let problems = c
        .query_selector(".problems-panel")
        .expect("query")
        .expect("the problem list");
    assert!(problems
        .text_content()
        .unwrap_or_default()
        .contains("Square 7 needs a name."));
    button(&c, "Save").click();
    settle().await;
    assert!(text(&c).contains("as a draft"));
    let store = LocalStore::open().expect("store");
    let list = worlds::list(&store).expect("list");
    assert_eq!(list.len(), 1);
    assert!(!list[0].playable, "kept as a draft");
    c.remove();
}

#[wasm_bindgen_test]
async fn leaving_with_unsaved_changes_asks_first() {
    let (c, _, _) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    button(&c, "Back").click();
    settle().await;
    assert_eq!(
        buttons(&c, "New world").len(),
        1,
        "nothing to lose: straight back"
    );

    button(&c, "New world").click();
    settle().await;
    type_into(&field(&c, "Board name"), "Half done");
    settle().await;
    button(&c, "Back").click();
    settle().await;
    assert!(text(&c).contains("Leave without saving?"));
    button(&c, "Cancel").click();
    settle().await;
    assert!(!text(&c).contains("Leave without saving?"));
    assert_eq!(
        field::<HtmlInputElement>(&c, "Board name").value(),
        "Half done"
    );

    // Esc opens the menu, whose Exit editing asks too.
    press_escape();
    settle().await;
    button(&c, "Exit editing").click();
    settle().await;
    assert!(text(&c).contains("Leave without saving?"));
    button(&c, "Exit without saving").click();
    settle().await;
    assert_eq!(buttons(&c, "New world").len(), 1);
    assert!(snapshot().is_empty(), "nothing was stored");
    c.remove();
}

#[wasm_bindgen_test]
async fn saving_over_a_saved_world_asks_and_save_as_new_asks_a_name() {
    let (c, _, _) = mount_maker();
    let store = LocalStore::open().expect("store");
    let mut def = Preset::Mini.board_def();
    def.name = "Pocket".into();
    let saved = worlds::save_new(&store, &def, 1000).expect("saved");
    c.remove();
    let c = container();
    let screen = RwSignal::new(Screen::BoardMaker);
    leptos::mount::mount_to(c.clone(), move || {
        provide_context(Navigator::new(screen));
        provide_context(Shared::default());
        view! { <BoardMaker /> }
    })
    .forget();
    settle().await;
    assert!(text(&c).contains("Pocket"));
    button(&c, "Edit").click();
    settle().await;
    type_into(&field(&c, "Salary"), "250");
    settle().await;
    button(&c, "Save").click();
    settle().await;
    assert!(text(&c).contains("Save over \"Pocket\"?"));
    button(&c, "Cancel").click();
    settle().await;
    assert_eq!(
        worlds::load(&store, &saved.id)
            .expect("load")
            .def
            .rules
            .salary,
        200,
        "nothing written before the player agrees"
    );
    button(&c, "Save").click();
    settle().await;
    button(&c, "Save").click();
    settle().await;
    assert_eq!(
        worlds::load(&store, &saved.id)
            .expect("load")
            .def
            .rules
            .salary,
        250
    );

    button(&c, "Save as new").click();
    settle().await;
    type_into(&field(&c, "Name of the new world"), "Pocket two");
    button(&c, "Save").click();
    settle().await;
    let names: Vec<String> = worlds::list(&store)
        .expect("list")
        .into_iter()
        .map(|w| w.name)
        .collect();
    assert_eq!(names.len(), 2);
    assert!(names.contains(&"Pocket".to_string()) && names.contains(&"Pocket two".to_string()));
    c.remove();
}

#[wasm_bindgen_test]
async fn a_broken_file_is_refused_with_the_reason_and_nothing_changes() {
    let (c, _, _) = mount_maker();
    let before = snapshot();
    let import: HtmlInputElement = field(&c, "Import");
    sets_files(
        &import,
        "broken.json",
        "{\"name\": \"Oops\", \"squares\": [",
    );
    let t = text_saying(&c, "broken.json was not imported.").await;
    assert!(t.contains("broken.json was not imported."), "{t}");
    assert!(t.contains("not valid JSON"), "{t}");
    assert_eq!(snapshot(), before, "nothing stored changed");

    let mut def = Preset::Mini.board_def();
    def.squares.truncate(5);
    sets_files(&import, "small.json", &def.to_json());
    let t = text_saying(&c, "small.json was not imported.").await;
    assert!(t.contains("small.json was not imported."), "{t}");
    assert!(t.contains("between 10 and 60"), "{t}");
    assert_eq!(snapshot(), before);

    let mut good = Preset::Campus.board_def();
    good.name = "Imported campus".into();
    let file = worlds::export(&good, 5).expect("exported");
    sets_files(&import, "campus.json", &file);
    let t = text_saying(&c, "Imported \"Imported campus\".").await;
    assert!(t.contains("Imported \"Imported campus\"."), "{t}");
    assert!(text(&c).contains("Imported campus"));
    c.remove();
}

#[wasm_bindgen_test]
async fn delete_moves_a_world_to_the_trash_and_restore_brings_it_back() {
    let (c, _, _) = mount_maker();
    let store = LocalStore::open().expect("store");
    let mut def = Preset::Mini.board_def();
    def.name = "Doomed".into();
    worlds::save_new(&store, &def, 1000).expect("saved");
    c.remove();
    let c = container();
    leptos::mount::mount_to(c.clone(), move || {
        provide_context(Navigator::new(RwSignal::new(Screen::BoardMaker)));
        provide_context(Shared::default());
        view! { <BoardMaker /> }
    })
    .forget();
    settle().await;
    button(&c, "Delete").click();
    settle().await;
    assert!(text(&c).contains("Moved \"Doomed\" to the trash."));
    assert!(worlds::list(&store).expect("list").is_empty());
    button(&c, "Trash").click();
    settle().await;
    button(&c, "Restore").click();
    settle().await;
    assert!(text(&c).contains("Restored \"Doomed\"."));
    assert_eq!(worlds::list(&store).expect("list").len(), 1);
    assert!(worlds::list_trash(&store).expect("trash").is_empty());
    c.remove();
}

#[wasm_bindgen_test]
async fn statistics_opens_the_lab_on_the_board_being_edited_and_comes_back() {
    let (c, screen, shared) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    type_into(&field(&c, "Board name"), "Lab rat");
    settle().await;
    button(&c, "Statistics").click();
    settle().await;
    assert_eq!(screen.get_untracked(), Screen::Statistics);
    assert_eq!(shared.lab_back.get_untracked(), Screen::BoardMaker);
    assert_eq!(
        shared.lab_board.get_untracked().map(|d| d.name),
        Some("Lab rat".to_string())
    );
    c.remove();
    // Coming back, the editor resumes with the unsaved change.
    let c = container();
    leptos::mount::mount_to(c.clone(), move || {
        provide_context(Navigator::new(screen));
        provide_context(shared);
        view! { <BoardMaker /> }
    })
    .forget();
    settle().await;
    assert_eq!(
        field::<HtmlInputElement>(&c, "Board name").value(),
        "Lab rat"
    );
    assert!(text(&c).contains("Unsaved changes"));
    c.remove();
}

#[wasm_bindgen_test]
async fn a_damaged_world_is_listed_with_export_and_delete() {
    let (c, _, _) = mount_maker();
    let store = LocalStore::open().expect("store");
    store
        .set("world:bad", "{\"kind\": \"world\", oops")
        .expect("written");
    c.remove();
    let c = container();
    leptos::mount::mount_to(c.clone(), move || {
        provide_context(Navigator::new(RwSignal::new(Screen::BoardMaker)));
        provide_context(Shared::default());
        view! { <BoardMaker /> }
    })
    .forget();
    settle().await;
    let t = text(&c);
    assert!(t.contains("Entries that could not be read"), "{t}");
    assert!(t.contains("mw:world:bad"));
    assert!(t.contains("not valid JSON"), "{t}");
    assert_eq!(buttons(&c, "Export").len(), 1);
    button(&c, "Delete").click();
    settle().await;
    assert!(text(&c).contains("Deleted the damaged entry mw:world:bad."));
    assert!(!text(&c).contains("Entries that could not be read"));
    assert_eq!(store.get("world:bad").expect("read"), None);
    c.remove();
}

#[wasm_bindgen_test]
async fn squares_are_added_and_removed_from_the_panel_but_never_the_start() {
    let (c, _, _) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    square(&c, 0).click();
    settle().await;
    assert!(
        button(&c, "Remove square").disabled(),
        "the start cannot be removed"
    );
    assert!(
        c.query_selector("#square-type").expect("query").is_none(),
        "the start's type is fixed"
    );
    button(&c, "Back").click();
    settle().await;
    square(&c, 5).click();
    settle().await;
    let add = button(&c, "Add square after");
    assert!(!add.disabled());
    add.click();
    settle().await;
    let count = || {
        c.query_selector_all(".board-ring button.sq")
            .expect("squares")
            .length()
    };
    assert_eq!(count(), 41);
    assert!(
        text(&c).contains("Square 7: Road"),
        "the new square is open"
    );
    button(&c, "Remove square").click();
    settle().await;
    assert_eq!(count(), 40);
    assert!(
        text(&c).contains("Not saved yet"),
        "adding and removing the same road leaves nothing to save"
    );
    button(&c, "Undo").click();
    settle().await;
    assert_eq!(count(), 41, "Undo brings the removed square back");
    assert!(text(&c).contains("Unsaved changes"));
    c.remove();
}

#[wasm_bindgen_test]
async fn a_preset_is_a_template_saved_as_a_copy_and_a_world_can_be_duplicated() {
    let (c, _, _) = mount_maker();
    let copies = buttons(&c, "Edit a copy");
    assert_eq!(
        copies.len(),
        Preset::ALL.len(),
        "every built-in board is offered"
    );
    copies[1].click(); // Mini
    settle().await;
    assert_eq!(
        field::<HtmlInputElement>(&c, "Board name").value(),
        "Mini (copy)"
    );
    button(&c, "Save").click();
    settle().await;
    assert!(
        !text(&c).contains("Save over"),
        "a copy of a preset is new: nothing to save over"
    );
    assert!(text(&c).contains("Saved \"Mini (copy)\"."));
    button(&c, "Back").click();
    settle().await;
    button(&c, "Duplicate").click();
    settle().await;
    assert!(text(&c).contains("Made \"Mini (copy) (copy)\"."));
    let store = LocalStore::open().expect("store");
    let list = worlds::list(&store).expect("list");
    assert_eq!(list.len(), 2);
    for w in &list {
        let def = worlds::load(&store, &w.id).expect("load").def;
        assert_eq!(def.squares, Preset::Mini.board_def().squares);
    }
    assert_eq!(
        c.query_selector_all(".board-row .thumbnail")
            .expect("thumbnails")
            .length(),
        (Preset::ALL.len() + 2) as u32,
        "every board in the list has a thumbnail"
    );
    c.remove();
}

/// Issue 20, point 12: after a Save the editor offers "Play this world", which hands the
/// saved world to the lobby as the list's button does; a change takes the offer away.
#[wasm_bindgen_test]
async fn a_saved_world_can_be_played_from_the_editor() {
    let (c, screen, shared) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    assert!(
        buttons(&c, "Play this world").is_empty(),
        "nothing saved yet"
    );
    type_into(&field(&c, "Board name"), "Played World");
    settle().await;
    button(&c, "Save").click();
    settle().await;
    assert!(text(&c).contains("Saved \"Played World\"."), "{}", text(&c));
    let store = LocalStore::open().expect("store");
    let id = worlds::list(&store).expect("list")[0].id.clone();
    type_into(&field(&c, "Board name"), "Played World 2");
    settle().await;
    assert!(
        buttons(&c, "Play this world").is_empty(),
        "unsaved changes: the saved world is not what is shown"
    );
    button(&c, "Undo").click();
    settle().await;
    button(&c, "Play this world").click();
    settle().await;
    assert_eq!(screen.get_untracked(), Screen::Lobby);
    assert_eq!(
        shared.lobby_board.get_untracked(),
        Some(monopoly_worlds::common::boards::BoardChoice::World(
            id.clone()
        ))
    );
    c.remove();
}

/// Issue 20, point 12: moving Mediterranean Avenue to light blue leaves brown with one lot;
/// the editor warns about it, and the world stays playable (a warning, not a problem).
#[wasm_bindgen_test]
async fn a_group_of_one_lot_is_warned_about_but_not_refused() {
    use monopoly_worlds::maker::model::warnings_of;
    assert!(warnings_of(&Preset::Classic.board_def()).is_empty());
    let (c, _, _) = mount_maker();
    buttons(&c, "Edit a copy")[0].click(); // Classic
    settle().await;
    assert!(!text(&c).contains("has only one lot"));
    square(&c, 1).click();
    settle().await;
    choose(&field(&c, "Group"), "light blue");
    settle().await;
    button(&c, "Done").click();
    settle().await;
    let all = text(&c);
    assert!(
        all.contains("Brown has only one lot: its owner can build on it at once."),
        "{all}"
    );
    assert!(all.contains("This world can be played."), "{all}");
    assert!(c.query_selector(".warnings-panel").expect("q").is_some());
    button(&c, "Save").click();
    settle().await;
    assert!(
        text(&c).contains("Saved \"Classic (copy)\"."),
        "{}",
        text(&c)
    );
    c.remove();
}

#[wasm_bindgen_test]
async fn esc_opens_the_board_makers_menu_and_resume_or_esc_closes_it() {
    let (c, _, _) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    press_escape();
    settle().await;
    assert!(dialog_open(&c, "Board Maker menu"));
    for name in ["Resume", "Save", "Help", "Settings", "Exit editing"] {
        button(&c, name);
    }
    button(&c, "Resume").click();
    settle().await;
    assert!(!dialog_open(&c, "Board Maker menu"));
    // The Menu button opens it too (touch); Esc again closes it.
    button(&c, "Menu").click();
    settle().await;
    assert!(dialog_open(&c, "Board Maker menu"));
    press_escape();
    settle().await;
    assert!(!dialog_open(&c, "Board Maker menu"));

    // Help is the editor's guide.
    press_escape();
    settle().await;
    button(&c, "Help").click();
    settle().await;
    assert!(text(&c).contains("Move left (one place back in the order of play)"));
    button(&c, "Back").click();
    settle().await;
    // Settings are the player's own (sound, theme...), the board's stay beside the board.
    button(&c, "Settings").click();
    settle().await;
    assert!(text(&c).contains("Sound effects"));
    assert!(text(&c).contains("under Board settings"));
    button(&c, "Back").click();
    settle().await;
    // Save saves a new world at once and says so in the menu.
    button(&c, "Save").click();
    settle().await;
    assert!(text(&c).contains("Saved \"New world\"."));
    assert_eq!(
        worlds::list(&LocalStore::open().expect("store"))
            .expect("list")
            .len(),
        1
    );
    // Nothing unsaved: Exit editing goes straight back to the list.
    button(&c, "Exit editing").click();
    settle().await;
    assert!(!dialog_open(&c, "Board Maker menu"));
    assert_eq!(buttons(&c, "New world").len(), 1, "back on the list");
    c.remove();
}

#[wasm_bindgen_test]
async fn exit_editing_with_unsaved_changes_offers_save_and_exit() {
    let (c, _, _) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    type_into(&field(&c, "Board name"), "Half done");
    settle().await;
    press_escape();
    settle().await;
    button(&c, "Exit editing").click();
    settle().await;
    assert!(dialog_open(&c, "Leave without saving?"));
    button(&c, "Cancel").click();
    settle().await;
    assert!(!dialog_open(&c, "Leave without saving?"));
    assert_eq!(
        field::<HtmlInputElement>(&c, "Board name").value(),
        "Half done",
        "Cancel keeps editing"
    );
    // A square being edited counts as a change too, and Save and exit keeps it.
    square(&c, 1).click();
    settle().await;
    type_into(&field(&c, "Square name"), "Exit Lane");
    settle().await;
    press_escape();
    settle().await;
    button(&c, "Exit editing").click();
    settle().await;
    button(&c, "Save and exit").click();
    settle().await;
    assert_eq!(buttons(&c, "New world").len(), 1, "back on the list");
    let store = LocalStore::open().expect("store");
    let list = worlds::list(&store).expect("list");
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].name, "Half done");
    let saved = worlds::load(&store, &list[0].id).expect("the saved world");
    assert_eq!(saved.def.squares[1].name, "Exit Lane");
    c.remove();
}

#[wasm_bindgen_test]
async fn move_left_and_right_move_the_open_square_round_the_ring() {
    let (c, _, _) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    square(&c, 0).click();
    settle().await;
    assert!(
        buttons(&c, "Move left").is_empty(),
        "the start does not move"
    );
    button(&c, "Back").click();
    settle().await;
    square(&c, 3).click();
    settle().await;
    assert!(text(&c).contains("Move left makes it square 3, Move right square 5"));
    button(&c, "Move right").click();
    settle().await;
    assert!(
        text(&c).contains("Square 5: Baltic Avenue"),
        "still open, at its new place"
    );
    assert!(square(&c, 4).title().contains("Baltic Avenue"));
    assert!(square(&c, 3).title().contains("Toll Gate"));
    button(&c, "Move left").click();
    settle().await;
    button(&c, "Move left").click();
    settle().await;
    assert!(text(&c).contains("Square 3: Baltic Avenue"));
    button(&c, "Done").click();
    settle().await;
    // Square 2 moved left goes round to the end, before the start.
    square(&c, 1).click();
    settle().await;
    button(&c, "Move left").click();
    settle().await;
    assert!(text(&c).contains("Square 40: Mediterranean Avenue"));
    assert!(square(&c, 39).title().contains("Mediterranean Avenue"));
    assert!(text(&c).contains("Unsaved changes"));
    assert!(text(&c).contains("This world can be played."));
    c.remove();
}

#[wasm_bindgen_test]
async fn a_square_dragged_onto_another_takes_its_place() {
    let (c, _, _) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    assert_eq!(
        square(&c, 0).get_attribute("draggable"),
        None,
        "the start stays"
    );
    assert_eq!(
        square(&c, 39).get_attribute("draggable").as_deref(),
        Some("true")
    );
    let drag = js_sys::Function::new_with_args(
        "from, to",
        "const dt = new DataTransfer();\
         const ev = (type, el) => el.dispatchEvent(new DragEvent(type, {dataTransfer: dt, bubbles: true, cancelable: true}));\
         ev('dragstart', from); ev('dragover', to); ev('drop', to); ev('dragend', from);",
    );
    drag.call2(
        &wasm_bindgen::JsValue::NULL,
        &square(&c, 39),
        &square(&c, 5),
    )
    .expect("dragged");
    settle().await;
    assert!(square(&c, 5).title().contains("Boardwalk"));
    assert!(square(&c, 6).title().contains("Reading Railroad"));
    assert!(
        text(&c).contains("Square 6: Boardwalk"),
        "the moved square is open"
    );
    // Every square shows its own name: a square redrawn in place with another name (one
    // without hyphens, such as "Oasis") does not keep the old one's drawn text.
    for i in 0..40 {
        assert_eq!(
            shown_name(&square(&c, i)),
            square(&c, i).title(),
            "square {}",
            i + 1
        );
    }
    // Nothing is dropped on the start.
    button(&c, "Done").click();
    settle().await;
    drag.call2(&wasm_bindgen::JsValue::NULL, &square(&c, 5), &square(&c, 0))
        .expect("dragged");
    settle().await;
    assert!(square(&c, 0).title().contains("Go"));
    assert!(square(&c, 5).title().contains("Boardwalk"));
    c.remove();
}

#[wasm_bindgen_test]
async fn a_groups_hotel_cost_and_rent_with_color_set_show_on_the_deed() {
    let (c, _, _) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    // The first group's fields (brown: Mediterranean and Baltic).
    type_into(&field(&c, "Hotel cost for the group"), "120");
    settle().await;
    type_into(&field(&c, "Rent with color set (× base rent)"), "3");
    settle().await;
    assert!(text(&c).contains("This world can be played."));
    square(&c, 1).click();
    settle().await;
    let deed = c
        .query_selector(".deed-preview .deed")
        .expect("query")
        .expect("the lot's deed is shown")
        .unchecked_into::<HtmlElement>();
    let deed_text = text(&deed);
    assert!(
        deed_text.contains("Rent with color set$6 (×3)"),
        "{deed_text}"
    );
    assert!(deed_text.contains("House cost$50"), "{deed_text}");
    assert!(
        deed_text.contains("Hotel cost$120 (plus 4 houses)"),
        "{deed_text}"
    );
    button(&c, "Done").click();
    settle().await;
    // A bad multiplier is a problem of the board, with the engine's words; nothing is lost.
    type_into(&field(&c, "Rent with color set (× base rent)"), "-1");
    settle().await;
    assert!(text(&c)
        .contains("The group \"brown\" multiplies the rent of a whole group by -1; use 1 to 10"));
    assert!(text(&c).contains("This world cannot be played yet (1 problem)"));
    type_into(&field(&c, "Rent with color set (× base rent)"), "");
    settle().await;
    assert!(text(&c).contains("This world can be played."));
    square(&c, 1).click();
    settle().await;
    let deed = c
        .query_selector(".deed-preview .deed")
        .expect("query")
        .expect("the deed")
        .unchecked_into::<HtmlElement>();
    assert!(
        text(&deed).contains("Rent with color set$4 (×2)"),
        "blank: double"
    );
    c.remove();
}

#[wasm_bindgen_test]
async fn a_card_amount_becomes_a_range_and_a_new_card_is_added_in_the_board_settings() {
    use worlds_engine::cards::{Amount, DeckKind};
    let (c, _, _) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    let before =
        monopoly_worlds::maker::cards::deck(&Preset::Worlds.board_def(), DeckKind::CommunityChest);
    choose(&field::<HtmlSelectElement>(&c, "Deck"), "community_chest");
    settle().await;
    assert!(
        buttons(&c, &format!("Remove card {}", before.len())).len() == 1,
        "every card of the deck has its row"
    );
    choose(&field::<HtmlSelectElement>(&c, "New card"), "collect");
    button(&c, "Add card").click();
    settle().await;
    let n = before.len() + 1;
    type_into(
        &field(&c, &format!("Card {n} text")),
        "Collect between {c}20 and {c}200",
    );
    type_into(&field(&c, &format!("Card {n} amount from")), "20");
    type_into(&field(&c, &format!("Card {n} amount to")), "200");
    settle().await;
    type_into(&field(&c, "Board name"), "Ranged");
    settle().await;
    button(&c, "Save").click();
    settle().await;
    assert!(text(&c).contains("Saved \"Ranged\"."), "{}", text(&c));
    let store = LocalStore::open().expect("store");
    let list = worlds::list(&store).expect("list");
    let saved = worlds::load(&store, &list[0].id).expect("load");
    let deck = saved
        .def
        .decks
        .expect("the board has its own decks")
        .community_chest;
    assert_eq!(deck.len(), n);
    assert_eq!(deck[n - 1].text, "Collect between {c}20 and {c}200");
    assert_eq!(
        deck[n - 1].effect,
        CardEffect::Collect {
            amount: Amount::Between { from: 20, to: 200 }
        }
    );
    assert!(list[0].playable, "a board with a ranged card plays");

    // A range that runs backwards is a problem the editor names, and the board is not playable.
    type_into(&field(&c, &format!("Card {n} amount from")), "300");
    settle().await;
    assert!(
        text(&c).contains("has a range that runs backwards"),
        "{}",
        text(&c)
    );
    button(&c, &format!("Remove card {n}")).click();
    settle().await;
    assert!(buttons(&c, &format!("Remove card {n}")).is_empty());
    c.remove();
}

/// Issue 44, point 6: a symbol that is a money sign hides the currency's name; the Board
/// Maker says so beside the fields, and says nothing once the symbol is not a money sign.
#[wasm_bindgen_test]
async fn the_board_settings_say_when_the_currency_name_will_not_show() {
    let (c, _, _) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    let hint = |c: &HtmlElement| {
        c.query_selector(".currency-hint")
            .expect("query")
            .and_then(|h| h.text_content())
    };
    // The template's dollar with "$": the name is hidden, and why.
    let said = hint(&c).expect("a hint beside the currency");
    assert!(
        said.contains("\u{201c}dollar\u{201d} will not show")
            && said.contains("\u{201c}$\u{201d} is a money sign")
            && said.contains("$300"),
        "{said}"
    );
    type_into(&field(&c, "Currency name"), "meteor");
    type_into(&field(&c, "Currency symbol"), "☄");
    settle().await;
    assert_eq!(
        hint(&c),
        None,
        "a symbol that is not a money sign shows the name"
    );
    type_into(&field(&c, "Currency symbol"), "£");
    settle().await;
    let said = hint(&c).expect("a money sign again");
    assert!(
        said.contains("\u{201c}meteor\u{201d} will not show") && said.contains("300 meteors"),
        "{said}"
    );
    // No name: nothing to hide.
    type_into(&field(&c, "Currency name"), "");
    settle().await;
    assert_eq!(hint(&c), None);
    c.remove();
}

/// Issue 44, point 5: the house rule "Sell lots to the bank" in the Board Maker's rules, off
/// in the template; on, it asks what the bank pays (blank: the mortgage rate) and is saved.
#[wasm_bindgen_test]
async fn the_board_makers_rules_switch_selling_lots_to_the_bank() {
    let (c, _, _) = mount_maker();
    button(&c, "New world").click();
    settle().await;
    let switch: HtmlInputElement = field(&c, "Sell lots to the bank");
    assert!(!switch.checked(), "off in the template");
    assert!(!text(&c).contains("Lots sell to the bank at"));
    switch.set_checked(true);
    switch
        .dispatch_event(&web_sys::Event::new("change").expect("event"))
        .expect("dispatch");
    settle().await;
    type_into(&field(&c, "Lots sell to the bank at (% of price)"), "70");
    type_into(&field(&c, "Board name"), "Bank buys");
    settle().await;
    button(&c, "Save").click();
    settle().await;
    assert!(text(&c).contains("Saved \"Bank buys\"."), "{}", text(&c));
    let store = LocalStore::open().expect("store");
    let list = worlds::list(&store).expect("list");
    let saved = worlds::load(&store, &list[0].id).expect("load");
    assert!(saved.def.rules.sell_lots_to_bank);
    assert_eq!(saved.def.rules.lot_sale_percent, Some(70));
    c.remove();
}
