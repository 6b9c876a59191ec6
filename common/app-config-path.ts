/**
 * Where the SPA's runtime configuration is served (schema in app-config.ts). A module of its own so the
 * SPA's first bundle can start the request without taking in the validation library.
 */
export const APP_CONFIG_PATH = '/app-config.json';
