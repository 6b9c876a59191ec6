import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * Logs, metrics and traces for every Lambda and for the local stack, through Powertools for AWS Lambda.
 *
 * - Logs are JSON lines with the request's correlation id. What a log line may carry is typed: ids,
 *   counts, codes and step names (`LogFields`), never a name, an e-mail, a token or story text. Error
 *   objects are reduced to their name and their message's first 300 characters; our own errors name
 *   the failing step and code, never the family's words.
 * - Metrics are CloudWatch embedded-metric-format lines (no API call, no IAM), one namespace, counted
 *   per event below and flushed at the end of each request or task.
 * - Traces: Lambda active tracing (X-Ray) in AWS for every function; the workflow's SDK calls are
 *   subsegments too (sdk-tracing.ts says why only the workflow's).
 *
 * Locally everything prints to the console, as in Lambda.
 */
const SERVICE = 'story-magic';

export const logger = new Logger({ serviceName: SERVICE });
export const metrics = new Metrics({ namespace: 'StoryMagic', serviceName: SERVICE });

/** What the operator counts: the product's health at a glance, and the alarms' raw material. */
export type ProductMetric =
  | 'StoryStarted'
  | 'StoryReady'
  | 'StoryFailed'
  | 'PicturePainted'
  | 'PictureFiltered'
  | 'PictureFailed'
  | 'RateLimitRefused'
  | 'InactiveAccountWarned'
  | 'InactiveAccountDeleted'
  | 'InactiveAccountNotWarned'
  | 'InactiveAccountWarningRefused'
  | 'InactiveAccountSweepFailed';

export function countMetric(metric: ProductMetric, value = 1): void {
  metrics.addMetric(metric, MetricUnit.Count, value);
}

/**
 * How long work waited in line for Bedrock capacity before it started, per lane (story, picture-express,
 * picture-studio): the queue-age alarm's metric (lib/constructs/alarms.ts).
 */
export function lineWaitMetric(lane: string, seconds: number): void {
  metrics.addMetric(`LineWaitSeconds-${lane}`, MetricUnit.Seconds, seconds);
}

/** Writes the metrics counted so far (a no-op when none were: no empty-metrics warning per request). */
export function publishMetrics(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}

/** The values a log line may carry: ids, counts, codes, step names. No free text from a family. */
export type LogFields = Readonly<Record<string, string | number | boolean | undefined>>;

// One correlation id per request or task, kept per async context: the local stack serves many requests
// at once from one process, so a logger-wide key would leak between them.
const correlation = new AsyncLocalStorage<string>();

/** Runs `work` with a correlation id that every log line written inside it carries. */
export function withCorrelationId<T>(id: string | undefined, work: () => T): T {
  return correlation.run(id || randomUUID(), work);
}

function fieldsOf(fields: LogFields | undefined): Record<string, unknown> {
  const id = correlation.getStore();
  return { ...(id ? { correlationId: id } : {}), ...fields };
}

/** An error as a log may show it: its kind and the start of its message (our messages carry codes, not text). */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error) return { errorName: error.name, errorMessage: error.message.slice(0, 300) };
  return { errorName: typeof error };
}

export const log = {
  info: (message: string, fields?: LogFields) => logger.info(message, fieldsOf(fields)),
  warn: (message: string, fields?: LogFields) => logger.warn(message, fieldsOf(fields)),
  error: (message: string, fields?: LogFields) => logger.error(message, fieldsOf(fields)),
};

/**
 * Wraps a Lambda-style handler (workflow tasks, Cognito triggers): each call runs with a correlation id
 * taken from its input (a story id for the workflow, so its lines join the API's) and flushes its metrics.
 */
export function observeInvocation<I, O>(
  handler: (input: I) => Promise<O>,
  correlationIdOf: (input: I) => string | undefined,
): (input: I) => Promise<O> {
  return (input) =>
    withCorrelationId(correlationIdOf(input), async () => {
      try {
        return await handler(input);
      } finally {
        publishMetrics();
      }
    });
}
