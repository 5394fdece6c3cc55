// @ts-check
/**
 * An S3-protocol server for tests, run as its own process by startS3TestServer():
 * s3rver on 127.0.0.1, with one bucket, in a directory of its own.
 *
 *   node s3rver-process.cjs <directory> <bucket>   → prints "listening <port>", exits when stdin closes
 *
 * s3rver 3.7 lacks two calls the product and its tests make; they are answered
 * here, in front of it, from its own files (the product is not adapted to it):
 * - AbortMultipartUpload (DELETE /<bucket>/<key>?uploadId=…): drops the upload's parts;
 * - ListMultipartUploads (GET /<bucket>?uploads[&prefix=…]): lets a test see that no upload was left open.
 * And it misreads one: a suffix range (`Range: bytes=-N`, the last N bytes, which browsers send to presigned
 * URLs) is taken as `bytes=0-N`; it is rewritten here to the explicit range of the object's last N bytes.
 */
const { createServer } = require('node:http');
const { readdir, readFile, rm, stat } = require('node:fs/promises');
const { join } = require('node:path');
const { URL } = require('node:url');
const S3rver = require('s3rver');

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) {
  console.error('usage: s3rver-process.cjs <directory> <bucket>');
  process.exit(2);
}

const s3rver = new S3rver({ directory, silent: true });
const uploadsOf = (/** @type {string} */ name) => s3rver.store.getResourcePath(name, undefined, 'uploads');
const xmlEscape = (/** @type {string} */ s) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** @param {string} name @param {string} prefix */
async function listUploads(name, prefix) {
  const ids = await readdir(uploadsOf(name)).catch(() => []);
  const all = await Promise.all(ids.map(async (id) => ({ id, key: await readFile(join(uploadsOf(name), id, 'key'), 'utf8') })));
  const uploads = all.filter((u) => u.key.startsWith(prefix));
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Bucket>${xmlEscape(name)}</Bucket><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
    uploads.map((u) => `<Upload><Key>${xmlEscape(u.key)}</Key><UploadId>${u.id}</UploadId></Upload>`).join('') +
    '</ListMultipartUploadsResult>'
  );
}

const handle = s3rver.callback();
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const [name, ...key] = url.pathname.split('/').filter(Boolean);
  const uploadId = url.searchParams.get('uploadId');
  const answer = async () => {
    if (req.method === 'DELETE' && name && key.length > 0 && uploadId && /^[0-9a-f]+$/.test(uploadId)) {
      const dir = join(uploadsOf(name), uploadId);
      const exists = await stat(dir).then(
        () => true,
        () => false,
      );
      if (exists) await rm(dir, { recursive: true, force: true });
      res.writeHead(exists ? 204 : 404).end();
      return;
    }
    const suffix = /^bytes=-(\d+)$/.exec(req.headers.range ?? '');
    if (suffix && name && key.length > 0) {
      const size = await stat(s3rver.store.getResourcePath(name, key.map(decodeURIComponent).join('/'), 'object')).then(
        (info) => info.size,
        () => undefined,
      );
      if (size !== undefined) req.headers.range = `bytes=${Math.max(0, size - Number(suffix[1]))}-`;
    }
    if (req.method === 'GET' && name && key.length === 0 && url.searchParams.has('uploads')) {
      res.writeHead(200, { 'content-type': 'application/xml' }).end(await listUploads(name, url.searchParams.get('prefix') ?? ''));
      return;
    }
    handle(req, res);
  };
  answer().catch((/** @type {unknown} */ error) => {
    console.error(error);
    res.writeHead(500).end();
  });
});

(async () => {
  await s3rver.store.putBucket(bucket);
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
  });
  // The test process holds our stdin: when it ends (normally or not), so do we.
  process.stdin.on('end', () => process.exit(0)).resume();
})().catch((/** @type {unknown} */ error) => {
  console.error(error);
  process.exit(1);
});
