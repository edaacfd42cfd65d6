use super::*;
use worlds_engine::game::ForcedRoll;
use worlds_engine::{GameSetup, Preset, Seat, SquareId};

/// Ann and Bob (or the given seats) on the classic board, the first throws showing `rolls`.
fn setup(seats: Vec<Seat>, rolls: &[[u8; 2]]) -> GameSetup {
    let mut setup = GameSetup::new(Preset::Classic.board(), seats, 42);
    setup.forced_rolls = rolls
        .iter()
        .enumerate()
        .map(|(i, d)| ForcedRoll {
            at: i as u32,
            dice: d.to_vec(),
        })
        .collect();
    setup
}

fn ann_and_bob(rolls: &[[u8; 2]]) -> Play {
    let seats = vec![Seat::human("Ann"), Seat::human("Bob")];
    let mut play = Play::default();
    play.install("Test", Game::new(setup(seats, rolls)).expect("a game"));
    play
}

fn game(play: &Play) -> &Game {
    play.game.as_ref().expect("a game")
}

/// Ann rolls 1+2 onto Baltic Avenue (square 3) and buys it.
fn ann_owns_baltic() -> Play {
    let mut play = ann_and_bob(&[[1, 2]]);
    play.apply(Action::Roll).expect("roll");
    play.apply(Action::Buy).expect("buy");
    play
}

fn baltic() -> SquareId {
    SquareId(3)
}

#[test]
fn an_accepted_action_is_shown_in_the_feed_and_counted() {
    let mut play = ann_and_bob(&[[1, 2]]);
    let version = play.version;
    play.apply(Action::Roll).expect("a roll is legal");
    assert_eq!(play.version, version + 1);
    assert!(play.error.is_none());
    assert!(
        play.feed.iter().any(|l| l.text.contains("Baltic Avenue")),
        "the feed tells where Ann landed: {:?}",
        play.feed
    );
    assert_eq!(play.last_events.len(), play.feed.len());
}

#[test]
fn a_refused_action_leaves_the_game_untouched_and_says_why() {
    let mut play = ann_and_bob(&[[1, 2]]);
    let before = game(&play).clone();
    let version = play.version;
    let refused = play.apply(Action::Buy);
    assert!(matches!(refused, Err(NotApplied::Rule(_))));
    assert_eq!(game(&play), &before);
    assert_eq!(play.version, version);
    assert!(play.error.as_deref().is_some_and(|e| !e.is_empty()));
}

#[test]
fn an_action_with_no_game_on_show_is_not_applied() {
    let mut play = Play::default();
    assert_eq!(play.apply(Action::Roll), Err(NotApplied::NoGame));
    assert_eq!(play.version, 0);
}

#[test]
fn buying_shows_the_cash_change_beside_the_buyer() {
    let play = ann_owns_baltic();
    let ann = play
        .changes
        .iter()
        .find(|c| c.player == 0)
        .expect("Ann's change");
    assert_eq!(ann.amount, -60);
}

#[test]
fn following_a_table_applies_only_the_actions_this_device_lacks() {
    let host = ann_owns_baltic();
    let mut guest = ann_and_bob(&[[1, 2]]);
    guest.apply(Action::Roll).expect("roll");
    assert!(guest.follow(game(&host).history()));
    assert_eq!(game(&guest), game(&host));
    assert!(guest.follow(game(&host).history()), "nothing new is fine");
}

#[test]
fn following_a_history_that_does_not_start_with_this_game_changes_nothing() {
    let mut here = ann_owns_baltic();
    let other = ann_and_bob(&[[1, 2]]);
    let before = game(&here).clone();
    assert!(!here.follow(&[Action::EndTurn]));
    assert_eq!(game(&here), &before);
    assert!(!here.follow(game(&other).history()), "a shorter history");
}

#[test]
fn following_the_public_game_takes_the_hosts_state_as_one_step() {
    let host = ann_owns_baltic();
    let mut guest = ann_and_bob(&[[1, 2]]);
    let version = guest.version;
    assert!(guest.follow_public(game(&host)));
    assert_eq!(game(&guest), game(&host));
    assert_eq!(guest.version, version + 1, "one step");
    assert!(guest.feed.iter().any(|l| l.text.contains("Baltic Avenue")));
}

