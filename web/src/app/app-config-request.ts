import { APP_CONFIG_PATH } from '#common/app-config-path';

let pending: Promise<unknown> | undefined;

/**
 * The request for `/app-config.json`, made once per page load and shared: started at start-up for any
 * screen that needs a session (see screens.ts), validated by `loadRuntimeConfig`. No validation here, so
 * the landing page's bundle stays free of the validation library.
 */
export function requestRuntimeConfig(): Promise<unknown> {
  pending ??= fetch(APP_CONFIG_PATH, { cache: 'no-store' })
    .then((response) => {
      if (!response.ok) throw new Error(`${APP_CONFIG_PATH} answered ${response.status}`);
      return response.json() as Promise<unknown>;
    })
    .catch((error: unknown) => {
      pending = undefined; // let a later attempt try again
      throw error;
    });
  return pending;
}
