import { config as zodConfig } from 'zod/v4/core';
import { appConfigSchema, type AppConfig } from '../../../common/app-config';
import { requestRuntimeConfig } from './app-config-request';

// Zod compiles fast parsers with `new Function` unless told not to; the app's Content-Security-Policy has no
// 'unsafe-eval', so the attempt would be refused (and reported) in AWS. Set here because this is the first
// validation any screen runs: every screen that validates sits under AuthRoot, which loads this first.
zodConfig({ jitless: true });

/** The runtime configuration, fetched once per page load (see app-config-request.ts) and validated. */
export async function loadRuntimeConfig(): Promise<AppConfig> {
  return appConfigSchema.parse(await requestRuntimeConfig());
}
