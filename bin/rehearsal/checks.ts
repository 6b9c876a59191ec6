import type { Rehearsal } from './rehearsal.js';

/**
 * What an operator checks on a rehearsal beyond the smoke test's family journey: that the site's edge
 * answers as CloudFront and API Gateway would (the app shell on any address, its security headers, the
 * authorizer in front of the API, the origin secret behind it), that deleting pictures reached the CDN,
 * that no function failed, and that a family's words were kept nowhere they need not be.
 */
export type CheckResult = Readonly<{ ok: boolean; line: string }>;

const pass = (line: string): CheckResult => ({ ok: true, line: `✓ ${line}` });
const fail = (line: string): CheckResult => ({ ok: false, line: `✗ ${line}` });

/** The edge, before any family: the app shell, its headers, and the API's doors. */
export async function edgeChecks(site: string, apiUrl: string): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const path of ['/', '/library', '/story/00000000-0000-4000-8000-000000000000']) {
    const response = await fetch(`${site}${path}`);
    const html = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    results.push(
      response.ok && html.includes('<div id="root">') && csp.includes("default-src 'self'")
        ? pass(`${path} serves the app shell with its content security policy`)
        : fail(`${path}: ${response.status}, ${response.headers.get('content-type') ?? ''}, CSP "${csp.slice(0, 60)}"`),
    );
  }
  const anonymous = await fetch(`${site}/api/me`);
  const body = await anonymous.text();
  results.push(
    anonymous.status === 401 && body === JSON.stringify({ message: 'Unauthorized' })
      ? pass('API Gateway refuses /api/me without a token before the function runs')
      : fail(`/api/me without a token: ${anonymous.status} ${body.slice(0, 100)}`),
  );
  // A visitor reads a story whose link is open: API Gateway lets its reader routes through without a token,
  // and the app answers (here: no such story).
  const visitor = await fetch(`${site}/api/stories/00000000-0000-4000-8000-000000000000`);
  const visitorBody = (await visitor.json().catch(() => ({}))) as { error?: { code?: string } };
  results.push(
    visitor.status === 404 && visitorBody.error?.code === 'STORY_NOT_FOUND'
      ? pass("a visitor without a token reaches the app's story route (404 for a story that is not there)")
      : fail(`GET /api/stories/{id} without a token: ${visitor.status} ${JSON.stringify(visitorBody).slice(0, 100)}`),
  );
  // Private pictures and sound: /media/* asks for the signed cookies the API grants.
  const unsigned = await fetch(`${site}/media/stories/00000000-0000-4000-8000-000000000000/cover.png`);
  const unsignedBody = await unsigned.text();
  results.push(
    unsigned.status === 403 && unsignedBody.includes('MissingKey')
      ? pass('CloudFront refuses /media/* without signed cookies (403 MissingKey)')
      : fail(`/media/* without signed cookies: ${unsigned.status} ${unsignedBody.slice(0, 100)}`),
  );
  // The API's own address skips CloudFront and its web ACL: without the origin secret, the API refuses.
  const around = await fetch(`${apiUrl}/api/health`);
  const aroundBody = (await around.json().catch(() => ({}))) as { error?: { code?: string } };
  results.push(
    around.status === 403 && aroundBody.error?.code === 'FORBIDDEN'
      ? pass('the API refuses a call to its own address (around CloudFront, without the origin secret)')
      : fail(`/api/health around CloudFront: ${around.status} ${JSON.stringify(aroundBody).slice(0, 100)}`),
  );
  return results;
}

/** After the smoke test: what it left behind. */
export function afterSmokeChecks(rehearsal: Rehearsal, familyWords: readonly string[]): CheckResult[] {
  const results: CheckResult[] = [];
  const invalidated = rehearsal.controlPlane.invalidations().flatMap((each) => each.paths);
  results.push(
    invalidated.some((path) => path.startsWith('/media/stories/'))
      ? pass(
          `deleting the account invalidated its ${invalidated.length} media paths at the CDN (through the SSM parameter)`,
        )
      : fail('deleting the account invalidated no media path at the CDN'),
  );
  for (const fn of rehearsal.functions()) {
    results.push(
      fn.errors === 0
        ? pass(`${fn.name}: ${fn.invocations} invocations, none failed`)
        : fail(`${fn.name}: ${fn.errors} of ${fn.invocations} invocations failed: ${fn.errorMessages.join('; ')}`),
    );
  }
  for (const [name, text] of Object.entries(rehearsal.functionLogs())) {
    const errors = text.split('\n').filter((line) => line.includes('"level":"ERROR"'));
    if (errors.length) results.push(fail(`${name} logged ${errors.length} errors: ${errors[0]?.slice(0, 300) ?? ''}`));
  }
  const failed = rehearsal.controlPlane.executions().filter((each) => each.status !== 'SUCCEEDED');
  results.push(
    failed.length === 0
      ? pass(`every Step Functions execution succeeded (${rehearsal.controlPlane.executions().length})`)
      : fail(
          `executions not succeeded: ${failed.map((each) => `${each.name} ${each.status} ${each.error ?? ''}`).join('; ')}`,
        ),
  );
  const leaks: string[] = [];
  for (const [name, text] of Object.entries(rehearsal.functionLogs())) {
    for (const word of familyWords) if (text.includes(word)) leaks.push(`"${word}" in the log of ${name}`);
  }
  for (const execution of rehearsal.controlPlane.executions()) {
    const history = execution.history.join('\n');
    for (const word of familyWords)
      if (history.includes(word)) leaks.push(`"${word}" in execution ${execution.name}'s history`);
  }
  results.push(
    leaks.length === 0
      ? pass(`the family's words (${familyWords.join(', ')}) are in no function log and no execution history`)
      : fail(`a family's words were kept: ${leaks.join('; ')}`),
  );
  return results;
}
