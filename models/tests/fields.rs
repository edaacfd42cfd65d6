//! Numbers, seeds and dice typed into forms, natively.

use worlds_models::fields::{parse_dice, seed, whole, FieldError};

#[test]
fn dice_are_read_leniently_and_refused_clearly() {
    assert_eq!(parse_dice("3 4, 6 6, 1 2", 6), Ok(vec![3, 4, 6, 6, 1, 2]));
    assert_eq!(parse_dice("34 66 12", 6), Ok(vec![3, 4, 6, 6, 1, 2]));
    assert_eq!(
        parse_dice(" 3-4;(6+6)\n1/2 ", 6),
        Ok(vec![3, 4, 6, 6, 1, 2])
    );
    assert_eq!(parse_dice("10 12 3", 12), Ok(vec![10, 12, 3]));
    let bad = parse_dice("3 4 x 5", 6)
        .expect_err("a letter is refused")
        .to_string();
    assert!(bad.contains("'x'") && bad.contains("character 5"), "{bad}");
    let high = parse_dice("3 7", 6)
        .expect_err("7 on a six-sided die")
        .to_string();
    assert!(high.contains("Die 2 shows 7"), "{high}");
    let zero = parse_dice("0", 6).expect_err("0 is no face").to_string();
    assert!(zero.contains("Die 1 shows 0"), "{zero}");
    assert!(parse_dice("   ", 6).is_err(), "nothing typed");
    assert!(parse_dice("13", 12).is_err(), "13 on a twelve-sided die");
}

#[test]
fn whole_numbers_and_seeds_say_which_field_is_wrong() {
    assert_eq!(whole("Games", " 40 ", 1, 1_000_000), Ok(40));
    let e = whole("Players", "9", 1, 8).expect_err("too many");
    assert_eq!(
        e.to_string(),
        "Players: '9' is not a whole number from 1 to 8."
    );
    assert_eq!(
        whole("Games", "-3", 1, 10),
        Err(FieldError::NotWholeInRange {
            label: "Games".into(),
            text: "-3".into(),
            min: 1,
            max: 10
        })
    );
    assert_eq!(seed("0"), Ok(0));
    assert_eq!(
        seed("seven").map_err(|e| e.to_string()),
        Err("Seed: 'seven' is not a whole number of 0 or more.".to_string())
    );
    assert_eq!(
        parse_dice("99999999999999999999", 12).map_err(|e| e.to_string()),
        Err("Die 1 shows a very large number; a die of this board shows 1 to 12.".to_string())
    );
}
