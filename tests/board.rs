//! Browser tests of the play screen as a player reads it: the ring's corners for every size,
//! a computer's card put away when the turn moves on, the rent a deed says is due now, and
//! one truth about who must act. Each of these failed before the play-screen rework.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{DomRect, Element, HtmlElement};
use worlds_engine::game::DeckOrder;
use worlds_engine::{Action, ComputerStrategy, GameSetup, Phase, Preset, Seat};

use monopoly_worlds::common::board_view::{corner_indices, BoardRing, SquareView, TokenView};

mod common;
use common::{button, classic_with, container, mount_play, settle, text};

wasm_bindgen_test_configure!(run_in_browser);

/// A classic game with fixed first throws and the decks in printed order.
fn setup_with(seats: Vec<Seat>, rolls: &[[u8; 2]]) -> GameSetup {
    let mut setup = classic_with(seats, rolls);
    setup.deck_order = Some(DeckOrder::default());
    setup
}

/// Draws a ring of lots with these names in `c`.
async fn mount_ring(c: &HtmlElement, names: Vec<String>) {
    let views = names
        .into_iter()
        .map(|name| SquareView {
            name,
            kind: "lot",
            ..SquareView::default()
        })
        .collect::<Vec<_>>();
    let squares_signal = Signal::stored(views);
    leptos::mount::mount_to(c.clone(), move || {
        view! { <BoardRing squares=squares_signal label="Test board"><p>"center"</p></BoardRing> }
    })
    .forget();
    settle().await;
}

fn rect(el: &Element) -> DomRect {
    el.get_bounding_client_rect()
}

fn squares(root: &HtmlElement) -> Vec<Element> {
    let list = root.query_selector_all(".board-ring .sq").expect("squares");
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| n.unchecked_into::<Element>())
        .collect()
}

#[wasm_bindgen_test]
async fn rings_of_every_size_have_their_corners_in_the_corners_and_no_overlap() {
    for n in [10usize, 11, 27, 40, 41, 60] {
        let c = container();
        c.style().set_property("width", "800px").expect("style");
        mount_ring(&c, (0..n).map(|i| format!("Square {i}")).collect()).await;
        let ring = c.query_selector(".board-ring").expect("q").expect("ring");
        let board = rect(&ring);
        let sq = squares(&c);
        assert_eq!(sq.len(), n);
        let near = |a: f64, b: f64| (a - b).abs() < 4.0;
        let [c0, c1, c2, c3] = corner_indices(n);
        let r0 = rect(&sq[c0]);
        assert!(
            near(r0.right(), board.right()) && near(r0.bottom(), board.bottom()),
            "{n}: square 1 at bottom right"
        );
        let r1 = rect(&sq[c1]);
        assert!(
            near(r1.left(), board.left()) && near(r1.bottom(), board.bottom()),
            "{n}: bottom left corner"
        );
        let r2 = rect(&sq[c2]);
        assert!(
            near(r2.left(), board.left()) && near(r2.top(), board.top()),
            "{n}: top left corner"
        );
        let r3 = rect(&sq[c3]);
        assert!(
            near(r3.right(), board.right()) && near(r3.top(), board.top()),
            "{n}: top right corner"
        );
        // Corners are square; no two squares overlap; together they cover the ring.
        assert!(near(r2.width(), r2.height()), "{n}: corners are square");
        let rects: Vec<DomRect> = sq.iter().map(rect).collect();
        let mut area = 0.0f64;
        for (i, a) in rects.iter().enumerate() {
            area += a.width() * a.height();
            for (j, b) in rects.iter().enumerate().skip(i + 1) {
                let ox = a.right().min(b.right()) - a.left().max(b.left());
                let oy = a.bottom().min(b.bottom()) - a.top().max(b.top());
                assert!(ox < 1.0 || oy < 1.0, "{n}: squares {i} and {j} overlap");
            }
        }
        let center = rect(
            &c.query_selector(".board-center")
                .expect("q")
                .expect("center"),
        );
        let ring_area = board.width() * board.height() - center.width() * center.height();
        assert!(
            (area - ring_area).abs() / ring_area < 0.05,
            "{n}: the squares leave a hole ({area:.0} of {ring_area:.0})"
        );
        c.remove();
    }
}

