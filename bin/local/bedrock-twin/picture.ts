import { createJimp } from '@jimp/core';
import png from '@jimp/js-png';

const Jimp = createJimp({ formats: [png] });

/** Small enough to encode quickly, larger than a card thumbnail so the thumbnail path runs too. */
export const TWIN_PICTURE_SIZE = 512;

/**
 * A real PNG standing in for a painted picture: a soft two-colour wash chosen from the prompt and the
 * seed, so different prompts give different pictures and the same ones the same picture.
 */
export async function twinPicture(prompt: string, seed: number): Promise<Buffer> {
  let h = seed >>> 0;
  for (const char of prompt) h = (Math.imul(h, 31) + char.charCodeAt(0)) >>> 0;
  const from = [0, 8, 16].map((shift) => ((h >>> shift) & 0xff) | 0x60);
  const to = from.map((value) => 255 - (value >> 1));
  const size = TWIN_PICTURE_SIZE;
  const picture = new Jimp({ width: size, height: size, color: 0xffffffff });
  const data = picture.bitmap.data;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      const i = (y * size + x) * 4;
      from.forEach((start, c) => (data[i + c] = Math.round(start * (1 - t) + (to[c] ?? start) * t)));
      data[i + 3] = 255;
    }
  }
  return picture.getBuffer('image/png');
}
