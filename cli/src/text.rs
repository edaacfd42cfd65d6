//! Text from users and files, made safe to print on a terminal.

/// Text safe to print on a terminal: control and invisible characters (see
/// `worlds_engine::board::is_forbidden_name_char`) are shown as `\u{..}` escapes.
pub fn clean(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if worlds_engine::board::is_forbidden_name_char(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// A message on one line, safe to print: line breaks become spaces, control characters
/// are escaped.
pub fn one_line(s: &str) -> String {
    let joined: Vec<&str> = s.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    clean(&joined.join(" "))
}
