//! A room's code (what its link and its players name it by) and its seats' tokens.

use crate::invite::TableId;

/// The alphabet of room codes (Crockford's base 32: no I, L, O, U).
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A room's code: 40 random bits as 8 letters and digits, shown `K7QX-M2PD`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoomCode(String);

impl RoomCode {
    /// The code of 5 random bytes.
    pub fn from_random(bytes: [u8; 5]) -> RoomCode {
        let mut n = bytes.iter().fold(0u64, |n, &b| (n << 8) | u64::from(b));
        let mut letters = [0u8; 8];
        for l in letters.iter_mut().rev() {
            *l = ALPHABET[(n & 31) as usize];
            n >>= 5;
        }
        RoomCode(letters.iter().map(|&b| char::from(b)).collect())
    }

    /// A code as typed or linked: any case, with or without the dash; `None` when it is not
    /// 8 letters of the code's alphabet.
    pub fn parse(text: &str) -> Option<RoomCode> {
        let letters: String = text
            .chars()
            .filter(|&c| c != '-')
            .map(|c| c.to_ascii_uppercase())
            .collect();
        (letters.len() == 8 && letters.bytes().all(|b| ALPHABET.contains(&b)))
            .then_some(RoomCode(letters))
    }

    /// The code as people read it: `K7QX-M2PD`.
    pub fn shown(&self) -> String {
        format!("{}-{}", &self.0[..4], &self.0[4..])
    }

    /// The table id every hello of the room's game names: the code's 8 letters.
    pub fn table_id(&self) -> TableId {
        let mut id = [0u8; 8];
        id.copy_from_slice(&self.0.as_bytes()[..8]);
        TableId(id)
    }
}

impl std::fmt::Display for RoomCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.shown())
    }
}

/// A seat token: 128 random bits in hex; whoever holds it plays the seat.
pub fn seat_token(bytes: [u8; 16]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_40_bits_shown_in_two_groups_and_read_back_in_any_case() {
        let code = RoomCode::from_random([0xff, 0, 0x7a, 3, 9]);
        assert_eq!(code.shown().len(), 9);
        assert_eq!(
            RoomCode::parse(&code.shown().to_lowercase()),
            Some(code.clone())
        );
        assert_eq!(RoomCode::parse(&code.shown().replace('-', "")), Some(code));
        assert_eq!(
            RoomCode::parse("K7QX-M2PU"),
            None,
            "U is not in the alphabet"
        );
        assert_eq!(RoomCode::parse("K7QX-M2P"), None);
        assert_ne!(
            RoomCode::from_random([1, 2, 3, 4, 5]),
            RoomCode::from_random([1, 2, 3, 4, 6])
        );
    }
}
