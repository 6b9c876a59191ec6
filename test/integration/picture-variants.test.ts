import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StoryImageView } from '#common/api/views.js';
import { VARIANT_WIDTHS } from '../../lambdas/adapters/media.js';
import { TWIN_PICTURE_SIZE } from '../../bin/local/bedrock-twin/picture.js';
import { signUp } from '../support/accounts.js';
import { apiClient, mediaObjectStatus, storyChoices, waitForStory } from '../support/api.js';
import { startBedrockApi } from '../support/bedrock-api.js';

const stack = inject('stack');

let bedrock: Awaited<ReturnType<typeof startBedrockApi>>;
beforeAll(async () => {
  bedrock = await startBedrockApi(stack);
});
afterAll(() => bedrock.stop());

const media = (url: string) => fetch(`${stack.s3Endpoint}/${stack.mediaBucket}${url}`);

describe('a painted picture is stored with WebP variants at the screens’ widths', () => {
  it('keeps the Bedrock twin’s PNG, serves long-cached WebP variants of it, and deletes them all with the story', async () => {
    const account = await signUp(stack, { displayName: 'Variant Family' });
    const call = apiClient(bedrock.context, account.accessToken);
    const created = await call('/stories', { method: 'POST', body: JSON.stringify(storyChoices) });
    expect(created.status).toBe(202);
    const storyId = String(created.body.storyId);
    const story = await waitForStory(call, storyId, 30_000);
    expect(story.status).toBe('ready');

    // The cover paints after the story is readable: wait for it.
    let cover: StoryImageView | undefined;
    for (let i = 0; i < 300 && !cover; i++) {
      cover = ((await call(`/stories/${storyId}`)).body.images as StoryImageView[])[0];
      if (!cover) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!cover) throw new Error('the cover was never painted');

    expect([cover.width, cover.height]).toEqual([TWIN_PICTURE_SIZE, TWIN_PICTURE_SIZE]);
    expect(cover.variants.map(({ width, height, type }) => [width, height, type])).toEqual(
      VARIANT_WIDTHS.map((width) => [width, width, 'image/webp']),
    );
    const original = await media(cover.imageUrl);
    expect(original.headers.get('content-type')).toBe('image/png');
    const originalBytes = (await original.arrayBuffer()).byteLength;

    for (const variant of cover.variants) {
      expect(variant.url).toMatch(new RegExp(`^/media/stories/${storyId}/${cover.id}\\.w${variant.width}\\.webp$`));
      const response = await media(variant.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder().decode(bytes.subarray(8, 12))).toBe('WEBP');
      // The budget of a picture on a phone's story page, and far below the painted PNG.
      expect(bytes.byteLength).toBeLessThanOrEqual(120 * 1024);
      expect(bytes.byteLength).toBeLessThan(originalBytes / 10);
    }

    // The creator removes the story from the library, which deletes it: every object of its picture goes.
    const removed = await call(`/library/${storyId}`, { method: 'DELETE' });
    expect(removed.body).toMatchObject({ deleted: true });
    for (const url of [cover.imageUrl, cover.thumbnailUrl, ...cover.variants.map((variant) => variant.url)]) {
      expect(await mediaObjectStatus(stack, url), url).toBe(404);
    }
  });
});