#[test]
fn the_same_actions_with_another_state_are_not_followed() {
    let mut here = ann_and_bob(&[[1, 2]]);
    let other = ann_and_bob(&[[3, 4]]);
    assert!(here.follow_public(game(&here.clone())), "the same game");
    let mut other_game = game(&other).clone();
    other_game.apply(Action::Roll).expect("roll");
    here.apply(Action::Roll).expect("roll");
    assert!(!here.follow_public(&other_game), "the host's word stands");
}

#[test]
fn a_rebuilt_game_shows_the_feed_of_the_turn_a_human_last_acted_in() {
    let played = ann_owns_baltic();
    let mut rebuilt = Play::default();
    rebuilt
        .rebuild("Kept", &GameRecord::of(game(&played)))
        .expect("it replays");
    assert_eq!(rebuilt.title, "Kept");
    assert_eq!(game(&rebuilt), game(&played));
    let texts = |p: &Play| p.feed.iter().map(|l| l.text.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&rebuilt), texts(&played));
}

#[test]
fn a_saved_game_the_rules_refuse_names_the_action_in_words_and_changes_nothing() {
    let mut record = GameRecord::of(game(&ann_and_bob(&[[1, 2]])));
    record.actions = vec![Action::Roll, Action::EndTurn];
    let mut play = ann_owns_baltic();
    let before = game(&play).clone();
    let Err(RebuildError::ActionRefused { at, action, .. }) = play.rebuild("Bad", &record) else {
        panic!("the second action is refused");
    };
    assert_eq!(at, 2);
    assert!(!action.contains('{') && !action.is_empty(), "{action}");
    assert_eq!(game(&play), &before);
    assert_eq!(play.title, "Test");
}

#[test]
fn showing_another_game_starts_its_feed_and_seats_afresh_and_keeps_counting() {
    let mut play = ann_owns_baltic();
    play.seats.role = TableRole::Host;
    play.seats.remote = vec![PlayerId(1)];
    play.sent_at = Some(3);
    let version = play.version;
    let fresh = Game::new(setup(vec![Seat::human("Cy"), Seat::human("Di")], &[])).expect("game");
    play.install("Next", fresh);
    assert!(play.feed.is_empty() && play.changes.is_empty() && play.card.is_none());
    assert_eq!(play.seats, Seats::default());
    assert_eq!(play.sent_at, None);
    assert!(
        play.version > version,
        "a timer of the old game does not fire"
    );
}

#[test]
fn closing_the_game_counts_as_a_change() {
    let mut play = ann_and_bob(&[]);
    let version = play.version;
    play.close();
    assert!(play.game.is_none());
    assert_eq!(play.version, version + 1);
}

#[test]
fn the_feed_keeps_only_its_newest_lines() {
    let mut play = ann_and_bob(&[]);
    for i in 0..FEED_MAX + 5 {
        play.note(format!("line {i}"));
    }
    assert_eq!(play.feed.len(), FEED_MAX);
    assert_eq!(
        play.feed.last().map(|l| l.text.as_str()),
        Some(format!("line {}", FEED_MAX + 4).as_str())
    );
}

#[test]
fn a_move_is_on_its_way_until_the_game_moves_on_or_is_refused() {
    let mut play = ann_and_bob(&[[1, 2]]);
    play.sent();
    assert!(play.sending());
    play.apply(Action::Roll).expect("roll");
    assert!(!play.sending(), "the host confirmed a move");
    play.sent();
    play.refused("The table is closed.".into());
    assert!(!play.sending());
    assert_eq!(play.error.as_deref(), Some("The table is closed."));
}

#[test]
fn no_computer_acts_when_a_person_is_to_act() {
    let play = ann_and_bob(&[]);
    assert!(!play.computer_to_act());
    assert_eq!(play.computer_choice(), Ok(None));
}

#[test]
fn a_computer_to_act_chooses_a_legal_action() {
    let seats = vec![
        Seat::computer("Hal", ComputerStrategy::Balanced),
        Seat::human("Ann"),
    ];
    let mut play = Play::default();
    play.install("T", Game::new(setup(seats, &[[1, 2]])).expect("game"));
    assert!(play.computer_to_act());
    let choice = play
        .computer_choice()
        .expect("no mistake")
        .expect("a choice");
    assert!(game(&play).allows(&choice.action));
    assert_eq!(choice.note, None, "no offer to decline");
}

