import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { mediaStore } from '../../lambdas/shared/media.js';
import { NO_CDN } from '../../lambdas/shared/media-cdn.js';

const s3 = mockClient(S3Client);
const store = mediaStore(new S3Client({ region: 'eu-west-1' }), 'bucket', NO_CDN);
beforeEach(() => s3.reset());

describe('the media store', () => {
  it("keeps a painted picture and its thumbnail under the story's folder, long-cached, and says where", async () => {
    s3.on(PutObjectCommand).resolves({});
    const stored = await store.storePicture(
      's1',
      'i1',
      { body: new Uint8Array([1]), contentType: 'image/png' },
      new Uint8Array([2]),
    );
    expect(stored).toEqual({
      image_url: '/media/stories/s1/i1.png',
      object_key: 'media/stories/s1/i1.png',
      thumbnail_url: '/media/stories/s1/i1.thumb.jpg',
      thumbnail_key: 'media/stories/s1/i1.thumb.jpg',
    });
    const puts = s3.commandCalls(PutObjectCommand).map((call) => call.args[0].input);
    expect(puts.map((put) => [put.Key, put.ContentType])).toEqual([
      ['media/stories/s1/i1.png', 'image/png'],
      ['media/stories/s1/i1.thumb.jpg', 'image/jpeg'],
    ]);
    expect(puts.every((put) => put.CacheControl === 'public, max-age=31536000, immutable')).toBe(true);
  });

  it('stores a vector picture alone: it is its own thumbnail', async () => {
    s3.on(PutObjectCommand).resolves({});
    const stored = await store.storePicture(
      's1',
      'i2',
      { body: new Uint8Array([1]), contentType: 'image/svg+xml' },
      undefined,
    );
    expect(stored).toEqual({ image_url: '/media/stories/s1/i2.svg', object_key: 'media/stories/s1/i2.svg' });
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
});
