import { createJimp } from '@jimp/core';
import jpeg from '@jimp/js-jpeg';
import png from '@jimp/js-png';
import { methods as resize } from '@jimp/plugin-resize';
import { THUMBNAIL_WIDTH } from '../shared/media.js';

// Pure JavaScript (no native binaries), so the same code runs here and on Lambda's ARM runtime.
const Jimp = createJimp({ formats: [png, jpeg], plugins: [resize] });

const RASTER_TYPES = new Set(['image/png', 'image/jpeg']);

/**
 * A card-sized JPEG of a raster picture, or null when the picture needs none: vectors scale, and a picture
 * already no wider than a thumbnail is its own.
 */
export async function makeThumbnail(body: Uint8Array, contentType: string): Promise<Uint8Array | null> {
  if (!RASTER_TYPES.has(contentType)) return null;
  const picture = await Jimp.fromBuffer(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  if (picture.width <= THUMBNAIL_WIDTH) return null;
  picture.resize({ w: THUMBNAIL_WIDTH });
  return picture.getBuffer('image/jpeg', { quality: 80 });
}
