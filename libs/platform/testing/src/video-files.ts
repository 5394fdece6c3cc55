/**
 * Small but real take videos for tests: containers whose timing a player (and
 * our measurement) reads as a recording of the given length. The frames are
 * filler bytes, not decodable pictures: only the container matters here.
 */

export interface TestVideoOptions {
  /** Time of the recording in seconds: frames cover [0, seconds). */
  seconds: number;
  /** Frames per second (default 10). */
  fps?: number;
  /** Bytes per frame (default 64). */
  frameBytes?: number;
  /** Add an audio track, as a recording with a microphone has (default true). */
  audio?: boolean;
  /** Add the video track (default true); false: an audio-only recording, as a microphone alone makes (WebM only, issue 42). */
  video?: boolean;
}

// ---------------------------------------------------------------------------
// WebM, written the way browsers' MediaRecorder writes it: a Segment and
// Clusters of unknown size, no Duration in the Segment Info, no Cues.

/** EBML variable-size integer of `length` bytes (the length marker bit included). */
function vint(value: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  let rest = BigInt(value);
  for (let i = length - 1; i >= 0; i--) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  out[0] |= 1 << (8 - length);
  return out;
}

function sizeOf(length: number): Buffer {
  for (let bytes = 1; bytes <= 8; bytes++) if (length < 2 ** (7 * bytes) - 1) return vint(length, bytes);
  throw new Error('element too large');
}

/** "Unknown size": all value bits set, as a live writer leaves it. */
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

function element(id: number, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  return Buffer.concat([idBytes(id), sizeOf(body.length), body]);
}

