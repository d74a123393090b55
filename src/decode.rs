//! Reading QR codes from camera frames (`POST /kiosk/decode`).
//!
//! Two decoders, fastest and strongest first, chosen by the figures in BENCHMARKS.md:
//!
//! 1. zxing-cpp (the C++ library, linked statically): its own local binarizer, inverted
//!    codes, rotations and downscaled copies. It reads about 35 points more of real
//!    photos than rqrr and is an order of magnitude faster.
//! 2. rqrr (the design card's decoder) on prepared copies of the frame, only when
//!    zxing-cpp found nothing and only while the frame's time budget lasts: the frame
//!    as it is; a global Otsu threshold; the same inverted (dark-mode tickets); a
//!    local-mean threshold (uneven light, glare); a half-size copy (moiré).
//!
//! The budget matters because most frames a kiosk camera sends hold no code at all:
//! what a frame that fails costs is what the kiosk pays ten times a second. Every
//! decoder call runs under `catch_unwind` (rqrr has known panics in its grid detection
//! on some images): a panic means "nothing found", never a dead worker, and it is kept
//! out of the log (see `quiet_panics`).

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;
use std::time::{Duration, Instant};

use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{Error, Result};

/// Largest frame accepted, in pixels (a 4K frame).
pub const MAX_PIXELS: usize = 3840 * 2160;

/// An 8-bit grayscale frame.
pub struct Frame {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
}

/// A code found in a frame.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Found {
    pub text: String,
    /// The code's four corners in frame pixels, `[x, y]` each.
    pub corners: Vec<[i32; 2]>,
}

impl Frame {
    /// Raw 8-bit grayscale bytes, row by row.
    pub fn from_gray(bytes: Vec<u8>, width: usize, height: usize) -> Result<Frame> {
        if width == 0 || height == 0 || width.saturating_mul(height) > MAX_PIXELS {
            return Err(Error::invalid(format!(
                "width and height must describe a frame of 1 to {MAX_PIXELS} pixels"
            )));
        }
        if bytes.len() != width * height {
            return Err(Error::invalid(format!(
                "a {width}x{height} grayscale frame has {} bytes, not {}",
                width * height,
                bytes.len()
            )));
        }
        Ok(Frame {
            width,
            height,
            pixels: bytes,
        })
    }

    /// A PNG or JPEG image, converted to grayscale.
    pub fn from_image(bytes: &[u8], format: image::ImageFormat) -> Result<Frame> {
        let reader = || image::ImageReader::with_format(std::io::Cursor::new(bytes), format);
        Frame::read_bounded(reader, "the image")
    }

    /// An image file of any supported format (PNG, JPEG, WebP), converted to grayscale.
    pub fn from_file(path: &std::path::Path) -> Result<Frame> {
        let cannot = |e: &dyn std::fmt::Display| {
            Error::invalid(format!("cannot read {}: {e}", path.display()))
        };
        let bytes = std::fs::read(path).map_err(|e| cannot(&e))?;
        let format = image::guess_format(&bytes).map_err(|e| cannot(&e))?;
        let reader =
            || image::ImageReader::with_format(std::io::Cursor::new(bytes.as_slice()), format);
        Frame::read_bounded(reader, &path.display().to_string())
    }

    /// Decodes an image only if its header says it fits in [`MAX_PIXELS`]: a 400 KB PNG
    /// can declare 20000x20000 pixels, and decoding it before looking took 744 MB. The
    /// decoder gets the same bound as a limit on what it may allocate, in case a header
    /// and the data disagree.
    fn read_bounded<R: std::io::BufRead + std::io::Seek>(
        reader: impl Fn() -> image::ImageReader<R>,
        what: &str,
    ) -> Result<Frame> {
        let unreadable =
            |e: image::ImageError| Error::invalid(format!("{what} could not be read: {e}"));
        let (w, h) = reader().into_dimensions().map_err(unreadable)?;
        let pixels = u64::from(w) * u64::from(h);
        if pixels == 0 || pixels > MAX_PIXELS as u64 {
            return Err(Error::invalid(format!(
                "{what} is {w}x{h} pixels: at most {MAX_PIXELS} pixels (a 3840x2160 frame) are \
                 accepted"
            )));
        }
        let mut limits = image::Limits::default();
        limits.max_image_width = Some(w);
        limits.max_image_height = Some(h);
        // The largest decoded form: 16-bit RGBA, 8 bytes a pixel.
        limits.max_alloc = Some(MAX_PIXELS as u64 * 8 + (1 << 20));
        let mut bounded = reader();
        bounded.limits(limits);
        Frame::from_dynamic(bounded.decode().map_err(unreadable)?)
    }

