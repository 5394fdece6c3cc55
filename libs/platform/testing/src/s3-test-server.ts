import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

// As in s3-media-storage.ts: the SDK's notice about its future Node support, not about this run.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface S3TestServer {
  /** `http://127.0.0.1:<port>`: path-style addressing only. */
  endpoint: string;
  bucket: string;
  /** s3rver's fixed credentials (it checks signatures made with them). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The interviews service's variables for this server (MEDIA_STORAGE=s3 and the S3_* settings). */
  mediaEnv: NodeJS.ProcessEnv;
  /** The keys of the bucket's objects and of its multipart uploads still open, under `prefix`. */
  contents(prefix?: string): Promise<{ objects: string[]; uploads: string[] }>;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver) in its own process on 127.0.0.1, with one
 * empty bucket, removed with everything in it by `stop`.
 */
export async function startS3TestServer(bucket = 'takes'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'vi-s3-'));
  const child = spawn(process.execPath, [join(__dirname, 's3rver-process.cjs'), directory, bucket], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`s3rver exited with ${String(code)}`))),
  ])) as [string];
  lines.close();
  const port = Number(/^listening (\d+)$/.exec(line)?.[1]);
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  return {
    endpoint,
    bucket,
    credentials,
    mediaEnv: {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    contents: async (prefix = '') => {
      const objects = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix }));
      return { objects: (objects.Contents ?? []).map((o) => o.Key!), uploads: (uploads.Uploads ?? []).map((u) => u.Key!) };
    },
    stop: async () => {
      client.destroy();
      const exited = once(child, 'exit');
      child.stdin.end();
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
