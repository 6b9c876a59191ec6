import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { ageBandConfigPath, isPublishedBandConfig, type ConfigErrorCode } from '#common/age-band-config-file';
import type { AgeBandConfig } from '#common/age-band-config';
import type { AgeBand } from '#common/age-bands';
import { useAuth } from '../auth/AuthContext';

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

  useEffect(() => {
    if (!band) return;
    let cancelled = false;
    const load = () => {
      void fetch(ageBandConfigPath(band))
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
    };
    // Once the screen is drawn: only the wizard's steps use the rules, and asked for at once the file shares a
    // phone's line with the code and reads the first screen waits for.
    const waiting = whenIdle(load);
    return () => {
      cancelled = true;
      waiting.cancel();
    };
  }, [band]);

  // While a new band loads, the previous band's rules must not be used.
  const value: ConfigState = band && state.band === band ? state : { status: 'loading' };
  return <AgeBandConfigContext.Provider value={value}>{children}</AgeBandConfigContext.Provider>;
}

/** Runs `task` when the page is next idle (or within a second): after the work of drawing the current screen. */
function whenIdle(task: () => void): { cancel(): void } {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 1000 });
    return { cancel: () => cancelIdleCallback(id) };
  }
  const id = setTimeout(task, 1);
  return { cancel: () => clearTimeout(id) };
}

export const useAgeBandConfig = () => useContext(AgeBandConfigContext);
