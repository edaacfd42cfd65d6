//! Trace mode: the user types dice values and sees every step of one token's movement
//! (roll, doubles, move, card, jail, tallies), turn after turn, until the dice run out.
//!
//! The dice are read in order, [`RuleSet::dice_count`] values per roll. Cards are drawn
//! from the top of each deck in its numbered order (card 1 first), going round when the
//! deck is used up, so a trace is the same every time.

use crate::board::Board;
use crate::rules::RuleSet;
use crate::stats::model::{Chance, Movement, Note, Observer, Roll, Token};
use crate::stats::simulate::Tallies;
use crate::stats::JailStrategy;

struct TypedDice<'a> {
    dice: &'a [u8],
    next: usize,
    cards: [usize; 2],
}

impl Chance for TypedDice<'_> {
    fn roll(&mut self, m: &Movement) -> Option<Roll> {
        let k = usize::from(m.dice_count);
        let dice = self.dice.get(self.next..self.next + k)?;
        self.next += k;
        Some(Roll::new(dice, m.dice_sides))
    }

    fn card(&mut self, deck: usize, len: usize) -> usize {
        let i = self.cards[deck] % len;
        self.cards[deck] = i + 1;
        i
    }

    /// A card's move drawn from a range takes its first value, so a trace is the same every
    /// time.
    fn pick(&mut self, _options: usize) -> usize {
        0
    }
}

/// `n` and the noun for it, singular for one: "1 roll", "3 rolls".
fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

struct Narrator<'a> {
    m: &'a Movement,
    lines: Vec<String>,
    tallies: Tallies,
}

impl Narrator<'_> {
    fn place(&self, square: usize, in_jail: bool) -> String {
        let name = &self.m.names[square];
        if in_jail {
            format!("{name} (in jail)")
        } else if Some(square) == self.m.jail {
            format!("{name} (just visiting)")
        } else {
            name.clone()
        }
    }

    fn tally_line(&self) -> String {
        let part = |label: &str, t: &crate::stats::simulate::Tally| {
            let mut items: Vec<String> = Vec::new();
            for (i, &c) in t.squares.iter().enumerate() {
                if c == 0 {
                    continue;
                }
                if Some(i) == self.m.jail {
                    let visiting = c - t.in_jail;
                    if t.in_jail > 0 {
                        items.push(format!("{} (in jail) {}", self.m.names[i], t.in_jail));
                    }
                    if visiting > 0 {
                        items.push(format!("{} (just visiting) {}", self.m.names[i], visiting));
                    }
                } else {
                    items.push(format!("{} {}", self.m.names[i], c));
                }
            }
            if items.is_empty() {
                format!("{label}: none")
            } else {
                format!("{label}: {}", items.join(", "))
            }
        };
        format!(
            "Tallies after {} and {}. {}. {}. {}.",
            count(self.tallies.roll_count, "roll", "rolls"),
            count(self.tallies.turn_count, "turn", "turns"),
            part("landings", &self.tallies.landings),
            part("rolls", &self.tallies.rolls),
            part("turns", &self.tallies.turns)
        )
    }
}

impl Observer for Narrator<'_> {
    fn note(&mut self, note: Note<'_>) {
        self.tallies.note(note);
        let line = match note {
            Note::TurnStarted => format!("Turn {}.", self.tallies.turn_count + 1),
            Note::Rolled(r) => {
                let dice: Vec<String> = r.dice().iter().map(|d| d.to_string()).collect();
                let mut s = format!("Roll {} = {}", dice.join(" + "), r.total);
                if r.double {
                    s.push_str(", doubles");
                }
                s.push('.');
                s
            }
            Note::DoublesInARow(k) => format!("Doubles {k} in a row."),
            Note::TooManyDoubles => "Too many doubles: the turn ends without moving.".into(),
            Note::Moved { from, to, act } => {
                let mut s = format!(
                    "Move from {} to {}",
                    self.place(from, false),
                    self.place(to, false)
                );
                if !act {
                    s.push_str(" (passing through: the square is not acted on)");
                }
                s.push('.');
                s
            }
            Note::CardDrawn { deck, index } => format!(
                "{} card {}: {}.",
                if deck == 0 {
                    "Chance"
                } else {
                    "Community Chest"
                },
                index + 1,
                self.m.card_texts[deck][index].trim_end_matches('.')
            ),
            Note::SentToJail => "Sent to jail.".into(),
            Note::StayedInJail { tries } => format!("Stays in jail (failed tries: {tries})."),
            Note::LeftJail(how) => format!("Leaves jail: {how}."),
            Note::StoppedWaiting(how) => format!("Stops waiting: {how}."),
            Note::WillWait(k) => {
                format!("Will wait {}.", count(u64::from(k), "turn", "turns"))
            }
            Note::TurnSkipped { remaining } => {
                format!("Waits this turn out ({remaining} more to wait).")
            }
            Note::RollAgain => "Rolls again.".into(),
            Note::Stop { square, in_jail } => {
                format!("Stops on {}.", self.place(square, in_jail))
            }
            Note::RollRest { .. } => return,
            Note::TurnRest { square, in_jail } => {
                let s = format!("The turn ends on {}.", self.place(square, in_jail));
                self.lines.push(s);
                self.tally_line()
            }
        };
        self.lines.push(line);
    }
}