/// Hal (a balanced computer) then Ann (a person), installed.
fn hal_then_ann() -> Play {
    let seats = vec![
        Seat::computer("Hal", ComputerStrategy::Balanced),
        Seat::human("Ann"),
    ];
    let mut play = Play::default();
    play.install("T", Game::new(setup(seats, &[])).expect("game"));
    play
}

#[test]
fn a_guest_never_plays_the_computers_the_host_does() {
    let mut play = hal_then_ann();
    play.seats.role = TableRole::Guest { seat: PlayerId(1) };
    assert!(!play.computer_to_act());
    assert_eq!(play.computer_choice(), Ok(None));
}

#[test]
fn a_watcher_decides_no_seat_and_plays_no_computer() {
    let mut play = hal_then_ann();
    play.seats.role = TableRole::Watching;
    assert!(!play.seats.is_local(PlayerId(0)) && !play.seats.is_local(PlayerId(1)));
    assert!(!play.computer_to_act());
    assert_eq!(play.computer_choice(), Ok(None));
    assert!(!bar_state(&play).runs_computers);
}

#[test]
fn a_computer_plays_for_an_absent_person_and_the_bar_says_so() {
    let mut play = ann_and_bob(&[]);
    play.seats.role = TableRole::Host;
    play.seats.remote = vec![PlayerId(0)];
    assert_eq!(
        bar_state(&play).remote.as_deref(),
        Some("Waiting for Ann (on another device)")
    );
    play.seats.away = vec![PlayerId(0)];
    assert_eq!(
        bar_state(&play).remote.as_deref(),
        Some("Waiting for Ann (reconnecting)")
    );
    play.seats.stand_ins = vec![PlayerId(0)];
    assert!(play.computer_to_act());
    let bar = bar_state(&play);
    assert!(bar.computer);
    assert_eq!(bar.actor, "A computer playing for Ann");
    assert_eq!(bar.remote, None);
}

#[test]
fn the_bar_offers_a_roll_at_the_start_and_nothing_once_a_move_is_sent() {
    let mut play = ann_and_bob(&[]);
    let bar = bar_state(&play);
    assert!(bar.roll && !bar.over && !bar.computer && bar.runs_computers);
    assert_eq!(bar.actor, "Ann");
    play.seats.role = TableRole::Guest { seat: PlayerId(0) };
    play.sent();
    let bar = bar_state(&play);
    assert_eq!(
        bar.remote.as_deref(),
        Some("Sending your move to the table…")
    );
    assert!(!bar.runs_computers);
    assert_eq!(bar_state(&Play::default()), BarState::default());
}

#[test]
fn a_trade_values_mortgaged_lots_and_jail_cards_as_the_computers_do() {
    let mut play = ann_owns_baltic();
    let side = TradeSide {
        lots: vec![baltic()],
        cash: 10,
        jail_cards: 1,
    };
    assert_eq!(side_value(game(&play), &side), 60 + 10 + JAIL_CARD_WORTH);
    play.apply(Action::Mortgage { square: baltic() })
        .expect("mortgage");
    assert_eq!(lot_worth(game(&play), 3), 30);
    assert_eq!(side_value(game(&play), &side), 30 + 10 + JAIL_CARD_WORTH);
}

#[test]
fn a_side_of_a_trade_reads_as_what_it_hands_over() {
    let mut play = ann_owns_baltic();
    play.apply(Action::Mortgage { square: baltic() })
        .expect("mortgage");
    let g = game(&play);
    let side = TradeSide {
        lots: vec![baltic()],
        cash: 25,
        jail_cards: 2,
    };
    assert_eq!(
        describe_side(g, &side),
        vec![
            "Baltic Avenue ($60) (mortgaged)".to_string(),
            "$25".to_string(),
            "2 Get Out of Jail Free cards".to_string(),
        ]
    );
    assert_eq!(describe_side(g, &TradeSide::default()), vec!["nothing"]);
}

