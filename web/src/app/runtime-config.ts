import { appConfigSchema, type AppConfig } from '#common/app-config';
import { requestRuntimeConfig } from './app-config-request';

/** The runtime configuration, fetched once per page load (see app-config-request.ts) and validated. */
export async function loadRuntimeConfig(): Promise<AppConfig> {
  return appConfigSchema.parse(await requestRuntimeConfig());
}
