//! The three dialects of the command loop (2014, 2019, 2013) and the rules each one's games
//! follow.

use crate::board::Rules;
use std::fmt;
use std::str::FromStr;

/// Which course's conventions the command loop follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// The 2014 assignment: `start` begins play, `Red moves 1 2.`, `====` dump markers.
    #[default]
    V2014,
    /// The 2019 course: no `start`, `* 1 2.`, `===` markers, prompts, abbreviations.
    V2019,
    /// The 2013 text: squares start empty, `move N` sets whose turn it is, `===` markers and
    /// `--` for a white square in `dump`; otherwise as 2014.
    V2013,
}

impl Dialect {
    /// The rules the dialect's games follow.
    pub fn rules(self) -> Rules {
        match self {
            Dialect::V2013 => Rules::V2013,
            Dialect::V2014 | Dialect::V2019 => Rules::V2014,
        }
    }
}

impl FromStr for Dialect {
    type Err = String;

    fn from_str(text: &str) -> Result<Dialect, String> {
        match text.trim() {
            "2014" => Ok(Dialect::V2014),
            "2019" => Ok(Dialect::V2019),
            "2013" => Ok(Dialect::V2013),
            other => Err(format!("unknown dialect '{other}': use 2013, 2014 or 2019")),
        }
    }
}

impl Dialect {
    /// The dialect's year, as `--dialect` and the store write it.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::V2014 => "2014",
            Dialect::V2019 => "2019",
            Dialect::V2013 => "2013",
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