    fn from_dynamic(img: image::DynamicImage) -> Result<Frame> {
        let gray = img.to_luma8();
        let (w, h) = (gray.width() as usize, gray.height() as usize);
        if w * h > MAX_PIXELS {
            return Err(Error::invalid(format!(
                "the image is larger than {MAX_PIXELS} pixels"
            )));
        }
        Ok(Frame {
            width: w,
            height: h,
            pixels: gray.into_raw(),
        })
    }
}

thread_local! {
    /// Set while this thread is inside a decoder, so the panic hook stays quiet.
    static IN_DECODER: Cell<bool> = const { Cell::new(false) };
}

/// Installs (once) a panic hook that says nothing about panics inside a decoder, which
/// are caught and mean "nothing found", and hands every other panic to the hook that was
/// there before. Without it each caught rqrr panic prints a backtrace to stderr.
fn quiet_panics() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if IN_DECODER.with(Cell::get) {
                tracing::debug!("a decoder panicked on a frame (treated as nothing found): {info}");
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs one decoder call; a panic inside it is "nothing found".
fn guarded(decoder: impl FnOnce() -> Vec<Found>) -> Vec<Found> {
    quiet_panics();
    IN_DECODER.with(|f| f.set(true));
    let found = catch_unwind(AssertUnwindSafe(decoder)).unwrap_or_default();
    IN_DECODER.with(|f| f.set(false));
    found
}

/// zxing-cpp on the whole frame: QR codes only, the symbol's own text (`Plain`: no GS1
/// brackets or control-character names), with its inverted, rotated and downscaled tries.
fn zxing_pass(frame: &Frame) -> Vec<Found> {
    guarded(|| {
        let Ok(view) = zxingcpp::ImageView::from_slice(
            &frame.pixels,
            frame.width as i32,
            frame.height as i32,
            zxingcpp::ImageFormat::Lum,
        ) else {
            return Vec::new();
        };
        let reader = zxingcpp::read()
            .formats([zxingcpp::BarcodeFormat::QRCode])
            .try_harder(true)
            .try_invert(true)
            .try_rotate(true)
            .try_downscale(true)
            .text_mode(zxingcpp::TextMode::Plain);
        let Ok(barcodes) = reader.from(view) else {
            return Vec::new();
        };
        barcodes
            .into_iter()
            .filter(|b| b.is_valid())
            .map(|b| {
                let p = b.position();
                Found {
                    text: b.text(),
                    corners: [p.top_left, p.top_right, p.bottom_right, p.bottom_left]
                        .iter()
                        .map(|c| [c.x, c.y])
                        .collect(),
                }
            })
            .collect()
    })
}

/// Runs rqrr on `pixels`; `scale` maps coordinates back to the original frame.
fn rqrr_pass(width: usize, height: usize, pixels: &[u8], scale: i32) -> Vec<Found> {
    guarded(|| {
        let mut prepared = rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| {
            pixels[y * width + x]
        });
        prepared
            .detect_grids()
            .into_iter()
            .filter_map(|grid| {
                let corners = grid
                    .bounds
                    .iter()
                    .map(|p| [p.x * scale, p.y * scale])
                    .collect();
                grid.decode().ok().map(|(_, text)| Found { text, corners })
            })
            .collect()
    })
}

/// Otsu's threshold of a histogram.
fn otsu(pixels: &[u8]) -> u8 {
    let mut histogram = [0u64; 256];
    for &p in pixels {
        histogram[p as usize] += 1;
    }
    let total = pixels.len() as f64;
    let sum: f64 = histogram
        .iter()
        .enumerate()
        .map(|(i, &c)| i as f64 * c as f64)
        .sum();
    let (mut sum_b, mut weight_b, mut best, mut threshold) = (0.0, 0.0, 0.0, 128u8);
    for (t, &count) in histogram.iter().enumerate() {
        weight_b += count as f64;
        if weight_b == 0.0 {
            continue;
        }
        let weight_f = total - weight_b;
        if weight_f == 0.0 {
            break;
        }
        sum_b += t as f64 * count as f64;
        let (mean_b, mean_f) = (sum_b / weight_b, (sum - sum_b) / weight_f);
        let between = weight_b * weight_f * (mean_b - mean_f).powi(2);
        if between > best {
            best = between;
            threshold = t as u8;
        }
    }
    threshold
}

fn threshold(pixels: &[u8], t: u8, invert: bool) -> Vec<u8> {
    pixels
        .iter()
        .map(|&p| if (p > t) != invert { 255 } else { 0 })
        .collect()
}

