//! Rule scenarios for Mini, Campus and Worlds (docs/PRODUCT.md section 1), one test per rule.

mod common;
use common::*;
use serde_json::json;
use worlds_engine::PlayerId;

// ----- Mini -----

rule!(
    mini_everyone_starts_with_1000_on_home,
    json!({"board": "mini",
    "players": [{"name": "Ann"}, {"name": "Bob"}]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1000);
        assert_eq!(g.board().square(pos(&g, "Ann")).name, "Home");
    }
);

rule!(
    mini_wages_for_passing_home,
    json!({"board": "mini",
    "players": [{"name": "Ann", "position": 14}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decisions": "never-buy"}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1200);
        assert_eq!(pos(&g, "Ann"), 1);
    }
);

rule!(
    mini_wages_for_landing_on_home,
    json!({"board": "mini",
    "players": [{"name": "Ann", "position": 13}, {"name": "Bob"}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1200);
    }
);

rule!(
    mini_buying_a_property,
    json!({"board": "mini",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(owner(&g, "Old Kent Road").as_deref(), Some("Ann"));
        assert_eq!(cash(&g, "Ann"), 940);
    }
);

rule!(
    mini_declining_passes_without_an_auction,
    json!({"board": "mini",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decisions": "never-buy"}),
    |g| {
        assert_eq!(owner(&g, "Old Kent Road"), None);
        assert!(!has_event(&g, "auction_started"));
        assert_eq!(g.current_player(), PlayerId(1));
    }
);

rule!(
    mini_rent_is_paid_to_the_owner,
    json!({"board": "mini",
    "players": [{"name": "Ann", "position": 11}, {"name": "Bob", "owns": ["Park Lane"]}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 965);
        assert_eq!(cash(&g, "Bob"), 1035);
    }
);

rule!(
    mini_doubles_do_not_roll_again,
    json!({"board": "mini",
    "players": [{"name": "Ann", "position": 12}, {"name": "Bob", "owns": ["Park Lane"]}],
    "rolls": [[1, 1], [1, 2]], "decisions": "never-buy"}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 14);
        assert_eq!(pos(&g, "Bob"), 3, "the second roll was Bob's");
    }
);

rule!(
    mini_station_fee_is_10_times_the_roll,
    json!({"board": "mini",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[3, 3]]}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 6);
        assert_eq!(cash(&g, "Ann"), 940);
        assert_eq!(g.bank_balance(), 60);
    }
);

rule!(
    mini_tax_office_takes_10_percent_of_cash,
    json!({"board": "mini",
    "players": [{"name": "Ann", "position": 7}, {"name": "Bob"}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 900);
    }
);

rule!(
    mini_tax_office_takes_5_percent_on_a_double,
    json!({"board": "mini",
    "players": [{"name": "Ann", "position": 8}, {"name": "Bob"}],
    "rolls": [[1, 1]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 950);
    }
);

rule!(
    mini_below_zero_sells_the_cheapest_property_first,
    json!({"board": "mini",
    "players": [{"name": "Ann", "cash": 20, "position": 10, "owns": ["Park Lane", "Old Kent Road"]},
                {"name": "Bob", "owns": ["Leicester Square"]}],
    "rolls": [[1, 1]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 20 - 28 + 30);
        assert_eq!(owner(&g, "Old Kent Road"), None);
        assert_eq!(owner(&g, "Park Lane").as_deref(), Some("Ann"));
        assert_eq!(cash(&g, "Bob"), 1028);
        assert!(has_event(&g, "sold_to_bank"));
    }
);

rule!(
    mini_sells_repeatedly_until_back_in_credit,
    json!({"board": "mini",
    "players": [{"name": "Ann", "cash": 0, "position": 10, "owns": ["Old Kent Road", "Pall Mall", "Park Lane"]},
                {"name": "Bob", "owns": ["Leicester Square"]}, {"name": "Cy"}],
    "rolls": [[1, 1]]}),
    |g| {
        // Owes 28: Old Kent Road brings 30.
        assert_eq!(cash(&g, "Ann"), 2);
        assert_eq!(owner(&g, "Pall Mall").as_deref(), Some("Ann"));
    }
);

rule!(
    mini_still_below_zero_is_bankrupt_and_out,
    json!({"board": "mini",
    "players": [{"name": "Ann", "cash": 10}, {"name": "Bob"}, {"name": "Cy"}],
    "rolls": [[3, 3]]}),
    |g| {
        assert!(player(&g, "Ann").bankrupt);
        assert_eq!(cash(&g, "Ann"), 0);
        assert!(!g.is_over());
        assert_eq!(g.current_player(), PlayerId(1));
    }
);

rule!(
    mini_game_ends_when_one_player_is_left_in_credit,
    json!({"board": "mini",
    "players": [{"name": "Ann", "cash": 10}, {"name": "Bob"}],
    "rolls": [[3, 3]]}),
    |g| {
        assert!(g.is_over());
        assert_eq!(g.winner(), Some(PlayerId(1)));
    }
);

rule!(
    mini_game_lasts_the_chosen_number_of_rounds,
    json!({"board": "mini",
    "rules": {"round_limit": 2},
    "players": [{"name": "Ann"}, {"name": "Bob", "cash": 900}],
    "rolls": [[1, 2], [1, 1], [1, 1], [1, 2], [2, 2]]}),
    |g| {
        assert!(g.is_over());
        assert_eq!(g.round(), 2);
        // Ann: Old Kent Road (60) then Road; Bob: Road then Paddington's fee (40).
        assert_eq!(g.winner(), Some(PlayerId(0)));
    }
);

#[test]
fn mini_has_no_groups_houses_mortgages_cards_or_jail() {
    let g = start(json!({"board": "mini",
        "players": [{"name": "Ann", "owns": ["Park Lane"]}, {"name": "Bob"}]}));
    assert!(g.board().groups().is_empty());
    assert_eq!(g.board().jail(), None);
    assert!(g.board().deck(worlds_engine::DeckKind::Chance).is_empty());
    let legal = g.legal_actions();
    assert!(!legal.iter().any(|a| matches!(
        a,
        worlds_engine::Action::Mortgage { .. } | worlds_engine::Action::Build { .. }
    )));
}

// ----- Campus -----

rule!(
    campus_a_six_moves_then_rolls_again_without_acting_on_the_square,
    json!({"board": "campus",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[6], [1]]}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 7);
        // Community Chest 1 (square 6, +100) was not acted on; Piccadilly bought for 35.
        assert_eq!(cash(&g, "Ann"), 965);
        assert_eq!(owner(&g, "Piccadilly").as_deref(), Some("Ann"));
    }
);

rule!(
    campus_salary_is_paid_when_passing_go_during_a_six,
    json!({"board": "campus",
    "players": [{"name": "Ann", "position": 12}, {"name": "Bob"}],
    "rolls": [[6], [2]]}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 4);
        assert_eq!(cash(&g, "Ann"), 1200);
    }
);

rule!(
    campus_a_bonus_at_most_once_per_turn,
    json!({"board": "campus",
    "players": [{"name": "Ann", "position": 12}, {"name": "Bob"}],
    "rolls": [[6], [4]]}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 6);
        assert_eq!(
            cash(&g, "Ann"),
            1200,
            "Community Chest 1's 100 is refused after Go's 200"
        );
        assert!(has_event(&g, "bonus_square_skipped"));
    }
);

rule!(
    campus_without_the_skip_switch_only_the_gain_is_withheld,
    json!({"board": "campus", "rules": {"skip_bonus_squares_after_bonus": false},
    "players": [{"name": "Ann", "position": 12}, {"name": "Bob"}],
    "rolls": [[6], [4]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1200);
        assert!(has_event(&g, "no_bonus"));
        assert!(!has_event(&g, "bonus_square_skipped"));
    }
);

// Issue 15: once a bonus has been taken in a turn, any bonus square reached later in that
// turn does nothing at all (the seed's `update_player_pos`).

rule!(
    campus_after_go_community_chest_2_charges_nothing,
    json!({"board": "campus",
    "players": [{"name": "Ann", "position": 13}, {"name": "Bob"}],
    "rolls": [[6], [6], [5]]}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 14);
        assert_eq!(cash(&g, "Ann"), 1200, "GO's 200, no 30 fine");
        assert!(has_event(&g, "bonus_square_skipped"));
    }
);

rule!(
    campus_after_go_go_to_jail_does_not_jail,
    json!({"board": "campus",
    "players": [{"name": "Ann", "position": 13}, {"name": "Bob"}],
    "rolls": [[6], [6], [3]]}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 12);
        assert!(!player(&g, "Ann").in_jail);
        assert!(!has_event(&g, "sent_to_jail"));
        assert_eq!(cash(&g, "Ann"), 1200);
    }
);

rule!(
    campus_after_go_chance_1_pays_nobody,
    json!({"board": "campus",
    "players": [{"name": "Ann", "position": 15}, {"name": "Bob"}],
    "rolls": [[3]]}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 2);
        assert_eq!(cash(&g, "Ann"), 1200);
        assert_eq!(cash(&g, "Bob"), 1000);
    }
);

rule!(
    campus_after_go_chance_2_does_not_move,
    json!({"board": "campus",
    "players": [{"name": "Ann", "position": 13}, {"name": "Bob"}],
    "rolls": [[6], [6], [1]]}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 10);
        assert_eq!(owner(&g, "AMBS"), None);
        assert_eq!(cash(&g, "Ann"), 1200);
    }
);

