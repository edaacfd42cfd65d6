//! Pictures a player uploads in the Board Maker (board picture, pawns, squares): checked for
//! type and size, scaled down on a canvas and kept as a data URL inside the board.

use crate::common::error::PictureError;
use wasm_bindgen::JsCast;

/// Picture files the Board Maker accepts.
pub const ACCEPTED_TYPES: [&str; 5] = [
    "image/png",
    "image/jpeg",
    "image/gif",
    "image/webp",
    "image/svg+xml",
];

/// The `accept` attribute of a picture file input.
pub const ACCEPT: &str = "image/png,image/jpeg,image/gif,image/webp,image/svg+xml";

/// The largest picture file read (it is scaled down before it is stored).
pub const MAX_PICTURE_FILE_BYTES: f64 = 5.0 * 1024.0 * 1024.0;

/// Why a file is not accepted as a picture, before reading it; `None` when it may be read.
pub fn check_file(name: &str, mime: &str, bytes: f64) -> Option<PictureError> {
    if !ACCEPTED_TYPES.contains(&mime) {
        return Some(PictureError::NotAPicture {
            name: name.to_string(),
        });
    }
    if bytes > MAX_PICTURE_FILE_BYTES {
        return Some(PictureError::TooLarge {
            name: name.to_string(),
            bytes: bytes as u64,
        });
    }
    None
}

/// The size a `width` x `height` picture is drawn at so neither side exceeds `max`.
pub fn fit(width: u32, height: u32, max: u32) -> (u32, u32) {
    let (w, h) = (width.max(1), height.max(1));
    if w <= max && h <= max {
        return (w, h);
    }
    if w >= h {
        (
            max,
            ((u64::from(h) * u64::from(max)) / u64::from(w)).max(1) as u32,
        )
    } else {
        (
            ((u64::from(w) * u64::from(max)) / u64::from(h)).max(1) as u32,
            max,
        )
    }
}

/// Reads a picked file, checks it, and returns it scaled to at most `max` pixels a side as
/// a data URL (WebP where the browser writes it, else PNG). The error says why in words.
pub async fn read_picture(file: web_sys::File, max: u32) -> Result<String, PictureError> {
    let name = file.name();
    if let Some(problem) = check_file(&name, &file.type_(), file.size()) {
        return Err(problem);
    }
    let unreadable = |_| PictureError::Unreadable { name: name.clone() };
    let url = web_sys::Url::create_object_url_with_blob(&file).map_err(unreadable)?;
    let result = draw_scaled(&url, max).await.map_err(unreadable);
    let _ = web_sys::Url::revoke_object_url(&url);
    result
}

async fn draw_scaled(url: &str, max: u32) -> Result<String, wasm_bindgen::JsValue> {
    let img = web_sys::HtmlImageElement::new()?;
    img.set_src(url);
    wasm_bindgen_futures::JsFuture::from(img.decode()).await?;
    let (w, h) = fit(img.natural_width(), img.natural_height(), max);
    let canvas: web_sys::HtmlCanvasElement = leptos::prelude::document()
        .create_element("canvas")?
        .unchecked_into();
    canvas.set_width(w);
    canvas.set_height(h);
    let ctx: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or_else(|| wasm_bindgen::JsValue::from_str("no 2d context"))?
        .unchecked_into();
    ctx.draw_image_with_html_image_element_and_dw_and_dh(
        &img,
        0.0,
        0.0,
        f64::from(w),
        f64::from(h),
    )?;
    let webp = canvas.to_data_url_with_type("image/webp")?;
    if webp.starts_with("data:image/webp") {
        Ok(webp)
    } else {
        canvas.to_data_url_with_type("image/png")
    }
}
