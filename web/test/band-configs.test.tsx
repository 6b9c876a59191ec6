import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedBandConfig } from '../build/band-configs.ts';

// Paths, not URLs: happy-dom replaces the global URL with one Node's fs does not take.
const shipped = (file: string) => readFileSync(join(process.cwd(), 'common', 'config', file));

/** The web build publishes the band files the SPA loads; the schema is applied there, once. */
describe('publishing the age-band configuration files', () => {
  it('publishes each file the schema accepts, unchanged', () => {
    for (const file of ['age-band-a.json', 'age-band-b.json']) {
      expect(checkedBandConfig(file, shipped(file)).equals(shipped(file))).toBe(true);
    }
  });

  it('fails the build, naming the file and the wrong path, when the schema refuses a file', () => {
    const broken = JSON.parse(shipped('age-band-a.json').toString('utf8')) as { app: { band: string } };
    broken.app.band = 'C';
    expect(() => checkedBandConfig('age-band-a.json', Buffer.from(JSON.stringify(broken)))).toThrow(
      /^INVALID_CONFIGURATION: common\/config\/age-band-a\.json: Invalid age-band configuration: app\.band/,
    );
  });
});
