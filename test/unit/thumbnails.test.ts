import { createJimp } from '@jimp/core';
import jpeg from '@jimp/js-jpeg';
import png from '@jimp/js-png';
import { describe, expect, it } from 'vitest';
import { THUMBNAIL_WIDTH } from '../../lambdas/shared/media.js';
import { makeThumbnail } from '../../lambdas/workflow/thumbnails.js';

const Jimp = createJimp({ formats: [png, jpeg] });

/**
 * A picture like a painting: a red gradient left to right (a wrong resize would show in the pixels) and
 * fine grain in the green channel (so it does not compress to nothing, as real pictures don't).
 */
async function picture(width: number, height: number, mime: 'image/png' | 'image/jpeg' = 'image/png') {
  const image = new Jimp({ width, height, color: 0xffffffff });
  let grain = 7;
  image.scan((x, y, index) => {
    grain = (grain * 1103515245 + 12345) % 2147483648;
    image.bitmap.data[index] = Math.round((x / width) * 255);
    image.bitmap.data[index + 1] = grain % 64;
    image.bitmap.data[index + 2] = Math.round((y / height) * 255);
  });
  return new Uint8Array(await image.getBuffer(mime));
}

describe('picture thumbnails', () => {
  it('turns a painted PNG into a small JPEG of the card width, keeping its shape and colours', async () => {
    const original = await picture(896, 640);
    const thumbnail = await makeThumbnail(original, 'image/png');
    expect(thumbnail).not.toBeNull();
    const decoded = await Jimp.fromBuffer(Buffer.from(thumbnail ?? []));
    expect(decoded.mime).toBe('image/jpeg');
    expect([decoded.width, decoded.height]).toEqual([THUMBNAIL_WIDTH, Math.round((640 / 896) * THUMBNAIL_WIDTH)]);
    expect(thumbnail?.byteLength).toBeLessThan(original.byteLength);
    // Left edge dark red channel, right edge bright: the gradient survived the resize.
    const left = decoded.getPixelColor(2, 100) >>> 24;
    const right = decoded.getPixelColor(THUMBNAIL_WIDTH - 3, 100) >>> 24;
    expect(left).toBeLessThan(20);
    expect(right).toBeGreaterThan(235);
  });

  it('also shrinks JPEG pictures', async () => {
    const thumbnail = await makeThumbnail(await picture(1024, 1024, 'image/jpeg'), 'image/jpeg');
    expect((await Jimp.fromBuffer(Buffer.from(thumbnail ?? []))).width).toBe(THUMBNAIL_WIDTH);
  });

  it('makes none for a vector picture or one already no wider than a card', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>');
    expect(await makeThumbnail(svg, 'image/svg+xml')).toBeNull();
    expect(await makeThumbnail(await picture(THUMBNAIL_WIDTH, 200), 'image/png')).toBeNull();
  });

  it('refuses a file that is not the picture it claims to be', async () => {
    await expect(makeThumbnail(new TextEncoder().encode('not a png'), 'image/png')).rejects.toThrow();
  });
});
