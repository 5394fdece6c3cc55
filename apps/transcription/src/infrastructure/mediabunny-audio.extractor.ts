import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UnreadableMedia, type AudioExtractor, type AudioPiece } from '../application/ports';

// mediabunny is an ES module; this service is CommonJS.
const loadMediabunny = () => import('mediabunny');
type Mediabunny = Awaited<ReturnType<typeof loadMediabunny>>;
type Input = InstanceType<Mediabunny['Input']>;

/**
 * The audio of a take or recording without re-encoding it (decision 073): the bytes from interviews go to a temporary
 * file (a recording may be larger than what should sit in memory), mediabunny reads it there and copies the audio
 * packets into an audio-only container of the same family (WebM/Opus → `audio/webm`, MP4/AAC → `audio/mp4`), the
 * video discarded; a longer one in pieces of at most `pieceSeconds`, cut at packet boundaries (Conversion's trim).
 */
export class MediabunnyAudioExtractor implements AudioExtractor {
  constructor(private readonly directory: string = tmpdir()) {}

  async *pieces(media: AsyncIterable<Uint8Array>, pieceSeconds: number): AsyncIterable<AudioPiece> {
    const file = join(this.directory, `transcription-${randomUUID()}`);
    try {
      await pipeline(Readable.from(media), createWriteStream(file));
      yield* this.cut(file, pieceSeconds);
    } finally {
      await rm(file, { force: true });
    }
  }

  private async *cut(file: string, pieceSeconds: number): AsyncIterable<AudioPiece> {
    const mediabunny = await loadMediabunny();
    const { ALL_FORMATS, FilePathSource, Input } = mediabunny;
    const input = new Input({ source: new FilePathSource(file), formats: ALL_FORMATS });
    try {
      const audio = await input.getPrimaryAudioTrack().catch(() => null);
      if (!audio) throw new UnreadableMedia('the media has no audio track mediabunny can read');
      const mp4 = (await input.getMimeType()).includes('mp4');
      const start = Math.max(0, await audio.getFirstTimestamp());
      const end = await audio.computeDuration();
      if (!(end > start)) throw new UnreadableMedia('the audio track is empty');
      for (let from = start; from < end; from += pieceSeconds) {
        const to = Math.min(end, from + pieceSeconds);
        // A last sliver shorter than a packet holds nothing to transcribe.
        if (to - from < 0.05) break;
        yield await this.piece(mediabunny, input, mp4, from, to, start);
      }
    } finally {
      input.dispose();
    }
  }

  private async piece(mediabunny: Mediabunny, input: Input, mp4: boolean, from: number, to: number, origin: number): Promise<AudioPiece> {
    const { BufferTarget, Conversion, Mp4OutputFormat, Output, WebMOutputFormat } = mediabunny;
    const target = new BufferTarget();
    const output = new Output({ format: mp4 ? new Mp4OutputFormat() : new WebMOutputFormat(), target });
    const conversion = await Conversion.init({
      input,
      output,
      video: { discard: true },
      audio: { forceTranscode: false },
      copy: { mode: 'forced' },
      trim: { start: from, end: to },
      showWarnings: false,
    });
    if (!conversion.isValid || conversion.utilizedTracks.length === 0)
      throw new UnreadableMedia(`the audio cannot be copied: ${conversion.discardedTracks.map((d) => d.reason).join(', ') || 'no track'}`);
    await conversion.execute();
    return {
      data: new Uint8Array(target.buffer!),
      contentType: mp4 ? 'audio/mp4' : 'audio/webm',
      offsetMs: Math.round((from - origin) * 1000),
      durationMs: Math.round((to - from) * 1000),
    };
  }
}
