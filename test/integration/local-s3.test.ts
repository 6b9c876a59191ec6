import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../bin/local/ports.js';
import { ensureBucket, startS3Local, type S3Local } from '../../bin/local/s3-local.js';

/**
 * The local S3 keeps S3's promise that a reader sees an object whole: the old one or the new one, never part
 * of one. s3rver alone broke it: the narration's waiting requests read a half-written timings file and answered
 * 500 (a CI run of issue 38's two-files-at-a-time integration layer).
 */
describe('the local S3: whole objects only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'story-magic-s3-'));
  let local: S3Local;
  let s3: S3Client;
  beforeAll(async () => {
    local = await startS3Local({ port: await freePort(), dataDir: dir });
    s3 = new S3Client({
      region: 'us-east-1',
      endpoint: local.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await ensureBucket(s3, 'whole');
  });
  afterAll(async () => {
    s3.destroy();
    await local.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const put = (key: string, body: string) =>
    s3.send(new PutObjectCommand({ Bucket: 'whole', Key: key, Body: body, ContentType: 'application/json' }));
  const get = async (key: string) => {
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: 'whole', Key: key }));
      return { body: await object.Body?.transformToString(), contentType: object.ContentType };
    } catch (error) {
      return { missing: (error as { name?: string }).name };
    }
  };

  it('a reader polling while objects are written and rewritten sees each one absent or whole', async () => {
    // Two versions of a timings file, big enough that writing one is not a single system call.
    const versions = ['a', 'b'].map((letter) => JSON.stringify({ times: Array<string>(200_000).fill(letter) }));
    const keys = Array.from({ length: 6 }, (_, i) => `narration/part-${i}.json`);
    const seen: string[] = [];
    let writing = true;
    const readers = Array.from({ length: 4 }, async () => {
      while (writing) {
        for (const key of keys) {
          const read = await get(key);
          seen.push(
            'missing' in read
              ? `missing:${read.missing}`
              : versions.includes(read.body ?? '')
                ? `whole:${read.contentType}`
                : 'part',
          );
        }
      }
    });
    for (let round = 0; round < 4; round++) {
      await Promise.all(keys.map((key, i) => put(key, versions[(round + i) % 2] ?? '')));
    }
    writing = false;
    await Promise.all(readers);
    expect(seen.filter((what) => what === 'part')).toEqual([]);
    expect(new Set(seen.filter((what) => !what.startsWith('missing')))).toEqual(new Set(['whole:application/json']));
    expect(new Set(seen.filter((what) => what.startsWith('missing')))).toEqual(
      new Set(seen.some((what) => what.startsWith('missing')) ? ['missing:NoSuchKey'] : []),
    );
  });
});
