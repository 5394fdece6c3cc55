import { configureTextEncoding } from '@bufbuild/protobuf/wire';

/**
 * UTF-8 for the protobuf codec of every service. The default goes through TextEncoder/TextDecoder, one call into
 * C++ and one new buffer per string field: profiles of a page of jobs showed it as the largest single cost of
 * encoding. Most fields are short ASCII (uuids, timestamps, statuses), copied here byte by byte; anything else
 * goes through Buffer, which Node serves from its pool.
 */
const SHORT = 64;

function encodeUtf8(text: string): Uint8Array<ArrayBuffer> {
  const length = text.length;
  if (length <= SHORT) {
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code > 0x7f) return fromBuffer(text);
      bytes[i] = code;
    }
    return bytes;
  }
  return fromBuffer(text);
}

// Node's Buffer is a Uint8Array over an ArrayBuffer (its pool), never a SharedArrayBuffer.
function fromBuffer(text: string): Uint8Array<ArrayBuffer> {
  return Buffer.from(text, 'utf8') as Uint8Array<ArrayBuffer>;
}

function decodeUtf8(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

function checkUtf8(text: string): boolean {
  return Buffer.from(text, 'utf8').toString('utf8') === text;
}

configureTextEncoding({ encodeUtf8, decodeUtf8, checkUtf8 });
