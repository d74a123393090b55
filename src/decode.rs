//! Reading QR codes from camera frames (`POST /kiosk/decode`).
//!
//! rqrr (the design card's decoder) finds codes in a clean, high-contrast image; camera
//! frames of phone screens and badges are rarely that. So the frame is prepared in a few
//! ways, cheapest first, and the first preparation that yields a code wins: the frame as
//! it is; a global Otsu threshold; the same inverted (dark-mode tickets); a local-mean
//! threshold (uneven light, glare); and a half-size copy (moiré, codes that fill the
//! frame). Every attempt runs under `catch_unwind`: rqrr has known panics in its grid
//! detection on some images, and a panic must mean "nothing found", not a dead worker.

use std::panic::{AssertUnwindSafe, catch_unwind};

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
        let img = image::load_from_memory_with_format(bytes, format)
            .map_err(|e| Error::invalid(format!("the image could not be read: {e}")))?;
        Frame::from_dynamic(img)
    }

    /// An image file of any supported format (PNG, JPEG, WebP), converted to grayscale.
    pub fn from_file(path: &std::path::Path) -> Result<Frame> {
        let img = image::open(path)
            .map_err(|e| Error::invalid(format!("cannot read {}: {e}", path.display())))?;
        Frame::from_dynamic(img)
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

/// Runs rqrr on `pixels`; `scale` maps coordinates back to the original frame.
fn rqrr_pass(width: usize, height: usize, pixels: &[u8], scale: i32) -> Vec<Found> {
    let attempt = catch_unwind(AssertUnwindSafe(|| {
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
            .collect::<Vec<_>>()
    }));
    attempt.unwrap_or_default()
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

/// Finds the codes in a frame; empty when there are none.
pub fn decode(frame: &Frame) -> Vec<Found> {
    let (w, h) = (frame.width, frame.height);
    let found = rqrr_pass(w, h, &frame.pixels, 1);
    if !found.is_empty() {
        return found;
    }
    let t = otsu(&frame.pixels);
    for invert in [false, true] {
        let found = rqrr_pass(w, h, &threshold(&frame.pixels, t, invert), 1);
        if !found.is_empty() {
            return found;
        }
    }
    let radius = (w.min(h) / 16).max(4);
    let local = local_threshold(frame, radius);
    for invert in [false, true] {
        let pixels: Vec<u8> = if invert {
            local.iter().map(|p| 255 - p).collect()
        } else {
            local.clone()
        };
        let found = rqrr_pass(w, h, &pixels, 1);
        if !found.is_empty() {
            return found;
        }
    }
    if w >= 200 && h >= 200 {
        let (hw, hh, small) = half_size(frame);
        let found = rqrr_pass(hw, hh, &small, 2);
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
