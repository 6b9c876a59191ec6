import { startLocalStack, type LocalStack } from '../../bin/local/stack.js';
import type { WebMode } from '../../bin/local/web-server.js';
import type { StackContext } from './stack-context.js';

export const TEST_ADMIN = { email: 'admin@storymagic.test', password: 'Guardian2024' };

/**
 * One local stack per test run, on free ports, with nothing kept afterwards. `webOutDir`: with `preview`, the
 * production build to serve instead of web/dist.
 */
export async function startTestStack(
  web: WebMode | 'none',
  webOutDir?: string,
): Promise<{ stack: LocalStack; context: StackContext }> {
  const stack = await startLocalStack({
    ports: { web: 0, api: 0, dynamodb: 0, cognito: 0, s3: 0, lambda: 0 },
    dataDir: undefined,
    web,
    webOutDir,
    admin: TEST_ADMIN,
    storyProvider: 'local',
  });
  return {
    stack,
    context: {
      webUrl: stack.urls.web,
      apiUrl: stack.urls.api,
      cognitoEndpoint: stack.urls.cognito,
      dynamodbEndpoint: stack.urls.dynamodb,
      s3Endpoint: stack.urls.s3,
      appConfig: stack.appConfig,
      tableName: stack.serverConfig.tableName,
      mediaBucket: stack.serverConfig.mediaBucket,
      admin: stack.admin,
      logDir: stack.logDir,
      mediaSigning: stack.mediaSigning,
      webDir: webOutDir,
      speechEngineUrl: stack.serverConfig.narration.kind === 'local' ? stack.serverConfig.narration.endpoint : '',
    },
  };
}
