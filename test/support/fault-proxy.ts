import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP hop between a client and an emulator that answers some requests with a fault instead of
 * forwarding them, so the code under test meets the fault the way it would in AWS (the SDK's own retry
 * and back-off included). `decide` sees each request's number (from 1) and may return a fault.
 */
export async function startFaultProxy(
  target: string,
  decide: (n: number) => { status: number; body: string; contentType: string } | undefined,
): Promise<{ url: string; faults: () => number; requests: () => number; stop: () => Promise<void> }> {
  let requests = 0;
  let faults = 0;
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const fault = decide(++requests);
    if (fault) {
      faults++;
      incoming.resume();
      outgoing.writeHead(fault.status, { 'content-type': fault.contentType }).end(fault.body);
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    faults: () => faults,
    requests: () => requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** DynamoDB's answer when a table is over its throughput: retryable, with back-off. */
export const DYNAMODB_THROTTLE = {
  status: 400,
  contentType: 'application/x-amz-json-1.0',
  body: JSON.stringify({
    __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
    message: 'The level of configured provisioned throughput for the table was exceeded.',
  }),
};
