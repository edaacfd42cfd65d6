//! Rule scenarios for the classic rules (docs/PRODUCT.md section 1), one test per rule, each a
//! small scenario file (board, players, dice, decisions) and the state it must end in.

mod common;
use common::*;
use serde_json::json;
use worlds_engine::game::Phase;
use worlds_engine::refusal::{BuildWhy, Refusal};
use worlds_engine::PlayerId;
use worlds_engine::SquareId;
use worlds_engine::{Action, TradeSide};

rule!(
    salary_is_paid_for_passing_go,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 38}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decisions": "never-buy"}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1700);
        assert_eq!(pos(&g, "Ann"), 1);
    }
);

rule!(
    salary_is_paid_for_landing_on_go,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 37}, {"name": "Bob"}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1700);
        assert_eq!(pos(&g, "Ann"), 0);
    }
);

rule!(
    double_salary_for_landing_on_go_house_rule,
    json!({"board": "classic",
    "rules": {"salary_on_landing_multiplier": 2},
    "players": [{"name": "Ann", "position": 37}, {"name": "Bob", "position": 38}],
    "rolls": [[1, 2], [1, 2]], "decisions": "never-buy"}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1900);
        assert_eq!(
            cash(&g, "Bob"),
            1700,
            "passing still pays the single salary"
        );
    }
);

rule!(
    salary_house_rule_changes_the_amount,
    json!({"board": "classic",
    "rules": {"salary": 400},
    "players": [{"name": "Ann", "position": 38}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decisions": "never-buy"}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1900);
    }
);

rule!(
    everyone_starts_with_1500_on_go,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob"}]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1500);
        assert_eq!(pos(&g, "Bob"), 0);
    }
);

rule!(
    starting_cash_house_rule,
    json!({"board": "classic",
    "rules": {"starting_cash": 2000},
    "players": [{"name": "Ann"}, {"name": "Bob"}]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 2000);
    }
);

rule!(
    doubles_roll_again,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[3, 3], [1, 2]], "decisions": "never-buy"}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 9);
        assert_eq!(pos(&g, "Bob"), 0);
    }
);

rule!(
    third_double_in_a_row_goes_to_jail_without_moving,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 5}, {"name": "Bob"}],
    "rolls": [[2, 2], [3, 3], [4, 4]], "decisions": "never-buy"}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 10);
        assert!(player(&g, "Ann").in_jail);
        assert_eq!(g.current_player(), PlayerId(1), "the turn passed to Bob");
    }
);

rule!(
    buying_an_unowned_lot_at_list_price,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1440);
        assert_eq!(owner(&g, "Baltic Avenue").as_deref(), Some("Ann"));
    }
);

rule!(
    auction_after_a_decline_includes_the_decliner,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decisions": "never-buy",
    "actions": [{"action": "bid", "amount": 10}, {"action": "bid", "amount": 25}, {"action": "pass_bid"}]}),
    |g| {
        assert_eq!(owner(&g, "Baltic Avenue").as_deref(), Some("Bob"));
        assert_eq!(cash(&g, "Bob"), 1475);
        assert!(has_event(&g, "auction_started"));
    }
);

rule!(
    the_decliner_may_win_the_auction_below_the_price,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decisions": "never-buy",
    "actions": [{"action": "bid", "amount": 5}, {"action": "pass_bid"}]}),
    |g| {
        assert_eq!(owner(&g, "Baltic Avenue").as_deref(), Some("Ann"));
        assert_eq!(cash(&g, "Ann"), 1495);
    }
);

rule!(
    nobody_bids_and_the_lot_stays_with_the_bank,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decisions": "never-buy"}),
    |g| {
        assert_eq!(owner(&g, "Baltic Avenue"), None);
        assert!(has_event(&g, "auction_unsold"));
        assert_eq!(g.bank_balance(), 0);
    }
);

rule!(
    auctions_off_house_rule_declining_simply_passes,
    json!({"board": "classic",
    "rules": {"auctions": false},
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decisions": "never-buy"}),
    |g| {
        assert_eq!(owner(&g, "Baltic Avenue"), None);
        assert!(!has_event(&g, "auction_started"));
    }
);

rule!(
    base_rent_from_the_deed,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Baltic Avenue"]}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1496);
        assert_eq!(cash(&g, "Bob"), 1504);
    }
);

rule!(
    double_base_rent_on_a_whole_unimproved_group,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Mediterranean Avenue", "Baltic Avenue"]}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1492);
    }
);

rule!(
    double_rent_even_when_another_lot_of_the_group_is_mortgaged,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
        "mortgaged": ["Mediterranean Avenue"]}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1492);
    }
);

rule!(
    no_rent_on_a_mortgaged_lot,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Baltic Avenue"], "mortgaged": ["Baltic Avenue"]}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1500);
        assert!(has_event(&g, "no_rent"));
    }
);

