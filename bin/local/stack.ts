import { appendFileSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '#common/app-config.js';
import { createAwsClients } from '../../lambdas/adapters/aws-clients.js';
import { loadServerConfig, type ServerConfig } from '../../lambdas/runtime/config.js';
import { startApiServer } from './api-server.js';
import { DEFAULT_BEDROCK_REGION } from '#common/models/catalogue.js';
import { parseQuotaSetting, type BedrockQuotas } from '#common/models/quotas.js';
import { startBedrockTwin, type BedrockTwin } from './bedrock-twin/server.js';
import { startSpeechEngine } from './speech-engine/index.js';
import type { LatencyProfileName } from './bedrock-twin/latency.js';
import { createLocalWorkflowStarter, type RetryTiming } from './workflow-runner.js';
import type { WorkflowStarter } from '../../lambdas/adapters/workflow-starter.js';
import { createWorkflowTaskHandler } from '../../lambdas/workflow/dependencies.js';
import { createRetentionJob } from '../../lambdas/retention/job.js';
import { inactivityWarning } from '../../lambdas/use-cases/accounts/inactive-accounts.js';
import {
  ensureUser,
  ensureUserPool,
  startCognitoLocal,
  TRIGGERS_FUNCTION,
  type CodeDelivery,
} from './cognito-local.js';
import { startLambdaInvokeServer } from './lambda-invoke-server.js';
import { profileRepository } from '../../lambdas/data/repositories/profiles.js';
import { templateRepository } from '../../lambdas/data/repositories/templates.js';
import { createCognitoTriggers } from '../../lambdas/triggers/cognito-triggers.js';
import { cognitoAccounts } from '../../lambdas/adapters/cognito-accounts.js';
import { untilRevocationSettles } from '../../lambdas/api/auth/revocation.js';
import { ensureTable, startDynamoDbLocal } from './dynamodb-local.js';
import { freePort, LOOPBACK, PortInUseError } from './ports.js';
import { ensureBucket, startS3Local } from './s3-local.js';
import { startWebServer, type WebMode } from './web-server.js';
import { localMediaSigningKey, type MediaSigningKey } from './media-signing-key.js';

export const TABLE_NAME = 'story-magic';
export const MEDIA_BUCKET = 'story-magic-media';
const REGION = 'us-east-1';

export type LocalPorts = { web: number; api: number; dynamodb: number; cognito: number; s3: number; lambda: number };

export type LocalStackOptions = {
  /** A port of 0 means "any free port" (tests). */
  ports: LocalPorts;
  /** Where data survives restarts (`.local/`); undefined keeps everything in a temporary place. */
  dataDir?: string | undefined;
  web: WebMode | 'none';
  /** With `web: 'preview'`: the production build to serve instead of web/dist. */
  webOutDir?: string | undefined;
  admin: { email: string; password: string };
  storyProvider: 'local' | 'bedrock';
  /**
   * With the bedrock provider: the Bedrock twin's port (0 or absent: any free port), latency profile and
   * quotas (absent: read from `BEDROCK_TWIN_QUOTAS`, and none when that is unset). `gate: false` leaves the
   * capacity gate open whatever the quotas (the peak benchmark's comparison); `pictureSize` draws the twin's
   * pictures smaller (the benchmark measures waiting, not painting).
   */
  bedrockTwin?:
    | {
        port?: number;
        latency?: LatencyProfileName;
        stream?: boolean;
        quotas?: BedrockQuotas | undefined;
        gate?: boolean;
        pictureSize?: number;
      }
    | undefined;
  /** How the workflow's retries wait (workflow-runner.ts): at once by default. */
  retryTiming?: RetryTiming;
  /** Codes cognito-local would have e-mailed (password resets); `npm start` prints them. */
  onCodeDelivered?: ((delivery: CodeDelivery) => void) | undefined;
};

export type LocalStack = Readonly<{
  urls: { web?: string; api: string; dynamodb: string; cognito: string; s3: string };
  serverConfig: ServerConfig;
  /** The key pair media grants are signed with (the API) and checked against (the web server). */
  mediaSigning: MediaSigningKey;
  /** The Bedrock twin the bedrock provider calls (bedrock provider only). */
  bedrockTwin: BedrockTwin | undefined;
  appConfig: AppConfig;
  admin: { email: string; password: string };
  /** Where the emulators write their logs (cognito-local's holds the codes it would have e-mailed). */
  logDir: string;
  /** Resolves when no generation is running (tests and benchmarks wait on it). */
  workflowsIdle(): Promise<void>;
  stop(): Promise<void>;
}>;

const resolvePort = async (port: number) => (port === 0 ? freePort() : port);

/**
 * Starts the whole product on loopback: DynamoDB Local, cognito-local and s3rver in parallel, then the
 * table, user pool, groups, seeded admin and media bucket (each created only if missing), then the API
 * and the web app. Whatever started is stopped again if a later step fails.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  try {
    return await startLocalStackOnce(options);
  } catch (error) {
    // A port chosen free (0) can be taken by another process before its emulator binds it (test files start
    // stacks side by side): once more, on fresh ports. A port the operator set is theirs to change.
    const chosenFree = error instanceof PortInUseError && !Object.values(options.ports).includes(error.port);
    if (!chosenFree) throw error;
    return startLocalStackOnce(options);
  }
}

async function startLocalStackOnce(options: LocalStackOptions): Promise<LocalStack> {
  const ports: LocalPorts = {
    web: await resolvePort(options.ports.web),
    api: await resolvePort(options.ports.api),
    dynamodb: await resolvePort(options.ports.dynamodb),
    cognito: await resolvePort(options.ports.cognito),
    s3: await resolvePort(options.ports.s3),
    lambda: await resolvePort(options.ports.lambda),
  };
  const ephemeral = options.dataDir === undefined;
  const root = options.dataDir ?? mkdtempSync(join(tmpdir(), 'story-magic-'));
  const logDir = join(root, 'logs');
  mkdirSync(logDir, { recursive: true });

  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopOne of stoppers.reverse()) await stopOne().catch(() => undefined);
    stoppers.length = 0;
    if (ephemeral) rmSync(root, { recursive: true, force: true });
  };

  try {
    const localClients = createAwsClients({
      region: REGION,
      endpoints: { dynamodb: `http://${LOOPBACK}:${ports.dynamodb}`, cognito: `http://${LOOPBACK}:${ports.cognito}` },
    });
    const profiles = profileRepository(localClients.documents, TABLE_NAME);
    const lambda = await startLambdaInvokeServer(
      {
        [TRIGGERS_FUNCTION]: createCognitoTriggers({
          profiles,
          signOutEverywhere: (userPoolId, userId) =>
            cognitoAccounts(localClients.cognito, userPoolId, '').signOutEverywhere(userId),
          untilRevocationSettles,
        }),
      },
      ports.lambda,
    );
    stoppers.push(lambda.stop);

    const [dynamo, cognito, s3] = await Promise.all([
      startDynamoDbLocal({
        port: ports.dynamodb,
        dataDir: ephemeral ? undefined : join(root, 'dynamodb'),
        logFile: join(logDir, 'dynamodb-local.log'),
      }).then((d) => (stoppers.push(d.process.stop), d)),
      startCognitoLocal({
        port: ports.cognito,
        dataDir: join(root, 'cognito'),
        lambdaEndpoint: lambda.url,
        logFile: join(logDir, 'cognito-local.log'),
        onCodeDelivered: options.onCodeDelivered,
      }).then((c) => (stoppers.push(c.process.stop), c)),
      startS3Local({ port: ports.s3, dataDir: join(root, 's3') }).then((s) => (stoppers.push(s.stop), s)),
    ]);

    // Provisioning talks to the emulators through the same SDK clients the API uses.
    const bootstrap = createAwsClients({
      region: REGION,
      endpoints: { dynamodb: dynamo.endpoint, s3: s3.endpoint, cognito: cognito.endpoint },
    });
    const { client: cognitoClient } = await bootstrap.cognito();
    const [{ userPoolId, clientId }] = await Promise.all([
      ensureUserPool(cognitoClient),
      ensureTable(bootstrap.dynamodb, TABLE_NAME),
      bootstrap.s3().then(({ client }) => ensureBucket(client, MEDIA_BUCKET)),
    ]);
    const adminId = await ensureUser(cognitoClient, userPoolId, { ...options.admin, groups: ['admin'] });
    await profiles.create({
      userId: adminId,
      email: options.admin.email,
      displayName: 'Guardian',
      authorName: '',
      ageBand: 'B',
      role: 'admin',
    });

    // The bedrock provider calls the Bedrock twin through the real SDK, in the region the stack deploys to
    // in AWS, with a guardrail named as the CDK app names its own.
    let bedrockTwin: BedrockTwin | undefined;
    if (options.storyProvider === 'bedrock') {
      bedrockTwin = await startBedrockTwin({
        port: options.bedrockTwin?.port ?? 0,
        latency: options.bedrockTwin?.latency,
        ...(options.bedrockTwin?.pictureSize ? { pictureSize: options.bedrockTwin.pictureSize } : {}),
        quotas: options.bedrockTwin?.quotas ?? parseQuotaSetting(process.env.BEDROCK_TWIN_QUOTAS),
      });
      stoppers.push(bedrockTwin.stop);
    }

    // "Read to me": the local narrator's speech engine (eSpeak NG), a process of its own.
    const speechEngine = await startSpeechEngine(logDir);
    stoppers.push(speechEngine.stop);

    const issuer = `${cognito.endpoint}/${userPoolId}`;
    const mediaSigning = localMediaSigningKey(options.dataDir);
    const serverConfig = loadServerConfig({
      AWS_REGION: REGION,
      TABLE_NAME,
      MEDIA_BUCKET,
      USER_POOL_ID: userPoolId,
      AUTH_ISSUER: issuer,
      AUTH_JWKS_URI: `${issuer}/.well-known/jwks.json`,
      AUTH_CLIENT_ID: clientId,
      STORY_PROVIDER: options.storyProvider,
      NARRATOR: 'local',
      SPEECH_ENGINE_URL: speechEngine.url,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      COGNITO_ENDPOINT: cognito.endpoint,
      MEDIA_KEY_PAIR_ID: mediaSigning.keyPairId,
      MEDIA_SIGNING_PRIVATE_KEY: mediaSigning.privateKey,
      ...(bedrockTwin
        ? {
            BEDROCK_ENDPOINT: bedrockTwin.url,
            BEDROCK_REGION: DEFAULT_BEDROCK_REGION,
            BEDROCK_GUARDRAIL_ID: 'storymagictwin',
            BEDROCK_GUARDRAIL_VERSION: '1',
            BEDROCK_STREAM: String(options.bedrockTwin?.stream ?? true),
            // The capacity gate is sized from the twin's quotas, as the deployed one is from the account's.
            ...(bedrockTwin.quotas && options.bedrockTwin?.gate !== false
              ? { BEDROCK_QUOTAS: JSON.stringify(bedrockTwin.quotas) }
              : {}),
          }
        : {}),
      // The web server proxies /api on its own origin; this allows the same origin by its other name too.
      ...(options.web !== 'none'
        ? { ALLOWED_ORIGINS: `http://${LOOPBACK}:${ports.web},http://localhost:${ports.web}` }
        : {}),
    });
    // Prompt templates are seeded on first use in AWS; locally on first start, so admins see them at once.
    const templates = templateRepository(localClients.documents, TABLE_NAME);
    await Promise.all([templates.getActive('story_system'), templates.getActive('image_generation')]);

    // The generation workflow: the same definition and task handler as in AWS, run in this process.
    // WriteStory starts a streamed story's cover through the same starter the API uses (a task starts it).
    const starter: WorkflowStarter = { start: (job) => workflow.start(job) };
    const handleTask = createWorkflowTaskHandler(serverConfig, createAwsClients(serverConfig), starter);
    const workflow = createLocalWorkflowStarter(handleTask, options.retryTiming);
    stoppers.push(() => workflow.idle());
    // Nothing can be running yet (the workflow lives in this process): whatever still says generating was
    // cut off by the last stop. Then the same sweep as AWS's scheduled rule, every minute.
    await handleTask({ task: 'sweepStale', startedBefore: new Date().toISOString() });
    const sweep = setInterval(() => {
      handleTask({ task: 'sweepStale' }).catch((error: unknown) => console.error('stale sweep failed', error));
    }, 60_000);
    sweep.unref();
    stoppers.push(async () => clearInterval(sweep));
    // The retention job (lambdas/retention), as AWS's daily rule runs it; the warnings it would e-mail are
    // written to the log folder instead (logs/inactivity-warnings.log).
    const retention = createRetentionJob(serverConfig, createAwsClients(serverConfig), {
      sendWarning: async (to, deleteOn) => {
        const { subject } = inactivityWarning(deleteOn);
        appendFileSync(join(logDir, 'inactivity-warnings.log'), `${new Date().toISOString()} to ${to}: ${subject}\n`);
      },
    });
    const runRetention = () => void retention().catch((error: unknown) => console.error('retention job failed', error));
    runRetention();
    const daily = setInterval(runRetention, 24 * 60 * 60_000);
    daily.unref();
    stoppers.push(async () => clearInterval(daily));
    const api = await startApiServer(serverConfig, workflow, ports.api);
    stoppers.push(api.stop);

    const appConfig: AppConfig = {
      region: REGION,
      userPoolId,
      userPoolClientId: clientId,
      userPoolEndpoint: cognito.endpoint,
      apiBasePath: '/api',
      mediaBasePath: '/media',
    };
    let webUrl: string | undefined;
    if (options.web !== 'none') {
      const web = await startWebServer({
        mode: options.web,
        port: ports.web,
        apiUrl: api.url,
        mediaUrl: `${s3.endpoint}/${MEDIA_BUCKET}`,
        appConfig,
        trustedMediaKeys: new Map([[mediaSigning.keyPairId, mediaSigning.publicKey]]),
        outDir: options.webOutDir,
      });
      stoppers.push(web.stop);
      webUrl = web.url;
    }

    return {
      urls: {
        ...(webUrl ? { web: webUrl } : {}),
        api: api.url,
        dynamodb: dynamo.endpoint,
        cognito: cognito.endpoint,
        s3: s3.endpoint,
      },
      serverConfig,
      mediaSigning,
      bedrockTwin,
      appConfig,
      admin: options.admin,
      logDir,
      workflowsIdle: () => workflow.idle(),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
