import { createJimp } from '@jimp/core';
import jpeg from '@jimp/js-jpeg';
import png from '@jimp/js-png';
import { describe, expect, it } from 'vitest';
import { THUMBNAIL_WIDTH, VARIANT_WIDTHS } from '../../lambdas/adapters/media.js';
import { makeSmallerPictures } from '../../lambdas/workflow/picture-variants.js';

const makeThumbnail = async (body: Uint8Array, contentType: string) =>
  (await makeSmallerPictures(body, contentType))?.thumbnail ?? null;

/** A WebP file's size from its header (RIFF....WEBPVP8 ; the lossy frame keeps 14-bit width and height). */
function webpSize(body: Uint8Array) {
  const text = new TextDecoder('latin1');
  expect(text.decode(body.subarray(0, 4))).toBe('RIFF');
  expect(text.decode(body.subarray(8, 16))).toBe('WEBPVP8 ');
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  // VP8 frame: 3 bytes frame tag, 3 bytes start code (9d 01 2a), then width and height.
  expect([body[23], body[24], body[25]]).toEqual([0x9d, 0x01, 0x2a]);
  return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
}

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

describe('picture variants for the screens', () => {
  it('makes a WebP variant at each screen width, keeping the shape, far smaller than the PNG', async () => {
    const original = await picture(1024, 768);
    const smaller = await makeSmallerPictures(original, 'image/png');
    expect(smaller).not.toBeNull();
    expect([smaller?.width, smaller?.height]).toEqual([1024, 768]);
    expect(VARIANT_WIDTHS).toEqual([480, 960]);
    const variants = smaller?.variants ?? [];
    expect(variants.map(({ width, height, contentType }) => [width, height, contentType])).toEqual([
      [480, 360, 'image/webp'],
      [960, 720, 'image/webp'],
    ]);
    for (const variant of variants) {
      expect(webpSize(variant.body)).toEqual({ width: variant.width, height: variant.height });
      expect(variant.body.byteLength).toBeLessThan(original.byteLength / 4);
    }
    const [small, large] = variants;
    expect(small?.body.byteLength).toBeLessThan(large?.body.byteLength ?? 0);
  });

  it('never upscales: a picture narrower than a width gets one variant at its own width', async () => {
    const smaller = await makeSmallerPictures(await picture(640, 640), 'image/png');
    expect(smaller?.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [480, 480],
      [640, 640],
    ]);
    const tiny = await makeSmallerPictures(await picture(300, 200, 'image/jpeg'), 'image/jpeg');
    expect(tiny?.variants.map((variant) => [variant.width, variant.height])).toEqual([[300, 200]]);
    expect(tiny?.thumbnail).toBeNull();
  });

  it('makes nothing for a vector picture', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>');
    expect(await makeSmallerPictures(svg, 'image/svg+xml')).toBeNull();
  });
});

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

  it('makes none for a picture already no wider than a card', async () => {
    expect(await makeThumbnail(await picture(THUMBNAIL_WIDTH, 200), 'image/png')).toBeNull();
  });

  it('refuses a file that is not the picture it claims to be', async () => {
    await expect(makeThumbnail(new TextEncoder().encode('not a png'), 'image/png')).rejects.toThrow();
  });
});
