import { CreateBucketCommand, HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { LOOPBACK } from './ports.js';

export type S3Local = Readonly<{ endpoint: string; stop(): Promise<void> }>;

/** Starts s3rver, an S3-compatible server, in this process; objects live as files under `dataDir`. */
export async function startS3Local(opts: { port: number; dataDir: string }): Promise<S3Local> {
  mkdirSync(opts.dataDir, { recursive: true });
  const server = new S3rver({ port: opts.port, address: LOOPBACK, directory: opts.dataDir, silent: true });
  await server.run();
  return { endpoint: `http://${LOOPBACK}:${opts.port}`, stop: () => server.close() };
}

export async function ensureBucket(s3: S3Client, bucket: string): Promise<void> {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  }
}
