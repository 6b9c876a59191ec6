/**
 * `npm start`: the whole product on this machine, no AWS account. Data survives restarts in `.local/`.
 * Ports, the seeded admin and the story provider come from the environment (see README).
 */
import { join } from 'node:path';
import * as z from 'zod';
import { parseQuotaSetting, QuotaSettingError } from '#common/models/quotas.js';
import { startLocalStack, type LocalPorts } from './local/stack.js';
import { assertPortFree, PortInUseError } from './local/ports.js';

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const envSchema = z.object({
  WEB_PORT: port(5173),
  API_PORT: port(3001),
  DYNAMODB_PORT: port(8000),
  COGNITO_PORT: port(9229),
  S3_PORT: port(4569),
  LAMBDA_PORT: port(3002),
  ADMIN_EMAIL: z.email().default('admin@storymagic.local'),
  ADMIN_PASSWORD: z.string().min(8).default('Guardian2024'),
  STORY_PROVIDER: z.enum(['local', 'bedrock']).default('local'),
  /** With STORY_PROVIDER=bedrock: the Bedrock twin's port and whether it waits like the real models. */
  BEDROCK_TWIN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  BEDROCK_TWIN_LATENCY: z.enum(['off', 'public']).default('off'),
  /** `defaults` (us-west-2's public defaults) or a JSON object of quotas (README, "The Bedrock twin"). */
  BEDROCK_TWIN_QUOTAS: z.string().optional(),
  WEB_MODE: z.enum(['dev', 'preview']).default('dev'),
});

async function main(): Promise<void> {
  const started = performance.now();
  const env = envSchema.parse(process.env);
  const ports: LocalPorts = {
    web: env.WEB_PORT,
    api: env.API_PORT,
    dynamodb: env.DYNAMODB_PORT,
    cognito: env.COGNITO_PORT,
    s3: env.S3_PORT,
    lambda: env.LAMBDA_PORT,
  };
  const portEnv: Record<keyof LocalPorts, [string, string]> = {
    web: ['web app', 'WEB_PORT'],
    api: ['HTTP API', 'API_PORT'],
    dynamodb: ['DynamoDB Local', 'DYNAMODB_PORT'],
    cognito: ['cognito-local', 'COGNITO_PORT'],
    s3: ['S3 server', 'S3_PORT'],
    lambda: ['Lambda endpoint for Cognito triggers', 'LAMBDA_PORT'],
  };
  for (const [key, [service, envVar]] of Object.entries(portEnv) as [keyof LocalPorts, [string, string]][]) {
    await assertPortFree(ports[key], service, envVar);
  }

  console.log('Starting Story Magic locally…');
  const stack = await startLocalStack({
    ports,
    dataDir: join(process.cwd(), '.local'),
    web: env.WEB_MODE,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    storyProvider: env.STORY_PROVIDER,
    bedrockTwin: {
      port: env.BEDROCK_TWIN_PORT,
      latency: env.BEDROCK_TWIN_LATENCY,
      quotas: parseQuotaSetting(env.BEDROCK_TWIN_QUOTAS),
    },
    // Locally no e-mail is sent: the code a family would receive is printed here instead.
    onCodeDelivered: ({ operation, destination, code }) =>
      console.log(`✉  ${operation} code for ${destination}: ${code}`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);

  console.log(`
Story Magic is ready in ${seconds} s.

  Open:            ${stack.urls.web}
  Seeded admin:    ${stack.admin.email} / ${stack.admin.password}
  Health:          ${stack.urls.web}/api/health
  Story provider:  ${env.STORY_PROVIDER}${stack.bedrockTwin ? ` (Bedrock twin ${stack.bedrockTwin.url}, region ${stack.serverConfig.bedrock.region}, ${stack.bedrockTwin.quotas ? `quotas ${env.BEDROCK_TWIN_QUOTAS ?? ''}` : 'no quotas'})` : ''}

  API ${stack.urls.api} · DynamoDB Local ${stack.urls.dynamodb} · cognito-local ${stack.urls.cognito} · S3 ${stack.urls.s3}
  Data in .local/ (delete it to start fresh); emulator logs in .local/logs/.
  Password-reset codes are printed here, as they would be e-mailed. Press Ctrl-C to stop.
`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping every service…`);
    await stack.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError || error instanceof QuotaSettingError || error instanceof z.ZodError) {
    console.error(error instanceof z.ZodError ? `Invalid settings: ${z.prettifyError(error)}` : error.message);
  } else {
    console.error('Story Magic could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
