//! Help: the rules of a rule set in words, made from the rule set's own data, and a guide
//! to the Board Maker.

use leptos::prelude::*;
use worlds_engine::rules::{DebtRule, DoublesLimit, ExtraRoll, JailRelease, RentModel};
use worlds_engine::{Board, Preset};

use crate::common::context::{Navigator, Screen};
use crate::game::session::Session;

/// How the rent of a whole color group grows: "doubled", or the groups' own multipliers.
fn group_rent_words(board: &Board) -> String {
    let mut multipliers: Vec<i64> = board.groups().iter().map(|g| g.multiplier()).collect();
    worlds_engine::sorting::sort(&mut multipliers);
    multipliers.dedup();
    match multipliers.as_slice() {
        [] | [2] => "doubled".into(),
        [m] => format!("multiplied by {m}"),
        _ => "multiplied by the group's own multiplier".into(),
    }
}

/// The rules of a board's rule set, one sentence each.
pub fn rules_in_words(board: &Board) -> Vec<String> {
    let mut out = Vec::new();
    setup_rules(board, &mut out);
    lot_rules(board, &mut out);
    jail_rules(board, &mut out);
    joker_rules(board, &mut out);
    debt_rules(board, &mut out);
    trade_and_end_rules(board, &mut out);
    out
}

/// Players, money, dice, the salary and doubles.
fn setup_rules(board: &Board, out: &mut Vec<String>) {
    let r = board.rules();
    let m = |a: i64| board.money_words(a);
    out.extend([
        format!(
            "{} to {} players, each starting with {}.",
            r.min_players,
            r.max_players,
            m(r.starting_cash)
        ),
        format!(
            "Roll {} of {} sides and move clockwise.",
            crate::common::words::count(usize::from(r.dice_count), "die", "dice"),
            r.dice_sides
        ),
        format!(
            "Passing or landing on {} pays a salary of {}{}.",
            board.square(0).name,
            m(r.salary),
            if r.salary_on_landing_multiplier > 1 {
                format!(" ({}x for landing on it)", r.salary_on_landing_multiplier)
            } else {
                String::new()
            }
        ),
    ]);
    out.push(match r.extra_roll {
        ExtraRoll::None => "Doubles do not roll again.".into(),
        ExtraRoll::Doubles { limit, on_limit } => format!(
            "Doubles roll again; the {} double in a row {}.",
            crate::common::words::ordinal(u32::from(limit)),
            match on_limit {
                DoublesLimit::Jail => "sends you to jail without moving",
                DoublesLimit::EndTurn => "ends the turn",
            }
        ),
        ExtraRoll::MaxFace => {
            "A 6 moves you and you roll again; only the square where the turn stops acts.".into()
        }
    });
}

/// Buying lots, rent, building and mortgaging.
fn lot_rules(board: &Board, out: &mut Vec<String>) {
    let r = board.rules();
    out.push(if r.auctions {
        "An unowned lot is bought at its price, or auctioned at once to every player.".into()
    } else {
        "An unowned lot may be bought at its price; otherwise play passes.".into()
    });
    out.push(match r.rent_model {
        RentModel::Deed => format!("Rent follows the deed: {} on an unimproved lot of a whole color group (the deed's rent with color set), then by houses and hotel.", group_rent_words(board)),
        RentModel::PriceDoubledWithGroup => format!("Rent equals the price, {} when one owner holds the whole color.", group_rent_words(board)),
    });
    if r.buildings {
        out.push(format!(
            "Build houses and hotels on a whole unmortgaged group{}; a hotel costs the house cost unless its group sets a hotel cost of its own (see the deed). The bank has {} houses and {} hotels; buildings sell back at {}%.",
            if r.even_build { ", evenly" } else { "" },
            r.houses,
            r.hotels,
            r.building_sell_percent
        ));
    }
    if r.mortgages {
        out.push(format!(
            "Mortgage a lot for {}% of its price; lifting costs {}% more.",
            r.mortgage_percent, r.unmortgage_interest_percent
        ));
    }
}

