//! Any bytes, decoded as the engine decodes input lines, must parse or fail without panicking;
//! a parsed position must give back a FEN that parses again.
#![no_main]

use chuhan::board::Position;
use chuhan::protocol::{Command, Dialect};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    for dialect in [Dialect::Ucci, Dialect::Uci] {
        if let Ok(Command::Position(spec) | Command::Probe(spec)) = Command::parse(&line, dialect) {
            let fen = spec.base.to_fen();
            assert!(Position::from_fen(&fen).is_ok(), "{fen}");
        }
    }
});
