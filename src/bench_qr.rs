//! `entrada bench qr [DIR]`: decode rate and time per frame of the shipped pipeline and of
//! naive rqrr on a folder of images with expected texts (`NAME.txt` beside `NAME.ext`;
//! a decode counts only when the text equals the file byte for byte). Sets are the
//! folder's subfolders: every `qrcode-*` folder makes the "real" set, others their own.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::decode::{self, Frame};
use crate::error::{Error, Result};

struct Sample {
    set: String,
    image: PathBuf,
    expected: String,
}

fn samples(dir: &Path) -> Result<Vec<Sample>> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        let entries = std::fs::read_dir(&folder)
            .map_err(|e| Error::internal(format!("cannot read {}: {e}", folder.display())))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let ext = path
                .extension()
                .and_then(|e| e.to_str())
                .unwrap_or("")
                .to_ascii_lowercase();
            if !matches!(ext.as_str(), "png" | "jpg" | "jpeg" | "webp") {
                continue;
            }
            let Ok(expected) = std::fs::read_to_string(path.with_extension("txt")) else {
                continue;
            };
            let parent = path
                .parent()
                .and_then(|p| p.file_name())
                .and_then(|n| n.to_str())
                .unwrap_or("");
            let set = if parent.starts_with("qrcode-") {
                "real".to_owned()
            } else {
                parent.to_owned()
            };
            found.push(Sample {
                set,
                image: path,
                expected,
            });
        }
    }
    found.sort_by(|a, b| a.image.cmp(&b.image));
    Ok(found)
}

#[derive(Default)]
struct Tally {
    frames: usize,
    read: usize,
    wrong: usize,
    micros: Vec<u64>,
}

impl Tally {
    fn add(&mut self, texts: &[String], expected: &str, micros: u64) {
        self.frames += 1;
        self.micros.push(micros);
        if texts.iter().any(|t| t == expected) {
            self.read += 1;
        } else if !texts.is_empty() {
            self.wrong += 1;
        }
    }

    fn row(&mut self, set: &str, decoder: &str) -> String {
        self.micros.sort_unstable();
        let at = |q: f64| {
            let i = ((self.micros.len() as f64 - 1.0) * q).round() as usize;
            self.micros.get(i).copied().unwrap_or(0) as f64 / 1000.0
        };
        format!(
            "| {set} | {decoder} | {} | {} ({:.0} %) | {} | {:.1} | {:.1} |",
            self.frames,
            self.read,
            100.0 * self.read as f64 / self.frames.max(1) as f64,
            self.wrong,
            at(0.5),
            at(0.95)
        )
    }
}

pub fn run(dir: &Path) -> Result<()> {
    let all = samples(dir)?;
    if all.is_empty() {
        return Err(Error::invalid(format!(
            "no images with expected texts under {}",
            dir.display()
        )));
    }
    let mut tallies: BTreeMap<(String, &str), Tally> = BTreeMap::new();
    for sample in &all {
        let frame = match Frame::from_file(&sample.image) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("skipped: {e}");
                continue;
            }
        };
        for (name, decoder) in [
            (
                "entrada pipeline",
                decode::decode as fn(&Frame) -> Vec<decode::Found>,
            ),
            ("naive rqrr", decode::naive),
        ] {
            let started = Instant::now();
            let texts: Vec<String> = decoder(&frame).into_iter().map(|f| f.text).collect();
            let micros = started.elapsed().as_micros() as u64;
            tallies.entry((sample.set.clone(), name)).or_default().add(
                &texts,
                &sample.expected,
                micros,
            );
        }
    }
    println!("| set | decoder | frames | read | wrong | p50 ms | p95 ms |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    for ((set, decoder), tally) in tallies.iter_mut() {
        println!("{}", tally.row(set, decoder));
    }
    println!();
    println!(
        "Times are per frame on one thread of this machine ({} cores).",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    Ok(())
}