/// Getting out of jail, where the board has one.
fn jail_rules(board: &Board, out: &mut Vec<String>) {
    let r = board.rules();
    let m = |a: i64| board.money_words(a);
    if board.jail().is_some() {
        out.push(match (r.jail.release, r.jail.fine, r.jail.max_tries) {
            (JailRelease::Doubles, Some(fine), Some(t)) => format!(
                "In jail: pay {} before rolling, use a Get Out of Jail Free card, or try for doubles; after {t} failed tries you pay and move.",
                m(fine)
            ),
            (JailRelease::MaxFace, _, _) => "In jail you stay until you roll a 6, which frees you; then you roll again.".into(),
            _ => "In jail, roll doubles to get out.".into(),
        });
    }
}

/// Jokers and waiting on them, where the board has any.
fn joker_rules(board: &Board, out: &mut Vec<String>) {
    let r = board.rules();
    let m = |a: i64| board.money_words(a);
    let has_jokers = board
        .squares()
        .iter()
        .any(|s| matches!(s.kind, worlds_engine::SquareKind::Joker { .. }));
    if has_jokers {
        out.push("Landing on a Joker, you apply what it does (a gain, a payment, a move, a wait) one at a time, in the order you choose.".into());
        let waits = board.squares().iter().any(|s| {
            matches!(
                worlds_engine::JokerEffect::of(&s.kind),
                Some(worlds_engine::JokerEffect::Wait(_))
            )
        });
        if waits {
            out.push(match (r.jail.release, r.jail.fine) {
                (JailRelease::MaxFace, _) => "Waiting on a Joker ends your rolls for the turn. On each turn you wait, roll a 6 to leave (then roll again), or wait the turn out; you may still build, mortgage and trade.".into(),
                (JailRelease::Doubles, Some(fine)) => format!(
                    "Waiting on a Joker ends your rolls for the turn. On each turn you wait, pay {} to leave before rolling, or roll for doubles: doubles free you and you move by them, without rolling again; otherwise you wait the turn out. You may still build, mortgage and trade.",
                    m(fine)
                ),
                (JailRelease::Doubles, None) => "Waiting on a Joker ends your rolls for the turn. On each turn you wait, roll for doubles: doubles free you and you move by them, without rolling again; otherwise you wait the turn out. You may still build, mortgage and trade.".into(),
            });
        }
    }
}

/// Debts, the jackpot, rent in jail and the bonus limit.
fn debt_rules(board: &Board, out: &mut Vec<String>) {
    let r = board.rules();
    out.push(match r.debt {
        DebtRule::RaiseCash => "Owing more than your cash, raise it by selling buildings, mortgaging or trading, or declare bankruptcy.".into(),
        DebtRule::SellCheapest { percent } => format!(
            "Below zero cash, your cheapest property is sold to the bank at {percent}% until you are back in credit; still below zero means bankrupt."
        ),
    });
    if r.free_parking_jackpot {
        out.push("Taxes and fees go to the middle; landing on Free Parking takes them.".into());
    }
    if r.no_rent_in_jail {
        out.push("An owner in jail collects no rent.".into());
    }
    if r.sell_lots_to_bank {
        let share = match r.lot_sale_percent {
            Some(p) => format!("{p}% of its price"),
            None => format!("its mortgage value ({}% of its price)", r.mortgage_percent),
        };
        out.push(format!("House rule: you may sell a lot back to the bank for {share} when it is not mortgaged and its group has no buildings; it is for sale again."));
    }
    if r.skip_bonus_squares_after_bonus {
        out.push(
            "At most one bonus per turn: once you have taken a bonus in a turn (such as the \
             salary for passing the start), any bonus square you reach later in that turn \
             (Chance, Community Chest, a Joker, Go to Jail) does nothing at all: no gain, no \
             payment, no move, no jail."
                .into(),
        );
    } else if r.bonus_once_per_turn {
        out.push("At most one bonus per turn.".into());
    }
}