function idBytes(id: number): Buffer {
  const hex = id.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

function uint(id: number, value: number): Buffer {
  const bytes = Math.max(1, Math.ceil(Math.log2(value + 1) / 8));
  const body = Buffer.alloc(bytes);
  body.writeUIntBE(value, 0, bytes);
  return element(id, body);
}

function float(id: number, value: number): Buffer {
  const body = Buffer.alloc(8);
  body.writeDoubleBE(value);
  return element(id, body);
}

const text = (id: number, value: string) => element(id, Buffer.from(value, 'ascii'));

// Opus identification header: version 1, mono, no pre-skip, 48 kHz, gain 0, mapping family 0.
const OPUS_HEAD = Buffer.from('4f707573486561640101000080bb0000000000', 'hex');
// An Opus packet of one 20 ms CELT frame (TOC config 31, code 0) and filler.
const OPUS_PACKET = Buffer.concat([Buffer.from([0xf8]), Buffer.alloc(15, 1)]);
const OPUS_FRAME_MS = 20;

export interface WebmOptions extends TestVideoOptions {
  /** Write the Segment Info's Duration (MediaRecorder does not). */
  durationInHeader?: number;
  /** Frames per Cluster (default one second's worth). */
  framesPerCluster?: number;
}

/** A TrackEntry: TrackNumber (also its TrackUID), TrackType (1 video, 2 audio), CodecID, then its settings. */
function trackEntry(number: number, type: 1 | 2, codec: string, ...settings: Buffer[]): Buffer {
  return element(0xae, uint(0xd7, number), uint(0x73c5, number), uint(0x83, type), text(0x86, codec), ...settings);
}

/** The first bytes up to the first Cluster: EBML header, Segment (unknown size), Info, Tracks. */
export function webmHeader(options: { durationInHeader?: number; audio?: boolean; video?: boolean } = {}): Buffer {
  const ebmlHeader = element(
    0x1a45dfa3,
    uint(0x4286, 1), // EBMLVersion
    uint(0x42f7, 1), // EBMLReadVersion
    uint(0x42f2, 4), // EBMLMaxIDLength
    uint(0x42f3, 8), // EBMLMaxSizeLength
    text(0x4282, 'webm'), // DocType
    uint(0x4287, 4), // DocTypeVersion
    uint(0x4285, 2), // DocTypeReadVersion
  );
  const info = element(
    0x1549a966,
    uint(0x2ad7b1, 1_000_000), // TimecodeScale: milliseconds
    text(0x4d80, 'video-files test muxer'), // MuxingApp
    text(0x5741, 'video-files test muxer'), // WritingApp
    ...(options.durationInHeader === undefined ? [] : [float(0x4489, options.durationInHeader * 1000)]),
  );
  const tracks = element(
    0x1654ae6b,
    ...(options.video === false ? [] : [trackEntry(1, 1, 'V_VP8', element(0xe0, uint(0xb0, 320), uint(0xba, 240)))]), // video; PixelWidth, PixelHeight
    ...(options.audio === false ? [] : [trackEntry(2, 2, 'A_OPUS', element(0x63a2, OPUS_HEAD), element(0xe1, float(0xb5, 48_000), uint(0x9f, 1)))]), // audio; CodecPrivate, SamplingFrequency, Channels
  );
  return Buffer.concat([ebmlHeader, idBytes(0x18538067), UNKNOWN_SIZE, info, tracks]);
}

export interface WebmBlock {
  track: 1 | 2;
  ms: number;
  data: Buffer;
  key: boolean;
}

/** One Cluster (unknown size) of SimpleBlocks, in the order given. */
export function webmCluster(clusterMs: number, blocks: WebmBlock[]): Buffer {
  const elements = blocks.map((block) => {
    const header = Buffer.alloc(4);
    header[0] = 0x80 | block.track; // track number as a one-byte vint
    header.writeInt16BE(block.ms - clusterMs, 1); // timecode relative to the Cluster's
    header[3] = block.key ? 0x80 : 0x00;
    return element(0xa3, header, block.data);
  });
  return Buffer.concat([idBytes(0x1f43b675), UNKNOWN_SIZE, uint(0xe7, clusterMs), ...elements]);
}

export function webmFile(options: WebmOptions): Buffer {
  const fps = options.fps ?? 10;
  const frameBytes = options.frameBytes ?? 64;
  const perCluster = options.framesPerCluster ?? fps;
  const frames = Math.round(options.seconds * fps);
  const parts = [webmHeader(options)];
  let audioMs = 0;
  for (let first = 0; first < frames; first += perCluster) {
    const last = Math.min(frames, first + perCluster);
    const clusterMs = Math.round((first * 1000) / fps);
    const endMs = last === frames ? options.seconds * 1000 : Math.round((last * 1000) / fps);
    const blocks: WebmBlock[] = [];
    for (let i = first; i < last && options.video !== false; i++) {
      const ms = Math.round((i * 1000) / fps);
      blocks.push({ track: 1, ms, data: Buffer.alloc(frameBytes, i % 251), key: i === first });
    }
    for (; options.audio !== false && audioMs + OPUS_FRAME_MS <= endMs; audioMs += OPUS_FRAME_MS) {
      blocks.push({ track: 2, ms: audioMs, data: OPUS_PACKET, key: true });
    }
    parts.push(
      webmCluster(
        clusterMs,
        blocks.sort((a, b) => a.ms - b.ms),
      ),
    );
  }
  return Buffer.concat(parts);
}

// ---------------------------------------------------------------------------
// MP4, written by mediabunny's muxer: a plain file (moov with the sample
// tables) or a fragmented one as MediaRecorder writes it (moov with duration
// 0, then moof/mdat fragments).

export interface Mp4Options extends TestVideoOptions {
  fragmented?: boolean;
}

// An avcC record sufficient for the container (profile 66, level 31, no parameter sets).
const AVC_DESCRIPTION = new Uint8Array([1, 0x42, 0, 0x1f, 0xff, 0xe0, 0]);
// AudioSpecificConfig: AAC-LC, 48 kHz, mono.
const AAC_CONFIG = new Uint8Array([0x11, 0x88]);

export async function mp4File(options: Mp4Options): Promise<Buffer> {
  // mediabunny is an ES module; these tests are CommonJS.
  const { BufferTarget, EncodedAudioPacketSource, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output } = await import('mediabunny');
  const fps = options.fps ?? 10;
  const frameBytes = options.frameBytes ?? 64;
  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: options.fragmented ? 'fragmented' : 'in-memory' }), target });
  const video = new EncodedVideoPacketSource('avc');
  output.addVideoTrack(video, { frameRate: fps });
  const audio = new EncodedAudioPacketSource('aac');
  if (options.audio !== false) output.addAudioTrack(audio);
  await output.start();

  // Both tracks in time order, as a recorder delivers them: video frames, and AAC frames of 1024 samples at 48 kHz.
  const aacFrame = 1024 / 48_000;
  const frames = Math.round(options.seconds * fps);
  const aacFrames = options.audio === false ? 0 : Math.floor(options.seconds / aacFrame);
  let v = 0;
  let a = 0;
  while (v < frames || a < aacFrames) {
    if (v < frames && (a >= aacFrames || v / fps <= a * aacFrame)) {
      const packet = new EncodedPacket(new Uint8Array(frameBytes).fill(v % 251), v % fps === 0 ? 'key' : 'delta', v / fps, 1 / fps);
      await video.add(
        packet,
        v === 0 ? { decoderConfig: { codec: 'avc1.42001f', codedWidth: 320, codedHeight: 240, description: AVC_DESCRIPTION } } : undefined,
      );
      v++;
    } else {
      const packet = new EncodedPacket(new Uint8Array(24).fill(1), 'key', a * aacFrame, aacFrame);
      await audio.add(
        packet,
        a === 0 ? { decoderConfig: { codec: 'mp4a.40.2', numberOfChannels: 1, sampleRate: 48_000, description: AAC_CONFIG } } : undefined,
      );
      a++;
    }
  }
  await output.finalize();
  return Buffer.from(target.buffer!);
}
