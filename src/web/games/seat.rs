//! A seat and its link: the secret that holds a kept game's seat (128 bits from the
//! operating system, shown to its page only, compared in constant time), and a kept game
//! found again by its link after a restart, as the command-loop script that replays it
//! with its players' settings.

use crate::web::store::{Store, StoredGame};

/// A seat's secret, as the link carries it: 32 hex digits.
pub fn secret_hex(secret: &[u8; 16]) -> String {
    secret.iter().map(|b| format!("{b:02x}")).collect()
}

/// The secret a link carries, or why it is no secret.
pub fn parse_secret(text: &str) -> Result<[u8; 16], String> {
    let bad = || "a seat secret is 32 hex digits".to_string();
    if text.len() != 32 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(bad());
    }
    let mut secret = [0u8; 16];
    for (i, byte) in secret.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
    }
    Ok(secret)
}

/// Whether two secrets are equal, in a time that does not depend on where they differ (an
/// early return would tell a guesser how many leading bytes were right). `black_box` keeps
/// the compiler from turning the fold back into an early return.
pub fn same_secret<const N: usize>(a: &[u8; N], b: &[u8; N]) -> bool {
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

/// What the store keeps of a friend's seat: the SHA-256 of its secret, so the database file
/// alone gives no seat (the secret is 128 random bits: no salt or slow hash is needed).
pub fn seat_hash(secret: &[u8; 16]) -> [u8; 32] {
    use sha2::Digest;
    sha2::Sha256::digest(secret).into()
}

/// A kept game found by its link: its id and the script that replays it.
pub struct Found {
    /// The game's id in the registry (the kept id `ID-N` is that game's `N`th).
    pub game: String,
    /// Games the registry's game had made, so the next one kept is `ID-(N+1)`.
    pub made: u32,
    pub kept: StoredGame,
}

/// The kept game `id` if `seat` is its secret; otherwise why not (nothing is changed).
pub fn find(store: &dyn Store, id: &str, seat: &str) -> Result<Found, String> {
    let refused = || format!("no game {} with that seat: nothing changed", clip(id));
    let secret = parse_secret(seat)?;
    let (game, made) = id
        .rsplit_once('-')
        .and_then(|(game, n)| Some((game.to_string(), n.parse::<u32>().ok()?)))
        .ok_or_else(refused)?;
    let kept = store.load(id).map_err(|e| e.to_string())?;
    // An unknown game and a wrong secret get the same answer: ids are not probed for.
    let kept = kept
        .filter(|k| same_secret(&k.game.secret, &secret))
        .ok_or_else(refused)?;
    if kept.game.kind != "jump61" {
        return Err("only Jump61 games come back by their link".to_string());
    }
    Ok(Found { game, made, kept })
}

fn clip(text: &str) -> String {
    crate::protocol::clip(text).to_string()
}

/// The command-loop script that replays a kept Jump61 game: the start, the moves, then the
/// players as they were (the AI's level and limit).
pub fn script(kept: &StoredGame) -> Result<String, String> {
    let game = &kept.game;
    let mut text = String::new();
    if game.rules == "2013" {
        text.push_str("# dialect 2013\n");
    }
    text.push_str("manual red\nmanual blue\n");
    text.push_str(&format!("position {}\nstart\n", game.start));
    for (mv, _) in &kept.moves {
        text.push_str(mv);
        text.push('\n');
    }
    for (colour, player) in [("red", &game.red), ("blue", &game.blue)] {
        if player != "person" {
            text.push_str(&ai_commands(player)?);
            text.push_str(&format!("auto {colour}\n"));
        }
    }
    Ok(text)
}

/// The commands that set the AI as the store wrote it: `ai level L` and its limit (`X s a
/// move`, `N nodes a move`, `M min a side + I s a move`, or `depth D`, which the command
/// loop does not set and is left as it is).
fn ai_commands(player: &str) -> Result<String, String> {
    let bad = || format!("a kept player the server does not know: {}", clip(player));
    let rest = player.strip_prefix("ai level ").ok_or_else(bad)?;
    let (level, limit) = rest.split_once(' ').ok_or_else(bad)?;
    let mut text = format!("level {level}\n");
    let words: Vec<&str> = limit.split(' ').collect();
    match words.as_slice() {
        [seconds, "s", "a", "move"] => text.push_str(&format!("time {seconds}\n")),
        [nodes, "nodes", "a", "move"] => text.push_str(&format!("nodes {nodes}\n")),
        [minutes, "min", "a", "side", "+", seconds, "s", "a", "move"] => {
            text.push_str(&format!("clock {minutes} {seconds}\n"))
        }
        ["depth", _] => {}
        _ => return Err(bad()),
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_goes_to_hex_and_back_and_bad_ones_are_refused() {
        let secret: [u8; 16] = std::array::from_fn(|i| (i * 17) as u8);
        let hex = secret_hex(&secret);
        assert_eq!(hex.len(), 32);
        assert_eq!(parse_secret(&hex), Ok(secret));
        assert!(parse_secret(&hex[..30]).is_err());
        assert!(parse_secret(&format!("{}zz", &hex[..30])).is_err());
        assert!(parse_secret("é").is_err());
    }

    #[test]
    fn secrets_are_equal_only_when_every_byte_is() {
        let a = [5u8; 16];
        let mut b = a;
        assert!(same_secret(&a, &b));
        b[15] ^= 1;
        assert!(!same_secret(&a, &b));
    }

    #[test]
    fn a_seats_hash_is_sha256_of_its_secret() {
        // SHA-256 of sixteen zero bytes.
        let zeros = seat_hash(&[0; 16]);
        assert_eq!(
            secret_hex(&zeros[..16].try_into().unwrap()),
            "374708fff7719dd5979ec875d56cd228"
        );
        assert_ne!(seat_hash(&[1; 16]), zeros);
    }

    #[test]
    fn the_ai_comes_back_with_its_level_and_limit() {
        assert_eq!(
            ai_commands("ai level 3 0.5 s a move").unwrap(),
            "level 3\ntime 0.5\n"
        );
        assert_eq!(
            ai_commands("ai level 5 2000 nodes a move").unwrap(),
            "level 5\nnodes 2000\n"
        );
        assert_eq!(
            ai_commands("ai level 4 5 min a side + 2 s a move").unwrap(),
            "level 4\nclock 5 2\n"
        );
        assert!(ai_commands("ai level 3 rm -rf").is_err());
        assert!(ai_commands("someone").is_err());
    }
}