/// Trading and how the game ends.
fn trade_and_end_rules(board: &Board, out: &mut Vec<String>) {
    let r = board.rules();
    if r.trades {
        out.push(format!("Trade lots, cash and jail cards with other players during your turn, at most {} offers a turn (then Trade waits, greyed, for your next turn). Asked for a trade, accept it, decline it, or answer with a counter-offer (once: a counter-offer is accepted or declined).", worlds_engine::game::MAX_TRADE_OFFERS_PER_TURN));
    }
    out.push(match r.round_limit {
        Some(n) => format!(
            "The game ends after {n} rounds or when one player is left; the highest assets win."
        ),
        None => "The game ends when one player is left.".into(),
    });
}

/// The help text for the current game's board, or for every preset.
#[component]
pub fn HelpPanel(on_back: Callback<()>) -> impl IntoView {
    let session = expect_context::<Session>();
    let current = session
        .game
        .with_untracked(|g| g.as_ref().map(|g| g.board().clone()));
    let boards: Vec<Board> = match current {
        Some(b) => vec![b],
        None => Preset::ALL.iter().map(|p| p.board()).collect(),
    };
    view! {
        <div class="help">
            <h1 id="help-title">"Help"</h1>
            {boards.into_iter().map(|b| {
                let name = b.name().to_string();
                let lines = rules_in_words(&b);
                view! {
                    <h2>{format!("Rules: {name}")}</h2>
                    <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                }
            }).collect_view()}
            <h2>"Playing"</h2>
            <ul>
                <li>"Every decision is a button: Roll dice, Buy, Auction, Bid, Pass, Build, Mortgage, Trade, End turn."</li>
                <li>"Click a square for its deed. Esc opens the game menu (Resume, Save, Help, Settings, Exit)."</li>
                <li>"Computer players act on their own after a short delay; Skip plays their turns at once."</li>
                <li>"The game is saved after every action: Continue on the main menu resumes it."</li>
            </ul>
            <h2>"Playing on several devices"</h2>
            <ul>
                <li>"In the lobby, set a seat to Another device and press Open table: each such seat gets an invite link (and a QR code). Your friend opens it on their phone, presses Join table and sends you back the reply link their phone shows; paste it under Reply from… and press Connect. Start game opens once every device is connected."</li>
                <li>"Your device (the host) runs the game and decides: the dice come from its seeded generator, which never leaves it. Every other device receives the game as every player may know it (never the dice to come or the order of the cards not yet drawn) and, after each action, what it did, checked against the host's state. The game's record stays replayable on the host's device."</li>
                <li>"Each device offers buttons only for its own players; it says whom the table waits for. Table talk sends short messages and reactions."</li>
                <li>"If a friend's page closes or their connection drops, press Invite again and send the new invite: they open it on the same device, rejoin where the game is and get only the actions they missed, nothing lost and nothing done twice. Meanwhile you may let a computer play for them."</li>
                <li>"If your own page (the host's) reloads or closes, press Continue: the game comes back as you left it, at the same table, with every friend away. Press Invite again for each and send them the new invites; their devices carry on from the game they have."</li>
                <li>"The devices connect directly, with no server in between: this works between devices on the same network (the same Wi-Fi). Devices on different networks need a STUN server: enter one under Settings (STUN server) on every device. Even then, without a relay some networks (many mobile and office networks) cannot connect at all."</li>
            </ul>
            <crate::common::editor_guide::EditorGuide />
            <button type="button" class="menu-button" on:click=move |_| on_back.run(())>"Back"</button>
        </div>
    }
}

#[component]
pub fn Help(back: Screen) -> impl IntoView {
    let nav = expect_context::<Navigator>();
    view! {
        <section class="screen" aria-labelledby="help-title">
            <div class="panel">
                <HelpPanel on_back=Callback::new(move |_| nav.go(back)) />
            </div>
        </section>
    }
}