/// Issue 31, point 17, and issue 44, point 2: a person's card is drawn (Draw card), seen
/// with its own button and put away before they roll again; it never stays over the next
/// prompt, and the token waits on the card square until the card is drawn.
#[wasm_bindgen_test]
async fn a_persons_card_is_drawn_then_put_away_before_the_next_roll() {
    // Ann rolls 1 + 1 onto Community Chest and draws its first card (Advance to Go), then
    // rolls again (doubles) 3 + 3 onto Oriental Avenue.
    let setup = setup_with(
        vec![Seat::human("Ann"), Seat::human("Bob")],
        &[[1, 1], [3, 3]],
    );
    let (c, _session) = mount_play(setup);
    button(&c, "Roll dice").click();
    settle().await;
    // Whose tokens square `index` draws.
    let tokens_on = |c: &HtmlElement, index: usize| {
        c.query_selector(&format!(
            ".board-ring .sq[data-index='{index}'] .token[title='Ann']"
        ))
        .expect("q")
        .is_some()
    };
    assert!(
        c.query_selector(".card-drawn").expect("q").is_none(),
        "a person's card has its own dialog"
    );
    assert!(
        text(&c).contains("Ann landed on Community Chest."),
        "{}",
        text(&c)
    );
    assert!(tokens_on(&c, 2), "Ann's token waits on Community Chest");
    button(&c, "Draw card").click();
    settle().await;
    assert!(text(&c).contains("Advance to Go"), "{}", text(&c));
    button(&c, "Advance to Go").click();
    settle().await;
    assert!(
        c.query_selector(".card-dialog").expect("q").is_none(),
        "its button puts the card away"
    );
    assert!(tokens_on(&c, 0), "drawn, the card takes Ann's token to Go");
    button(&c, "Roll dice").click();
    settle().await;
    assert!(text(&c).contains("Oriental Avenue"), "{}", text(&c));
    assert!(
        c.query_selector(".card-dialog").expect("q").is_none()
            && c.query_selector(".card-drawn").expect("q").is_none(),
        "no card is up after the next roll"
    );
    c.remove();
}

#[wasm_bindgen_test]
async fn a_computers_card_is_put_away_when_the_turn_moves_on() {
    // Ann rolls 1 + 3 onto Income Tax; Bob (a computer) rolls 3 + 4 onto Chance and draws
    // "Advance to Go"; then his turn ends and Ann must roll.
    let setup = setup_with(
        vec![
            Seat::human("Ann"),
            Seat::computer("Bob", ComputerStrategy::Balanced),
        ],
        &[[1, 3], [3, 4], [2, 3]],
    );
    let (c, session) = mount_play(setup);
    button(&c, "Roll dice").click();
    settle().await;
    button(&c, "End turn").click();
    settle().await;
    let mut saw_card = false;
    for _ in 0..20 {
        if !session.computer_to_act() {
            break;
        }
        session.computer_step();
        settle().await;
        if let Some(card) = c.query_selector(".card-drawn").expect("q") {
            let t = card.text_content().unwrap_or_default();
            assert!(
                t.contains("Bob's Chance card"),
                "the card says whose it is: {t}"
            );
            saw_card = true;
        }
    }
    assert!(saw_card, "Bob's card was shown while he played");
    assert!(text(&c).contains("Ann, roll the dice"), "{}", text(&c));
    assert!(
        c.query_selector(".card-drawn").expect("q").is_none(),
        "Bob's card is still up during Ann's turn"
    );
    // What Bob did stays in the feed until Ann acts.
    let feed = c.query_selector(".feed").expect("q").expect("feed");
    assert!(feed.text_content().unwrap_or_default().contains("Bob drew"));
    c.remove();
}

