//! Engine options: one table with the UCCI and UCI name of each, and the settings they set.

use crate::rules::RepetitionRule;
use crate::search::level::Level;

/// Which option.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OptionId {
    /// UCCI `usemillisec`: times of `go` in milliseconds instead of seconds.
    UseMillisec,
    /// Hash table size in MB.
    Hash,
    /// Search threads.
    Threads,
    /// UCI `Ponder`: the GUI may let the engine ponder. UCI requires the option for pondering;
    /// the GUI decides when to ponder, so it changes nothing in the engine. Not offered in UCCI.
    Ponder,
    /// Number of principal variations.
    MultiPv,
    /// Time kept in reserve per move, in ms.
    MoveOverhead,
    /// Clear the hash table.
    ClearHash,
    /// UCCI `newgame`: clear hash and history.
    NewGame,
    /// Use the opening book.
    UseBook,
    /// Opening book file(s).
    BookFiles,
    /// Debug output.
    Debug,
    /// Randomness of the book move choice (flattens the book's weights; the search is not
    /// affected).
    Randomness,
    /// Natural move limit in moves without capture (60 by the Chinese rules; 0 = none).
    MoveLimit,
    /// UCCI `repetitionrule`, UCI `Repetition Rule`: whether alternating check and chase
    /// (一将一捉) loses (`asian`, the 棋例) or is allowed (`pyffish`), see
    /// [`crate::rules::RepetitionRule`].
    RepetitionRule,
    /// UCCI: offer draws in dead positions.
    DrawOffers,
    /// UCCI: resign when the score stays at or below minus this (0 = never resign).
    ResignScore,
    /// UCCI: how many consecutive moves the score must stay that low before resigning.
    ResignMoves,
    /// Playing level 1–20 (UCCI `level`, UCI `Skill Level`): 20 is full strength, lower
    /// levels search less and choose among near-best moves (see [`crate::search::level`]).
    Level,
    /// UCI `UCI_LimitStrength`: play at the strength of `UCI_Elo` instead of `Skill Level`.
    LimitStrength,
    /// UCI `UCI_Elo`: the target strength when `UCI_LimitStrength` is on.
    Elo,
}

/// The type and range of an option.
#[derive(Copy, Clone, Debug)]
pub enum OptionKind {
    /// Boolean.
    Check(bool),
    /// Integer in a range.
    Spin {
        /// Default.
        default: i64,
        /// Minimum.
        min: i64,
        /// Maximum.
        max: i64,
    },
    /// An action without value.
    Button,
    /// Free text.
    Text(&'static str),
    /// One of a list of words.
    Combo {
        /// Default.
        default: &'static str,
        /// The words.
        vars: &'static [&'static str],
    },
}

/// One option as advertised.
#[derive(Copy, Clone, Debug)]
pub struct OptionSpec {
    /// Which option.
    pub id: OptionId,
    /// UCCI name (`None`: not advertised over UCCI).
    pub ucci: Option<&'static str>,
    /// UCI name (`None`: not advertised over UCI).
    pub uci: Option<&'static str>,
    /// Other accepted names (compared case-insensitively, spaces ignored).
    pub aliases: &'static [&'static str],
    /// Type and range.
    pub kind: OptionKind,
}

/// Levels of `randomness`, weakest first (ElephantEye's names).
pub const RANDOMNESS: &[&str] = &["none", "tiny", "small", "medium", "large", "huge"];

/// Values of `repetitionrule` / `Repetition Rule`: the names of
/// [`RepetitionRule::ALL`], in its order (the default first).
pub const REPETITION_RULES: &[&str] =
    &[RepetitionRule::ALL[0].name(), RepetitionRule::ALL[1].name()];

/// The weakest `UCI_Elo` (level 1).
pub const ELO_MIN: i64 = Level::MIN.elo();
/// The strongest `UCI_Elo` (level 20, full strength).
pub const ELO_MAX: i64 = Level::MAX.elo();

/// Largest hash table in MB.
pub const MAX_HASH_MB: i64 = 4096;

