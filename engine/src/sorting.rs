//! Sorting in little code. The standard library's stable sort compiles its whole machinery
//! (quicksort, merges, small sorts: about 2 KB of wasm in 5 to 15 functions) once for every
//! type of list and every comparison it is called with, and the game's code sorted some 20
//! kinds of lists: about 60 KB of its wasm was sorting (docs/MEASUREMENTS.md, issue 39). These
//! sort the items' positions with one shared copy of the standard sort, then move the items
//! into place: as stable, and as fast for the short lists a game sorts.

use std::cmp::Ordering;

/// Sorts `items` by `compare`, keeping equal items in their order: `slice::sort_by`.
pub fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    {
        let items = &*items;
        sort_positions(&mut order, &mut |a, b| compare(&items[a], &items[b]));
    }
    put_in_order(items, &mut order);
}

/// Sorts `items` by the key `key` gives each, keeping equal keys in their order:
/// `slice::sort_by_key`.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` in their own order: `slice::sort`.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// The one copy of the standard sort: positions compared by what stands there.
#[inline(never)]
#[allow(clippy::disallowed_methods)] // the shared copy itself
fn sort_positions(order: &mut [usize], compare: &mut dyn FnMut(usize, usize) -> Ordering) {
    order.sort_by(|&a, &b| compare(a, b));
}

/// Moves the items so that the one at `order[i]` stands at `i`, following each cycle of the
/// permutation once (`order` is used up, each place marked done as it is filled).
fn put_in_order<T>(items: &mut [T], order: &mut [usize]) {
    for start in 0..items.len() {
        let mut here = start;
        loop {
            let from = order[here];
            order[here] = here;
            if from == start || from == here {
                break;
            }
            items.swap(here, from);
            here = from;
        }
    }
}

#[cfg(test)]
#[allow(clippy::disallowed_methods)] // compared with the standard sort
mod tests {
    use super::*;

    /// A plain pseudo-random sequence, so the test repeats.
    fn numbers(seed: u64, n: usize, range: u64) -> Vec<u64> {
        let mut x = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (0..n)
            .map(|_| {
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (x >> 33) % range
            })
            .collect()
    }

    #[test]
    fn sorts_as_the_standard_stable_sort_does_keeping_equal_items_in_order() {
        for seed in 0..200 {
            for n in [0, 1, 2, 3, 7, 20, 33, 100, 257] {
                // Few distinct keys, so that many items are equal and stability shows: each
                // item is (key, where it stood).
                let keys = numbers(seed, n, 1 + seed % 9);
                let mut ours: Vec<(u64, usize)> = keys.iter().copied().zip(0..).collect();
                let mut std_sorted = ours.clone();
                sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
                std_sorted.sort_by_key(|a| a.0);
                assert_eq!(ours, std_sorted, "seed {seed}, {n} items");
                let mut by_key: Vec<(u64, usize)> = keys.iter().copied().zip(0..).collect();
                sort_by_key(&mut by_key, |x| std::cmp::Reverse(x.0));
                std_sorted.sort_by_key(|x| std::cmp::Reverse(x.0));
                assert_eq!(by_key, std_sorted, "seed {seed}, {n} items, by key");
            }
        }
    }

    #[test]
    fn moves_items_that_own_memory_without_losing_or_doubling_any() {
        let mut words: Vec<String> = ["pear", "fig", "apple", "fig", "kiwi", "date", "apple"]
            .iter()
            .map(|w| w.to_string())
            .collect();
        sort(&mut words);
        assert_eq!(
            words,
            ["apple", "apple", "date", "fig", "fig", "kiwi", "pear"]
        );
        let mut lists: Vec<Vec<u8>> = vec![vec![3, 1], vec![], vec![2], vec![1, 1, 1]];
        sort_by_key(&mut lists, |l| std::cmp::Reverse(l.len()));
        assert_eq!(lists, vec![vec![1, 1, 1], vec![3, 1], vec![2], vec![]]);
    }

    #[test]
    fn a_comparison_by_floats_sorts_as_total_cmp_says() {
        let mut scored = vec![
            (0.5, 'a'),
            (-1.0, 'b'),
            (f64::NAN, 'c'),
            (0.5, 'd'),
            (2.0, 'e'),
        ];
        let mut expected = scored.clone();
        sort_by(&mut scored, |a, b| b.0.total_cmp(&a.0));
        expected.sort_by(|a, b| b.0.total_cmp(&a.0));
        let tags = |v: &[(f64, char)]| v.iter().map(|x| x.1).collect::<String>();
        assert_eq!(tags(&scored), tags(&expected));
    }
}