#[wasm_bindgen_test]
async fn the_deed_says_the_rent_due_now_for_each_kind_of_square() {
    let mut ann = Seat::human("Ann");
    // Boardwalk alone, Reading Railroad and Short Line, Electric Company, Oriental mortgaged.
    ann.start.owns = vec![39, 5, 35, 12, 6];
    ann.start.mortgaged = vec![6];
    let setup = setup_with(vec![ann, Seat::human("Bob")], &[]);
    let (c, _session) = mount_play(setup);
    let open = |name: &str| {
        let list = c
            .query_selector_all(".board-ring button.sq")
            .expect("squares");
        let found = (0..list.length())
            .filter_map(|i| list.item(i))
            .map(|n| n.unchecked_into::<HtmlElement>())
            .find(|b| {
                b.get_attribute("aria-label")
                    .unwrap_or_default()
                    .contains(name)
            })
            .expect("the square");
        found.click();
    };
    let rent_line = |c: &HtmlElement| {
        c.query_selector(".rent-now")
            .expect("q")
            .map(|e| e.text_content().unwrap_or_default())
    };
    for (square, want) in [
        ("Boardwalk", "Rent due now: $50, to Ann."),
        ("Reading Railroad", "Rent due now: $50, to Ann."),
        (
            "Electric Company",
            "Rent due now: 4 × the dice rolled, to Ann.",
        ),
        ("Oriental Avenue", "No rent is due: the lot is mortgaged."),
    ] {
        open(square);
        settle().await;
        assert_eq!(rent_line(&c).as_deref(), Some(want), "{square}");
        button(&c, "Close").click();
        settle().await;
    }
    open("Baltic Avenue");
    settle().await;
    assert_eq!(rent_line(&c), None, "an unowned lot has no rent due");
    assert!(!text(&c).contains("a utility: for a roll of 7"));
    c.remove();
}

#[wasm_bindgen_test]
async fn the_bar_and_the_panel_name_the_same_player_during_an_auction() {
    // Ann lands on Baltic Avenue and declines: the auction asks Ann, then Bob, to bid.
    let setup = setup_with(vec![Seat::human("Ann"), Seat::human("Bob")], &[[1, 2]]);
    let (c, session) = mount_play(setup);
    button(&c, "Roll dice").click();
    settle().await;
    button(&c, "Auction").click();
    settle().await;
    let mut rounds = 0;
    loop {
        let (actor, current, phase) = session.game.with_untracked(|g| {
            let g = g.as_ref().expect("a game");
            (
                g.actor().map(|a| g.player(a).name.clone()),
                g.player(g.current_player()).name.clone(),
                g.phase().clone(),
            )
        });
        assert!(matches!(phase, Phase::Auction(_)), "{phase:?}");
        let actor = actor.expect("someone bids");
        let bar = c
            .query_selector(".action-bar .actor")
            .expect("q")
            .map(|e| e.text_content().unwrap_or_default())
            .unwrap_or_default();
        assert_eq!(bar, format!("{actor} to bid"));
        let marked = c
            .query_selector(".player-list > li[aria-current='true'] .player-name")
            .expect("q")
            .expect("a marked player")
            .text_content()
            .unwrap_or_default();
        assert_eq!(marked, actor, "the panel marks the bidder");
        let turn = c
            .query_selector(".player-list > li.turn .player-name")
            .expect("q")
            .expect("whose turn")
            .text_content()
            .unwrap_or_default();
        assert_eq!(turn, current, "the panel still shows whose turn it is");
        if actor == "Bob" {
            assert_ne!(actor, current);
            break;
        }
        rounds += 1;
        assert!(rounds < 3, "Bob was never asked to bid");
        session.dispatch(Action::Bid { amount: 10 });
        settle().await;
    }
    c.remove();
}

#[wasm_bindgen_test]
fn help_states_the_campus_bonus_rule_as_the_seed_does() {
    let campus = monopoly_worlds::game::help::rules_in_words(&Preset::Campus.board()).join(" ");
    assert!(
        campus.contains("any bonus square you reach later in that turn")
            && campus.contains("no gain, no payment, no move, no jail"),
        "{campus}"
    );
    let classic = monopoly_worlds::game::help::rules_in_words(&Preset::Classic.board()).join(" ");
    assert!(!classic.contains("bonus square"), "{classic}");
}

#[wasm_bindgen_test]
async fn a_long_name_is_drawn_hyphenated_but_reads_as_it_is() {
    let c = container();
    let names = (0..12)
        .map(|i| {
            if i == 1 {
                "Pennsylvania Avenue".to_string()
            } else {
                format!("Lot {i}")
            }
        })
        .collect();
    mount_ring(&c, names).await;
    let names = c.query_selector_all(".sq-name").expect("names");
    let long = names.item(1).expect("square 2").unchecked_into::<Element>();
    assert_eq!(long.text_content().as_deref(), Some("Pennsylvania Avenue"));
    let drawn = long
        .shadow_root()
        .and_then(|r| r.text_content())
        .unwrap_or_default();
    assert!(drawn.contains('\u{ad}'), "drawn as {drawn:?}");
    assert_eq!(drawn.replace('\u{ad}', ""), "Pennsylvania Avenue");
    let short = names.item(2).expect("square 3").unchecked_into::<Element>();
    assert!(
        short.shadow_root().is_none(),
        "a short name is drawn as it is"
    );
    c.remove();
}

