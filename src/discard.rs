//! Freeing large structures without making the user wait: a model of a
//! million variables is millions of small allocations, and freeing them one
//! by one can take a second. [`discard`] frees a value on another thread
//! when it is large, so that an error or the program's exit is not delayed;
//! a process that ends meanwhile simply takes the memory back.

/// Drops `value` on a thread of its own when `large`, here otherwise.
pub fn discard<T: Send + 'static>(value: T, large: bool) {
    if large && crate::host::THREADS {
        drop(std::thread::spawn(move || drop(value)));
    } else {
        drop(value);
    }
}