rule!(
    house_rents_from_the_deed,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
        "houses": {"Mediterranean Avenue": 3, "Baltic Avenue": 3}}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1500 - 180);
    }
);

rule!(
    hotel_rent_from_the_deed,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
        "houses": {"Mediterranean Avenue": 5, "Baltic Avenue": 5}}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1500 - 450);
    }
);

rule!(
    railroad_rent_by_the_number_owned,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Reading Railroad", "Pennsylvania Railroad", "B. & O. Railroad"]}],
    "rolls": [[2, 3]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1400);
    }
);

rule!(
    utility_rent_is_four_times_the_dice,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 5}, {"name": "Bob", "owns": ["Electric Company"]}],
    "rolls": [[3, 4]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1500 - 28);
    }
);

rule!(
    utility_rent_is_ten_times_the_dice_with_both,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 5}, {"name": "Bob", "owns": ["Electric Company", "Water Works"]}],
    "rolls": [[3, 4]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1500 - 70);
    }
);

rule!(
    an_owner_in_jail_still_collects_rent,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Baltic Avenue"], "in_jail": true}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1496);
    }
);

rule!(
    no_rent_while_in_jail_house_rule,
    json!({"board": "classic",
    "rules": {"no_rent_in_jail": true},
    "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Baltic Avenue"], "in_jail": true}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1500);
    }
);

#[test]
fn building_needs_the_whole_group() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Baltic Avenue"]}, {"name": "Bob", "owns": ["Mediterranean Avenue"]}]}));
    let err = g
        .apply(Action::Build {
            square: SquareId(3),
        })
        .expect_err("refused");
    assert_eq!(
        err.to_string(),
        "You cannot build on Baltic Avenue: you do not own the whole brown group."
    );
}

#[test]
fn building_evenly() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"]}, {"name": "Bob"}]}));
    g.apply(Action::Build {
        square: SquareId(1),
    })
    .expect("first house");
    let err = g
        .apply(Action::Build {
            square: SquareId(1),
        })
        .expect_err("uneven");
    assert_eq!(
        err.reason(),
        &Refusal::CannotBuild {
            square: SquareId(1),
            why: BuildWhy::Uneven
        }
    );
    assert!(err.to_string().contains("build evenly"));
    g.apply(Action::Build {
        square: SquareId(3),
    })
    .expect("second lot");
    g.apply(Action::Build {
        square: SquareId(1),
    })
    .expect("now even");
    assert_eq!(g.square(1).buildings.level(), 2);
    assert_eq!(cash_of(&g, 0), 1500 - 150);
    assert_eq!(g.bank_houses(), 29);
}

#[test]
fn selling_evenly() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
            "houses": {"Mediterranean Avenue": 2, "Baltic Avenue": 1}}, {"name": "Bob"}]}));
    let err = g
        .apply(Action::SellBuilding {
            square: SquareId(3),
        })
        .expect_err("uneven");
    assert!(err.to_string().contains("sell evenly"));
    g.apply(Action::SellBuilding {
        square: SquareId(1),
    })
    .expect("from the most built");
    assert_eq!(g.square(1).buildings.level(), 1);
}

#[test]
fn even_build_off_house_rule() {
    let mut g = start(json!({"board": "classic", "rules": {"even_build": false},
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"]}, {"name": "Bob"}]}));
    g.apply(Action::Build {
        square: SquareId(1),
    })
    .expect("one");
    g.apply(Action::Build {
        square: SquareId(1),
    })
    .expect("two on the same lot");
    assert_eq!(g.square(1).buildings.level(), 2);
}

#[test]
fn no_building_on_a_group_with_a_mortgaged_lot() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"], "mortgaged": ["Mediterranean Avenue"]}, {"name": "Bob"}]}));
    let err = g
        .apply(Action::Build {
            square: SquareId(3),
        })
        .expect_err("mortgaged");
    assert!(err.to_string().contains("mortgaged"));
}

#[test]
fn a_hotel_needs_four_houses_and_returns_them_to_the_bank() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
            "houses": {"Mediterranean Avenue": 4, "Baltic Avenue": 4}}, {"name": "Bob"}]}));
    assert_eq!(g.bank_houses(), 24);
    g.apply(Action::Build {
        square: SquareId(1),
    })
    .expect("hotel");
    assert_eq!(g.square(1).buildings.level(), 5);
    assert_eq!(g.bank_houses(), 28);
    assert_eq!(g.bank_hotels(), 11);
    assert_eq!(cash_of(&g, 0), 1450);
}

