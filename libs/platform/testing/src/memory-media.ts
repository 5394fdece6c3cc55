/**
 * Media storage in memory, for unit specs: `files` holds each key's bytes. The shape of `MediaStorage`
 * (@vi/platform-media), not imported because that lib's own specs use this one.
 */
export class MemoryMediaStorage {
  readonly files = new Map<string, Buffer>();

  async write(key: string, data: AsyncIterable<Uint8Array>): Promise<number> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of data) chunks.push(chunk);
    this.files.set(key, Buffer.concat(chunks));
    return this.files.get(key)!.length;
  }

  async size(key: string): Promise<number> {
    const file = this.files.get(key);
    if (!file) throw new Error(`no video at ${key}`);
    return file.length;
  }

  async *read(key: string, range: { start: number; end: number }): AsyncIterable<Buffer> {
    yield (this.files.get(key) ?? Buffer.alloc(0)).subarray(range.start, range.end + 1);
  }

  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}
