import type { AgeBand } from '#common/age-bands.js';
import { parseAgeBandConfig, type AgeBandConfig } from '#common/age-band-config.js';
import bandA from '#common/config/age-band-a.json' with { type: 'json' };
import bandB from '#common/config/age-band-b.json' with { type: 'json' };

/**
 * The two age-band configuration files (common/config/), which the SPA loads from /config (the build
 * publishes them there: web/build/band-configs.ts) and the server bundles, so the
 * API and the workflow apply exactly the rules the family saw. Checked against the schema at start-up:
 * a broken file stops the function instead of producing wrong stories.
 */
function load(band: AgeBand, json: unknown): AgeBandConfig {
  const parsed = parseAgeBandConfig(json);
  if (!parsed.ok) throw new Error(`age-band-${band.toLowerCase()}.json: ${parsed.code}: ${parsed.message}`);
  return parsed.config;
}

export const AGE_BAND_CONFIGS: Readonly<Record<AgeBand, AgeBandConfig>> = { A: load('A', bandA), B: load('B', bandB) };