#[test]
fn when_the_bank_has_no_house_nobody_builds() {
    let mut g = start(json!({"board": "classic", "rules": {"houses": 0},
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"]}, {"name": "Bob"}]}));
    let err = g
        .apply(Action::Build {
            square: SquareId(1),
        })
        .expect_err("no houses");
    assert!(err.to_string().contains("no house left"));
}

#[test]
fn housing_shortage_the_last_houses_are_auctioned() {
    let mut g = start(json!({"board": "classic", "rules": {"houses": 1},
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"]},
                    {"name": "Bob", "owns": ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"]}]}));
    g.apply(Action::Build {
        square: SquareId(1),
    })
    .expect("asks to build");
    let Phase::Auction(a) = g.phase().clone() else {
        panic!("a house auction, got {:?}", g.phase())
    };
    assert_eq!(a.lot, None);
    assert_eq!(a.bidders, vec![PlayerId(0), PlayerId(1)]);
    assert_eq!(a.min_bid(), 50);
    g.apply(Action::Bid { amount: 60 }).expect("Ann bids");
    g.apply(Action::Bid { amount: 70 }).expect("Bob bids");
    g.apply(Action::PassBid).expect("Ann passes");
    assert_eq!(
        g.phase(),
        &Phase::PlaceHouse {
            player: PlayerId(1)
        }
    );
    assert!(g.legal_actions().contains(&Action::Build {
        square: SquareId(6)
    }));
    g.apply(Action::Build {
        square: SquareId(6),
    })
    .expect("Bob places it");
    assert_eq!(g.square(6).buildings.level(), 1);
    assert_eq!(g.bank_houses(), 0);
    assert_eq!(cash_of(&g, 1), 1430);
    assert_eq!(g.phase(), &Phase::Roll, "back to Ann's turn");
}

#[test]
fn selling_a_hotel_needs_four_houses_in_the_bank() {
    let mut g = start(json!({"board": "classic", "rules": {"houses": 3},
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
            "houses": {"Mediterranean Avenue": 5, "Baltic Avenue": 5}}, {"name": "Bob"}]}));
    let err = g
        .apply(Action::SellBuilding {
            square: SquareId(1),
        })
        .expect_err("short of houses");
    assert!(err.to_string().contains("only 3 houses"));
    assert!(g.legal_actions().contains(&Action::SellAllBuildings {
        square: SquareId(1)
    }));
    g.apply(Action::SellAllBuildings {
        square: SquareId(1),
    })
    .expect("sell down");
    assert_eq!(
        (g.square(1).buildings.level(), g.square(3).buildings.level()),
        (0, 0)
    );
    assert_eq!(cash_of(&g, 0), 1500 + 250);
    assert_eq!(g.bank_hotels(), 12);
}

#[test]
fn buildings_sell_back_at_half_their_cost() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
            "houses": {"Mediterranean Avenue": 1, "Baltic Avenue": 1}}, {"name": "Bob"}]}));
    g.apply(Action::SellBuilding {
        square: SquareId(1),
    })
    .expect("sell");
    assert_eq!(cash_of(&g, 0), 1525);
    assert_eq!(g.bank_houses(), 31);
}

#[test]
fn mortgage_pays_half_the_price() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Boardwalk"]}, {"name": "Bob"}]}));
    g.apply(Action::Mortgage {
        square: SquareId(39),
    })
    .expect("mortgage");
    assert_eq!(cash_of(&g, 0), 1700);
    assert!(g.square(39).mortgaged);
}

#[test]
fn lifting_a_mortgage_costs_the_mortgage_plus_ten_percent() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Park Place"], "mortgaged": ["Park Place"]}, {"name": "Bob"}]}));
    g.apply(Action::Unmortgage {
        square: SquareId(37),
    })
    .expect("lift");
    assert_eq!(cash_of(&g, 0), 1500 - 193);
}

#[test]
fn mortgaging_needs_the_group_free_of_buildings() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
            "houses": {"Mediterranean Avenue": 1}}, {"name": "Bob"}]}));
    let err = g
        .apply(Action::Mortgage {
            square: SquareId(3),
        })
        .expect_err("buildings");
    assert!(err.to_string().contains("sell the buildings"));
}

fn mortgaged_lot_traded_to_bob() -> worlds_engine::Game {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Baltic Avenue"], "mortgaged": ["Baltic Avenue"]}, {"name": "Bob"}]}));
    g.apply(Action::ProposeTrade {
        to: PlayerId(1),
        give: TradeSide {
            lots: vec![SquareId(3)],
            ..TradeSide::default()
        },
        take: TradeSide {
            cash: 10,
            ..TradeSide::default()
        },
    })
    .expect("offer");
    g.apply(Action::AnswerTrade { accept: true })
        .expect("accepted");
    g
}

#[test]
fn receiving_a_mortgaged_lot_costs_ten_percent_at_once() {
    let g = mortgaged_lot_traded_to_bob();
    assert_eq!(g.square(3).owner, Some(PlayerId(1)));
    assert!(g.square(3).mortgaged);
    assert_eq!(cash_of(&g, 1), 1500 - 10 - 3);
    assert_eq!(cash_of(&g, 0), 1510);
    assert_eq!(
        g.unmortgage_cost(3),
        30,
        "lifting it now costs the mortgage only"
    );
}

