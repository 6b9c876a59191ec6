import { createContext, useContext } from 'react';
import type { AppConfig } from '#common/app-config';

/** The runtime configuration, loaded once by the auth root before any screen past the landing page draws. */
export const AppConfigContext = createContext<AppConfig | undefined>(undefined);

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig() outside the auth root');
  return config;
}
