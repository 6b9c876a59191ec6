import { describe, expect, it } from 'vitest';
import { isAppConfig, type AppConfig } from '#common/app-config.js';
import { appConfigSchema } from '#common/validation/app-config.js';

const deployed: AppConfig = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_AbCdEf123',
  userPoolClientId: '1example23456789',
  apiBasePath: '/api',
  mediaBasePath: '/media',
};

describe('the runtime configuration the SPA starts with', () => {
  it('is accepted as the deploy writes it, with or without the local and optional settings', () => {
    expect(isAppConfig(deployed)).toBe(true);
    const local = {
      ...deployed,
      userPoolEndpoint: 'http://127.0.0.1:9229',
      feedbackFormUrl: 'https://forms.example/x',
    };
    expect(isAppConfig(local)).toBe(true);
    // What the SPA accepts, the schema the deploy is checked with accepts too.
    expect(appConfigSchema.safeParse(deployed).success).toBe(true);
    expect(appConfigSchema.safeParse(local).success).toBe(true);
  });

  it.each([
    ['an error page served as JSON', { message: 'Forbidden' }],
    ['no user pool client', { ...deployed, userPoolClientId: '' }],
    ['an API on another origin', { ...deployed, apiBasePath: 'https://evil.example/api' }],
    ['no media path', { ...deployed, mediaBasePath: undefined }],
    ['not an object', 'config'],
    ['nothing', null],
  ])('is refused when it is %s, as the schema refuses it', (_name, json) => {
    expect(isAppConfig(json)).toBe(false);
    expect(appConfigSchema.safeParse(json).success).toBe(false);
  });
});