#[test]
fn a_received_mortgaged_lot_lifted_later_pays_the_ten_percent_again() {
    let mut g = mortgaged_lot_traded_to_bob();
    g.set_next_roll(vec![1, 3]).expect("dice");
    g.apply(Action::Roll).expect("Ann rolls");
    g.apply(Action::EndTurn).expect("Ann ends");
    // Bob's turn: he may still lift it for the mortgage alone.
    assert_eq!(g.unmortgage_cost(3), 30);
    g.set_next_roll(vec![5, 6]).expect("dice");
    g.apply(Action::Roll).expect("Bob rolls");
    if let Phase::BuyOrDecline { .. } = g.phase() {
        g.apply(Action::Decline).expect("decline");
        while let Phase::Auction(_) = g.phase() {
            g.apply(Action::PassBid).expect("pass");
        }
    }
    g.apply(Action::EndTurn).expect("Bob ends");
    assert_eq!(
        g.unmortgage_cost(3),
        33,
        "after his turn, the 10% is due again"
    );
}

#[test]
fn trades_carry_lots_cash_and_jail_cards_both_ways() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Baltic Avenue"], "jail_cards": ["chance"]},
                    {"name": "Bob", "owns": ["Boardwalk"]}]}));
    g.apply(Action::ProposeTrade {
        to: PlayerId(1),
        give: TradeSide {
            lots: vec![SquareId(3)],
            cash: 100,
            jail_cards: 1,
        },
        take: TradeSide {
            lots: vec![SquareId(39)],
            cash: 5,
            jail_cards: 0,
        },
    })
    .expect("offer");
    assert!(matches!(g.phase(), Phase::TradeOffer(_)));
    assert_eq!(g.actor(), Some(PlayerId(1)));
    g.apply(Action::AnswerTrade { accept: true })
        .expect("accept");
    assert_eq!(g.square(3).owner, Some(PlayerId(1)));
    assert_eq!(g.square(39).owner, Some(PlayerId(0)));
    assert_eq!(cash_of(&g, 0), 1405);
    assert_eq!(g.player(PlayerId(1)).jail_cards.len(), 1);
    assert_eq!(g.phase(), &Phase::Roll);
}

#[test]
fn a_declined_trade_changes_nothing() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Baltic Avenue"]}, {"name": "Bob"}]}));
    g.apply(Action::ProposeTrade {
        to: PlayerId(1),
        give: TradeSide {
            lots: vec![SquareId(3)],
            ..TradeSide::default()
        },
        take: TradeSide {
            cash: 500,
            ..TradeSide::default()
        },
    })
    .expect("offer");
    g.apply(Action::AnswerTrade { accept: false })
        .expect("decline");
    assert_eq!(g.square(3).owner, Some(PlayerId(0)));
    assert_eq!(cash_of(&g, 1), 1500);
}

#[test]
fn no_trading_a_lot_whose_group_has_buildings() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
            "houses": {"Baltic Avenue": 1}}, {"name": "Bob"}]}));
    let err = g
        .apply(Action::ProposeTrade {
            to: PlayerId(1),
            give: TradeSide {
                lots: vec![SquareId(1)],
                ..TradeSide::default()
            },
            take: TradeSide::default(),
        })
        .expect_err("buildings");
    assert!(err.to_string().contains("buildings in its group"));
}

#[test]
fn trades_only_during_the_traders_own_turn() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Baltic Avenue"]}]}));
    g.set_next_roll(vec![1, 5]).expect("dice");
    g.apply(Action::Roll).expect("to Oriental");
    g.apply(Action::Decline).expect("decline");
    // An auction runs: nobody may trade now.
    let err = g
        .apply(Action::ProposeTrade {
            to: PlayerId(1),
            give: TradeSide {
                cash: 10,
                ..TradeSide::default()
            },
            take: TradeSide::default(),
        })
        .expect_err("not now");
    assert!(matches!(err.reason(), Refusal::NotNow(_)));
}

