import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { mediaStore, s3ConnectionOf } from '../../lambdas/adapters/media.js';
import { NO_CDN } from '../../lambdas/adapters/media-cdn.js';
import { RETENTION } from '#common/retention.js';

const s3 = mockClient(S3Client);
const store = mediaStore(s3ConnectionOf(new S3Client({ region: 'eu-west-1' })), 'bucket', NO_CDN);
beforeEach(() => s3.reset());

describe('the media store', () => {
  it("keeps a painted picture, its thumbnail and variants under the story's folder, long-cached, and says where", async () => {
    s3.on(PutObjectCommand).resolves({});
    const stored = await store.storePicture(
      's1',
      'i1',
      { body: new Uint8Array([1]), contentType: 'image/png', width: 1024, height: 768 },
      {
        thumbnail: new Uint8Array([2]),
        variants: [
          { width: 480, height: 360, contentType: 'image/webp', body: new Uint8Array([3]) },
          { width: 960, height: 720, contentType: 'image/webp', body: new Uint8Array([4]) },
        ],
      },
    );
    expect(stored).toEqual({
      image_url: '/media/stories/s1/i1.png',
      object_key: 'media/stories/s1/i1.png',
      width: 1024,
      height: 768,
      thumbnail_url: '/media/stories/s1/i1.thumb.jpg',
      thumbnail_key: 'media/stories/s1/i1.thumb.jpg',
      variants: [
        {
          url: '/media/stories/s1/i1.w480.webp',
          key: 'media/stories/s1/i1.w480.webp',
          width: 480,
          height: 360,
          content_type: 'image/webp',
        },
        {
          url: '/media/stories/s1/i1.w960.webp',
          key: 'media/stories/s1/i1.w960.webp',
          width: 960,
          height: 720,
          content_type: 'image/webp',
        },
      ],
    });
    const puts = s3.commandCalls(PutObjectCommand).map((call) => call.args[0].input);
    expect(puts.map((put) => [put.Key, put.ContentType, (put.Body as Uint8Array)[0]])).toEqual([
      ['media/stories/s1/i1.png', 'image/png', 1],
      ['media/stories/s1/i1.thumb.jpg', 'image/jpeg', 2],
      ['media/stories/s1/i1.w480.webp', 'image/webp', 3],
      ['media/stories/s1/i1.w960.webp', 'image/webp', 4],
    ]);
    expect(puts.every((put) => put.CacheControl === 'public, max-age=31536000, immutable')).toBe(true);
  });

  it('deletes a picture with its thumbnail and variants, and drops all of them from the CDN', async () => {
    s3.on(DeleteObjectsCommand).resolves({});
    const invalidated: string[][] = [];
    const withCdn = mediaStore(s3ConnectionOf(new S3Client({ region: 'eu-west-1' })), 'bucket', {
      invalidate: async (keys: readonly string[]) => void invalidated.push([...keys]),
    });
    const old = { image_url: '/media/stories/s1/old.png', object_key: 'media/stories/s1/old.png' };
    const current = {
      image_url: '/media/stories/s1/i1.png',
      object_key: 'media/stories/s1/i1.png',
      thumbnail_key: 'media/stories/s1/i1.thumb.jpg',
      variants: [480, 960].map((width) => ({
        url: `/media/stories/s1/i1.w${width}.webp`,
        key: `media/stories/s1/i1.w${width}.webp`,
        width,
        height: width,
        content_type: 'image/webp',
      })),
    };
    await withCdn.deletePictures([old, current]);
    const expected = [
      'media/stories/s1/old.png',
      'media/stories/s1/i1.png',
      'media/stories/s1/i1.thumb.jpg',
      'media/stories/s1/i1.w480.webp',
      'media/stories/s1/i1.w960.webp',
    ];
    const deleted = s3.commandCalls(DeleteObjectsCommand).flatMap((call) => call.args[0].input.Delete?.Objects ?? []);
    expect(deleted.map((object) => object.Key)).toEqual(expected);
    expect(invalidated).toEqual([expected]);
  });

  it('stores a vector picture alone: it is its own thumbnail', async () => {
    s3.on(PutObjectCommand).resolves({});
    const stored = await store.storePicture(
      's1',
      'i2',
      { body: new Uint8Array([1]), contentType: 'image/svg+xml', width: 896, height: 896 },
      null,
    );
    expect(stored).toEqual({
      image_url: '/media/stories/s1/i2.svg',
      object_key: 'media/stories/s1/i2.svg',
      width: 896,
      height: 896,
    });
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(1);
  });

  it('reads a picture back as a data URI, and a missing one as a gap', async () => {
    s3.on(GetObjectCommand, { Key: 'media/stories/s1/i1.png' }).resolves({
      ContentType: 'image/png',
      // The one method of the SDK's stream the store reads.
      Body: { transformToByteArray: async () => new Uint8Array(Buffer.from('png')) } as never,
    });
    s3.on(GetObjectCommand, { Key: 'media/stories/s1/gone.png' }).rejects(new Error('NoSuchKey'));
    expect(await store.readAsDataUri({ object_key: 'media/stories/s1/i1.png' })).toEqual({
      contentType: 'image/png',
      dataUri: `data:image/png;base64,${Buffer.from('png').toString('base64')}`,
    });
    expect(await store.readAsDataUri({ object_key: 'media/stories/s1/gone.png' })).toBeUndefined();
  });

  it('stores "Read to me" tagged for the lifecycle rule that expires it, cached a day at most, and makes a part again a day before it expires', async () => {
    s3.on(PutObjectCommand).resolves({});
    await store.storeNarration(
      's1',
      'v1',
      0,
      { audio: new Uint8Array([1]), contentType: 'audio/mpeg' },
      { firstWord: 0, times: [0] },
    );
    const puts = s3.commandCalls(PutObjectCommand).map((call) => call.args[0].input);
    expect(puts.map((put) => [put.Key, put.Tagging, put.CacheControl])).toEqual([
      ['media/stories/s1/narration/v1/0.mp3', 'retention=narration', 'public, max-age=86400'],
      ['media/stories/s1/narration/v1/0.json', 'retention=narration', 'public, max-age=86400'],
    ]);

    const day = 24 * 60 * 60 * 1000;
    const written = new Date('2026-11-01T00:00:00Z');
    const timings = JSON.stringify({ soundKey: 'media/stories/s1/narration/v1/0.mp3', firstWord: 0, times: [0] });
    s3.on(GetObjectCommand).callsFake(() => ({
      LastModified: written,
      Body: { transformToString: async () => timings } as never,
    }));
    const at = (days: number) => store.readNarration('s1', 'v1', 0, written.getTime() + days * day);
    expect(await at(RETENTION.narrationDays - 2)).toMatchObject({ soundKey: 'media/stories/s1/narration/v1/0.mp3' });
    expect(await at(RETENTION.narrationDays - 0.5)).toBeUndefined();
  });
});
