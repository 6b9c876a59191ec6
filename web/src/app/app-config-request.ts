import { APP_CONFIG_PATH, APP_CONFIG_REQUEST } from '#common/app-config-path';

let pending: Promise<unknown> | undefined;

/**
 * The request the page's early script started (web/build/preload-screen.ts), taken once; else a new one. The
 * slot is left `null`, so a retry after a failure asks again.
 */
function earlyRequest(): Promise<Response> {
  const early = window as unknown as Record<string, Promise<Response> | null | undefined>;
  const started = early[APP_CONFIG_REQUEST];
  early[APP_CONFIG_REQUEST] = null;
  return started ?? fetch(APP_CONFIG_PATH, { cache: 'no-store' });
}

/**
 * The request for `/app-config.json`, made once per page load and shared: started at start-up for any
 * screen that needs a session (the auth root's loader in App.tsx), validated by `loadRuntimeConfig`. No
 * validation here, so the landing page's bundle stays free of the validation library.
 */
export function requestRuntimeConfig(): Promise<unknown> {
  pending ??= earlyRequest()
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