rule!(
    paying_the_fine_before_rolling_leaves_jail,
    json!({"board": "classic",
    "players": [{"name": "Ann", "in_jail": true}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decisions": "never-buy",
    "actions": [{"action": "pay_jail_fine"}]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1450);
        assert_eq!(pos(&g, "Ann"), 13);
        assert!(!player(&g, "Ann").in_jail);
    }
);

rule!(
    a_get_out_of_jail_free_card_frees_and_goes_back_to_its_deck,
    json!({"board": "classic",
    "players": [{"name": "Ann", "in_jail": true, "jail_cards": ["chance"]}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decisions": "never-buy",
    "actions": [{"action": "use_jail_card"}]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1500);
        assert_eq!(pos(&g, "Ann"), 13);
        assert_eq!(g.deck_len(worlds_engine::DeckKind::Chance), 16);
    }
);

rule!(
    doubles_from_jail_free_and_move_but_give_no_extra_roll,
    json!({"board": "classic",
    "players": [{"name": "Ann", "in_jail": true}, {"name": "Bob"}],
    "rolls": [[2, 2], [1, 2]], "decisions": "never-buy"}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 14);
        assert!(!player(&g, "Ann").in_jail);
        assert_eq!(pos(&g, "Bob"), 3, "the second roll was Bob's");
        assert_eq!(cash(&g, "Ann"), 1500);
    }
);

rule!(
    a_failed_jail_roll_keeps_the_player_in_jail,
    json!({"board": "classic",
    "players": [{"name": "Ann", "in_jail": true}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decisions": "never-buy"}),
    |g| {
        assert!(player(&g, "Ann").in_jail);
        assert_eq!(pos(&g, "Ann"), 10);
        assert_eq!(player(&g, "Ann").jail_tries, 1);
    }
);

rule!(
    the_third_failed_jail_roll_pays_the_fine_and_moves,
    json!({"board": "classic",
    "players": [{"name": "Ann", "in_jail": true}, {"name": "Bob"}],
    "rolls": [[1, 2], [1, 2], [1, 3], [1, 2], [2, 3]], "decisions": "never-buy"}),
    |g| {
        assert!(!player(&g, "Ann").in_jail);
        assert_eq!(pos(&g, "Ann"), 15);
        assert_eq!(cash(&g, "Ann"), 1450);
        assert_eq!(pos(&g, "Bob"), 6);
    }
);

rule!(
    landing_on_go_to_jail_sends_to_jail,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 27}, {"name": "Bob"}],
    "rolls": [[1, 2]]}),
    |g| {
        assert!(player(&g, "Ann").in_jail);
        assert_eq!(pos(&g, "Ann"), 10);
    }
);

rule!(
    doubles_onto_go_to_jail_end_the_turn,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 26}, {"name": "Bob"}],
    "rolls": [[2, 2], [1, 2]], "decisions": "never-buy"}),
    |g| {
        assert!(player(&g, "Ann").in_jail);
        assert_eq!(pos(&g, "Bob"), 3);
    }
);

rule!(
    just_visiting_jail,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 7}, {"name": "Bob"}],
    "rolls": [[1, 2]]}),
    |g| {
        assert!(!player(&g, "Ann").in_jail);
        assert_eq!(pos(&g, "Ann"), 10);
    }
);

rule!(
    go_to_jail_card,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 4}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decks": {"chance": [10]}}),
    |g| {
        assert!(player(&g, "Ann").in_jail);
        assert!(has_event(&g, "card_drawn"));
    }
);

rule!(
    advance_to_go_card_collects_the_salary,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 4}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decks": {"chance": [1]}}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 0);
        assert_eq!(cash(&g, "Ann"), 1700);
    }
);

rule!(
    advancing_past_go_by_card_collects_the_salary,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 33}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decks": {"chance": [2]}, "decisions": "never-buy"}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 24);
        assert_eq!(cash(&g, "Ann"), 1700);
    }
);

rule!(
    nearest_railroad_card_pays_twice_the_rent,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 4}, {"name": "Bob", "owns": ["Pennsylvania Railroad"]}],
    "rolls": [[1, 2]], "decks": {"chance": [6]}}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 15);
        assert_eq!(cash(&g, "Ann"), 1450);
        assert_eq!(cash(&g, "Bob"), 1550);
    }
);

rule!(
    nearest_railroad_card_unowned_may_be_bought,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 4}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decks": {"chance": [7]}}),
    |g| {
        assert_eq!(owner(&g, "Pennsylvania Railroad").as_deref(), Some("Ann"));
        assert_eq!(cash(&g, "Ann"), 1300);
    }
);

rule!(
    nearest_utility_card_throws_the_dice_and_pays_ten_times,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 4}, {"name": "Bob", "owns": ["Electric Company"]}],
    "rolls": [[1, 2], [3, 4]], "decks": {"chance": [8]}}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 12);
        assert_eq!(cash(&g, "Ann"), 1430);
        assert_eq!(cash(&g, "Bob"), 1570);
    }
);

rule!(
    go_back_three_onto_a_card_square_draws_again,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 33}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decks": {"chance": [9], "community_chest": [3]}}),
    |g| {
        assert_eq!(pos(&g, "Ann"), 33);
        assert_eq!(cash(&g, "Ann"), 1700);
        let draws = g
            .log()
            .iter()
            .filter(|e| matches!(e.event, worlds_engine::Event::CardDrawn { .. }))
            .count();
        assert_eq!(draws, 2);
    }
);

rule!(
    a_held_jail_card_is_out_of_its_deck,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 4}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decks": {"chance": [12]}}),
    |g| {
        assert_eq!(player(&g, "Ann").jail_cards.len(), 1);
        assert_eq!(g.deck_len(worlds_engine::DeckKind::Chance), 15);
    }
);

