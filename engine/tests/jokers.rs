//! Issue 31, points 1 and 3: whoever lands on a Joker applies its effects one at a time in
//! the order they choose, and a player waiting on a Joker is held as in jail (the fine, a
//! roll for doubles, building while waiting). Games saved before keep the old rules.

use worlds_engine::action::{Action, PlayerId, SquareId};
use worlds_engine::game::{ComputerStrategy, Edition, GameSetup, Seat, SeatStart};
use worlds_engine::refusal::Refusal;
use worlds_engine::{Board, Event, Game, JokerStep, Phase, Preset, SquareKind, Strategy};

const ANN: PlayerId = PlayerId(0);
const BOB: PlayerId = PlayerId(1);
/// The Worlds board's "Toll Gate" (made "pay $50, move back 3" here).
const TOLL: usize = 4;
/// The Worlds board's "Time Warp" (made "wait 2 turns" here).
const WARP: usize = 10;

/// The Worlds board with a two-effect Joker on square 4 and a "wait 2 turns" on square 10.
fn board() -> Board {
    let mut def = Preset::Worlds.board().def().clone();
    def.squares[TOLL].kind = SquareKind::Joker {
        move_by: -3,
        wait: 0,
        money: -50,
        pay_each_player: 0,
    };
    def.squares[WARP].kind = SquareKind::Joker {
        move_by: 0,
        wait: 2,
        money: 0,
        pay_each_player: 0,
    };
    Board::from_def(def).expect("a valid board")
}

fn game_with(seats: Vec<Seat>, rolls: &[[u8; 2]]) -> Game {
    let mut g = Game::new(GameSetup::new(board(), seats, 7)).expect("a game");
    for r in rolls {
        g.set_next_roll(r.to_vec()).expect("dice");
    }
    g
}

/// Ann and Bob, people; Bob owns Mediterranean Avenue (square 1), Ann the browns' other lot
/// is free.
fn people(rolls: &[[u8; 2]]) -> Game {
    let mut bob = Seat::human("Bob");
    bob.start = SeatStart {
        owns: vec![1],
        ..SeatStart::default()
    };
    game_with(vec![Seat::human("Ann"), bob], rolls)
}

fn apply(g: &mut Game, a: Action) {
    if let Err(e) = g.apply(a.clone()) {
        panic!("{a:?} refused: {e}");
    }
}

fn remaining(g: &Game) -> Vec<JokerStep> {
    match g.phase() {
        Phase::JokerEffects { remaining, .. } => remaining.clone(),
        other => panic!("not a Joker's phase: {other:?}"),
    }
}

/// The events of the log from `from` on, without the ones every action makes.
fn events_since(g: &Game, from: usize) -> Vec<Event> {
    g.log()[from..].iter().map(|e| e.event.clone()).collect()
}

#[test]
fn a_person_landing_on_a_joker_chooses_the_order_of_its_two_effects() {
    let mut g = people(&[[1, 3]]);
    apply(&mut g, Action::Roll);
    assert_eq!(g.player(ANN).position, TOLL);
    assert_eq!(
        remaining(&g),
        vec![JokerStep::Pay { amount: 50 }, JokerStep::Move { steps: -3 }]
    );
    assert_eq!(g.actor(), Some(ANN));
    assert_eq!(
        g.legal_actions(),
        vec![
            Action::ApplyJokerEffect { index: 0 },
            Action::ApplyJokerEffect { index: 1 },
            Action::Resign { player: ANN }
        ]
    );
    assert_eq!(g.prompt(), "Ann, apply what Toll Gate does");
    let labels: Vec<String> = g
        .legal_actions()
        .iter()
        .map(|a| g.button_label(a))
        .collect();
    assert_eq!(labels, ["Pay $50", "Move back 3", "Resign"]);

    // The move first: back to Mediterranean Avenue, Bob's: rent, then the payment is left.
    let mark = g.log().len();
    apply(&mut g, Action::ApplyJokerEffect { index: 1 });
    assert_eq!(g.player(ANN).position, 1);
    assert_eq!(g.player(ANN).cash, 1500 - 2);
    assert_eq!(remaining(&g), vec![JokerStep::Pay { amount: 50 }]);
    apply(&mut g, Action::ApplyJokerEffect { index: 0 });
    assert_eq!(g.player(ANN).cash, 1500 - 2 - 50);
    assert_eq!(g.phase(), &Phase::EndTurn);
    let texts: Vec<String> = g.log()[mark..].iter().map(|e| g.describe(e)).collect();
    assert_eq!(
        texts,
        [
            "Ann moved back 3 to Mediterranean Avenue",
            "Ann paid $2 rent for Mediterranean Avenue to Bob",
            "Ann paid $50 (Toll Gate) to the bank",
        ]
    );
}

