import type { AppConfig } from '#common/app-config.js';

/** What the integration and e2e global setups hand to the tests (serialisable). */
export type StackContext = {
  webUrl?: string | undefined;
  apiUrl: string;
  cognitoEndpoint: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  appConfig: AppConfig;
  tableName: string;
  mediaBucket: string;
  admin: { email: string; password: string };
  logDir: string;
  /** The local stack's media signing key pair (bin/local/media-signing-key.ts): a test key, made per run. */
  mediaSigning: { keyPairId: string; publicKey: string; privateKey: string };
  /** e2e: the production build of the SPA the site serves (test/e2e/global-setup.ts), for a second site. */
  webDir?: string | undefined;
  /** The local narrator's speech engine (bin/local/speech-engine). */
  speechEngineUrl: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackContext;
  }
}
