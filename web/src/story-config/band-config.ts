import { useQuery } from '@tanstack/react-query';
import { ageBandConfigPath, isPublishedBandConfig, type ConfigErrorCode } from '#common/age-band-config-file';
import type { AgeBandConfig } from '#common/age-band-config';
import type { AgeBand } from '#common/age-bands';
import { queryKeys } from '../api/query-keys';
import { useProfile } from '../api/profile';

type ConfigState =
  | { status: 'loading'; config?: undefined; error?: undefined }
  | { status: 'ready'; config: AgeBandConfig; error?: undefined }
  | { status: 'failed'; config?: undefined; error: ConfigErrorCode };

class BandConfigError extends Error {
  constructor(readonly code: ConfigErrorCode) {
    super(code);
  }
}

/** Resolves when the page is next idle (or within a second): after the work of drawing the current screen. */
const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 1);
  });

/**
 * The band's published file. Asked for once the screen is drawn: only the wizard's steps and the story
 * page use the rules, and asked for at once the file shares a phone's line with the code and reads the
 * first screen waits for.
 */
async function fetchBandConfig(band: AgeBand, signal: AbortSignal): Promise<AgeBandConfig> {
  await idle();
  // A screen left before the page was idle (the last reader gone) asks for nothing.
  signal.throwIfAborted();
  const response = await fetch(ageBandConfigPath(band), { signal }).catch((error: unknown) => {
    if (signal.aborted) throw error;
    console.error('CONFIG_LOAD_FAILED', error);
    throw new BandConfigError('CONFIG_LOAD_FAILED');
  });
  if (!response.ok) {
    console.error('CONFIG_LOAD_FAILED', `HTTP ${response.status}`);
    throw new BandConfigError('CONFIG_LOAD_FAILED');
  }
  const json: unknown = await response.json().catch(() => undefined);
  // The schema was applied when the file was published (web/build/band-configs.ts).
  if (!isPublishedBandConfig(json, band)) {
    console.error(
      'INVALID_CONFIGURATION',
      `the file at ${ageBandConfigPath(band)} is not band ${band}'s configuration`,
    );
    throw new BandConfigError('INVALID_CONFIGURATION');
  }
  return json as AgeBandConfig;
}

const LOADING: ConfigState = { status: 'loading' };

/**
 * SPEC §4: the family's age-band configuration, in the query cache beside the rest of the family's data
 * (one query per band, kept for the session: a published file does not change under it), loaded at
 * start (`LoadBandConfig` in the signed-in shell) and again when the band changes (sign-in, profile,
 * another child). A file that fails to load, or is not the band's published configuration, turns reading
 * of the configuration off. While a new band loads, the previous band's rules are not used.
 */
export function useAgeBandConfig(): ConfigState {
  const { data: profile, isLoading: profileLoading } = useProfile();
  // The band is known once the profile has answered (band A when it could not be read, and for a visitor).
  const band: AgeBand | undefined = profileLoading ? undefined : (profile?.ageBand ?? 'A');
  const query = useQuery({
    queryKey: queryKeys.ageBandConfig(band ?? 'A'),
    queryFn: ({ signal }) => fetchBandConfig(band ?? 'A', signal),
    enabled: band !== undefined,
    staleTime: Infinity,
  });
  if (band === undefined || query.isPending) return LOADING;
  if (query.isError)
    return {
      status: 'failed',
      error: query.error instanceof BandConfigError ? query.error.code : 'CONFIG_LOAD_FAILED',
    };
  return { status: 'ready', config: query.data };
}

/** Starts loading the band's rules with the signed-in shell, so the wizard finds them ready. Draws nothing. */
export function LoadBandConfig(): null {
  useAgeBandConfig();
  return null;
}
