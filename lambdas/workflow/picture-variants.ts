import { createJimp } from '@jimp/core';
import jpeg from '@jimp/js-jpeg';
import png from '@jimp/js-png';
import { methods as resize } from '@jimp/plugin-resize';
import encodeWebp, { init as initWebp } from '@jsquash/webp/encode.js';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { THUMBNAIL_WIDTH, VARIANT_WIDTHS, type PictureVariantBody } from '../adapters/media.js';

// Pure JavaScript and WebAssembly (no native binaries), so the same code runs here and on Lambda's ARM runtime.
const Jimp = createJimp({ formats: [png, jpeg], plugins: [resize] });

const RASTER_TYPES = new Set(['image/png', 'image/jpeg']);

/** libwebp's quality scale: 75 keeps a painting's brushwork and puts a 960 px picture near 80 KB. */
const WEBP_QUALITY = 75;

/**
 * The WebP encoder's WebAssembly, compiled once per process. It is read from the package's own file (the
 * Lambda bundle carries it at the same path under its node_modules, lambda-bundling.ts), because the
 * encoder's glue would fetch it from a file: URL, which Node's fetch refuses. Node 22 has WebAssembly
 * SIMD, so only the SIMD build is needed.
 */
export const WEBP_WASM_FILE = '@jsquash/webp/codec/enc/webp_enc_simd.wasm';
let webpReady: Promise<unknown> | undefined;
const webpEncoder = () =>
  (webpReady ??= readFile(createRequire(import.meta.url).resolve(WEBP_WASM_FILE)).then((wasmBinary) =>
    initWebp({ wasmBinary }),
  ));

/** A painted picture's smaller copies: the card's JPEG thumbnail and the screens' WebP variants. */
export type SmallerPictures = Readonly<{
  width: number;
  height: number;
  /** Null when the picture is already no wider than a card. */
  thumbnail: Uint8Array | null;
  /** Narrowest first; never wider than the picture (nothing is upscaled). */
  variants: PictureVariantBody[];
}>;

/**
 * The smaller copies a raster picture is shown through, or null for a vector picture (it scales, so it
 * needs none). The variants are WebP at the widths the screens use (VARIANT_WIDTHS); a picture narrower
 * than a width gets one variant at its own width instead, so no screen needs the provider's PNG.
 */
export async function makeSmallerPictures(body: Uint8Array, contentType: string): Promise<SmallerPictures | null> {
  if (!RASTER_TYPES.has(contentType)) return null;
  const picture = await Jimp.fromBuffer(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  const { width, height } = picture;
  const widths = [...new Set(VARIANT_WIDTHS.map((wanted) => Math.min(wanted, width)))];
  const variants: PictureVariantBody[] = [];
  await webpEncoder();
  for (const variantWidth of widths) {
    const sized = variantWidth === width ? picture : picture.clone().resize({ w: variantWidth });
    const { data } = sized.bitmap;
    const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
    const encoded = await encodeWebp(
      { data: pixels, width: sized.width, height: sized.height, colorSpace: 'srgb' },
      { quality: WEBP_QUALITY },
    );
    variants.push({
      width: sized.width,
      height: sized.height,
      contentType: 'image/webp',
      body: new Uint8Array(encoded),
    });
  }
  const thumbnail =
    width > THUMBNAIL_WIDTH
      ? await picture.resize({ w: THUMBNAIL_WIDTH }).getBuffer('image/jpeg', { quality: 80 })
      : null;
  return { width, height, thumbnail, variants };
}
