import { APP_CONFIG_PATH, appConfigSchema, type AppConfig } from '../../../common/app-config';

let pending: Promise<AppConfig> | undefined;

/** Fetches and validates `/app-config.json` once per page load. */
export function loadRuntimeConfig(): Promise<AppConfig> {
  pending ??= fetch(APP_CONFIG_PATH, { cache: 'no-store' })
    .then((response) => {
      if (!response.ok) throw new Error(`${APP_CONFIG_PATH} answered ${response.status}`);
      return response.json();
    })
    .then((json) => appConfigSchema.parse(json))
    .catch((error: unknown) => {
      pending = undefined; // let a later attempt try again
      throw error;
    });
  return pending;
}
