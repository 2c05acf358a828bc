//! Fractional positions: keys (strings of base-62 digits, compared byte by byte) that sort
//! between their neighbours, so moving a card writes one record and never renumbers a column.
//!
//! A key is the fraction `0.<digits>`; none ends with the smallest digit `0`, so there is always
//! room between two keys. Appending at an end steps the key on at its current length (62 steps
//! per digit), so a column of hundreds of cards keeps short keys; moving into the same gap again
//! and again halves it each time and grows the key by a digit every few moves, until `too_long`
//! asks the caller to `spread` the column anew (rarely, in one transaction).

/// The digits, in byte order.
const DIGITS: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// A key longer than this asks for the column to be spread anew.
pub const MAX_KEY_LEN: usize = 16;

fn digit(c: u8) -> usize {
    DIGITS.iter().position(|&d| d == c).unwrap_or(0)
}

/// Whether `key` is a well-formed position: base-62 digits, not empty, no trailing `0`.
pub fn is_valid(key: &str) -> bool {
    !key.is_empty() && key.bytes().all(|c| DIGITS.contains(&c)) && !key.ends_with('0')
}

/// Whether `key` has grown long enough that its column should be spread anew.
pub fn too_long(key: &str) -> bool {
    key.len() > MAX_KEY_LEN
}

/// A key strictly between `low` and `high` (either may be open: the start or the end of the
/// column). `None` when `low >= high` or a key is malformed.
pub fn between(low: Option<&str>, high: Option<&str>) -> Option<String> {
    let low = low.unwrap_or("");
    if !low.is_empty() && !is_valid(low) || high.is_some_and(|h| !is_valid(h)) {
        return None;
    }
    match high {
        Some(high) if low >= high => None,
        None => Some(after(low)),
        Some(high) if low.is_empty() => Some(before(high)),
        Some(high) => Some(midpoint(low.as_bytes(), Some(high.as_bytes()))),
    }
}

/// A key after `low` ("" for an empty column): the shortest prefix of `low` stepped on by one.
fn after(low: &str) -> String {
    let bytes = low.as_bytes();
    for len in 1..=bytes.len() {
        let d = digit(bytes[len - 1]);
        if d + 1 < DIGITS.len() {
            let mut key = bytes[..len - 1].to_vec();
            key.push(DIGITS[d + 1]);
            return String::from_utf8(key).unwrap_or_default();
        }
    }
    midpoint(bytes, None)
}

/// A key before `high`: the shortest prefix of `high` stepped back by one, keeping off `0` at
/// the end.
fn before(high: &str) -> String {
    let bytes = high.as_bytes();
    for len in 1..=bytes.len() {
        let d = digit(bytes[len - 1]);
        if d > 1 {
            let mut key = bytes[..len - 1].to_vec();
            key.push(DIGITS[d - 1]);
            return String::from_utf8(key).unwrap_or_default();
        }
    }
    midpoint(b"", Some(bytes))
}

/// The midpoint of `low` < `high` (`None`: the end), digit by digit.
fn midpoint(low: &[u8], high: Option<&[u8]>) -> String {
    if let Some(high) = high {
        let common = (0..high.len())
            .take_while(|&n| low.get(n).copied().unwrap_or(DIGITS[0]) == high[n])
            .count();
        if common > 0 {
            let rest = midpoint(low.get(common..).unwrap_or(&[]), Some(&high[common..]));
            return String::from_utf8(high[..common].to_vec()).unwrap_or_default() + &rest;
        }
    }
    let d_low = low.first().map_or(0, |&c| digit(c));
    let d_high = high.map_or(DIGITS.len(), |h| digit(h[0]));
    if d_high - d_low > 1 {
        return char::from(DIGITS[(d_low + d_high).div_ceil(2)]).to_string();
    }
    match high {
        Some(h) if h.len() > 1 => char::from(h[0]).to_string(),
        _ => char::from(DIGITS[d_low]).to_string() + &midpoint(low.get(1..).unwrap_or(&[]), None),
    }
}

/// `count` short keys spread evenly over the first half of the space (the rest is left for
/// appending), in order: a column spread anew.
pub fn spread(count: usize) -> Vec<String> {
    let mut width = 1;
    while 62_usize.pow(width) / 2 <= count * 2 {
        width += 1;
    }
    let room = 62_usize.pow(width) / 2;
    (1..=count)
        .map(|n| {
            let mut at = n * room / (count + 1);
            let mut key = vec![0_u8; width as usize];
            for slot in key.iter_mut().rev() {
                *slot = DIGITS[at % 62];
                at /= 62;
            }
            let mut key = String::from_utf8(key).unwrap_or_default();
            while key.ends_with('0') {
                key.pop();
            }
            key
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_sorts_between_its_neighbours() {
        let cases = [
            (None, None),
            (Some("V"), None),
            (None, Some("V")),
            (Some("V"), Some("W")),
            (Some("V"), Some("V1")),
            (Some("z"), None),
            (None, Some("1")),
            (None, Some("01")),
            (Some("Vzzz"), Some("W")),
        ];
        for (low, high) in cases {
            let key = between(low, high).expect("a key");
            assert!(is_valid(&key), "{key}");
            assert!(low.is_none_or(|l| l < key.as_str()), "{low:?} < {key}");
            assert!(high.is_none_or(|h| key.as_str() < h), "{key} < {high:?}");
        }
        assert_eq!(between(Some("W"), Some("V")), None);
        assert_eq!(between(Some("V"), Some("V")), None);
        assert_eq!(between(Some("V0"), None), None, "a trailing 0 is malformed");
        assert_eq!(between(Some("я"), None), None);
    }

    #[test]
    fn appending_a_thousand_cards_at_either_end_spreads_at_most_twice() {
        for at_end in [true, false] {
            let mut column: Vec<String> = Vec::new();
            let mut spreads = 0;
            for _ in 0..1000 {
                let key = if at_end {
                    between(column.last().map(String::as_str), None)
                } else {
                    between(None, column.first().map(String::as_str))
                };
                let key = key.expect("a key");
                if at_end {
                    column.push(key)
                } else {
                    column.insert(0, key)
                }
                if column.iter().any(|k| too_long(k)) {
                    column = spread(column.len());
                    spreads += 1;
                }
            }
            assert!(column.windows(2).all(|w| w[0] < w[1]));
            assert!(spreads <= 2, "{spreads} spreads appending at the end: {at_end}");
        }
    }

    #[test]
    fn moving_into_one_gap_again_and_again_grows_the_key_slowly() {
        let (low, mut high) = ("V".to_owned(), "W".to_owned());
        let mut moves = 0;
        while !too_long(&high) {
            high = between(Some(&low), Some(&high)).expect("a key");
            moves += 1;
        }
        assert!(moves >= 60, "only {moves} moves before spreading");
    }

    #[test]
    fn a_spread_is_ordered_short_and_leaves_room_at_the_end() {
        for count in [0, 1, 2, 30, 31, 500, 5000] {
            let keys = spread(count);
            assert_eq!(keys.len(), count);
            assert!(keys.windows(2).all(|w| w[0] < w[1]), "{count}");
            assert!(keys.iter().all(|k| is_valid(k) && k.len() <= 4), "{count}");
            assert!(keys.last().is_none_or(|k| k.as_str() < "V"), "{count}");
        }
    }
}
