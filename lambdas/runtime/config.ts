import * as z from 'zod';
import { parseQuotaSetting, UNLIMITED } from '#common/models/quotas.js';
import { laneRates, type Lane, type LaneRate } from '../data/capacity/sizing.js';

/**
 * Server configuration, read from the environment once per process. The same names are set by the CDK
 * api construct in AWS and by the local stack for `npm start`; only the values differ.
 */
/** What every function needs: the table, and the emulator endpoints locally. */
const dataEnvSchema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  /** Local-only endpoints of the emulators; absent in AWS, where the SDK's defaults apply. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  COGNITO_ENDPOINT: z.url().optional(),
});

const envSchema = dataEnvSchema.extend({
  MEDIA_BUCKET: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  /** JWT issuer (`https://cognito-idp.<region>.amazonaws.com/<pool>` in AWS, cognito-local's URL locally). */
  AUTH_ISSUER: z.url(),
  AUTH_JWKS_URI: z.url(),
  AUTH_CLIENT_ID: z.string().min(1),
  /** Story and illustration provider: `local` (offline, the default) or `bedrock`. */
  STORY_PROVIDER: z.enum(['local', 'bedrock']).default('local'),
  /** Step Functions state machine ARN in AWS; absent locally, where the same definition runs in-process. */
  WORKFLOW_ARN: z.string().min(1).optional(),
  /**
   * Origins allowed to call the API from a browser (comma-separated). The SPA calls it on its own origin
   * (CloudFront forwards /api, the local web server proxies it), so by default no other origin may.
   */
  /** The Bedrock guardrail for every text call and picture prompt (bedrock provider); version defaults to DRAFT. */
  BEDROCK_GUARDRAIL_ID: z.string().min(1).optional(),
  /** The region Bedrock is called in (the deployed stack's region in AWS); defaults to AWS_REGION. */
  BEDROCK_REGION: z.string().min(1).optional(),
  /** Local-only: the Bedrock twin (bin/local/bedrock-twin) the real SDK client is pointed at. */
  BEDROCK_ENDPOINT: z.url().optional(),
  BEDROCK_GUARDRAIL_VERSION: z.string().min(1).default('DRAFT'),
  /**
   * The account's Bedrock quotas the capacity gate admits work against (common/models/quotas.ts: `defaults`
   * or JSON; set by the CDK app from `-c bedrockQuotas`, by the local stack from the Bedrock twin's).
   * Absent: nothing limits the lines (the local provider).
   */
  BEDROCK_QUOTAS: z.string().optional(),
  /** Who reads stories aloud: Amazon Polly (AWS, the default) or the local stack's speech engine. */
  NARRATOR: z.enum(['polly', 'local']).default('polly'),
  /** Polly's neural voice. */
  NARRATION_VOICE: z.string().min(1).default('Joanna'),
  /** Local-only: the speech engine (bin/local/speech-engine) the local narrator calls. */
  SPEECH_ENGINE_URL: z.url().optional(),
  /**
   * `true` (default): the story is streamed and its cover painted while the text is written. `false`: the
   * strictly sequential workflow (whole answer, then the cover), kept so the benchmark can compare both.
   */
  BEDROCK_STREAM: z.enum(['true', 'false']).default('true'),
  /**
   * AWS only: the secret CloudFront adds to API requests (common/origin-header.ts); requests without it
   * are refused. Unset locally, where the web server proxies /api and no other URL exists: no check.
   */
  ORIGIN_SECRET: z.string().min(32).optional(),
  /** AWS only: the SSM parameter holding the CloudFront distribution id, for invalidating deleted pictures. */
  MEDIA_DISTRIBUTION_PARAMETER: z.string().min(1).optional(),
  /**
   * Private media (lambdas/adapters/media-grants.ts): the id CloudFront knows the signing key pair by, and its
   * private key: in AWS the SSM SecureString parameter holding it, locally the PEM itself (the local stack
   * makes one). Without them the API grants no media cookies.
   */
  MEDIA_KEY_PAIR_ID: z.string().min(1).optional(),
  MEDIA_SIGNING_KEY_PARAMETER: z.string().min(1).optional(),
  MEDIA_SIGNING_PRIVATE_KEY: z.string().min(1).optional(),
  /** The verified SES sender of the inactive-account warning (`-c mailFrom`); unset: no warning, no deletion. */
  MAIL_FROM: z.email().optional(),
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
});