#[test]
fn the_other_order_pays_first_then_moves() {
    let mut g = people(&[[1, 3]]);
    apply(&mut g, Action::Roll);
    let mark = g.log().len();
    apply(&mut g, Action::ApplyJokerEffect { index: 0 });
    assert_eq!(g.player(ANN).cash, 1450);
    assert_eq!(remaining(&g), vec![JokerStep::Move { steps: -3 }]);
    apply(&mut g, Action::ApplyJokerEffect { index: 0 });
    assert_eq!(g.player(ANN).position, 1);
    assert_eq!(g.phase(), &Phase::EndTurn);
    let kinds: Vec<&str> = events_since(&g, mark)
        .iter()
        .map(|e| match e {
            Event::Payment { .. } => "payment",
            Event::Moved { .. } => "moved",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["payment", "moved", "payment"]);
}

#[test]
fn a_wrong_index_or_a_joker_action_out_of_its_phase_is_refused_and_changes_nothing() {
    let mut g = people(&[[1, 3]]);
    let before = g.clone();
    let e = g
        .apply(Action::ApplyJokerEffect { index: 0 })
        .expect_err("no Joker landed on");
    assert_eq!(e.reason(), &Refusal::NotNow("apply a Joker's effect"));
    assert_eq!(
        e.to_string(),
        "You cannot apply a Joker's effect now: Ann, roll the dice."
    );
    assert_eq!(g, before);

    apply(&mut g, Action::Roll);
    let landed = g.clone();
    let e = g
        .apply(Action::ApplyJokerEffect { index: 2 })
        .expect_err("two effects");
    assert_eq!(
        e.reason(),
        &Refusal::NoSuchJokerEffect { index: 2, left: 2 }
    );
    assert_eq!(
        e.to_string(),
        "The Joker has no effect number 3: 2 effects are left to apply."
    );
    for a in [Action::Roll, Action::EndTurn, Action::Buy] {
        assert!(g.apply(a).is_err());
    }
    assert_eq!(g, landed);
    apply(&mut g, Action::ApplyJokerEffect { index: 0 });
    let e = g
        .apply(Action::ApplyJokerEffect { index: 1 })
        .expect_err("one effect left");
    assert_eq!(
        e.to_string(),
        "The Joker has no effect number 2: 1 effect is left to apply."
    );
}

#[test]
fn a_joker_payment_beyond_the_cash_is_raised_before_the_other_effects() {
    let mut ann = Seat::human("Ann");
    ann.start = SeatStart {
        cash: Some(20),
        owns: vec![3],
        ..SeatStart::default()
    };
    let mut g = game_with(vec![ann, Seat::human("Bob")], &[[1, 3]]);
    apply(&mut g, Action::Roll);
    apply(&mut g, Action::ApplyJokerEffect { index: 0 });
    assert!(matches!(g.phase(), Phase::RaiseCash { debtor, amount: 50, .. } if *debtor == ANN));
    // Baltic Avenue mortgaged for $30: the debt is paid, then the move is offered.
    apply(
        &mut g,
        Action::Mortgage {
            square: SquareId(3),
        },
    );
    assert_eq!(g.player(ANN).cash, 0);
    assert_eq!(remaining(&g), vec![JokerStep::Move { steps: -3 }]);
}

#[test]
fn a_player_who_resigns_on_a_joker_leaves_its_effects_behind() {
    let mut g = game_with(
        vec![Seat::human("Ann"), Seat::human("Bob"), Seat::human("Cy")],
        &[[1, 3]],
    );
    apply(&mut g, Action::Roll);
    apply(&mut g, Action::Resign { player: ANN });
    assert!(g.player(ANN).bankrupt);
    assert_eq!(g.actor(), Some(BOB));
    assert_eq!(g.phase(), &Phase::Roll);
}

#[test]
fn computers_apply_a_jokers_effects_in_the_boards_order() {
    let g = game_with(
        vec![
            Seat::computer("Hal", ComputerStrategy::Balanced),
            Seat::computer("Eve", ComputerStrategy::Expert),
        ],
        &[[1, 3], [1, 3]],
    );
    let mut g = g;
    for me in [PlayerId(0), PlayerId(1)] {
        // Roll, then the Joker's effects.
        let mut guard = 0;
        while g.current_player() == me && guard < 20 {
            let actor = g.actor().expect("someone acts");
            let a = worlds_engine::bots::bot(ComputerStrategy::Balanced).choose(&g, actor);
            let a = if me == PlayerId(1) {
                worlds_engine::expert::Expert::default().choose(&g, actor)
            } else {
                a
            };
            if matches!(g.phase(), Phase::JokerEffects { .. }) {
                assert_eq!(a, Action::ApplyJokerEffect { index: 0 });
            }
            apply(&mut g, a);
            guard += 1;
        }
        let texts: Vec<String> = g
            .log()
            .iter()
            .filter(|e| e.player == me)
            .map(|e| g.describe(e))
            .collect();
        let pay = texts
            .iter()
            .position(|t| t.contains("paid $50 (Toll Gate)"))
            .expect("paid");
        let moved = texts
            .iter()
            .position(|t| t.contains("moved back 3"))
            .expect("moved");
        assert!(pay < moved, "{texts:?}");
    }
}

#[test]
fn a_game_saved_before_issue_31_keeps_its_jokers_automatic_and_its_waits_skipped() {
    let mut setup = GameSetup::new(board(), vec![Seat::human("Ann"), Seat::human("Bob")], 7);
    setup.edition = Edition::First;
    // A save of that time has no "edition" field: it reads as the first.
    let mut json = serde_json::to_value(&setup).expect("json");
    assert!(json.get("edition").is_none());
    json.as_object_mut().expect("an object").remove("edition");
    let read: GameSetup = serde_json::from_value(json).expect("reads");
    assert_eq!(read.edition, Edition::First);
    let mut g = Game::new(read).expect("a game");
    g.set_next_roll(vec![1, 3]).expect("dice");
    apply(&mut g, Action::Roll);
    assert_eq!(g.player(ANN).position, 1, "moved back at once");
    assert_eq!(g.player(ANN).cash, 1450, "and paid");
    assert_eq!(
        g.phase(),
        &Phase::BuyOrDecline {
            square: SquareId(1)
        }
    );
    // A new game writes its edition.
    let new = GameSetup::new(board(), vec![Seat::human("Ann"), Seat::human("Bob")], 7);
    let json = serde_json::to_value(&new).expect("json");
    assert_eq!(json["edition"], "joker_turns");
}

// ----- point 3: waiting on a Joker, held as in jail -----

/// Ann lands on the "wait 2 turns" Joker (4 + 6), applies it and ends her turn; Bob plays
/// a turn (1 + 2); it is Ann's turn again, and she is held. Ann owns the browns.
fn ann_waiting(more_rolls: &[[u8; 2]]) -> Game {
    let mut ann = Seat::human("Ann");
    ann.start = SeatStart {
        owns: vec![1, 3],
        ..SeatStart::default()
    };
    let mut rolls = vec![[4, 6], [1, 2]];
    rolls.extend_from_slice(more_rolls);
    let mut g = game_with(vec![ann, Seat::human("Bob")], &rolls);
    apply(&mut g, Action::Roll);
    assert_eq!(g.player(ANN).position, WARP);
    assert_eq!(remaining(&g), vec![JokerStep::Wait { turns: 2 }]);
    assert_eq!(g.joker_step_label(&remaining(&g)[0]), "Wait 2 turns");
    apply(&mut g, Action::ApplyJokerEffect { index: 0 });
    assert_eq!(g.phase(), &Phase::EndTurn);
    apply(&mut g, Action::EndTurn);
    bob_plays_a_turn(&mut g);
    assert_eq!(g.current_player(), ANN);
    assert_eq!(g.phase(), &Phase::Roll);
    assert!(g.is_held(ANN) && g.is_waiting_on_joker(ANN));
    assert_eq!(
        g.prompt(),
        "Ann, you are waiting on Time Warp: roll to leave"
    );
    g
}

/// Bob rolls, lets any lot go unsold, and ends his turn.
fn bob_plays_a_turn(g: &mut Game) {
    assert_eq!(g.current_player(), BOB);
    apply(g, Action::Roll);
    if matches!(g.phase(), Phase::BuyOrDecline { .. }) {
        apply(g, Action::Decline);
        while matches!(g.phase(), Phase::Auction(_)) {
            apply(g, Action::PassBid);
        }
    }
    apply(g, Action::EndTurn);
}

#[test]
fn a_waiting_player_may_pay_the_jail_fine_to_leave_and_then_rolls_as_usual() {
    let mut g = ann_waiting(&[[2, 3]]);
    assert!(g.legal_actions().contains(&Action::PayJailFine));
    // The buttons are jail's, by the same names.
    assert_eq!(g.button_label(&Action::PayJailFine), "Pay fine");
    assert_eq!(g.button_label(&Action::Roll), "Roll dice");
    let e = g
        .apply(Action::UseJailCard)
        .expect_err("no card, not in jail");
    assert_eq!(e.reason(), &Refusal::NotInJail);
    let mark = g.log().len();
    let cash = g.player(ANN).cash;
    apply(&mut g, Action::PayJailFine);
    assert_eq!(g.player(ANN).cash, cash - 50);
    assert_eq!(g.player(ANN).waiting, 0);
    assert!(!g.is_held(ANN));
    let texts: Vec<String> = g.log()[mark..].iter().map(|e| g.describe(e)).collect();
    assert_eq!(
        texts,
        [
            "Ann paid $50 to leave jail",
            "Ann paid the fine and stops waiting"
        ]
    );
    assert_eq!(g.phase(), &Phase::Roll);
    assert_eq!(g.button_label(&Action::Roll), "Roll dice");
    apply(&mut g, Action::Roll);
    assert_eq!(g.player(ANN).position, WARP + 5);
}

#[test]
fn doubles_free_a_waiting_player_who_moves_by_them_without_rolling_again() {
    let mut g = ann_waiting(&[[3, 3]]);
    let mark = g.log().len();
    apply(&mut g, Action::Roll);
    assert_eq!(g.player(ANN).position, WARP + 6);
    assert_eq!(g.player(ANN).waiting, 0);
    assert!(events_since(&g, mark).contains(&Event::StoppedWaiting {
        how: worlds_engine::event::JailExit::Doubles
    }));
    // St. James Place is for sale; once decided, the turn ends: no second roll.
    apply(&mut g, Action::Decline);
    while matches!(g.phase(), Phase::Auction(_)) {
        apply(&mut g, Action::PassBid);
    }
    assert_eq!(g.phase(), &Phase::EndTurn);
}

#[test]
fn a_failed_roll_waits_the_turn_out_and_the_wait_ends_after_its_turns() {
    let mut g = ann_waiting(&[[1, 2], [1, 2], [1, 2], [2, 1], [1, 3]]);
    apply(&mut g, Action::Roll);
    assert_eq!(g.player(ANN).position, WARP, "did not move");
    assert_eq!(g.player(ANN).waiting, 1);
    assert_eq!(
        g.describe(g.log().last().expect("an entry")),
        "Ann waits this turn; 1 more turn to wait"
    );
    assert_eq!(g.phase(), &Phase::EndTurn);
    apply(&mut g, Action::EndTurn);
    bob_plays_a_turn(&mut g);
    // Ann's second waited turn: held still.
    assert!(g.is_held(ANN));
    apply(&mut g, Action::Roll);
    assert_eq!(g.player(ANN).position, WARP);
    assert_eq!(
        g.describe(g.log().last().expect("an entry")),
        "Ann waits this turn, the last one"
    );
    apply(&mut g, Action::EndTurn);
    bob_plays_a_turn(&mut g);
    // The wait is over: Ann rolls and moves as usual.
    assert!(!g.is_held(ANN));
    assert_eq!(g.prompt(), "Ann, roll the dice");
    apply(&mut g, Action::Roll);
    assert_eq!(g.player(ANN).position, WARP + 4);
}

#[test]
fn a_waiting_player_may_build_mortgage_and_trade_before_and_after_the_roll() {
    let mut g = ann_waiting(&[[1, 2]]);
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Build {
        square: SquareId(1)
    }));
    assert!(legal.contains(&Action::Mortgage {
        square: SquareId(3)
    }));
    assert!(g.may_trade());
    let cash = g.player(ANN).cash;
    apply(
        &mut g,
        Action::Build {
            square: SquareId(1),
        },
    );
    apply(&mut g, Action::Roll);
    assert_eq!(g.phase(), &Phase::EndTurn);
    apply(
        &mut g,
        Action::Build {
            square: SquareId(3),
        },
    );
    assert_eq!(g.player(ANN).cash, cash - 100);
    assert!(
        g.legal_actions().contains(&Action::Mortgage {
            square: SquareId(1)
        }) || g.legal_actions().contains(&Action::SellBuilding {
            square: SquareId(1)
        })
    );
}

