import type { AgeBand } from '#common/age-bands.js';
import { parseAgeBandConfig, type AgeBandConfig } from '#common/age-band-config.js';
import bandA from '#common/config/age-band-a.json' with { type: 'json' };
import bandB from '#common/config/age-band-b.json' with { type: 'json' };

/**
 * The two age-band configuration files (common/config/), which the SPA loads from /config (the build
 * publishes them there, refusing a file the schema refuses: web/build/band-configs.ts) and the server
 * bundles, so the API and the workflow apply exactly the rules the family saw. Each is checked against
 * the schema when first read: a broken file fails that request instead of producing wrong stories. Not at
 * start-up, where parsing both took a tenth of the API's cold import and most requests (a library page, a
 * story, a status poll) never read a band's rules.
 */
function load(band: AgeBand, json: unknown): AgeBandConfig {
  const parsed = parseAgeBandConfig(json);
  if (!parsed.ok) throw new Error(`age-band-${band.toLowerCase()}.json: ${parsed.code}: ${parsed.message}`);
  return parsed.config;
}

const parsed: Partial<Record<AgeBand, AgeBandConfig>> = {};
const lazily = (band: AgeBand, json: unknown): PropertyDescriptor => ({
  enumerable: true,
  get: () => (parsed[band] ??= load(band, json)),
});

export const AGE_BAND_CONFIGS: Readonly<Record<AgeBand, AgeBandConfig>> = Object.defineProperties(
  {} as Record<AgeBand, AgeBandConfig>,
  { A: lazily('A', bandA), B: lazily('B', bandB) },
);