export type DataConfig = Readonly<{
  region: string;
  tableName: string;
  endpoints: Readonly<{ dynamodb?: string | undefined; s3?: string | undefined; cognito?: string | undefined }>;
}>;

export type ServerConfig = DataConfig &
  Readonly<{
    mediaBucket: string;
    /** Unset locally, where no CDN caches media (lambdas/adapters/media-cdn.ts). */
    mediaDistributionParameter: string | undefined;
    /** The SES sender of the inactive-account warning (lambdas/retention); undefined: none is sent. */
    mailFrom: string | undefined;
    /** Signed media cookies: the key pair id, with the private key or the SSM parameter holding it. */
    mediaSigning:
      | Readonly<{ keyPairId: string; privateKey?: string | undefined; privateKeyParameter?: string | undefined }>
      | undefined;
    /** The CloudFront origin secret; undefined locally, where the API checks no origin header. */
    originSecret: string | undefined;
    userPoolId: string;
    auth: Readonly<{ issuer: string; jwksUri: string; clientId: string }>;
    storyProvider: 'local' | 'bedrock';
    workflowArn: string | undefined;
    allowedOrigins: readonly string[];
    guardrail: Readonly<{ id: string; version: string }> | undefined;
    bedrock: Readonly<{ region: string; endpoint: string | undefined; stream: boolean }>;
    narration: Readonly<{ kind: 'polly'; voice: string }> | Readonly<{ kind: 'local'; endpoint: string }>;
    /** Each line's rate, from the account's Bedrock quotas (unlimited without them). */
    capacity: Readonly<Record<Lane, LaneRate>>;
  }>;

function parse<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.infer<T> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid server configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** For functions that only touch the table (Cognito triggers). */
export function loadDataConfig(env: NodeJS.ProcessEnv = process.env): DataConfig {
  const e = parse(dataEnvSchema, env);
  return {
    region: e.AWS_REGION,
    tableName: e.TABLE_NAME,
    endpoints: { dynamodb: e.DYNAMODB_ENDPOINT, s3: e.S3_ENDPOINT, cognito: e.COGNITO_ENDPOINT },
  };
}

export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const e = parse(envSchema, env);
  return {
    ...loadDataConfig(env),
    mediaBucket: e.MEDIA_BUCKET,
    mediaDistributionParameter: e.MEDIA_DISTRIBUTION_PARAMETER,
    mailFrom: e.MAIL_FROM,
    mediaSigning:
      e.MEDIA_KEY_PAIR_ID && (e.MEDIA_SIGNING_PRIVATE_KEY || e.MEDIA_SIGNING_KEY_PARAMETER)
        ? {
            keyPairId: e.MEDIA_KEY_PAIR_ID,
            privateKey: e.MEDIA_SIGNING_PRIVATE_KEY,
            privateKeyParameter: e.MEDIA_SIGNING_KEY_PARAMETER,
          }
        : undefined,
    originSecret: e.ORIGIN_SECRET,
    userPoolId: e.USER_POOL_ID,
    auth: { issuer: e.AUTH_ISSUER, jwksUri: e.AUTH_JWKS_URI, clientId: e.AUTH_CLIENT_ID },
    storyProvider: e.STORY_PROVIDER,
    workflowArn: e.WORKFLOW_ARN,
    allowedOrigins: e.ALLOWED_ORIGINS,
    guardrail: e.BEDROCK_GUARDRAIL_ID
      ? { id: e.BEDROCK_GUARDRAIL_ID, version: e.BEDROCK_GUARDRAIL_VERSION }
      : undefined,
    bedrock: {
      region: e.BEDROCK_REGION ?? e.AWS_REGION,
      endpoint: e.BEDROCK_ENDPOINT,
      stream: e.BEDROCK_STREAM === 'true',
    },
    narration: narrationConfig(e),
    capacity: laneRates(parseQuotaSetting(e.BEDROCK_QUOTAS, 'BEDROCK_QUOTAS') ?? UNLIMITED),
  };
}

function narrationConfig(e: z.infer<typeof envSchema>): ServerConfig['narration'] {
  if (e.NARRATOR === 'polly') return { kind: 'polly', voice: e.NARRATION_VOICE };
  if (!e.SPEECH_ENGINE_URL) throw new Error('Invalid server configuration: NARRATOR=local needs SPEECH_ENGINE_URL');
  return { kind: 'local', endpoint: e.SPEECH_ENGINE_URL };
}
