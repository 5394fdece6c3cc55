import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MediaStorage } from './media-storage';

/**
 * Take videos as files under MEDIA_DIR. Writes stream to disk (never the
 * whole video in memory) and reads serve byte ranges; an object-store adapter
 * implements the same interface.
 */
export class LocalMediaStorage implements MediaStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`Media key outside the media directory: ${key}`);
    return path;
  }

  async write(key: string, data: AsyncIterable<Uint8Array>): Promise<number> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    let size = 0;
    const counted = async function* () {
      for await (const chunk of data) {
        size += chunk.length;
        yield chunk;
      }
    };
    try {
      await pipeline(Readable.from(counted()), createWriteStream(path, { flags: 'wx' }));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    return size;
  }

  async size(key: string): Promise<number> {
    return (await stat(this.path(key))).size;
  }

  read(key: string, range: { start: number; end: number }): AsyncIterable<Buffer> {
    return createReadStream(this.path(key), { start: range.start, end: range.end, highWaterMark: 256 * 1024 });
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