rule!(
    campus_bonus_squares_act_again_in_the_next_turn,
    json!({"board": "campus",
    "players": [{"name": "Ann", "position": 15}, {"name": "Bob"}],
    "rolls": [[3], [1], [4]], "decisions": "never-buy"}),
    |g| {
        // Turn 1: GO then Chance 1 skipped. Turn 2: Community Chest 1 pays 100.
        assert_eq!(pos(&g, "Ann"), 6);
        assert_eq!(cash(&g, "Ann"), 1300);
    }
);

rule!(
    campus_max_face_jail_honours_max_tries,
    json!({"board": "campus",
    "rules": {"jail": {"release": "max_face", "fine": 50, "max_tries": 2}},
    "players": [{"name": "Ann", "in_jail": true}, {"name": "Bob"}],
    "rolls": [[1], [1], [3]], "decisions": "never-buy"}),
    |g| {
        assert!(!player(&g, "Ann").in_jail);
        assert_eq!(pos(&g, "Ann"), 7);
        assert_eq!(cash(&g, "Ann"), 950);
        assert_eq!(pos(&g, "Bob"), 1);
    }
);

rule!(
    campus_max_face_jail_first_failed_try_stays,
    json!({"board": "campus",
    "rules": {"jail": {"release": "max_face", "fine": 50, "max_tries": 2}},
    "players": [{"name": "Ann", "in_jail": true}, {"name": "Bob"}],
    "rolls": [[1], [1]], "decisions": "never-buy"}),
    |g| {
        assert!(player(&g, "Ann").in_jail);
        assert_eq!(pos(&g, "Ann"), 4);
        assert_eq!(cash(&g, "Ann"), 1000);
    }
);

