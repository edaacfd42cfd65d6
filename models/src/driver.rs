//! The game driver's decisions, apart from any screen: when a computer player acts (after
//! the drawn tokens have caught up, never while the game menu is open, after a visible
//! delay scaled by the animation setting, and only if the game has not moved on meanwhile),
//! and how drawn tokens chase where the players really are, one square per step.
//!
//! Plain code (only `std` and the engine's types may be used here): the play screen holds
//! the signals and timers and asks these functions what to do next.

/// A token's step, in milliseconds at normal animation speed.
pub const TOKEN_STEP_MS: u32 = 90;

/// The pause before a computer acts, in milliseconds at normal animation speed.
pub const COMPUTER_DELAY_MS: u32 = 700;

/// The shortest pause before a computer acts (animations off still leave a visible beat).
pub const SHORTEST_COMPUTER_DELAY_MS: u64 = 40;

/// How long a computer may think about one decision, in milliseconds of the page's clock:
/// then it takes the best choice its play-outs have found so far (on a slow phone, after
/// fewer of them).
pub const COMPUTER_THINK_MS: f64 = 300.0;

/// How long the coach may think about a hint, in milliseconds of the page's clock.
pub const HINT_THINK_MS: f64 = 800.0;

/// The farthest a token walks square by square; a longer move forward lands at once.
pub const LONGEST_WALK: usize = 12;

/// What the computer players do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// Nothing now: no computer is to act, the tokens are still moving, or the menu is open.
    Wait,
    /// A computer takes one step after this many milliseconds, if [`computer_still_due`]
    /// then.
    ComputerStepAfter(u64),
}

/// What the computers do after the game changed. Checked in this order, each only if the
/// ones before allow it (a screen reads its signals only as far as needed): the tokens drawn
/// where the players are (`settled`), the game menu closed, a computer to act. `scale`
/// turns a normal-speed delay into the animation setting's.
pub fn computer_next(
    settled: bool,
    menu_open: impl FnOnce() -> bool,
    computer_to_act: impl FnOnce() -> bool,
    scale: impl FnOnce(u32) -> u32,
) -> Next {
    if !settled || menu_open() || !computer_to_act() {
        return Next::Wait;
    }
    Next::ComputerStepAfter(u64::from(scale(COMPUTER_DELAY_MS)).max(SHORTEST_COMPUTER_DELAY_MS))
}

/// When a computer's delay is over: whether it still acts. Not if the game moved on since it
/// was scheduled (`scheduled` is the game's version then, `version_now` now: Skip played it,
/// or another step did), nor if the menu is open or gone (`None`: the screen was left).
pub fn computer_still_due(scheduled: u64, version_now: u64, menu_open_now: Option<bool>) -> bool {
    version_now == scheduled && menu_open_now == Some(false)
}

/// What the drawn tokens do after the game changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tokens {
    /// Drawn where they are at once (animations off, or reduced motion asked for).
    Snap,
    /// Walk towards where they are, one [`token_step`] every `step_ms` milliseconds.
    Chase { step_ms: u64 },
    /// Already drawn where they are.
    Stay,
}

/// What the drawn tokens (`shown`) do to reach where the players are (`target`). `scale`
/// turns a normal-speed step into the animation setting's; `reduced_motion` is asked only
/// when animations are on.
pub fn tokens_next(
    shown: &[usize],
    target: &[usize],
    scale: impl FnOnce(u32) -> u32,
    reduced_motion: impl FnOnce() -> bool,
) -> Tokens {
    let step_ms = u64::from(scale(TOKEN_STEP_MS));
    if step_ms == 0 || reduced_motion() {
        return Tokens::Snap;
    }
    if shown != target {
        Tokens::Chase { step_ms }
    } else {
        Tokens::Stay
    }
}

/// One step of the chase: where the tokens are drawn next, and whether they have arrived.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenStep {
    pub next: Vec<usize>,
    /// The tokens are where the players are: no further step.
    pub done: bool,
}