rule!(
    general_repairs_card_charges_per_house_and_hotel,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 4, "owns": ["Mediterranean Avenue", "Baltic Avenue"],
        "houses": {"Mediterranean Avenue": 2, "Baltic Avenue": 5}}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decks": {"chance": [13]}}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1500 - 50 - 100);
    }
);

rule!(
    chairman_of_the_board_pays_each_player,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 4}, {"name": "Bob"}, {"name": "Cy"}],
    "rolls": [[1, 2]], "decks": {"chance": [15]}}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1400);
        assert_eq!(cash(&g, "Bob"), 1550);
        assert_eq!(cash(&g, "Cy"), 1550);
    }
);

rule!(
    birthday_collects_from_every_player,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
    "rolls": [[1, 1]], "decks": {"community_chest": [9]}, "decisions": "never-buy"}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1520);
        assert_eq!(cash(&g, "Cy"), 1490);
    }
);

rule!(
    card_texts_use_the_boards_currency,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 4}, {"name": "Bob"}],
    "rolls": [[1, 2]], "decks": {"chance": [11]}}),
    |g| {
        let text = g.log().iter().find_map(|e| match &e.event {
            worlds_engine::Event::CardDrawn { deck, number, .. } => {
                Some(g.card_text(*deck, *number))
            }
            _ => None,
        });
        assert_eq!(text.as_deref(), Some("Bank pays you a dividend of $50."));
        assert_eq!(cash(&g, "Ann"), 1550);
    }
);

rule!(
    income_tax_is_200,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "rolls": [[1, 3]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1300);
    }
);