rule!(
    campus_a_bonus_in_a_new_turn_is_paid,
    json!({"board": "campus",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[5], [2], [1]], "decisions": "never-buy"}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 6);
        // 50 from Bob's Chance 1, then Community Chest 1's 100 in Ann's next turn.
        assert_eq!(cash(&g, "Ann"), 1150);
    }
);

rule!(
    campus_rent_equals_the_price,
    json!({"board": "campus",
    "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Kilburn"]}],
    "rolls": [[1]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 880);
    }
);

rule!(
    campus_rent_is_doubled_with_the_whole_color,
    json!({"board": "campus",
    "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Kilburn", "Uni Place"]}],
    "rolls": [[1]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 760);
    }
);

rule!(
    campus_chance_1_pays_every_other_player_50,
    json!({"board": "campus",
    "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
    "rolls": [[2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 900);
        assert_eq!(cash(&g, "Bob"), 1050);
        assert_eq!(cash(&g, "Cy"), 1050);
    }
);

rule!(
    campus_community_chest_1_collects_100,
    json!({"board": "campus",
    "players": [{"name": "Ann", "position": 1}, {"name": "Bob"}],
    "rolls": [[5]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1100);
    }
);

rule!(
    campus_chance_2_moves_forward_3_and_acts_there,
    json!({"board": "campus",
    "players": [{"name": "Ann", "position": 8}, {"name": "Bob"}],
    "rolls": [[2]]}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 13);
        assert_eq!(owner(&g, "AMBS").as_deref(), Some("Ann"));
        assert_eq!(cash(&g, "Ann"), 600);
    }
);

rule!(
    campus_community_chest_2_is_a_30_fine,
    json!({"board": "campus",
    "players": [{"name": "Ann", "position": 10}, {"name": "Bob"}],
    "rolls": [[4]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 970);
    }
);

rule!(
    campus_go_to_jail,
    json!({"board": "campus",
    "players": [{"name": "Ann", "position": 10}, {"name": "Bob"}],
    "rolls": [[2]]}),
    |g| {
        assert!(player(&g, "Ann").in_jail);
        assert_eq!(pos(&g, "Ann"), 4);
    }
);

rule!(
    campus_landing_on_jail_by_the_dice_is_just_visiting,
    json!({"board": "campus",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[4]]}),
    |g| {
        assert!(!player(&g, "Ann").in_jail);
    }
);

rule!(
    campus_jail_until_a_six_which_only_frees_then_roll_again,
    json!({"board": "campus",
    "players": [{"name": "Ann", "in_jail": true}, {"name": "Bob"}],
    "rolls": [[3], [1], [6], [2]], "decisions": "never-buy"}),
    |g| {
        assert!(!player(&g, "Ann").in_jail);
        assert_eq!(pos(&g, "Ann"), 6);
        assert_eq!(cash(&g, "Ann"), 1100);
        assert_eq!(pos(&g, "Bob"), 1);
    }
);

rule!(
    campus_a_failed_jail_roll_does_not_move,
    json!({"board": "campus",
    "players": [{"name": "Ann", "in_jail": true}, {"name": "Bob"}],
    "rolls": [[5]]}),
    |g| {
        assert!(player(&g, "Ann").in_jail);
        assert_eq!(pos(&g, "Ann"), 4);
    }
);

rule!(
    campus_one_die,
    json!({"board": "campus",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[3]]}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 3);
    }
);