/// The step-by-step account of one token moving by the typed `dice`, from the start square.
/// A die value outside 1..=sides is refused with a readable message.
pub fn trace(
    board: &Board,
    rules: &RuleSet,
    jail: JailStrategy,
    dice: &[u8],
) -> Result<Vec<String>, String> {
    let m = Movement::new(board, rules, jail);
    if let Some((i, d)) = dice
        .iter()
        .enumerate()
        .find(|(_, &d)| d == 0 || d > m.dice_sides)
    {
        return Err(format!(
            "die {} shows {d}; a die of this board shows 1 to {}",
            i + 1,
            m.dice_sides
        ));
    }
    let mut source = TypedDice {
        dice,
        next: 0,
        cards: [0, 0],
    };
    let mut narrator = Narrator {
        m: &m,
        lines: Vec::new(),
        tallies: Tallies::new(m.len()),
    };
    let mut token = Token::default();
    let mut skipped = 0;
    loop {
        let before = source.next;
        if m.turn(&mut token, &mut source, &mut narrator).is_none() {
            let left = dice.len() - source.next;
            narrator.lines.push(if left == 0 {
                "No dice left: the trace stops here.".to_string()
            } else {
                format!(
                    "{} left, fewer than the {} a roll needs: the trace stops here.",
                    count(left as u64, "die value", "die values"),
                    m.dice_count
                )
            });
            break;
        }
        // A turn missed (waiting) uses no dice; stop after many in a row with no dice left.
        if source.next == before {
            skipped += 1;
            if skipped > 20 {
                break;
            }
        } else {
            skipped = 0;
        }
    }
    let last = narrator.tally_line();
    narrator.lines.push(last);
    Ok(narrator.lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::Preset;

    fn classic(dice: &[u8]) -> Vec<String> {
        let b = Preset::Classic.board();
        trace(&b, b.rules(), JailStrategy::Stay, dice).expect("valid dice")
    }

    fn has(lines: &[String], text: &str) -> bool {
        lines.iter().any(|l| l.contains(text))
    }

    #[test]
    fn a_plain_roll_moves_and_stops() {
        let lines = classic(&[2, 3]);
        assert_eq!(lines[0], "Turn 1.");
        assert_eq!(lines[1], "Roll 2 + 3 = 5.");
        assert_eq!(lines[2], "Move from Go to Reading Railroad.");
        assert_eq!(lines[3], "Stops on Reading Railroad.");
        assert!(has(&lines, "The turn ends on Reading Railroad."));
        assert!(has(&lines, "landings: Reading Railroad 1"));
    }

    #[test]
    fn chance_card_one_advances_to_go_and_both_stops_count() {
        // 3 + 4 = 7: Chance; card 1 is "Advance to Go".
        let lines = classic(&[3, 4]);
        assert!(has(&lines, "Chance card 1: Advance to Go"), "{lines:?}");
        assert!(has(&lines, "Stops on Chance."));
        assert!(has(&lines, "Stops on Go."));
        assert!(has(&lines, "landings: Go 1, Chance 1"), "{lines:?}");
        assert!(has(&lines, "rolls: Go 1"), "{lines:?}");
    }

    #[test]
    fn three_doubles_send_to_jail_and_count_jail_once() {
        let lines = classic(&[1, 1, 2, 2, 3, 3]);
        assert!(has(&lines, "Doubles 3 in a row."));
        assert!(has(&lines, "Sent to jail."));
        assert!(has(&lines, "The turn ends on Jail (in jail)."));
        assert!(has(&lines, "Jail (in jail) 1"), "{lines:?}");
        assert!(!has(&lines, "Go To Jail 1"));
    }

    #[test]
    fn a_turn_spent_in_jail_counts_once_more() {
        // 1+1 (Community Chest, card 1: Advance to Go), 2+2 (Virginia... no: Go+4 = Income
        // Tax), then 3+3 is the third double: jail. Next turn 1+2 fails: stays.
        let lines = classic(&[1, 1, 2, 2, 3, 3, 1, 2]);
        assert!(has(&lines, "Stays in jail (failed tries: 1)."), "{lines:?}");
        assert!(
            has(
                &lines,
                "landings: Go 1, Community Chest 1, Income Tax 1, Jail (in jail) 2"
            ),
            "{lines:?}"
        );
    }

    /// Issue 20, point 12: counts in the singular where there is one.
    #[test]
    fn counts_are_singular_for_one() {
        let lines = classic(&[3, 4]);
        assert!(has(&lines, "Tallies after 1 roll and 1 turn."), "{lines:?}");
        let lines = classic(&[3, 4, 6, 6, 1, 2]);
        assert!(
            has(&lines, "Tallies after 3 rolls and 2 turns."),
            "{lines:?}"
        );
        let lines = classic(&[2, 3, 4]);
        assert!(
            has(
                &lines,
                "1 die value left, fewer than the 2 a roll needs: the trace stops here."
            ),
            "{lines:?}"
        );
        assert!(!lines.iter().any(|l| l.contains("(s)")), "{lines:?}");
        assert_eq!(count(1, "turn", "turns"), "1 turn");
        assert_eq!(count(2, "turn", "turns"), "2 turns");
    }

    #[test]
    fn bad_dice_are_refused() {
        let b = Preset::Classic.board();
        let e = trace(&b, b.rules(), JailStrategy::Stay, &[3, 7]).expect_err("7 is no die");
        assert_eq!(e, "die 2 shows 7; a die of this board shows 1 to 6");
    }

    #[test]
    fn campus_six_passes_through_and_rolls_again() {
        let b = Preset::Campus.board();
        let lines = trace(&b, b.rules(), JailStrategy::Stay, &[6, 2]).expect("valid");
        assert!(
            has(&lines, "(passing through: the square is not acted on)"),
            "{lines:?}"
        );
        assert!(has(&lines, "Rolls again."));
        // 6 then 2: square 8 (Free Parking), the only stop.
        assert!(has(&lines, "landings: Free Parking 1."), "{lines:?}");
    }
}
