//! Texel tuning of the evaluation weights on `FEN;RESULT` lines (see the `datagen` example).
//!
//! ```sh
//! cargo run --release --example tune -- --epochs 800 --lambda 1e-10 data1.txt data2.txt > tuned.txt
//! ```
//!
//! Every position becomes its tuning features ([`chuhan::eval::features`]): the evaluation is a
//! linear function of the weights, tapered by the game phase. The tuner first fits the scale `K`
//! of the logistic curve `1 / (1 + e^(−K·eval))` to the results with the current weights, then
//! minimises the mean squared error between that curve and the game results with Adam over the
//! whole data set. Material stays at the rule values (车 9, 炮 4.5, 马 4, 士/相 2, 兵 1–2); the
//! piece-square points and the named scalars move (`--keep` prints some at their old values).
//! The output is Rust source for `src/eval/weights.rs`: the two piece-square table sets and the
//! scalars, plus the loss before and after on the training data and on every tenth block of 2000
//! lines held out.

use chuhan::board::Position;
use chuhan::eval::{self, param, weights::PHASE_MAX, S};
use chuhan::types::PieceKind;
use clap::Parser;
use std::io::BufRead;

/// One training position.
struct Sample {
    coefs: Vec<(u16, f32)>,
    phase: f32,
    result: f32,
}

/// Red's evaluation of `s` under `w` (pairs of midgame, endgame weights).
fn eval_of(s: &Sample, w: &[[f64; 2]]) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(i, c) in &s.coefs {
        mg += w[i as usize][0] * c as f64;
        eg += w[i as usize][1] * c as f64;
    }
    let p = s.phase as f64 / PHASE_MAX as f64;
    mg * p + eg * (1.0 - p)
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + (-k * e).exp())
}

fn loss(data: &[Sample], w: &[[f64; 2]], k: f64) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let sum: f64 = data
        .iter()
        .map(|s| {
            let d = s.result as f64 - sigmoid(k, eval_of(s, w));
            d * d
        })
        .sum();
    sum / data.len() as f64
}