#[wasm_bindgen_test]
async fn tokens_stand_in_their_own_strip_after_the_price_and_the_square_keeps_its_full_name() {
    let c = container();
    let views = (0..12)
        .map(|i| SquareView {
            name: if i == 1 {
                "Baltic Avenue".into()
            } else {
                format!("Lot {i}")
            },
            detail: "$60".into(),
            kind: "lot",
            owner: (i == 1).then(|| ("#c00".to_string(), "Ann".to_string())),
            mortgaged: i == 1,
            tokens: if i == 1 {
                vec![TokenView {
                    player: "Ann".into(),
                    glyph: "🐕".into(),
                    picture: None,
                    color: "#c00".into(),
                }]
            } else {
                vec![]
            },
            ..SquareView::default()
        })
        .collect::<Vec<_>>();
    let squares_signal = Signal::stored(views);
    leptos::mount::mount_to(c.clone(), move || {
        view! { <BoardRing squares=squares_signal label="Test board"><p>"center"</p></BoardRing> }
    })
    .forget();
    settle().await;
    let sq = squares(&c)[1].clone();
    assert_eq!(sq.get_attribute("title").as_deref(), Some("Baltic Avenue"));
    let label = sq.get_attribute("aria-label").unwrap_or_default();
    assert!(
        label.starts_with("2. Baltic Avenue, $60, owned by Ann"),
        "{label}"
    );
    // In the body, in this order: name, price, "Mortgaged", then the tokens.
    let body = sq
        .query_selector(".sq-body")
        .ok()
        .flatten()
        .expect("a body");
    let order: Vec<String> = (0..body.children().length())
        .filter_map(|i| body.children().item(i))
        .map(|e| e.class_name())
        .collect();
    assert_eq!(order, ["sq-name", "sq-detail", "sq-mortgaged", "sq-tokens"]);
    assert!(body
        .query_selector(".sq-tokens .token")
        .ok()
        .flatten()
        .is_some());
    // A ring that is not the play screen's is drawn whole: no zoom button.
    assert!(c.query_selector(".zoom-toggle").ok().flatten().is_none());
    let name = sq.query_selector(".sq-name").ok().flatten().expect("name");
    assert_eq!(name.text_content().as_deref(), Some("Baltic Avenue"));
    c.remove();
}

/// Issue 20, point 12: a square nobody can own (a Joker, Chance, a tax, a corner) has no
/// owner line; a lot says whether it is owned.
#[wasm_bindgen_test]
async fn squares_nobody_can_own_have_no_owner_line() {
    let setup = GameSetup::new(
        Preset::Worlds.board(),
        vec![Seat::human("Ann"), Seat::human("Bob")],
        42,
    );
    let (c, _session) = mount_play(setup);
    settle().await;
    let open = |name: &str| {
        let list = c
            .query_selector_all(".board-ring button.sq")
            .expect("squares");
        (0..list.length())
            .filter_map(|i| list.item(i))
            .map(|n| n.unchecked_into::<HtmlElement>())
            .find(|b| {
                // "5. Toll Gate, ...": the number, then the name.
                b.get_attribute("aria-label")
                    .unwrap_or_default()
                    .split_once(". ")
                    .is_some_and(|(_, rest)| rest.starts_with(name))
            })
            .unwrap_or_else(|| panic!("the square {name}"))
            .click();
    };
    for name in ["Wormhole", "Toll Gate", "Chance", "Go", "Community Chest"] {
        open(name);
        settle().await;
        let modal = c.query_selector(".modal, [role=dialog]").expect("q");
        assert!(modal.is_some(), "{name}: the square's details open");
        let all = text(&c);
        assert!(!all.contains("Not owned"), "{name}: {all}");
        assert!(!all.contains("Owned by"), "{name}: {all}");
        button(&c, "Close").click();
        settle().await;
    }
    open("Baltic Avenue");
    settle().await;
    assert!(
        text(&c).contains("Not owned."),
        "a lot says it is not owned"
    );
    button(&c, "Close").click();
    settle().await;
    c.remove();
}