#[test]
fn a_lots_group_names_who_owns_the_others() {
    let play = ann_owns_baltic();
    let g = game(&play);
    assert_eq!(
        group_owners(g, 1, PlayerId(0)).as_deref(),
        Some("Also in this group: Baltic Avenue (yours).")
    );
    assert_eq!(
        group_owners(g, 1, PlayerId(1)).as_deref(),
        Some("Also in this group: Baltic Avenue (Ann).")
    );
    assert_eq!(group_owners(g, 0, PlayerId(0)), None, "Go has no group");
}

#[test]
fn rent_due_now_follows_ownership_and_mortgage() {
    let mut play = ann_owns_baltic();
    assert_eq!(rent_due_now(game(&play), 1), None, "not owned");
    assert_eq!(
        rent_due_now(game(&play), 3).as_deref(),
        Some("Rent due now: $4, to Ann.")
    );
    play.apply(Action::Mortgage { square: baltic() })
        .expect("mortgage");
    assert_eq!(
        rent_due_now(game(&play), 3).as_deref(),
        Some("No rent is due: the lot is mortgaged.")
    );
}

#[test]
fn a_computer_choosing_a_refused_action_is_reported_not_replaced() {
    let seats = vec![
        Seat::computer("Hal", ComputerStrategy::Balanced),
        Seat::human("Ann"),
    ];
    let mut play = Play::default();
    play.install("T", Game::new(setup(seats, &[])).expect("game"));
    let mistake = play
        .computer_choice_by(|_, _, _| Action::Buy)
        .expect_err("buying before rolling is refused");
    assert_eq!(mistake.player, "Hal");
    assert!(!mistake.action.is_empty() && !mistake.action.contains('{'));
}

/// Ann owns Mediterranean Avenue, the balanced computer Bob owns Baltic Avenue; Ann offers
/// him $70 for it (the last lot of her brown group).
fn ann_offers_70_for_baltic_to_bob() -> Play {
    let scenario: worlds_engine::scenario::Scenario = serde_json::from_value(serde_json::json!({
        "board": "classic",
        "players": [
            {"name": "Ann", "owns": ["Mediterranean Avenue"]},
            {"name": "Bob", "owns": ["Baltic Avenue"]}]
    }))
    .expect("a scenario");
    let mut setup = scenario.setup().expect("a setup");
    setup.seats[1].kind = SeatKind::Computer {
        strategy: ComputerStrategy::Balanced,
    };
    let mut play = Play::default();
    play.install("Browns", Game::new(setup).expect("a game"));
    play.apply(Action::ProposeTrade {
        to: PlayerId(1),
        give: TradeSide {
            cash: 70,
            ..TradeSide::default()
        },
        take: TradeSide {
            lots: vec![baltic()],
            ..TradeSide::default()
        },
    })
    .expect("the offer");
    play
}

#[test]
fn a_computer_countering_a_persons_offer_gives_its_reason_first() {
    let play = ann_offers_70_for_baltic_to_bob();
    assert!(play.computer_to_act());
    let choice = play
        .computer_choice()
        .expect("no mistake")
        .expect("Bob answers");
    assert!(
        matches!(choice.action, Action::ProposeTrade { .. }),
        "a counter-offer"
    );
    let note = choice.note.expect("a reason");
    assert!(note.before, "read before the counter-offer");
    assert!(note.why.starts_with("Bob declined"), "{}", note.why);
}

#[test]
fn a_device_following_the_host_reads_the_computers_reason_before_its_counter_offer() {
    let friend = ann_offers_70_for_baltic_to_bob();
    let mut host = friend.clone();
    let choice = host
        .computer_choice()
        .expect("no mistake")
        .expect("a choice");
    host.apply(choice.action).expect("the counter-offer");
    let mut friend = friend;
    friend.seats.role = TableRole::Guest { seat: PlayerId(0) };
    assert!(friend.follow(game(&host).history()));
    let feed: Vec<&str> = friend.feed.iter().map(|l| l.text.as_str()).collect();
    let why = feed
        .iter()
        .position(|l| l.starts_with("Bob declined: "))
        .unwrap_or_else(|| panic!("the reason: {feed:?}"));
    let counter = feed
        .iter()
        .position(|l| l.starts_with("Bob declined Ann's offer and offers instead:"))
        .unwrap_or_else(|| panic!("the counter-offer: {feed:?}"));
    assert!(why < counter, "{feed:?}");
}
