//! QR codes of tickets: SVG and PNG renderings of an attendee's `qr_code`.
//!
//! Error correction level M (about 15 % of the code may be damaged): a phone screen with
//! glare or a creased badge still reads, and a generated code (19 characters of QR's
//! alphanumeric set) still fits version 1, the coarsest grid, which a webcam reads from
//! furthest away. Level H would force a denser grid for the same text. Every rendering has
//! the quiet zone of 4 modules that the standard asks for.

use qrcode::render::svg;
use qrcode::{Color, EcLevel, QrCode};

use crate::error::{Error, Result};

/// Modules of white border around the code (ISO/IEC 18004).
pub const QUIET_ZONE: u32 = 4;
pub const DEFAULT_PNG_SIZE: u32 = 300;
pub const MIN_PNG_SIZE: u32 = 64;
pub const MAX_PNG_SIZE: u32 = 2048;

fn encode(text: &str) -> Result<QrCode> {
    QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .map_err(|e| Error::internal(format!("cannot encode the ticket code as QR: {e}")))
}

/// An SVG that scales to its container (a `viewBox`, one unit per module).
pub fn svg(text: &str) -> Result<String> {
    let code = encode(text)?;
    Ok(code
        .render::<svg::Color<'_>>()
        .quiet_zone(true)
        .module_dimensions(1, 1)
        .dark_color(svg::Color("#000000"))
        .light_color(svg::Color("#ffffff"))
        .build())
}

/// A PNG (8-bit grayscale) no larger than `size` pixels a side: modules are whole pixels,
/// so the image is the largest multiple of the grid that fits (and at least one pixel a
/// module).
pub fn png(text: &str, size: u32) -> Result<Vec<u8>> {
    let code = encode(text)?;
    let modules = u32::try_from(code.width()).map_err(Error::internal)?;
    let grid = modules + 2 * QUIET_ZONE;
    let scale = (size / grid).max(1);
    let side = grid * scale;
    let colors = code.to_colors();
    let mut pixels = vec![255u8; (side * side) as usize];
    for (i, color) in colors.iter().enumerate() {
        if *color != Color::Dark {
            continue;
        }
        let (mx, my) = (
            i as u32 % modules + QUIET_ZONE,
            i as u32 / modules + QUIET_ZONE,
        );
        for y in my * scale..(my + 1) * scale {
            let row = (y * side) as usize;
            pixels[row + (mx * scale) as usize..row + ((mx + 1) * scale) as usize].fill(0);
        }
    }
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, side, side);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(Error::internal)?;
        writer.write_image_data(&pixels).map_err(Error::internal)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_both_formats() {
        let svg = svg("7KQ2-MXW9-PD3A-H8RT").expect("svg");
        assert!(svg.contains("<svg") && svg.contains("viewBox"));
        let png = png("7KQ2-MXW9-PD3A-H8RT", 300).expect("png");
        assert_eq!(&png[1..4], b"PNG");
        // Version 1 (21 modules) plus the quiet zone is 29 modules: 300 px gives 10 px each.
        let decoder = ::png::Decoder::new(std::io::Cursor::new(png));
        let reader = decoder.read_info().expect("png header");
        assert_eq!(reader.info().width, 290);
    }
}