/// Issue 20, point 12: the net-worth chart's axis reads round amounts ($1,000, $2,000, …,
/// not $1774 / $3549), and the names at the lines' ends never overlap.
#[wasm_bindgen_test]
fn the_net_worth_axis_is_round_and_the_line_names_stay_apart() {
    use monopoly_worlds::game::play::end_screen::{grouped_money, nice_axis, spread_labels};
    assert_eq!(nice_axis(3549), (1000, 4000));
    assert_eq!(nice_axis(1774), (500, 2000));
    assert_eq!(nice_axis(4000), (1000, 4000));
    assert_eq!(nice_axis(1500), (500, 1500));
    assert_eq!(nice_axis(90), (50, 100));
    assert_eq!(nice_axis(0), (1, 1));
    for max in [1, 7, 99, 101, 1774, 3549, 12_345, 987_654] {
        let (step, top) = nice_axis(max);
        assert!(top >= max && top / step <= 4 && top % step == 0, "{max}");
        let lead = step / 10i64.pow(step.ilog10());
        assert!([1, 2, 5].contains(&lead), "{max}: step {step}");
    }
    assert_eq!(grouped_money("$4000"), "$4,000");
    assert_eq!(grouped_money("$500"), "$500");
    assert_eq!(grouped_money("-$1234567"), "-$1,234,567");
    let ys = [100.0, 101.0, 99.0, 30.0];
    let spread = spread_labels(&ys, 14.0, 8.0, 252.0);
    for a in 0..ys.len() {
        for b in a + 1..ys.len() {
            assert!((spread[a] - spread[b]).abs() >= 14.0 - 1e-9, "{spread:?}");
        }
    }
    assert_eq!(spread[3], 30.0, "a name with room stays by its line");
    let low = spread_labels(&[250.0, 250.0, 250.0], 14.0, 8.0, 252.0);
    assert!(low.iter().all(|y| *y <= 252.0), "{low:?}");
}

/// Issue 20, point 12: a world opened from a link lists every square whole (number, name,
/// kind, price) beside a small board, so no name is cut and no icon covers another.
#[wasm_bindgen_test]
async fn a_shared_world_lists_its_squares_whole_beside_a_small_board() {
    use monopoly_worlds::common::context::{Navigator, Screen, Shared};
    use monopoly_worlds::common::share_link::ShareLink;
    use monopoly_worlds::game::session::Session;
    use monopoly_worlds::game::shared::SharedLink;
    let def = Preset::Worlds.board_def();
    let (link, _) = monopoly_worlds::common::share_link::world_share(&def);
    let link = link.expect("a link");
    let hash = &link[link.find('#').expect("a fragment")..];
    let (kind, data) = worlds_engine::share::parse_fragment(hash).expect("a world link");
    assert_eq!(kind, worlds_engine::share::WORLD);
    let shared = Shared::default();
    shared.link.set(Some(ShareLink::World(data.to_string())));
    let c = container();
    leptos::mount::mount_to(c.clone(), move || {
        provide_context(Navigator::new(RwSignal::new(Screen::Shared)));
        provide_context(shared);
        provide_context(Session::new());
        view! { <SharedLink /> }
    })
    .forget();
    settle().await;
    assert!(text(&c).contains("Its squares"), "{}", text(&c));
    let items = c.query_selector_all(".square-list li").expect("items");
    assert_eq!(items.length() as usize, def.squares.len());
    let item = |i: u32| {
        items
            .item(i)
            .and_then(|n| n.text_content())
            .unwrap_or_default()
    };
    assert_eq!(item(0), "Go (start, Collect $200)");
    assert_eq!(item(1), "Mediterranean Avenue (lot, $60)");
    assert_eq!(item(15), "Pennsylvania Railroad (railroad, $200)");
    assert_eq!(item(30), "Wormhole (Joker)");
    assert!(
        c.query_selector(".shared-world-squares .shared-board .board-ring")
            .expect("q")
            .is_some(),
        "the small board is still drawn"
    );
    c.remove();
}