#[test]
fn landing_on_a_wait_with_doubles_ends_the_rolls() {
    let mut g = people(&[[5, 5]]);
    apply(&mut g, Action::Roll);
    assert_eq!(g.player(ANN).position, WARP);
    apply(&mut g, Action::ApplyJokerEffect { index: 0 });
    assert_eq!(g.phase(), &Phase::EndTurn, "held from now: no roll again");
}

/// The statistics lab's model holds a waiting token as the game does: its roll is a try for
/// doubles (failed: the turn is waited out; doubles: it moves and does not roll again), and
/// under the "leave" strategy it pays the fine first.
#[test]
fn the_lab_trace_holds_a_waiting_token_as_the_game_does() {
    use worlds_engine::stats::{trace, JailStrategy};
    let b = board();
    // 4 + 6 to Time Warp (wait 2), then 1 + 2 (waited out), then 3 + 3 (doubles: leaves
    // and moves 6, no roll again), then 1 + 2.
    let lines =
        trace(&b, b.rules(), JailStrategy::Stay, &[4, 6, 1, 2, 3, 3, 1, 2]).expect("a trace");
    let all = lines.join("\n");
    assert!(all.contains("Will wait 2 turns."), "{all}");
    assert!(
        all.contains("Waits this turn out (1 more to wait)."),
        "{all}"
    );
    assert!(
        all.contains("Stops waiting: rolls doubles and moves, without rolling again."),
        "{all}"
    );
    assert!(!all.contains("Rolls again."), "{all}");
    let leave = trace(&b, b.rules(), JailStrategy::Leave, &[4, 6, 1, 2]).expect("a trace");
    assert!(
        leave
            .join("\n")
            .contains("Stops waiting: pays the fine before rolling."),
        "{leave:?}"
    );
}
