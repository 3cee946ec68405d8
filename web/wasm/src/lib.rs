//! The playground's WebAssembly module (`wasm32-unknown-unknown`): the
//! library's [`solve::playground::handle`] behind a C ABI that a few
//! lines of JavaScript drive (web/page/worker.js).
//!
//! - `request_buffer(len)` gives `len` bytes of the module's memory; the
//!   worker writes the request's UTF-8 JSON there and calls
//!   `handle(ptr, len)`, which frees them.
//! - Each event goes out through the imported `solve.emit(ptr, len)` (a
//!   JSON text), as soon as it happens: solutions stream while the
//!   search goes on. A panic is told as a `panic` event before the
//!   module traps.
//! - The clock is the imported `solve.now_ms()` (see `solve::host`).
//!
//! Natively this crate is empty: nothing here runs outside a browser.

#[cfg(target_family = "wasm")]
mod abi {
    #[link(wasm_import_module = "solve")]
    unsafe extern "C" {
        /// Hands one event (UTF-8 JSON) to the page.
        fn emit(ptr: *const u8, len: usize);
    }

    fn send(text: &str) {
        // SAFETY: the pointer and length describe a live UTF-8 text the
        // worker copies before returning.
        unsafe { emit(text.as_ptr(), text.len()) }
    }

    /// `len` bytes for the worker to write a request into.
    #[unsafe(no_mangle)]
    pub extern "C" fn request_buffer(len: usize) -> *mut u8 {
        Box::into_raw(vec![0u8; len].into_boxed_slice()).cast::<u8>()
    }

    /// Answers the request in `request_buffer(len)`'s bytes, which it frees.
    ///
    /// # Safety
    /// `ptr` comes from `request_buffer(len)` with the same `len`, and its
    /// bytes were written.
    #[unsafe(no_mangle)]
    pub unsafe extern "C" fn handle(ptr: *mut u8, len: usize) {
        std::panic::set_hook(Box::new(|info| {
            let event = serde_json::json!({"event": "panic", "message": info.to_string()});
            send(&event.to_string());
        }));
        // SAFETY: as the caller promises, `ptr` is `request_buffer(len)`'s
        // allocation with `len` bytes written.
        let bytes = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) };
        let text = String::from_utf8_lossy(&bytes);
        solve::playground::handle(&text, &mut |event| send(&event.to_string()));
    }
}
