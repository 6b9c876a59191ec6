import { isAppConfig, type AppConfig } from '#common/app-config';
import { requestRuntimeConfig } from './app-config-request';

/** The runtime configuration, fetched once per page load (see app-config-request.ts) and checked. */
export async function loadRuntimeConfig(): Promise<AppConfig> {
  const config = await requestRuntimeConfig();
  if (!isAppConfig(config)) throw new Error('/app-config.json is not the app’s runtime configuration');
  return config;
}
