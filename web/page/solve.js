// The playground's WebAssembly module (web/wasm), driven through its C ABI:
// the request goes into the module's memory as UTF-8 JSON, the events come
// back one at a time through the imported `emit`. Used by worker.js in the
// page and by web/test/answers.mjs under Node.
export async function load(bytes) {
  let onEvent = () => {};
  let memory;
  const decoder = new TextDecoder();
  const imports = {
    solve: {
      now_ms: () => performance.now(),
      emit: (ptr, len) => {
        const text = decoder.decode(new Uint8Array(memory.buffer, ptr, len));
        onEvent(JSON.parse(text));
      },
    },
  };
  const { instance } = await WebAssembly.instantiate(bytes, imports);
  memory = instance.exports.memory;
  const encoder = new TextEncoder();
  return {
    // Answers `request` (an object), telling `listener` each event; returns
    // when the work is done (the search runs in the caller's thread).
    handle(request, listener) {
      const bytes = encoder.encode(JSON.stringify(request));
      const ptr = instance.exports.request_buffer(bytes.length);
      new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
      onEvent = listener;
      try {
        instance.exports.handle(ptr, bytes.length);
      } finally {
        onEvent = () => {};
      }
    },
  };
}
