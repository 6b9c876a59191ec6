import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { twinPicture } from '../local/bedrock-twin/picture.js';
import { bundleLambda } from '../../lib/constructs/lambda-bundling.js';

/**
 * What a painted picture costs to make smaller and what a phone then downloads for it: the Bedrock twin's
 * 1024 px PNG (brushwork, about as heavy as a painted one) through the variant maker as the tasks Lambda
 * bundles it (its WebAssembly carried as deployed), in a fresh process so the peak RSS is the maker's.
 * At 375 px the story page's picture is the column's width; Chromium takes the narrowest variant at
 * least 375 × DPR wide (the 960 px one at DPR 2 and 3, test/e2e/picture-sizes.test.ts checks it loads).
 */
export type PicturesReport = {
  originalBytes: number;
  variants: { width: number; bytes: number }[];
  thumbnailBytes: number;
  /** Each DPR Lighthouse and phones use: the variant the story page loads at 375 px, and its bytes. */
  at375: { dpr: number; width: number; bytes: number }[];
  makeMs: number;
  peakRssMB: number;
};

const PHONE_WIDTH = 375;

export async function benchPictures(outDir: string): Promise<PicturesReport> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  bundleLambda('lambdas/workflow/picture-variants.ts', join(outDir, 'maker'));
  const picture = join(outDir, 'twin.png');
  const original = await twinPicture('a brave explorer finds a rainbow gem in a cave', 42);
  writeFileSync(picture, original);

  const script = `
    import { readFileSync } from 'node:fs';
    const { makeSmallerPictures } = await import(${JSON.stringify(pathToFileURL(join(outDir, 'maker', 'index.mjs')).href)});
    const body = new Uint8Array(readFileSync(${JSON.stringify(picture)}));
    const started = performance.now();
    const made = await makeSmallerPictures(body, 'image/png');
    console.log(JSON.stringify({
      makeMs: Math.round(performance.now() - started),
      peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
      thumbnailBytes: made.thumbnail.byteLength,
      variants: made.variants.map((v) => ({ width: v.width, bytes: v.body.byteLength })),
    }));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH },
  });
  if (child.status !== 0) throw new Error(`making picture variants failed:\n${child.stderr}`);
  const made = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Omit<
    PicturesReport,
    'originalBytes' | 'at375'
  >;
  const widest = made.variants.at(-1);
  if (!widest) throw new Error('the variant maker made no variants');
  const at375 = [1.75, 2, 3].map((dpr) => {
    const chosen = made.variants.find((variant) => variant.width >= PHONE_WIDTH * dpr) ?? widest;
    return { dpr, width: chosen.width, bytes: chosen.bytes };
  });
  return { originalBytes: original.byteLength, ...made, at375 };
}
