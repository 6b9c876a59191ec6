/** A deleted or repainted picture leaves CloudFront's cache (CloudFront and SSM mocked at the SDK boundary). */
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { DeleteObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { deletePictureObjects, s3ConnectionOf } from '../../lambdas/adapters/media.js';
import { cloudFrontCdn, createMediaCdn, NO_CDN } from '../../lambdas/adapters/media-cdn.js';
import { captureLogs } from '../support/logs.js';

const cloudFront = mockClient(CloudFrontClient);
const ssm = mockClient(SSMClient);
const s3 = mockClient(S3Client);
const PARAMETER = '/StoryMagic/media-distribution-id';
const cdn = () =>
  cloudFrontCdn(() => Promise.resolve({ cloudFront: new CloudFrontClient({}), ssm: new SSMClient({}) }), PARAMETER);

beforeEach(() => {
  for (const mock of [cloudFront, ssm, s3]) mock.reset();
  ssm.on(GetParameterCommand, { Name: PARAMETER }).resolves({ Parameter: { Value: 'E2DIST' } });
  cloudFront.on(CreateInvalidationCommand).resolves({});
  s3.on(DeleteObjectsCommand).resolves({});
});

const picture = (n: number) => ({
  image_url: `/media/stories/s1/p${n}.png`,
  object_key: `media/stories/s1/p${n}.png`,
  thumbnail_url: `/media/stories/s1/p${n}.thumb.jpg`,
  thumbnail_key: `media/stories/s1/p${n}.thumb.jpg`,
});

describe('deleting pictures in AWS', () => {
  it('invalidates the picture and its thumbnail at their /media paths, after deleting the objects', async () => {
    await deletePictureObjects(s3ConnectionOf(new S3Client({})), 'bucket', [picture(1)], cdn());
    expect(s3.commandCalls(DeleteObjectsCommand)).toHaveLength(1);
    const [call] = cloudFront.commandCalls(CreateInvalidationCommand);
    expect(call?.args[0].input).toMatchObject({
      DistributionId: 'E2DIST',
      InvalidationBatch: {
        Paths: { Quantity: 2, Items: ['/media/stories/s1/p1.png', '/media/stories/s1/p1.thumb.jpg'] },
      },
    });
    expect(call?.args[0].input.InvalidationBatch?.CallerReference).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('batches a whole story in as few calls as CloudFront allows and reads the id once', async () => {
    const invalidate = cdn();
    const pictures = Array.from({ length: 600 }, (_, n) => picture(n)); // 1,200 keys
    await deletePictureObjects(s3ConnectionOf(new S3Client({})), 'bucket', pictures, invalidate);
    await invalidate.invalidate(['media/stories/s2/a.png']);
    const batches = cloudFront
      .commandCalls(CreateInvalidationCommand)
      .map((c) => c.args[0].input.InvalidationBatch?.Paths?.Quantity);
    expect(batches).toEqual([1000, 200, 1]);
    expect(ssm.commandCalls(GetParameterCommand)).toHaveLength(1);
  });

  it('does not fail a deletion that happened when CloudFront refuses, and logs no path', async () => {
    cloudFront
      .on(CreateInvalidationCommand)
      .rejects(Object.assign(new Error('too many'), { name: 'TooManyInvalidationsInProgress' }));
    const logs = captureLogs();
    try {
      await expect(
        deletePictureObjects(s3ConnectionOf(new S3Client({})), 'bucket', [picture(1)], cdn()),
      ).resolves.toBeUndefined();
    } finally {
      logs.stop();
    }
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 'ERROR',
        message: 'media invalidation failed',
        paths: 2,
        code: 'TooManyInvalidationsInProgress',
      }),
    );
    expect(logs.text()).not.toContain('media/');
  });

  it('invalidates nothing with no pictures, and nothing locally, where s3rver serves media directly', async () => {
    await cdn().invalidate([]);
    expect(createMediaCdn({ region: 'us-east-1', mediaDistributionParameter: undefined })).toBe(NO_CDN);
    await deletePictureObjects(s3ConnectionOf(new S3Client({})), 'bucket', [picture(1)], NO_CDN);
    expect(cloudFront.commandCalls(CreateInvalidationCommand)).toHaveLength(0);
    expect(ssm.commandCalls(GetParameterCommand)).toHaveLength(0);
  });
});
