import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { ageBandConfigPath, isPublishedBandConfig, type ConfigErrorCode } from '#common/age-band-config-file';
import type { AgeBandConfig } from '#common/age-band-config';
import type { AgeBand } from '#common/age-bands';
import { useAuth } from '../auth/AuthContext';
import { rememberAgeBand } from './age-band-hint';

type ConfigState =
  | { status: 'loading'; config?: undefined; error?: undefined }
  | { status: 'ready'; config: AgeBandConfig; error?: undefined }
  | { status: 'failed'; config?: undefined; error: ConfigErrorCode };

const AgeBandConfigContext = createContext<ConfigState>({ status: 'failed', error: 'NO_CONFIG_LOADED' });

/**
 * SPEC §4: the family's age-band configuration, loaded at start and again when the band changes (sign-in,
 * profile). A file that fails to load, or is not the band's published configuration, turns reading of the
 * configuration off.
 */
export function AgeBandConfigProvider({ children }: { children: ReactNode }) {
  const { profile, profileLoading } = useAuth();
  // The band is known once the profile has answered (band A when it could not be read).
  const band: AgeBand | undefined = profileLoading ? undefined : (profile?.ageBand ?? 'A');
  const [state, setState] = useState<ConfigState & { band?: AgeBand }>({ status: 'loading' });

  const profileBand = profile?.ageBand;
  useEffect(() => {
    if (profileBand) rememberAgeBand(profileBand);
  }, [profileBand]);

  useEffect(() => {
    if (!band) return;
    let cancelled = false;
    fetch(ageBandConfigPath(band))
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const json: unknown = await response.json();
        if (cancelled) return;
        // The schema was applied when the file was published (web/build/band-configs.ts).
        // A transition, as the profile's (AuthContext): the screen already shown redraws without holding the page.
        if (isPublishedBandConfig(json, band))
          startTransition(() => setState({ status: 'ready', config: json as AgeBandConfig, band }));
        else {
          console.error(
            'INVALID_CONFIGURATION',
            `the file at ${ageBandConfigPath(band)} is not band ${band}'s configuration`,
          );
          setState({ status: 'failed', error: 'INVALID_CONFIGURATION', band });
        }
      })
      .catch((error: unknown) => {
        console.error('CONFIG_LOAD_FAILED', error);
        if (!cancelled) setState({ status: 'failed', error: 'CONFIG_LOAD_FAILED', band });
      });
    return () => {
      cancelled = true;
    };
  }, [band]);

  // While a new band loads, the previous band's rules must not be used.
  const value: ConfigState = band && state.band === band ? state : { status: 'loading' };
  return <AgeBandConfigContext.Provider value={value}>{children}</AgeBandConfigContext.Provider>;
}

export const useAgeBandConfig = () => useContext(AgeBandConfigContext);