rule!(
    luxury_tax_is_100,
    json!({"board": "classic",
    "players": [{"name": "Ann", "position": 35}, {"name": "Bob"}],
    "rolls": [[1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1400);
    }
);

rule!(
    free_parking_jackpot_house_rule,
    json!({"board": "classic",
    "rules": {"free_parking_jackpot": true},
    "players": [{"name": "Ann"}, {"name": "Bob", "position": 17}],
    "rolls": [[1, 3], [1, 2]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 1300);
        assert_eq!(cash(&g, "Bob"), 1700);
        assert_eq!(g.jackpot(), 0);
    }
);

rule!(
    a_debt_is_raised_by_mortgaging_before_paying,
    json!({"board": "classic",
    "players": [{"name": "Ann", "cash": 150, "owns": ["Oriental Avenue"]}, {"name": "Bob"}],
    "rolls": [[1, 3]]}),
    |g| {
        assert_eq!(cash(&g, "Ann"), 0);
        assert!(g.square(6).mortgaged);
        assert!(!player(&g, "Ann").bankrupt);
    }
);

rule!(
    a_debt_is_raised_by_selling_buildings_first,
    json!({"board": "classic",
    "players": [{"name": "Ann", "cash": 0, "owns": ["Mediterranean Avenue", "Baltic Avenue"],
        "houses": {"Mediterranean Avenue": 4, "Baltic Avenue": 4}}, {"name": "Bob", "position": 35}],
    "rolls": [[1, 3]]}),
    |g| {
        // 200 of tax: 8 houses sell for 25 each.
        assert_eq!(cash(&g, "Ann"), 0);
        assert_eq!(
            g.square(1).buildings.level() + g.square(3).buildings.level(),
            0
        );
        assert!(!player(&g, "Ann").bankrupt);
    }
);

rule!(
    bankruptcy_to_a_player_hands_over_everything,
    json!({"board": "classic",
    "players": [{"name": "Ann", "cash": 10, "owns": ["Oriental Avenue", "Vermont Avenue"], "mortgaged": ["Oriental Avenue"]},
                {"name": "Bob", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
                 "houses": {"Mediterranean Avenue": 5, "Baltic Avenue": 5}}],
    "rolls": [[1, 2]]}),
    |g| {
        assert!(player(&g, "Ann").bankrupt);
        assert_eq!(owner(&g, "Oriental Avenue").as_deref(), Some("Bob"));
        assert_eq!(owner(&g, "Vermont Avenue").as_deref(), Some("Bob"));
        // Ann's 10 + 50 from mortgaging Vermont, less 5 + 5 interest on the two mortgaged lots.
        assert_eq!(cash(&g, "Bob"), 1550);
        assert!(g.is_over());
        assert_eq!(g.winner(), Some(PlayerId(1)));
    }
);

rule!(
    bankruptcy_to_a_player_pays_buildings_at_half,
    json!({"board": "classic",
    "players": [{"name": "Ann", "cash": 10, "owns": ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"],
        "houses": {"Oriental Avenue": 1, "Vermont Avenue": 1, "Connecticut Avenue": 1}},
                {"name": "Bob", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
                 "houses": {"Mediterranean Avenue": 5, "Baltic Avenue": 5}}],
    "rolls": [[1, 2]], "actions": [{"action": "declare_bankruptcy"}]}),
    |g| {
        assert_eq!(cash(&g, "Bob"), 1500 + 10 + 75);
        assert_eq!(g.square(6).buildings.level(), 0);
        assert_eq!(owner(&g, "Connecticut Avenue").as_deref(), Some("Bob"));
    }
);

rule!(
    bankruptcy_to_the_bank_auctions_the_lots,
    json!({"board": "classic",
    "players": [{"name": "Ann", "cash": 0, "owns": ["Oriental Avenue"], "jail_cards": ["community_chest"]},
                {"name": "Bob"}, {"name": "Cy"}],
    "rolls": [[1, 3]],
    "actions": [{"action": "declare_bankruptcy"}, {"action": "bid", "amount": 10}, {"action": "pass_bid"}]}),
    |g| {
        assert!(player(&g, "Ann").bankrupt);
        assert_eq!(owner(&g, "Oriental Avenue").as_deref(), Some("Bob"));
        assert_eq!(cash(&g, "Bob"), 1490);
        assert_eq!(
            g.deck_len(worlds_engine::DeckKind::CommunityChest),
            16,
            "jail card back in its deck"
        );
        assert!(!g.is_over());
        assert_eq!(g.current_player(), PlayerId(1));
    }
);

rule!(
    resigning_is_bankruptcy_to_the_bank,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Baltic Avenue"]}, {"name": "Cy"}],
    "actions": [{"action": "resign", "player": 1}]}),
    |g| {
        assert!(player(&g, "Bob").bankrupt);
        assert_eq!(owner(&g, "Baltic Avenue"), None);
        assert_eq!(cash(&g, "Bob"), 0);
        assert!(
            has_event(&g, "auction_unsold"),
            "the lot was auctioned (nobody bid)"
        );
    }
);

rule!(
    the_game_ends_when_one_player_is_left,
    json!({"board": "classic",
    "players": [{"name": "Ann"}, {"name": "Bob"}],
    "actions": [{"action": "resign", "player": 0}]}),
    |g| {
        assert!(g.is_over());
        assert_eq!(g.winner(), Some(PlayerId(1)));
        assert!(g.legal_actions().is_empty());
    }
);

rule!(
    round_limit_the_highest_assets_win,
    json!({"board": "classic",
    "rules": {"round_limit": 1},
    "players": [{"name": "Ann"}, {"name": "Bob", "cash": 2000}],
    "rolls": [[1, 2], [2, 3], [1, 1]]}),
    |g| {
        assert!(g.is_over());
        assert_eq!(g.winner(), Some(PlayerId(1)));
        assert_eq!(g.assets(PlayerId(1)), 2000);
        assert_eq!(g.round(), 1);
    }
);

#[test]
fn assets_are_cash_plus_lot_prices_plus_building_costs() {
    let g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "cash": 100, "owns": ["Mediterranean Avenue", "Baltic Avenue", "Boardwalk"],
            "houses": {"Mediterranean Avenue": 2, "Baltic Avenue": 5}}, {"name": "Bob"}]}));
    assert_eq!(g.assets(PlayerId(0)), 100 + 60 + 60 + 400 + 2 * 50 + 5 * 50);
}

#[test]
fn two_to_eight_players() {
    let nine: Vec<_> = (0..9).map(|i| json!({"name": format!("P{i}")})).collect();
    let s: worlds_engine::scenario::Scenario =
        serde_json::from_value(json!({"board": "classic", "players": nine})).expect("scenario");
    let err = s.run().expect_err("too many");
    assert!(err.to_string().contains("2 to 8 players"), "{err}");
    let one = json!({"board": "classic", "players": [{"name": "Solo"}]});
    let s: worlds_engine::scenario::Scenario = serde_json::from_value(one).expect("scenario");
    assert!(s.run().is_err());
}

#[test]
fn a_refused_action_leaves_the_game_untouched() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Baltic Avenue"]}, {"name": "Bob"}]}));
    let before = g.clone();
    for a in [
        Action::EndTurn,
        Action::Buy,
        Action::Build {
            square: SquareId(3),
        },
        Action::Unmortgage {
            square: SquareId(3),
        },
        Action::Bid { amount: 10 },
        Action::Mortgage {
            square: SquareId(99),
        },
        Action::Resign {
            player: PlayerId(7),
        },
    ] {
        assert!(g.apply(a).is_err());
        assert_eq!(g, before);
    }
}