/// Each pixel against the mean of the block of `radius` around it (an integral image
/// keeps this linear in the frame size).
fn local_threshold(frame: &Frame, radius: usize) -> Vec<u8> {
    let (w, h) = (frame.width, frame.height);
    let mut integral = vec![0u64; (w + 1) * (h + 1)];
    for y in 0..h {
        let mut row = 0u64;
        for x in 0..w {
            row += u64::from(frame.pixels[y * w + x]);
            integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row;
        }
    }
    let mut out = vec![0u8; w * h];
    for y in 0..h {
        let (y0, y1) = (y.saturating_sub(radius), (y + radius + 1).min(h));
        for x in 0..w {
            let (x0, x1) = (x.saturating_sub(radius), (x + radius + 1).min(w));
            let sum = integral[y1 * (w + 1) + x1] + integral[y0 * (w + 1) + x0]
                - integral[y0 * (w + 1) + x1]
                - integral[y1 * (w + 1) + x0];
            let count = ((y1 - y0) * (x1 - x0)) as u64;
            // A small margin keeps flat areas (paper, screen) white.
            out[y * w + x] = if u64::from(frame.pixels[y * w + x]) * count + 7 * count < sum {
                0
            } else {
                255
            };
        }
    }
    out
}

fn half_size(frame: &Frame) -> (usize, usize, Vec<u8>) {
    let (w, h) = (frame.width / 2, frame.height / 2);
    let mut out = vec![0u8; w * h];
    for y in 0..h {
        for x in 0..w {
            let at = |dx: usize, dy: usize| {
                u16::from(frame.pixels[(2 * y + dy) * frame.width + 2 * x + dx])
            };
            out[y * w + x] = ((at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1)) / 4) as u8;
        }
    }
    (w, h, out)
}

/// rqrr alone on the frame as it is: the baseline the benchmark compares against.
pub fn naive(frame: &Frame) -> Vec<Found> {
    rqrr_pass(frame.width, frame.height, &frame.pixels, 1)
}

/// Time a frame may take, all decoders together: 25 ns per pixel (7.7 ms for 640x480,
/// 23 ms for 1280x720, the kiosk's frame sizes, under the targets of 10 and 25 ms with
/// room for one pass's misestimate), and never less than 4 ms. zxing-cpp
/// always runs; each rqrr preparation runs only if, by what the previous one cost, it
/// still fits.
pub fn budget(frame: &Frame) -> Duration {
    Duration::from_nanos((frame.width * frame.height * 25) as u64).max(Duration::from_millis(4))
}

/// zxing-cpp alone: a row of the benchmark.
pub fn zxing_only(frame: &Frame) -> Vec<Found> {
    zxing_pass(frame)
}

/// Finds the codes in a frame within `budget(frame)`; empty when there are none.
pub fn decode(frame: &Frame) -> Vec<Found> {
    decode_within(frame, budget(frame))
}

/// Finds the codes in a frame: zxing-cpp, then rqrr on prepared copies while `budget`
/// lasts. The budget is checked before each rqrr pass against the cost of the last one
/// (all full-size passes cost about the same), so a frame overruns it by at most one
/// pass's estimate error.
pub fn decode_within(frame: &Frame, budget: Duration) -> Vec<Found> {
    let started = Instant::now();
    let found = zxing_pass(frame);
    if !found.is_empty() {
        return found;
    }
    let (w, h) = (frame.width, frame.height);
    // Before any rqrr pass ran, guess its cost from zxing-cpp's (rqrr is slower).
    let mut pass_cost = started.elapsed() * 2;
    let fits = |cost: Duration| started.elapsed() + cost <= budget;
    let run = |cost: &mut Duration, w: usize, h: usize, pixels: &[u8], scale: i32| {
        let pass_started = Instant::now();
        let found = rqrr_pass(w, h, pixels, scale);
        *cost = pass_started.elapsed();
        found
    };

    if fits(pass_cost) {
        let found = run(&mut pass_cost, w, h, &frame.pixels, 1);
        if !found.is_empty() {
            return found;
        }
    }
    let t = otsu(&frame.pixels);
    for invert in [false, true] {
        if !fits(pass_cost) {
            break;
        }
        let found = run(
            &mut pass_cost,
            w,
            h,
            &threshold(&frame.pixels, t, invert),
            1,
        );
        if !found.is_empty() {
            return found;
        }
    }
    if fits(pass_cost) {
        let radius = (w.min(h) / 16).max(4);
        let local = local_threshold(frame, radius);
        let found = run(&mut pass_cost, w, h, &local, 1);
        if !found.is_empty() {
            return found;
        }
    }
    if w >= 200 && h >= 200 && fits(pass_cost / 4) {
        let (hw, hh, small) = half_size(frame);
        let found = run(&mut pass_cost, hw, hh, &small, 2);
        if !found.is_empty() {
            return found;
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn otsu_splits_two_levels() {
        let mut pixels = vec![40u8; 100];
        pixels.extend(vec![200u8; 100]);
        let t = otsu(&pixels);
        assert!((40..200).contains(&t));
    }

    #[test]
    fn garbage_finds_nothing_and_never_panics() {
        let mut seed = 7u64;
        let pixels: Vec<u8> = (0..320 * 240)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed as u8
            })
            .collect();
        let frame = Frame::from_gray(pixels, 320, 240).expect("frame");
        assert!(decode(&frame).is_empty());
    }
}
