//! Monopoly Worlds rules engine. Pure Rust: no web dependencies.
