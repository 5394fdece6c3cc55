import './text-encoding';
import { BinaryReader, BinaryWriter } from '@bufbuild/protobuf/wire';

function roundTrip(text: string): { decoded: string; bytes: number } {
  const encoded = new BinaryWriter().uint32(10).string(text).finish();
  const reader = new BinaryReader(encoded);
  reader.uint32();
  return { decoded: reader.string(), bytes: encoded.byteLength };
}

describe('UTF-8 of the protobuf codec', () => {
  it.each([
    ['a uuid', '0b6f3a52-9a55-4a4e-8a3e-3c7d1c2b9f10'],
    ['an empty string', ''],
    ['accents', 'Zoë Ångström, Ñandú'],
    ['scripts and emoji', '面接 — интервью 🎥'],
    ['a long ASCII text', 'x'.repeat(5_000)],
    ['a long text ending in non-ASCII', `${'y'.repeat(100)}é`],
  ])('carries %s exactly, as UTF-8 bytes', (_, text) => {
    const { decoded, bytes } = roundTrip(text);
    expect(decoded).toBe(text);
    const length = Buffer.byteLength(text, 'utf8');
    // tag (1 byte), the varint length, the bytes
    expect(bytes).toBe(1 + (length < 128 ? 1 : 2) + length);
  });
});
