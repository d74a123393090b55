//! Ticket QR codes and badges over real HTTP; every PNG is decoded back with rqrr.

use crate::common;

use common::Server;
use serde_json::json;

fn fetch(
    s: &Server,
    path: &str,
    token: &str,
    etag: Option<&str>,
) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let mut req = s.http.get(format!("{}{path}", s.api)).bearer_auth(token);
    if let Some(tag) = etag {
        req = req.header("If-None-Match", tag);
    }
    let r = req.send().expect("request");
    let status = r.status().as_u16();
    let headers = r.headers().clone();
    (status, headers, r.bytes().expect("body").to_vec())
}

/// Decodes a grayscale PNG with rqrr; returns the texts found and the image side.
fn decode_png(bytes: &[u8]) -> (Vec<String>, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("png header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("png frame");
    assert_eq!(info.color_type, png::ColorType::Grayscale);
    let (w, h) = (info.width as usize, info.height as usize);
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| buf[y * w + x]);
    let texts = img
        .detect_grids()
        .into_iter()
        .filter_map(|g| g.decode().ok().map(|(_, text)| text))
        .collect();
    (texts, info.width)
}

#[test]
fn png_codes_decode_back_to_the_ticket_code_at_every_size() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "QR");
    let generated = s.attendee(&t, event, json!({"first_name": "Ada"}));
    let custom = s.attendee(
        &t,
        event,
        json!({"first_name": "Grace", "qr_code": "ticket:EXT-0042/hopper"}),
    );
    for a in [&generated, &custom] {
        let id = a["id"].as_i64().expect("id");
        let code = a["qr_code"].as_str().expect("qr_code");
        for size in [64, 100, 150, 300, 1000] {
            let (status, headers, body) = fetch(
                &s,
                &format!("/events/{event}/attendees/{id}/qr.png?size={size}"),
                &t,
                None,
            );
            assert_eq!(status, 200);
            assert_eq!(headers["content-type"], "image/png");
            let (texts, side) = decode_png(&body);
            assert!(side <= size, "{side} > {size}");
            assert_eq!(texts, vec![code.to_owned()], "size {size}");
        }
    }
}

#[test]
fn sizes_are_clamped_and_default_to_300() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "QR");
    let id = s.attendee(&t, event, json!({"first_name": "Ada"}))["id"]
        .as_i64()
        .expect("id");
    let side = |q: &str| {
        decode_png(
            &fetch(
                &s,
                &format!("/events/{event}/attendees/{id}/qr.png{q}"),
                &t,
                None,
            )
            .2,
        )
        .1
    };
    assert_eq!(side(""), 290, "29 modules x 10 px");
    assert!(side("?size=abc") == 290);
    assert!(side("?size=1") <= 64 && side("?size=1") >= 29);
    assert!(side("?size=999999") <= 2048 && side("?size=999999") > 2000);
}

#[test]
fn svg_and_etags() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "QR");
    let id = s.attendee(&t, event, json!({"first_name": "Ada"}))["id"]
        .as_i64()
        .expect("id");
    let path = format!("/events/{event}/attendees/{id}/qr.svg");
    let (status, headers, body) = fetch(&s, &path, &t, None);
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "image/svg+xml");
    let svg = String::from_utf8(body).expect("utf-8");
    assert!(svg.contains("<svg") && svg.contains("viewBox"), "{svg}");
    let etag = headers["etag"].to_str().expect("etag").to_owned();
    let (again, _, empty) = fetch(&s, &path, &t, Some(&etag));
    assert_eq!(again, 304);
    assert!(empty.is_empty());
    let (other, _, _) = fetch(&s, &path, &t, Some("\"something-else\""));
    assert_eq!(other, 200);
    // PNG tags depend on the size.
    let png_path = format!("/events/{event}/attendees/{id}/qr.png");
    let small = fetch(&s, &format!("{png_path}?size=100"), &t, None).1["etag"].clone();
    let large = fetch(&s, &format!("{png_path}?size=400"), &t, None).1["etag"].clone();
    assert_ne!(small, large);
}