/// Every option, in the order it is advertised.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        id: OptionId::UseMillisec,
        ucci: Some("usemillisec"),
        uci: None,
        aliases: &[],
        kind: OptionKind::Check(false),
    },
    OptionSpec {
        id: OptionId::Hash,
        ucci: Some("hashsize"),
        uci: Some("Hash"),
        aliases: &[],
        kind: OptionKind::Spin {
            default: 16,
            min: 1,
            max: MAX_HASH_MB,
        },
    },
    OptionSpec {
        id: OptionId::Threads,
        ucci: Some("threads"),
        uci: Some("Threads"),
        aliases: &[],
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    },
    OptionSpec {
        id: OptionId::Ponder,
        ucci: None,
        uci: Some("Ponder"),
        aliases: &[],
        kind: OptionKind::Check(false),
    },
    OptionSpec {
        id: OptionId::MultiPv,
        ucci: Some("multipv"),
        uci: Some("MultiPV"),
        aliases: &[],
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 128,
        },
    },
    OptionSpec {
        id: OptionId::MoveOverhead,
        ucci: None,
        uci: Some("Move Overhead"),
        aliases: &["moveoverhead"],
        kind: OptionKind::Spin {
            default: 10,
            min: 0,
            max: 5000,
        },
    },
    OptionSpec {
        id: OptionId::ClearHash,
        ucci: Some("clearhash"),
        uci: Some("Clear Hash"),
        aliases: &[],
        kind: OptionKind::Button,
    },
    OptionSpec {
        id: OptionId::NewGame,
        ucci: Some("newgame"),
        uci: None,
        aliases: &[],
        kind: OptionKind::Button,
    },
    OptionSpec {
        id: OptionId::UseBook,
        ucci: Some("usebook"),
        uci: Some("UseBook"),
        aliases: &["ownbook"],
        kind: OptionKind::Check(true),
    },
    OptionSpec {
        id: OptionId::BookFiles,
        ucci: Some("bookfiles"),
        uci: Some("BookFile"),
        aliases: &["bookfile"],
        kind: OptionKind::Text(""),
    },
    OptionSpec {
        id: OptionId::Debug,
        ucci: Some("debug"),
        uci: Some("Debug"),
        aliases: &[],
        kind: OptionKind::Check(false),
    },
    OptionSpec {
        id: OptionId::Randomness,
        ucci: Some("randomness"),
        uci: Some("Randomness"),
        aliases: &[],
        kind: OptionKind::Combo {
            default: "none",
            vars: RANDOMNESS,
        },
    },
    OptionSpec {
        id: OptionId::MoveLimit,
        ucci: Some("movelimit"),
        uci: Some("MoveLimit"),
        aliases: &["rule60", "naturallimit"],
        kind: OptionKind::Spin {
            default: 60,
            min: 0,
            max: 300,
        },
    },
    OptionSpec {
        id: OptionId::RepetitionRule,
        ucci: Some("repetitionrule"),
        uci: Some("Repetition Rule"),
        aliases: &[],
        kind: OptionKind::Combo {
            default: "asian",
            vars: REPETITION_RULES,
        },
    },
    OptionSpec {
        id: OptionId::DrawOffers,
        ucci: Some("drawoffers"),
        uci: None,
        aliases: &[],
        kind: OptionKind::Check(true),
    },
    OptionSpec {
        id: OptionId::ResignScore,
        ucci: Some("resignscore"),
        uci: None,
        aliases: &[],
        kind: OptionKind::Spin {
            default: 1500,
            min: 0,
            max: 30000,
        },
    },
    OptionSpec {
        id: OptionId::Level,
        ucci: Some("level"),
        uci: Some("Skill Level"),
        aliases: &["skill"],
        kind: OptionKind::Spin {
            default: 20,
            min: 1,
            max: 20,
        },
    },
    OptionSpec {
        id: OptionId::LimitStrength,
        ucci: None,
        uci: Some("UCI_LimitStrength"),
        aliases: &[],
        kind: OptionKind::Check(false),
    },
    OptionSpec {
        id: OptionId::Elo,
        ucci: None,
        uci: Some("UCI_Elo"),
        aliases: &[],
        kind: OptionKind::Spin {
            default: ELO_MAX,
            min: ELO_MIN,
            max: ELO_MAX,
        },
    },
    OptionSpec {
        id: OptionId::ResignMoves,
        ucci: Some("resignmoves"),
        uci: None,
        aliases: &[],
        kind: OptionKind::Spin {
            default: 5,
            min: 1,
            max: 100,
        },
    },
];

fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace() && *c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// Finds an option by any of its names, ignoring case, spaces and underscores.
///
/// ```
/// use chuhan::protocol::options::{lookup, OptionId};
/// assert_eq!(lookup("HashSize").map(|o| o.id), Some(OptionId::Hash));
/// assert_eq!(lookup("move overhead").map(|o| o.id), Some(OptionId::MoveOverhead));
/// assert!(lookup("nonsense").is_none());
/// ```
pub fn lookup(name: &str) -> Option<&'static OptionSpec> {
    let wanted = normalize(name);
    OPTIONS.iter().find(|o| {
        o.ucci
            .into_iter()
            .chain(o.uci)
            .any(|n| normalize(n) == wanted)
            || o.aliases.iter().any(|n| normalize(n) == wanted)
    })
}

/// Parses a boolean option value (`true`/`false`, also `on`/`off`, `yes`/`no`, `1`/`0`).
pub fn parse_bool(text: &str) -> Option<bool> {
    match text.to_ascii_lowercase().as_str() {
        "true" | "on" | "yes" | "1" => Some(true),
        "false" | "off" | "no" | "0" => Some(false),
        _ => None,
    }
}

/// Settings kept by the protocol layer; the engine core keeps the search, book and
/// resignation settings.
#[derive(Clone, Debug)]
pub struct Settings {
    /// UCCI times in milliseconds.
    pub use_millisec: bool,
    /// UCI `Ponder` as set by the GUI (informational).
    pub ponder: bool,
    /// Print extra diagnostics.
    pub debug: bool,
    /// Move overhead in ms.
    pub move_overhead_ms: u64,
    /// UCCI `level` / UCI `Skill Level`.
    pub level: Level,
    /// UCI `UCI_LimitStrength`.
    pub limit_strength: bool,
    /// UCI `UCI_Elo`.
    pub elo: i64,
}

impl Settings {
    /// The level to play at: `UCI_Elo` when `UCI_LimitStrength` is on, else `level`.
    ///
    /// ```
    /// use chuhan::protocol::options::Settings;
    /// let mut s = Settings::default();
    /// assert!(s.playing_level().is_full_strength());
    /// s.limit_strength = true;
    /// s.elo = 1500;
    /// assert_eq!(s.playing_level().number(), 8);
    /// ```
    pub fn playing_level(&self) -> Level {
        if self.limit_strength {
            Level::from_elo(self.elo)
        } else {
            self.level
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            use_millisec: false,
            ponder: false,
            debug: false,
            move_overhead_ms: 10,
            level: Level::MAX,
            limit_strength: false,
            elo: ELO_MAX,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        for o in OPTIONS {
            for n in o
                .ucci
                .into_iter()
                .chain(o.uci)
                .chain(o.aliases.iter().copied())
            {
                let n = normalize(n);
                let owner = lookup(&n).map(|s| s.id);
                assert_eq!(owner, Some(o.id), "{n}");
            }
        }
        assert!(lookup("clear hash").is_some());
        assert_eq!(parse_bool("TRUE"), Some(true));
        assert_eq!(parse_bool("x"), None);
    }

    #[test]
    fn repetition_rule_values_are_the_rule_names() {
        let names: Vec<&str> = RepetitionRule::ALL.iter().map(|r| r.name()).collect();
        assert_eq!(names, REPETITION_RULES);
        assert_eq!(REPETITION_RULES[0], RepetitionRule::default().name());
        let spec = lookup("Repetition Rule").map(|o| o.id);
        assert_eq!(spec, Some(OptionId::RepetitionRule));
        assert_eq!(lookup("repetitionrule").map(|o| o.id), spec);
    }
}
