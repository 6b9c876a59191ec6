import { createJimp } from '@jimp/core';
import png from '@jimp/js-png';

const Jimp = createJimp({ formats: [png] });

/**
 * The size Stable Image Core and Nova Canvas answer a square request with, so pictures from the twin
 * weigh what a painted one does and go through the same variants (lambdas/workflow/picture-variants.ts).
 */
export const TWIN_PICTURE_SIZE = 1024;

/**
 * Brushwork: smooth value noise over seven octaves, made once per process. A flat wash would compress to a
 * few kilobytes and hide what a real picture costs; with this a twin PNG weighs about as much as a painted
 * one (1.5-2 MB) and its WebP variants about as much as a painting's.
 */
const textures = new Map<number, Float32Array>();
function brushwork(size: number): Float32Array {
  const made = textures.get(size);
  if (made) return made;
  let state = 12345;
  const random = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const smooth = (t: number) => t * t * (3 - 2 * t);
  const field = new Float32Array(size * size);
  let amplitude = 1;
  let total = 0;
  for (const cells of [4, 8, 16, 32, 64, 128, 256]) {
    const grid = Float32Array.from({ length: (cells + 1) ** 2 }, random);
    const at = (gx: number, gy: number) => grid[gy * (cells + 1) + gx] ?? 0;
    for (let y = 0; y < size; y++) {
      const fy = (y / size) * cells;
      const gy = Math.floor(fy);
      const ty = smooth(fy - gy);
      for (let x = 0; x < size; x++) {
        const fx = (x / size) * cells;
        const gx = Math.floor(fx);
        const tx = smooth(fx - gx);
        const top = at(gx, gy) * (1 - tx) + at(gx + 1, gy) * tx;
        const bottom = at(gx, gy + 1) * (1 - tx) + at(gx + 1, gy + 1) * tx;
        field[y * size + x] = (field[y * size + x] ?? 0) + amplitude * (top * (1 - ty) + bottom * ty);
      }
    }
    total += amplitude;
    amplitude *= 0.75;
  }
  for (let i = 0; i < field.length; i++) field[i] = (field[i] ?? 0) / total - 0.5;
  textures.set(size, field);
  return field;
}

/**
 * A real PNG standing in for a painted picture: a two-colour wash chosen from the prompt and the seed,
 * with brushwork over it, so different prompts give different pictures and the same ones the same picture.
 * `size` smaller than a painted picture's only for a benchmark that measures waiting, not painting.
 */
export async function twinPicture(prompt: string, seed: number, size = TWIN_PICTURE_SIZE): Promise<Buffer> {
  let h = seed >>> 0;
  for (const char of prompt) h = (Math.imul(h, 31) + char.charCodeAt(0)) >>> 0;
  const from = [0, 8, 16].map((shift) => ((h >>> shift) & 0xff) | 0x60);
  const to = from.map((value) => 255 - (value >> 1));
  const strokes = brushwork(size);
  const picture = new Jimp({ width: size, height: size, color: 0xffffffff });
  const data = picture.bitmap.data;
  let grain = h | 1;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      const i = (y * size + x) * 4;
      // Canvas grain: what keeps a painted picture from compressing to nothing.
      grain = (Math.imul(grain, 1103515245) + 12345) >>> 0;
      const stroke = (strokes[y * size + x] ?? 0) * 240 + ((grain >>> 24) / 255 - 0.5) * 6;
      from.forEach((start, c) => {
        const value = start * (1 - t) + (to[c] ?? start) * t + (stroke * (c + 1)) / 2;
        data[i + c] = Math.max(0, Math.min(255, Math.round(value)));
      });
      data[i + 3] = 255;
    }
  }
  return picture.getBuffer('image/png');
}
