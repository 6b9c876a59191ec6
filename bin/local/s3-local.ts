import { CreateBucketCommand, HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver, { type S3rverObject, type S3rverStore } from 's3rver';
import { LOOPBACK } from './ports.js';

export type S3Local = Readonly<{ endpoint: string; stop(): Promise<void> }>;

/** Starts s3rver, an S3-compatible server, in this process; objects live as files under `dataDir`. */
export async function startS3Local(opts: { port: number; dataDir: string }): Promise<S3Local> {
  mkdirSync(opts.dataDir, { recursive: true });
  const server = new S3rver({ port: opts.port, address: LOOPBACK, directory: opts.dataDir, silent: true });
  writeWholeObjects(server.store);
  await server.run();
  return { endpoint: `http://${LOOPBACK}:${opts.port}`, stop: () => server.close() };
}

/** Where a file is written before it is renamed into place (s3rver lists only names ending in `._S3rver_object`). */
const stagingName = (path: string) => `${path}.${randomUUID()}.partial`;

/** A file written beside its final name and renamed over it: a reader sees the old file or the new, whole. */
async function replaceFile(path: string, write: (staging: string) => Promise<void>): Promise<void> {
  const staging = stagingName(path);
  await write(staging);
  await rename(staging, path);
}

/**
 * S3 answers a PUT once the object is stored whole, and a GET sees the old object or the new one, never part
 * of one. s3rver 3.7 writes the file in place and answers before it is flushed, so a reader polling for an
 * object (the narration's waiting requests) could read it empty or half-written: "Unexpected end of JSON
 * input", a 500 AWS would never give. Its store is patched to write each file under a staging name and rename
 * it into place once flushed, the metadata before the object, so a new object is either absent or whole.
 */
function writeWholeObjects(store: S3rverStore): void {
  store.putMetadata = async (bucket, key, metadata, md5) => {
    const kept = Object.fromEntries(
      Object.entries(metadata).filter(([name]) => METADATA_KEPT.has(name) || name.startsWith('x-amz-meta-')),
    );
    if (md5) await replaceFile(store.getResourcePath(bucket, key, 'object.md5'), (file) => writeFile(file, md5));
    await replaceFile(store.getResourcePath(bucket, key, 'metadata.json'), (file) =>
      writeFile(file, JSON.stringify(kept, null, 2)),
    );
  };
  store.putObject = async (object: S3rverObject) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(objectPath), { recursive: true });
    const hash = createHash('md5');
    let size = 0;
    const staging = stagingName(objectPath);
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    await pipeline(content, counted, createWriteStream(staging));
    const md5 = hash.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    await rename(staging, objectPath);
    return { size, md5 };
  };
}

/** The headers s3rver keeps with an object (its S3Object.ALLOWED_METADATA), besides `x-amz-meta-*`. */
const METADATA_KEPT = new Set([
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-type',
  'expires',
  'x-amz-storage-class',
  'x-amz-website-redirect-location',
]);

export async function ensureBucket(s3: S3Client, bucket: string): Promise<void> {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  }
}
