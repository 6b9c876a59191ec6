import { createJimp } from '@jimp/core';
import jpeg from '@jimp/js-jpeg';
import png from '@jimp/js-png';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { StoryView } from '#common/api/views.js';
import { THUMBNAIL_WIDTH } from '../../lambdas/adapters/media.js';
import { createLocalProvider } from '../../lambdas/workflow/providers/local.js';
import type { StoryProvider } from '../../lambdas/workflow/providers/types.js';
import { apiClient } from '../support/api.js';
import { workflowHarness } from '../support/workflow.js';

const stack = inject('stack');
const { stories, workflowWith, familyWithReservedStory } = workflowHarness(stack);
const Jimp = createJimp({ formats: [png, jpeg] });
const local = createLocalProvider();

/** Paints PNGs of the requested size, as the Bedrock image models do (the local illustrator paints SVG). */
const rasterPainter: StoryProvider = {
  ...local,
  name: 'local',
  writeStory: (request) => local.writeStory(request),
  drawIllustration: async (request) => {
    const image = new Jimp({ width: request.size, height: request.size, color: 0x3366ccff });
    image.scan((_x, _y, index) => {
      image.bitmap.data[index + 1] = Math.floor(Math.random() * 256);
    });
    return {
      contentType: 'image/png',
      body: await image.getBuffer('image/png'),
      width: request.size,
      height: request.size,
    };
  },
};

const mediaObject = (url: string) => fetch(`${stack.s3Endpoint}/${stack.mediaBucket}${url}`);

describe('raster pictures get a card-sized thumbnail and WebP variants beside them', () => {
  it('stores a long-cached JPEG thumbnail, replaces it on regenerate and deletes it with its picture', async () => {
    const { account, userId, storyId } = await familyWithReservedStory();
    const workflow = workflowWith(rasterPainter);
    await workflow.run({ job: { storyId, userId } });

    const call = apiClient(stack, account.accessToken);
    const read = async () => (await call(`/stories/${storyId}`)).body as unknown as StoryView;
    const ready = await read();
    expect(ready.status).toBe('ready');
    const [cover] = ready.images;
    if (!cover) throw new Error('the story has no cover');
    expect(cover.imageUrl).toMatch(/\.png$/);
    expect(cover.thumbnailUrl).toMatch(/\.thumb\.jpg$/);
    expect((await stories.get(storyId))?.cover_thumbnail_url).toBe(cover.thumbnailUrl);
    // An 896 px picture: a 480 px variant and one at its own width, none upscaled to 960.
    expect(cover.variants.map((variant) => variant.width)).toEqual([480, 896]);

    const thumbnail = await mediaObject(cover.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect(thumbnail.headers.get('cache-control')).toContain('immutable');
    const decoded = await Jimp.fromBuffer(Buffer.from(await thumbnail.arrayBuffer()));
    expect(decoded.width).toBe(THUMBNAIL_WIDTH);

    // Regenerate the cover through the image branch of the workflow: the old picture and thumbnail go.
    const jobId = randomUUID();
    await stories.createImageJob({
      job_id: jobId,
      story_id: storyId,
      image_type: 'cover',
      mode: 'express',
      replaces: cover.id,
    });
    await workflow.run({ job: { kind: 'image', storyId, userId, jobId } });
    const [newCover] = (await read()).images;
    if (!newCover) throw new Error('the regenerated cover is missing');
    expect(newCover.id).not.toBe(cover.id);
    expect((await mediaObject(cover.imageUrl)).status).toBe(404);
    expect((await mediaObject(cover.thumbnailUrl)).status).toBe(404);
    for (const variant of cover.variants) expect((await mediaObject(variant.url)).status).toBe(404);
    expect((await mediaObject(newCover.thumbnailUrl)).status).toBe(200);
    expect((await stories.get(storyId))?.cover_thumbnail_url).toBe(newCover.thumbnailUrl);

    // Deleting the picture through the API removes both objects and the story's cover addresses.
    expect((await call(`/stories/${storyId}/images/${newCover.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await mediaObject(newCover.imageUrl)).status).toBe(404);
    expect((await mediaObject(newCover.thumbnailUrl)).status).toBe(404);
    for (const variant of newCover.variants) expect((await mediaObject(variant.url)).status).toBe(404);
    const after = await stories.get(storyId);
    expect(after?.cover_image_url).toBeUndefined();
    expect(after?.cover_thumbnail_url).toBeUndefined();
  });

  it('lets a vector picture stand as its own thumbnail', async () => {
    const { account, userId, storyId } = await familyWithReservedStory();
    await workflowWith(local).run({ job: { storyId, userId } });
    const story = (await apiClient(stack, account.accessToken)(`/stories/${storyId}`)).body as unknown as StoryView;
    const [cover] = story.images;
    expect(cover?.imageUrl).toMatch(/\.svg$/);
    expect(cover?.thumbnailUrl).toBe(cover?.imageUrl);
    expect(cover?.variants).toEqual([]);
  });
});
