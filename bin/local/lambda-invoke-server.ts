import { Hono } from 'hono';
import { serveOnLoopback, type LoopbackServer } from './loopback-server.js';

export type LambdaFunctions = Record<string, (event: unknown) => Promise<unknown>>;
export type LambdaInvokeServer = LoopbackServer;

/**
 * The Lambda Invoke API (`POST /2015-03-31/functions/{name}/invocations`) for the functions cognito-local
 * calls as triggers. It runs the same handlers the Lambdas export, and reports a thrown error the way
 * Lambda does (`X-Amz-Function-Error: Unhandled` with `errorMessage`), so cognito-local turns it into the
 * same UserLambdaValidationException that Cognito returns.
 */
export async function startLambdaInvokeServer(functions: LambdaFunctions, port: number): Promise<LambdaInvokeServer> {
  const app = new Hono();
  app.post('/2015-03-31/functions/:name/invocations', async (c) => {
    const fn = functions[c.req.param('name')];
    if (!fn) return c.json({ Type: 'User', message: `Function not found: ${c.req.param('name')}` }, 404);
    try {
      return c.json((await fn(await c.req.json())) ?? null);
    } catch (error) {
      const errorMessage = error instanceof Error ? error.message : String(error);
      return c.json({ errorMessage, errorType: 'Error' }, 200, { 'X-Amz-Function-Error': 'Unhandled' });
    }
  });
  return serveOnLoopback(app.fetch, port);
}