/// The `K` that minimises the loss with the weights `w` (golden-section search).
fn fit_k(data: &[Sample], w: &[[f64; 2]]) -> f64 {
    let (mut lo, mut hi) = (0.0005f64, 0.02f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if loss(data, w, a) < loss(data, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

fn read_samples(paths: &[String]) -> Vec<Sample> {
    let mut out = Vec::new();
    for path in paths {
        let Ok(file) = std::fs::File::open(path) else {
            eprintln!("cannot open {path}");
            continue;
        };
        for line in std::io::BufReader::new(file).lines().map_while(Result::ok) {
            let Some((fen, result)) = line.rsplit_once(';') else {
                continue;
            };
            let Ok(result) = result.trim().parse::<f32>() else {
                continue;
            };
            let Ok(pos) = Position::from_fen(fen) else {
                continue;
            };
            if let Some(f) = eval::features(&pos) {
                out.push(Sample {
                    coefs: f.coefs,
                    phase: f.phase as f32,
                    result,
                });
            }
        }
    }
    out
}

/// The rules' placement value of `kind` at Red-oriented table index `red_index` (rank 9
/// first), in centipawns: a pawn across the river is worth one more pawn (not on the last
/// rank, where it is worth one again); every other placement is worth nothing.
fn rule_placement(kind: PieceKind, red_index: usize) -> f64 {
    let row = red_index / 9;
    if kind == PieceKind::Pawn && (1..=4).contains(&row) {
        100.0
    } else {
        0.0
    }
}

fn print_tables(w: &[[f64; 2]], phase: usize, name: &str) {
    println!("/// Piece-square bonuses (Red's view, rank 9 first) per kind, {name}.");
    println!("#[rustfmt::skip]");
    println!(
        "pub const PST_{}: [[i16; 90]; 7] = [",
        if phase == 0 { "MG" } else { "EG" }
    );
    for kind in PieceKind::ALL {
        println!("    [");
        for row in 0..10 {
            let cells: Vec<String> = (0..9)
                .map(|file| {
                    format!(
                        "{:4}",
                        w[eval::pst_param(kind, row * 9 + file)][phase].round() as i32
                    )
                })
                .collect();
            println!("        {},", cells.join(","));
        }
        println!("    ],");
    }
    println!("];");
}

#[derive(Parser)]
#[command(about = "Texel tuning of the evaluation weights on FEN;RESULT lines")]
struct Args {
    /// Data files written by the `datagen` example.
    #[arg(required = true)]
    files: Vec<String>,
    /// Passes of Adam over the training positions.
    #[arg(long, default_value_t = 400)]
    epochs: usize,
    /// Adam's step size (about the largest change of a weight per epoch).
    #[arg(long, default_value_t = 1.0)]
    lr: f64,
    /// Strength of the L2 pull back toward the starting weights (per centipawn squared).
    #[arg(long, default_value_t = 0.0)]
    lambda: f64,
    /// Strength of an L2 pull of the piece-square points toward the rules' placement (none,
    /// but a pawn's crossing of the river, see [`rule_placement`]), on top of `--lambda`. It
    /// keeps placement from standing in for material: without it a constant added to all of a
    /// kind's points is free, and the tables drift to hundreds of centipawns.
    #[arg(long, default_value_t = 0.0)]
    lambda_rules: f64,
    /// Scalars tuned with the rest but printed at their current values (comma-separated names
    /// from `weights.rs`). For `TEMPO` with a teacher's labels (`tools/label.py`): a search score
    /// credits the side to move with the move it is about to make, far more than game results
    /// do, and the tuned `TEMPO` absorbs that offset so the other weights do not.
    #[arg(long, value_delimiter = ',')]
    keep: Vec<String>,
    /// Tune only these scalars (comma-separated names) and hold every other weight where it
    /// is: to fit new terms to weights already tuned, without moving the rest.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
}

fn main() {
    let args = Args::parse();
    let (epochs, lr, lambda) = (args.epochs, args.lr, args.lambda);
    let scalar_indices = |option: &str, names: &[String]| -> Vec<usize> {
        let mut out = Vec::new();
        for name in names {
            match param::SCALAR_NAMES.iter().position(|n| n == name) {
                Some(i) => out.push(i),
                None => {
                    eprintln!(
                        "--{option}: no scalar named {name}; the names are {}",
                        param::SCALAR_NAMES.join(", ")
                    );
                    std::process::exit(2);
                }
            }
        }
        out
    };
    let kept = scalar_indices("keep", &args.keep);
    let only = scalar_indices("only", &args.only);
    let all = read_samples(&args.files);
    let (mut train, mut test) = (Vec::new(), Vec::new());
    // Hold out blocks of consecutive lines (whole games, mostly), not single positions: the
    // positions of one game share its result.
    for (i, s) in all.into_iter().enumerate() {
        if (i / 2000) % 10 == 9 {
            test.push(s);
        } else {
            train.push(s);
        }
    }
    eprintln!(
        "{} training positions, {} held out",
        train.len(),
        test.len()
    );
    let start: Vec<S> = eval::current_params();
    let mut w: Vec<[f64; 2]> = start.iter().map(|s| [s.0 as f64, s.1 as f64]).collect();
    let k = fit_k(&train, &w);
    let (train0, test0) = (loss(&train, &w, k), loss(&test, &w, k));
    eprintln!("K = {k:.6}; loss train {train0:.6} held out {test0:.6}");

    let n = w.len();
    let frozen = frozen_weights(n, &only);
    let (mut m, mut v) = (vec![[0.0f64; 2]; n], vec![[0.0f64; 2]; n]);
    let (b1, b2) = (0.9f64, 0.999f64);
    let w0 = w.clone();
    // The rules' placement for each parameter (piece-square points only; one point stands for
    // a square and its mirror image, which have the same rule value).
    let mut prior: Vec<Option<f64>> = vec![None; n];
    for kind in PieceKind::ALL {
        for idx in 0..90 {
            prior[eval::pst_param(kind, idx)] = Some(rule_placement(kind, idx));
        }
    }
    let mut grad = vec![[0.0f64; 2]; n];
    for epoch in 1..=epochs {
        grad.iter_mut().for_each(|g| *g = [0.0, 0.0]);
        for s in &train {
            let p = sigmoid(k, eval_of(s, &w));
            // d(loss)/d(eval), up to a constant factor.
            let d = (p - s.result as f64) * p * (1.0 - p) * k;
            let ph = s.phase as f64 / PHASE_MAX as f64;
            for &(i, c) in &s.coefs {
                let g = &mut grad[i as usize];
                g[0] += d * c as f64 * ph;
                g[1] += d * c as f64 * (1.0 - ph);
            }
        }
        let scale = 2.0 / train.len() as f64;
        for i in 0..n {
            if frozen[i] {
                continue;
            }
            for ph in 0..2 {
                let mut g = grad[i][ph] * scale + 2.0 * lambda * (w[i][ph] - w0[i][ph]);
                if let Some(p) = prior[i] {
                    g += 2.0 * args.lambda_rules * (w[i][ph] - p);
                }
                m[i][ph] = b1 * m[i][ph] + (1.0 - b1) * g;
                v[i][ph] = b2 * v[i][ph] + (1.0 - b2) * g * g;
                let mh = m[i][ph] / (1.0 - b1.powi(epoch as i32));
                let vh = v[i][ph] / (1.0 - b2.powi(epoch as i32));
                w[i][ph] -= lr * mh / (vh.sqrt() + 1e-12);
            }
        }
        if epoch % 50 == 0 {
            eprintln!(
                "epoch {epoch}: train {:.6} held out {:.6}",
                loss(&train, &w, k),
                loss(&test, &w, k)
            );
        }
    }
    println!(
        "// Texel-tuned: K = {k:.6}; training loss {train0:.6} -> {:.6}, held out {test0:.6} -> {:.6}",
        loss(&train, &w, k),
        loss(&test, &w, k)
    );
    for &i in &kept {
        let x = w[param::SCALARS + i];
        let name = param::SCALAR_NAMES[i];
        eprintln!(
            "{name} tuned to S({}, {}), kept",
            x[0].round(),
            x[1].round()
        );
        w[param::SCALARS + i] = w0[param::SCALARS + i];
    }
    if !kept.is_empty() {
        eprintln!(
            "with the kept scalars at their old values: training {:.6}, held out {:.6}",
            loss(&train, &w, k),
            loss(&test, &w, k)
        );
    }
    for (i, name) in param::SCALAR_NAMES.iter().enumerate() {
        let x = w[param::SCALARS + i];
        println!(
            "pub const {name}: S = S({}, {});",
            x[0].round() as i32,
            x[1].round() as i32
        );
    }
    print_tables(&w, 0, "midgame");
    print_tables(&w, 1, "endgame");
}

/// Which of the `n` weights the tuner holds: material always; with `only` (scalar indices)
/// non-empty, every weight but those scalars.
fn frozen_weights(n: usize, only: &[usize]) -> Vec<bool> {
    let mut frozen: Vec<bool> = (0..n).map(|i| i < param::PST || !only.is_empty()).collect();
    for &o in only {
        frozen[param::SCALARS + o] = false;
    }
    frozen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_frees_just_the_listed_scalars() {
        let n = param::COUNT;
        let all = frozen_weights(n, &[]);
        assert!(all[..param::PST].iter().all(|&f| f));
        assert!(all[param::PST..].iter().all(|&f| !f));
        let only = frozen_weights(n, &[0, 2]);
        for (i, &f) in only.iter().enumerate() {
            let free = i == param::SCALARS || i == param::SCALARS + 2;
            assert_eq!(f, !free, "weight {i}");
        }
    }

    #[test]
    fn only_a_pawn_across_the_river_has_a_rule_placement() {
        // Ranks from Red's side: 0 is Red's back rank, 5–8 are across the river, 9 is the last
        // rank. The tables are written rank 9 first.
        for rank in 0..10 {
            for file in 0..9 {
                let idx = (9 - rank) * 9 + file;
                let across_short_of_last = (5..=8).contains(&rank);
                assert_eq!(
                    rule_placement(PieceKind::Pawn, idx),
                    if across_short_of_last { 100.0 } else { 0.0 },
                    "rank {rank}, file {file}"
                );
                assert_eq!(rule_placement(PieceKind::Rook, idx), 0.0);
                assert_eq!(rule_placement(PieceKind::Horse, idx), 0.0);
            }
        }
    }
}
