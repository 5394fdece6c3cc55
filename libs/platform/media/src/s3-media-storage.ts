import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MediaPlaybackUrls, MediaStorage } from './media-storage';
import type { MediaStorageConfig } from './media-config';

type S3Config = Extract<MediaStorageConfig, { kind: 's3' }>;

// The SDK warns on Node 20 that its releases after January 2027 will need Node 22: a notice about its future
// versions, not about the one installed (package.json's engines say which Node we support). Off unless set.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** The smallest part S3 accepts (the last part excepted); two in flight keep the object store busy while the next is read. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/**
 * Take videos as objects in an S3-compatible bucket (decision 024). A write is a
 * multipart upload fed as the bytes arrive, so memory stays bounded whatever the
 * take's size; when the incoming stream fails (a refusal, a cancelled request)
 * the multipart upload is aborted and no object or part is left. Reads are ranged
 * GetObjects, streamed.
 */
export class S3MediaStorage implements MediaStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.client = new S3Client({ region: config.region, endpoint: config.endpoint, forcePathStyle: config.forcePathStyle, credentials: config.credentials });
    this.bucket = config.bucket;
  }

  async write(key: string, data: AsyncIterable<Uint8Array>): Promise<number> {
    let size = 0;
    const counted = async function* () {
      for await (const chunk of data) {
        size += chunk.length;
        yield chunk;
      }
    };
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: Readable.from(counted()) },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      // On any failure lib-storage sends AbortMultipartUpload, which discards the parts.
      leavePartsOnError: false,
    });
    await upload.done();
    return size;
  }

  async size(key: string): Promise<number> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    return head.ContentLength ?? 0;
  }

  async *read(key: string, range: { start: number; end: number }): AsyncIterable<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${range.start}-${range.end}` }));
    // In Node the body is the HTTP response (a Readable); iterating it applies backpressure to the download.
    for await (const chunk of object.Body as Readable) yield chunk as Buffer;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Closes the kept-alive connections to the object store. */
  close(): void {
    this.client.destroy();
  }
}

/**
 * Presigned GetObject URLs of take videos (MEDIA_PLAYBACK=redirect, decision 024), signed for the endpoint
 * browsers reach (`S3_PUBLIC_ENDPOINT`, else the service's own): the host is part of the signature, so an
 * in-cluster address cannot simply be rewritten later. Signing is computed here; no request is made. The
 * object is answered with the take's content type and `Cache-Control: private`, so no shared cache keeps a
 * copy past the URL's lifetime.
 */
export class S3PlaybackUrls implements MediaPlaybackUrls {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    config: S3Config,
    private readonly ttlSeconds: number,
  ) {
    const endpoint = config.publicEndpoint ?? config.endpoint;
    this.client = new S3Client({ region: config.region, endpoint, forcePathStyle: config.forcePathStyle, credentials: config.credentials });
    this.bucket = config.bucket;
  }

  playbackUrl(key: string, contentType: string): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentType: contentType, ResponseCacheControl: 'private' });
    return getSignedUrl(this.client, command, { expiresIn: this.ttlSeconds });
  }

  close(): void {
    this.client.destroy();
  }
}