// ----- Worlds -----

rule!(
    worlds_three_doubles_end_the_turn_instead_of_jailing,
    json!({"board": "worlds",
    "players": [{"name": "Ann", "position": 5}, {"name": "Bob"}],
    "rolls": [[2, 2], [3, 3], [4, 4]], "decisions": "never-buy"}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 15);
        assert!(!player(&g, "Ann").in_jail);
        assert_eq!(g.current_player(), PlayerId(1));
        assert!(has_event(&g, "too_many_doubles"));
    }
);

// Issue 31, point 3: the waited turn is Ann's, held as in jail: her roll (no doubles) does
// not move her. (Games saved before issue 31 skipped it: `jokers.rs`.)
rule!(
    worlds_joker_wait_holds_the_next_turn,
    json!({"board": "worlds",
    "players": [{"name": "Ann", "position": 7}, {"name": "Bob"}],
    "rolls": [[1, 2], [1, 2], [1, 2]], "decisions": "never-buy"}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 10);
        assert_eq!(pos(&g, "Bob"), 3, "Bob rolled once; Ann's roll was her try");
        assert!(has_event(&g, "waited_turn"));
        assert!(!has_event(&g, "turn_skipped"));
    }
);

rule!(
    worlds_joker_moves_back_and_acts_on_the_square_reached,
    json!({"board": "worlds",
    "players": [{"name": "Ann", "position": 27}, {"name": "Bob"}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 20);
        assert_eq!(cash(&g, "Ann"), 1600, "Oasis pays 100");
    }
);

rule!(
    worlds_joker_money_loss,
    json!({"board": "worlds",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[1, 3]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1300);
    }
);

rule!(
    worlds_has_no_jail,
    json!({"board": "worlds",
    "players": [{"name": "Ann", "position": 27}, {"name": "Bob"}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(g.board().jail(), None);
        assert!(!player(&g, "Ann").in_jail);
    }
);

// ----- any board -----

rule!(
    bots_only_play_legal_actions_to_the_end,
    json!({"board": "classic",
    "rules": {"round_limit": 30},
    "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
    "rolls": [], "decisions": "balanced"}),
    |g| {
        // No dice given: the run stops at the first roll, legally.
        assert_eq!(g.history().len(), 0);
    }
);

#[test]
fn bots_play_whole_games_on_every_board() {
    use worlds_engine::bots::play_out;
    use worlds_engine::game::{GameSetup, Seat};
    for preset in worlds_engine::Preset::ALL {
        for strategy in worlds_engine::game::ComputerStrategy::ALL {
            let seats = (0..4)
                .map(|i| Seat::computer(&format!("Bot {i}"), strategy))
                .collect();
            let mut setup = GameSetup::new(preset.board(), seats, 42);
            setup.rules.round_limit = Some(100);
            let mut g = worlds_engine::Game::new(setup).expect("game");
            play_out(&mut g, 200_000);
            assert!(g.is_over(), "{} {strategy:?}", preset.id());
            assert!(g.winner().is_some());
        }
    }
}