/// Moves each drawn token (`current`) one square forward towards its player's square
/// (`target`) on a board of `board_len` squares; a backward move, or a jump forward of more
/// than [`LONGEST_WALK`] squares (jail, a card), lands at once. Another number of tokens
/// than players (a game replaced): they land at once.
pub fn token_step(current: &[usize], target: &[usize], board_len: usize) -> TokenStep {
    if current.len() != target.len() {
        return TokenStep {
            next: target.to_vec(),
            done: true,
        };
    }
    let n = board_len.max(1);
    let next: Vec<usize> = current
        .iter()
        .zip(target)
        .map(|(&c, &t)| {
            let forward = (t + n - c) % n;
            if forward == 0 || forward > LONGEST_WALK {
                t
            } else {
                (c + 1) % n
            }
        })
        .collect();
    let done = next == target;
    TokenStep { next, done }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normal(ms: u32) -> u32 {
        ms
    }

    #[test]
    fn a_computer_acts_after_the_normal_delay_once_everything_allows_it() {
        let next = computer_next(true, || false, || true, normal);
        assert_eq!(next, Next::ComputerStepAfter(700));
    }

    #[test]
    fn the_delay_follows_the_animation_setting_but_never_drops_below_40_ms() {
        assert_eq!(
            computer_next(true, || false, || true, |ms| ms * 2),
            Next::ComputerStepAfter(1400)
        );
        assert_eq!(
            computer_next(true, || false, || true, |ms| ms / 2),
            Next::ComputerStepAfter(350)
        );
        assert_eq!(
            computer_next(true, || false, || true, |_| 0),
            Next::ComputerStepAfter(40)
        );
    }

    #[test]
    fn nothing_happens_while_tokens_move_the_menu_is_open_or_a_person_is_to_act() {
        assert_eq!(computer_next(false, || false, || true, normal), Next::Wait);
        assert_eq!(computer_next(true, || true, || true, normal), Next::Wait);
        assert_eq!(computer_next(true, || false, || false, normal), Next::Wait);
    }

    #[test]
    fn later_questions_are_not_asked_once_an_earlier_one_says_wait() {
        let mut asked = Vec::new();
        let next = computer_next(
            false,
            || {
                asked.push("menu");
                false
            },
            || true,
            normal,
        );
        assert_eq!(next, Next::Wait);
        assert!(asked.is_empty());
        let next = computer_next(
            true,
            || true,
            || panic!("the computer is not asked about while the menu is open"),
            |_| panic!("no delay is worked out"),
        );
        assert_eq!(next, Next::Wait);
    }

    #[test]
    fn a_scheduled_step_is_dropped_when_the_game_moved_on_or_the_menu_opened() {
        assert!(computer_still_due(3, 3, Some(false)));
        assert!(!computer_still_due(3, 4, Some(false)));
        assert!(!computer_still_due(3, 3, Some(true)));
        // The play screen was left: its menu signal is gone.
        assert!(!computer_still_due(3, 3, None));
    }

    #[test]
    fn tokens_snap_when_animations_are_off_or_motion_is_reduced() {
        assert_eq!(tokens_next(&[0], &[5], |_| 0, || false), Tokens::Snap);
        assert_eq!(tokens_next(&[0], &[5], normal, || true), Tokens::Snap);
        // Animations off: the media query is not even asked.
        assert_eq!(
            tokens_next(&[0], &[5], |_| 0, || panic!("not asked")),
            Tokens::Snap
        );
    }

    #[test]
    fn tokens_chase_at_the_scaled_step_or_stay_when_already_there() {
        assert_eq!(
            tokens_next(&[0], &[5], normal, || false),
            Tokens::Chase { step_ms: 90 }
        );
        assert_eq!(
            tokens_next(&[0], &[5], |ms| ms * 2, || false),
            Tokens::Chase { step_ms: 180 }
        );
        assert_eq!(tokens_next(&[5], &[5], normal, || false), Tokens::Stay);
    }

    #[test]
    fn a_token_walks_one_square_at_a_time_until_it_arrives() {
        let mut shown = vec![0, 7];
        let target = [3, 7];
        let mut seen = Vec::new();
        loop {
            let step = token_step(&shown, &target, 40);
            shown = step.next;
            seen.push(shown.clone());
            if step.done {
                break;
            }
        }
        assert_eq!(seen, vec![vec![1, 7], vec![2, 7], vec![3, 7]]);
    }

    #[test]
    fn a_walk_wraps_past_go() {
        let step = token_step(&[39], &[2], 40);
        assert_eq!(step.next, vec![0]);
        assert!(!step.done);
    }

    #[test]
    fn backward_moves_and_long_jumps_land_at_once() {
        // Back three squares (a card).
        assert_eq!(
            token_step(&[10], &[7], 40),
            TokenStep {
                next: vec![7],
                done: true
            }
        );
        // Twelve squares forward still walk; thirteen jump.
        assert_eq!(token_step(&[0], &[12], 40).next, vec![1]);
        assert_eq!(token_step(&[0], &[13], 40).next, vec![13]);
        // To jail, across the board.
        assert_eq!(token_step(&[30], &[10], 40).next, vec![10]);
    }

    #[test]
    fn another_number_of_players_lands_every_token_at_once() {
        assert_eq!(
            token_step(&[0], &[4, 9], 40),
            TokenStep {
                next: vec![4, 9],
                done: true
            }
        );
    }

    #[test]
    fn an_empty_board_does_not_divide_by_zero() {
        let step = token_step(&[0], &[0], 0);
        assert_eq!(step.next, vec![0]);
        assert!(step.done);
    }
}