#[test]
fn every_listed_legal_action_is_accepted() {
    let g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue", "Boardwalk"],
            "mortgaged": ["Boardwalk"], "in_jail": true, "jail_cards": ["chance"]}, {"name": "Bob"}]}));
    let legal = g.legal_actions();
    for a in [
        Action::Roll,
        Action::PayJailFine,
        Action::UseJailCard,
        Action::Build {
            square: SquareId(1),
        },
        Action::Unmortgage {
            square: SquareId(39),
        },
        Action::Mortgage {
            square: SquareId(3),
        },
        Action::Resign {
            player: PlayerId(0),
        },
    ] {
        assert!(legal.contains(&a), "{a:?} missing from {legal:?}");
    }
    for a in legal {
        let mut copy = g.clone();
        assert!(copy.apply(a.clone()).is_ok(), "{a:?}");
    }
}

/// Issue 20: the log says what money changed hands in a trade, as people say it.
#[test]
fn an_accepted_trade_is_told_with_its_amounts() {
    let texts = |give: TradeSide, take: TradeSide| {
        let mut g = start(json!({"board": "classic",
            "players": [{"name": "Ann", "owns": ["Baltic Avenue"], "jail_cards": ["chance"]},
                        {"name": "Bob", "owns": ["Vermont Avenue"]}]}));
        g.apply(Action::ProposeTrade {
            to: PlayerId(1),
            give,
            take,
        })
        .expect("offer");
        let log = g
            .apply(Action::AnswerTrade { accept: true })
            .expect("accept")
            .to_vec();
        log.iter()
            .map(|e| g.describe(e))
            .collect::<Vec<_>>()
            .join(" | ")
    };
    let bought = texts(
        TradeSide {
            cash: 300,
            ..TradeSide::default()
        },
        TradeSide {
            lots: vec![SquareId(8)],
            ..TradeSide::default()
        },
    );
    assert!(
        bought.contains("Bob accepted Ann's trade: Ann bought Vermont Avenue from Bob for $300"),
        "{bought}"
    );
    let sold = texts(
        TradeSide {
            lots: vec![SquareId(3)],
            ..TradeSide::default()
        },
        TradeSide {
            cash: 80,
            ..TradeSide::default()
        },
    );
    assert!(
        sold.contains("Ann sold Baltic Avenue to Bob for $80"),
        "{sold}"
    );
    let swapped = texts(
        TradeSide {
            lots: vec![SquareId(3)],
            cash: 50,
            jail_cards: 1,
        },
        TradeSide {
            lots: vec![SquareId(8)],
            ..TradeSide::default()
        },
    );
    assert!(
        swapped.contains(
            "Ann traded Baltic Avenue, $50 and a Get Out of Jail Free card to Bob for Vermont Avenue"
        ),
        "{swapped}"
    );
}

/// Issue 20: a sentence of the log starts with a capital, also when the bank pays.
#[test]
fn log_sentences_start_with_a_capital() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann"}, {"name": "Bob"}], "rolls": [[3, 4]],
        "decks": {"chance": [11]}}));
    let log = g.apply(Action::Roll).expect("roll").to_vec();
    let texts: Vec<String> = log.iter().map(|e| g.describe(e)).collect();
    assert!(
        texts
            .iter()
            .all(|t| t.chars().next().is_some_and(|c| !c.is_lowercase())),
        "{texts:?}"
    );
    assert!(
        texts.iter().any(|t| t.starts_with("The bank paid")),
        "{texts:?}"
    );
}

/// Issue 20: a bankruptcy's line says on its own what could not be paid, to whom and for
/// what (the debt's line may have left a short feed long before); a resignation owes nothing.
#[test]
fn a_bankruptcy_names_the_debt_it_could_not_pay() {
    let g = play(json!({"board": "classic",
        "players": [{"name": "Ann", "cash": 10, "owns": ["Oriental Avenue"]},
                    {"name": "Bob", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
                     "houses": {"Mediterranean Avenue": 5, "Baltic Avenue": 5}}],
        "rolls": [[1, 2]], "actions": [{"action": "declare_bankruptcy"}]}));
    let texts: Vec<String> = g.log().iter().map(|e| g.describe(e)).collect();
    assert!(
        texts.contains(
            &"Ann is bankrupt to Bob, unable to pay $450 rent for Baltic Avenue".to_string()
        ),
        "{texts:?}"
    );
    let g = play(json!({"board": "classic",
        "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
        "actions": [{"action": "resign", "player": 1}]}));
    let texts: Vec<String> = g.log().iter().map(|e| g.describe(e)).collect();
    assert!(
        texts.contains(&"Bob is bankrupt to the bank".to_string()),
        "{texts:?}"
    );
    // Mini: still in the red after selling everything, out to the bank, saying for what.
    let g = play(json!({"board": "mini",
        "players": [{"name": "Ann", "cash": 10}, {"name": "Bob"}, {"name": "Cy"}],
        "rolls": [[3, 3]]}));
    let texts: Vec<String> = g.log().iter().map(|e| g.describe(e)).collect();
    assert!(
        texts.iter().any(
            |t| t.starts_with("Ann is bankrupt to the bank, unable to pay ")
                && t.contains(" for a ticket at ")
        ),
        "{texts:?}"
    );
}
