/**
 * How an AWS SDK client joins the X-Ray trace of the call it serves. Every function runs with Lambda's
 * active tracing, which records each invocation and its start-up; only the workflow function adds a
 * subsegment per SDK call (its Bedrock, DynamoDB and S3 calls are where a slow story's time goes), by
 * installing Powertools' tracer here (lambdas/workflow/tracing.ts). The API and the Cognito triggers do
 * not: the X-Ray SDK costs about a third of a cold start, paid by the family waiting for a page.
 */
type ClientTracer = <T>(client: T) => T;

let traceWith: ClientTracer = (client) => client;

/** The workflow's entry installs its tracer once, before any client is made. */
export function traceSdkClientsWith(tracer: ClientTracer): void {
  traceWith = tracer;
}

/** A new SDK client, captured by the installed tracer if there is one (unchanged otherwise). */
export function tracedClient<T>(client: T): T {
  return traceWith(client);
}
