//! Dice typed by the user for the trace mode, read leniently.

/// Reads die values from text such as `3 4, 6 6, 1 2` or `34 66 12`.
///
/// Anything that is not a digit separates values (spaces, commas, semicolons, dashes,
/// slashes, `+`, brackets). When a die has at most nine faces every digit is one die, so
/// `34` is a 3 and a 4; with ten faces or more a run of digits is one value. Letters and
/// other symbols, values of 0 and values above `sides` are refused with a message that
/// points at the bad part.
pub fn parse_dice(text: &str, sides: u8) -> Result<Vec<u8>, String> {
    if text.trim().is_empty() {
        return Err("Type some dice values first, for example \"3 4, 6 6\".".to_string());
    }
    if let Some((at, c)) = text
        .char_indices()
        .find(|&(_, c)| !c.is_ascii_digit() && !is_separator(c))
    {
        let column = text[..at].chars().count() + 1;
        return Err(format!(
            "'{c}' (character {column}) is not a die value: type digits 1 to {sides}, separated by spaces or commas."
        ));
    }
    let mut dice = Vec::new();
    for token in text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
    {
        if sides <= 9 {
            for c in token.chars() {
                let v = c.to_digit(10).unwrap_or(0) as u8;
                dice.push(check(v.into(), sides, dice.len())?);
            }
        } else {
            let v: u64 = token.parse().unwrap_or(u64::MAX);
            dice.push(check(v, sides, dice.len())?);
        }
    }
    Ok(dice)
}

fn is_separator(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            ',' | ';' | '-' | '/' | '+' | '(' | ')' | '[' | ']' | '|' | '.'
        )
}

fn check(v: u64, sides: u8, before: usize) -> Result<u8, String> {
    if v == 0 || v > u64::from(sides) {
        let shown = if v == u64::MAX {
            "a very large number".to_string()
        } else {
            v.to_string()
        };
        return Err(format!(
            "Die {} shows {shown}; a die of this board shows 1 to {sides}.",
            before + 1
        ));
    }
    Ok(v as u8)
}