#[test]
fn badges_are_printable_pages_without_external_assets() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Rust <Nation>");
    let vip = s
        .post(
            &format!("/events/{event}/registration_types"),
            &t,
            json!({"item": {"name": "VIP"}}),
        )
        .item()["id"]
        .clone();
    let a = s.attendee(
        &t,
        event,
        json!({"first_name": "Ada", "last_name": "Lovelace", "company": "Engines & <Co>", "registration_type_id": vip}),
    );
    let id = a["id"].as_i64().expect("id");
    let (status, headers, body) = fetch(
        &s,
        &format!("/events/{event}/attendees/{id}/badge"),
        &t,
        None,
    );
    assert_eq!(status, 200);
    assert!(
        headers["content-type"]
            .to_str()
            .expect("type")
            .starts_with("text/html")
    );
    let html = String::from_utf8(body).expect("utf-8");
    for needle in [
        "Ada Lovelace",
        "Engines &amp; &lt;Co&gt;",
        "Rust &lt;Nation&gt;",
        "VIP",
        "@page { size: 4in 3in",
        "<svg",
    ] {
        assert!(html.contains(needle), "{needle} missing");
    }
    assert!(html.contains(a["qr_code"].as_str().expect("code")));
    assert!(
        !html.contains("src=") && !html.contains("href="),
        "no external assets"
    );
}

#[test]
fn errors() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "QR");
    let other = s.event(&t, "Other");
    let id = s.attendee(&t, event, json!({"first_name": "Ada"}))["id"]
        .as_i64()
        .expect("id");
    for suffix in ["qr.svg", "qr.png", "badge"] {
        assert_eq!(
            fetch(
                &s,
                &format!("/events/{other}/attendees/{id}/{suffix}"),
                &t,
                None
            )
            .0,
            404
        );
        let r = s.call(
            "GET",
            &format!("/events/{event}/attendees/{id}/{suffix}"),
            None,
            None,
        );
        assert_eq!(r.status, 401);
        assert!(r.error().contains("token"));
    }
}

/// The served SVG rendered to a PNG by a real SVG renderer (resvg), at `side` pixels,
/// anti-aliased as a browser or a print driver would draw it.
fn svg_to_png(svg: &str, side: u32) -> Vec<u8> {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("svg");
    let mut pixmap = resvg::tiny_skia::Pixmap::new(side, side).expect("pixmap");
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    let scale = side as f32 / tree.size().width();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().expect("png")
}

/// Every ticket the project generates reads back through the kiosk's own decoder
/// (`POST /kiosk/decode`), as SVG rendered to PNG and as PNG, down to small sizes:
/// 2 px per module is where a 29-module generated code is 58 px wide.
#[test]
fn svg_and_png_tickets_round_trip_through_the_kiosk_decoder_at_small_sizes() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "QR");
    let long = format!(
        "https://tickets.example.com/t/{}",
        "8f14e45fceea167a".repeat(4)
    );
    let mut attendees = vec![s.attendee(&t, event, json!({"first_name": "Ada"}))];
    attendees.push(s.attendee(
        &t,
        event,
        json!({"first_name": "Grace", "qr_code": "ticket:EXT-0042/hopper"}),
    ));
    attendees.push(s.attendee(&t, event, json!({"first_name": "Alan", "qr_code": long})));
    let decode = |png: Vec<u8>| -> Vec<String> {
        let r = common::into_resp(
            s.http
                .post(format!("{}/kiosk/decode", s.base))
                .bearer_auth(&t)
                .header("content-type", "image/png")
                .body(png)
                .send()
                .expect("decode"),
        );
        assert_eq!(r.status, 200, "{}", r.text);
        r.json()["codes"]
            .as_array()
            .expect("codes")
            .iter()
            .filter_map(|c| c["text"].as_str().map(str::to_owned))
            .collect()
    };
    for a in &attendees {
        let id = a["id"].as_i64().expect("id");
        let code = a["qr_code"].as_str().expect("qr_code").to_owned();
        let (_, _, svg) = fetch(
            &s,
            &format!("/events/{event}/attendees/{id}/qr.svg"),
            &t,
            None,
        );
        let svg = String::from_utf8(svg).expect("utf-8");
        let grid = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default())
            .expect("svg")
            .size()
            .width()
            .round() as u32;
        // From 2 px per module (blurred edges, fractional module sizes) upwards.
        for side in [grid * 2, grid * 2 + 7, grid * 3 + 1, 150, 300] {
            if side < grid * 2 {
                continue;
            }
            assert_eq!(
                decode(svg_to_png(&svg, side)),
                vec![code.clone()],
                "SVG at {side} px ({grid} modules)"
            );
        }
        for size in [64, 100, 300] {
            let (_, _, png) = fetch(
                &s,
                &format!("/events/{event}/attendees/{id}/qr.png?size={size}"),
                &t,
                None,
            );
            assert_eq!(decode(png), vec![code.clone()], "PNG at {size} px");
        }
    }
}
