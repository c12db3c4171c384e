/** Reading an upload's leading bytes (to check its type) without losing them for storage. */

/** The stream's first `count` bytes (fewer if it is shorter), and a stream of all its bytes from the start. */
export async function peek(body: ReadableStream<Uint8Array>, count: number): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  while (total < count) {
    const next = await reader.read();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    total += next.value.byteLength;
  }
  const buffered = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    buffered.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (buffered.byteLength > 0) controller.enqueue(buffered);
      if (ended) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head: buffered.subarray(0, count), stream };
}
