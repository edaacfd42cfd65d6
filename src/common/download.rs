//! Hands a text file to the browser as a download (board files, saved games, the log).

use crate::common::error::AppError;
use wasm_bindgen::JsCast;

/// Offers `text` as a file named `file_name`; the message says why it could not be.
pub fn download_text(file_name: &str, mime: &str, text: &str) -> Result<(), AppError> {
    let fail = |_| AppError::DownloadRefused;
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let document = leptos::prelude::document();
    let a: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(fail)?.unchecked_into();
    a.set_href(&url);
    a.set_download(file_name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}
