//! Issue 11: the fuzzer, a few thousand games per test run (`make fuzz` runs 100,000).

use worlds_engine::fuzz::{run, FuzzConfig};

#[test]
fn thousands_of_fuzzed_games_keep_every_invariant() {
    let report = run(
        FuzzConfig {
            games: 3000,
            seed: 2026,
            max_actions_per_game: 3000,
        },
        |_| {},
    );
    assert_eq!(report.games, 3000);
    assert!(report.actions > 100_000, "{report:?}");
    assert!(report.refused > 0, "illegal actions were tried");
    assert!(report.varied_rules > 1000, "rules were varied");
    assert_eq!(report.panics, 0, "{:#?}", report.problems);
    assert_eq!(report.violations, 0, "{:#?}", report.problems);
}
