import { Tracer } from '@aws-lambda-powertools/tracer';
import { traceSdkClientsWith } from '../adapters/sdk-tracing.js';

/**
 * The workflow's SDK calls as X-Ray subsegments (see lambdas/adapters/sdk-tracing.ts). Outside Lambda the
 * tracer switches itself off, so the local stack and the tests send nothing anywhere.
 */
const tracer = new Tracer({ serviceName: 'story-magic' });
traceSdkClientsWith((client) => tracer.captureAWSv3Client(client as never) as typeof client);
