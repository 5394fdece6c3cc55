/** An upload's bytes as they stream in over gRPC: its first bytes read ahead (to tell the container), the rest on demand. */
export interface StreamedBody {
  /** At least `headBytes` of the body (all of it when shorter). */
  head: Buffer;
  /** Every byte, head included, as it arrives; `requireBounded` is given the bytes come so far (head first) and may throw to stop it. */
  bytes(requireBounded: (size: number) => void): AsyncIterable<Uint8Array>;
}

/** `first`: the data of the message that carried the upload's header; `iterator`: the messages after it. */
export async function streamedBody(iterator: AsyncIterator<{ data: Uint8Array }>, first: Uint8Array | undefined, headBytes: number): Promise<StreamedBody> {
  const head: Uint8Array[] = first ? [first] : [];
  let headSize = first?.length ?? 0;
  let next = await iterator.next();
  for (; headSize < headBytes && !next.done; next = await iterator.next()) {
    head.push(next.value.data);
    headSize += next.value.data.length;
  }
  const afterHead = next;
  return {
    head: Buffer.concat(head),
    bytes: async function* (requireBounded) {
      let size = headSize;
      requireBounded(size);
      yield* head.filter((chunk) => chunk.length > 0);
      for (let chunk = afterHead; !chunk.done; chunk = await iterator.next()) {
        size += chunk.value.data.length;
        requireBounded(size);
        if (chunk.value.data.length > 0) yield chunk.value.data;
      }
    },
  };
}
