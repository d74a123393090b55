//! `entrada bench qr [DIR]`: decode rate and time per frame of the shipped pipeline, of
//! its two decoders alone (zxing-cpp, naive rqrr), and, side by side in the same run, of
//! zxing-cpp from PyPI (the reference the targets are set against), on a folder of images
//! with expected texts (`NAME.txt` beside `NAME.ext`; a decode counts only when the text
//! equals the file byte for byte). Sets are the folder's subfolders: every `qrcode-*`
//! folder makes the "real" set, others their own. Times are also given per frame size
//! (640x480, 1280x720), which is what the kiosk's targets are stated in.
//!
//! The PyPI reference runs `bench/zxing_cpp_qr.py` (embedded here) with `python3`,
//! installing `zxing-cpp` and `pillow` with pip when they are missing; without Python the
//! rows are left out with a note.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::decode::{self, Frame};
use crate::error::{Error, Result};

/// One way of decoding a frame, as the benchmark compares them.
type Decoder = fn(&Frame) -> Vec<decode::Found>;

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
    let mut tallies: BTreeMap<(String, String), Tally> = BTreeMap::new();
    let mut by_size: BTreeMap<(String, String), Tally> = BTreeMap::new();
    let mut record = |sample: &Sample, size: &str, name: &str, texts: &[String], micros| {
        tallies
            .entry((sample.set.clone(), name.to_owned()))
            .or_default()
            .add(texts, &sample.expected, micros);
        if matches!(size, "640x480" | "1280x720") {
            by_size
                .entry((size.to_owned(), name.to_owned()))
                .or_default()
                .add(texts, &sample.expected, micros);
        }
    };
    let decoders: [(&str, Decoder); 3] = [
        ("entrada pipeline", decode::decode),
        ("zxing-cpp crate alone", decode::zxing_only),
        ("naive rqrr", decode::naive),
    ];
    let mut sizes = BTreeMap::new();
    for sample in &all {
        let frame = match Frame::from_file(&sample.image) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("skipped: {e}");
                continue;
            }
        };
        let size = format!("{}x{}", frame.width, frame.height);
        for (name, decoder) in decoders {
            let started = Instant::now();
            let texts: Vec<String> = decoder(&frame).into_iter().map(|f| f.text).collect();
            let micros = started.elapsed().as_micros() as u64;
            record(sample, &size, name, &texts, micros);
        }
        sizes.insert(sample.image.clone(), size);
    }
    match reference(&all) {
        Ok(results) => {
            for (sample, (texts, micros)) in all.iter().zip(results) {
                let size = sizes.get(&sample.image).map_or("", String::as_str);
                record(sample, size, "zxing-cpp 3.1.1 (PyPI)", &texts, micros);
            }
        }
        Err(e) => eprintln!("zxing-cpp from PyPI left out: {e}"),
    }
    println!("| set | decoder | frames | read | wrong | p50 ms | p95 ms |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    for ((set, decoder), tally) in tallies.iter_mut() {
        println!("{}", tally.row(set, decoder));
    }
    println!();
    println!("| frame size | decoder | frames | read | wrong | p50 ms | p95 ms |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    for ((size, decoder), tally) in by_size.iter_mut() {
        println!("{}", tally.row(size, decoder));
    }
    println!();
    println!(
        "Times are per frame on one thread of this machine ({} cores).",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    Ok(())
}

/// The reference decoder, zxing-cpp from PyPI, over every sample: (texts, microseconds)
/// per sample, in order.
fn reference(all: &[Sample]) -> Result<Vec<(Vec<String>, u64)>> {
    const SCRIPT: &str = include_str!("../bench/zxing_cpp_qr.py");
    let has = |args: &[&str]| {
        Command::new("python3")
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if !has(&["-c", "import zxingcpp, PIL"]) {
        eprintln!("installing zxing-cpp and pillow from PyPI for the reference rows...");
        if !has(&[
            "-m",
            "pip",
            "install",
            "--quiet",
            "zxing-cpp==3.1.1",
            "pillow",
        ]) {
            return Err(Error::internal(
                "python3 with pip is needed for the zxing-cpp reference",
            ));
        }
    }
    let script = std::env::temp_dir().join(format!("entrada-zxing-{}.py", std::process::id()));
    std::fs::write(&script, SCRIPT)
        .map_err(|e| Error::internal(format!("cannot write {}: {e}", script.display())))?;
    let child = Command::new("python3")
        .arg(&script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            let _ = std::fs::remove_file(&script);
            return Err(Error::internal(format!("cannot run python3: {e}")));
        }
    };
    let list: String = all
        .iter()
        .map(|s| format!("{}\n", s.image.display()))
        .collect();
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(list.as_bytes())
            .map_err(|e| Error::internal(format!("python3: {e}")))?;
    }
    let mut results = Vec::with_capacity(all.len());
    if let Some(stdout) = child.stdout.take() {
        for line in std::io::BufReader::new(stdout).lines() {
            let line = line.map_err(|e| Error::internal(format!("python3: {e}")))?;
            let v: serde_json::Value = serde_json::from_str(&line)
                .map_err(|e| Error::internal(format!("python3 said {line:?}: {e}")))?;
            let texts = v["texts"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|t| t.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default();
            results.push((texts, v["micros"].as_u64().unwrap_or(0)));
        }
    }
    let status = child.wait();
    let _ = std::fs::remove_file(&script);
    match status {
        Ok(s) if s.success() && results.len() == all.len() => Ok(results),
        Ok(s) => Err(Error::internal(format!(
            "python3 ended with {s} after {} of {} images",
            results.len(),
            all.len()
        ))),
        Err(e) => Err(Error::internal(format!("python3: {e}"))),
    }
}
