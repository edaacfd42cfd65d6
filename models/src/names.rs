//! Square names drawn in narrow squares: soft hyphens between syllables ([`hyphenate`]) and
//! short names that still tell squares apart ([`short_names`]).

fn is_vowel(c: char) -> bool {
    matches!(c.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o' | 'u' | 'y')
}

/// Consonant pairs never split ("Pennsyl-vania", never "Pennsylv-ania" or "Ph-…").
const DIGRAPHS: [&str; 8] = ["ch", "ck", "gh", "ph", "sh", "th", "wh", "qu"];
/// Consonant groups a syllable can start with ("Board-walk", "Worm-hole", "West-min-ster").
const ONSETS: [&str; 35] = [
    "bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "ph", "pl", "pr", "sc", "sh", "sk",
    "sl", "sm", "sn", "sp", "st", "sw", "th", "tr", "tw", "wh", "wr", "scr", "shr", "spl", "spr",
    "squ", "str", "thr", "sch",
];

/// A name with soft hyphens in its long words, so a narrow square breaks "Pennsyl-vania"
/// between syllables (with a visible hyphen) and never in the middle of a letter run the
/// browser picks. In each run of consonants between two vowels the break comes before the
/// longest tail that can start a syllable ("Board-walk", "Worm-hole", "Vent-nor"), never
/// inside ch/ck/gh/ph/sh/th/wh/qu, "-ing" keeps its consonant ("Read-ing"), and never before
/// a last silent "-es"/"-ed" ("States"). Words under 6 letters or with other characters stay
/// as they are; at least three letters stand on each side of and between breaks.
pub fn hyphenate(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 8);
    for (wi, word) in name.split(' ').enumerate() {
        if wi > 0 {
            out.push(' ');
        }
        let chars: Vec<char> = word.chars().collect();
        if chars.len() < 6 || !chars.iter().all(|c| c.is_alphabetic()) {
            out.push_str(word);
            continue;
        }
        let mut lower: Vec<char> = chars.iter().map(|c| c.to_ascii_lowercase()).collect();
        // "w" after a vowel is part of it ("Shower" is not split "Sho-wer").
        for k in 1..lower.len() {
            if lower[k] == 'w' && is_vowel(lower[k - 1]) {
                lower[k] = 'u';
            }
        }
        let text = |a: usize, b: usize| lower[a..b].iter().collect::<String>();
        let mut breaks = Vec::new();
        let mut i = 1;
        while i < lower.len() {
            if is_vowel(lower[i]) || !is_vowel(lower[i - 1]) {
                i += 1;
                continue;
            }
            let start = i;
            let mut end = i;
            while end < lower.len() && !is_vowel(lower[end]) {
                end += 1;
            }
            if end < lower.len() {
                let run = end - start;
                let tail = (2..=run.min(3))
                    .rev()
                    .find(|&k| ONSETS.contains(&text(end - k, end).as_str()))
                    .unwrap_or(1);
                let mut at = end - tail;
                if at > start && DIGRAPHS.contains(&text(at - 1, at + 1).as_str()) {
                    at += 1;
                }
                if text(end, lower.len()) == "ing" {
                    at = end;
                }
                breaks.push(at);
            }
            i = end;
        }
        let mut last = 0;
        for (i, &c) in chars.iter().enumerate() {
            let rest = text(i, lower.len());
            let silent = rest.len() == 3 && (rest.ends_with("es") || rest.ends_with("ed"));
            if breaks.contains(&i) && i >= 3 && chars.len() - i >= 3 && i - last >= 3 && !silent {
                out.push('\u{ad}');
                last = i;
            }
            out.push(c);
        }
    }
    out
}

/// Trailing words a narrow square can do without ("Baltic Avenue" reads as "Baltic").
const DROPPABLE: &[&str] = &[
    "Avenue",
    "Place",
    "Gardens",
    "Street",
    "Road",
    "Lane",
    "Square",
    "Boulevard",
    "Plaza",
    "Drive",
    "Court",
    "Terrace",
];

/// The short name of one square, before checking that it stays unique.
fn short_candidate(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    match words.as_slice() {
        [rest @ .., last] if !rest.is_empty() && *last == "Railroad" => {
            format!("{} RR", rest.join(" "))
        }
        [rest @ .., last] if !rest.is_empty() && DROPPABLE.contains(last) => rest.join(" "),
        _ => name.to_string(),
    }
}

/// Short names for the squares of a board, drawn in narrow squares: a trailing "Avenue",
/// "Place", "Gardens"... is dropped and "Railroad" becomes "RR", but only when the short
/// name still tells the square apart from every other square of the board (squares with
/// the same full name, like the three Chances, may share it); otherwise the full name.
/// Never empty unless the name is.
pub fn short_names(names: &[String]) -> Vec<String> {
    let candidates: Vec<String> = names.iter().map(|n| short_candidate(n)).collect();
    names
        .iter()
        .zip(&candidates)
        .map(|(name, short)| {
            let clash = names.iter().zip(&candidates).any(|(other, other_short)| {
                other != name
                    && (other_short.eq_ignore_ascii_case(short)
                        || other.eq_ignore_ascii_case(short))
            });
            if clash || short.trim().is_empty() {
                name.clone()
            } else {
                short.clone()
            }
        })
        .collect()
}
