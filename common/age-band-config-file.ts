import type { AgeBand } from './age-bands.js';

/**
 * The published configuration files as the SPA meets them, without the schema (age-band-config.ts) and
 * the validation library under it: every signed-in screen loads its band's file, and the schema has
 * already been applied where the file is made. The web build refuses to publish a file it refuses
 * (web/build/band-configs.ts), so the SPA only has to know that what it received is that file.
 */

/** SPEC §8: the configuration error codes. */
export const CONFIG_ERROR_CODES = {
  INVALID_CONFIGURATION: 'INVALID_CONFIGURATION',
  CONFIG_LOAD_FAILED: 'CONFIG_LOAD_FAILED',
  NO_CONFIG_LOADED: 'NO_CONFIG_LOADED',
} as const;
export type ConfigErrorCode = keyof typeof CONFIG_ERROR_CODES;

/** SPEC §8 (error alert) and §2 (the wizard's banner). */
export const CONFIG_FAILED_MESSAGE = 'Story configuration failed to load. Please reload the app.';
export const CONFIG_MISSING_BANNER = 'Story configs not loaded. Please reload the app.';

/** SPEC §7: the static file the SPA fetches for a band. */
export const ageBandConfigPath = (band: AgeBand) => `/config/age-band-${band.toLowerCase()}.json`;

/**
 * Whether a fetched file is a published configuration of this band: a version and the band it is for.
 * Anything else (an error page served as JSON, the other band's file, a truncated upload) is
 * INVALID_CONFIGURATION, as a file the schema refuses would be.
 */
export function isPublishedBandConfig(json: unknown, band: AgeBand): boolean {
  if (typeof json !== 'object' || json === null) return false;
  const { version, app } = json as { version?: unknown; app?: { band?: unknown } };
  return typeof version === 'string' && /^\d+\.\d+\.\d+$/.test(version) && app?.band === band;
}
