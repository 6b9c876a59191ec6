import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_READS, type EarlyReads } from '#common/early-reads';
import { api } from '../src/api/client';
import { server } from './support/fake-api';

/**
 * The first API reads of a signed-in screen, started by the page's early script (web/build/preload-screen.ts)
 * before the app's code has run: the client answers from them once, and only when they were sent with the
 * session's own token (the mocked session's is "test-access-token", see support/setup.ts).
 */
const early = window as unknown as Record<string, EarlyReads | undefined>;

function leaveEarlyRead(token: string, path: string, answer: Promise<Response>): void {
  early[EARLY_READS] = { token, reads: new Map([[path, answer]]) };
}

/** Answers GET /api/probe from the server, counting the requests that reach it. */
function serverProbe() {
  const served = { count: 0 };
  server.use(
    http.get('/api/probe', () => {
      served.count++;
      return HttpResponse.json({ from: 'server' });
    }),
    http.post('/api/probe', () => {
      served.count++;
      return HttpResponse.json({ from: 'server' });
    }),
  );
  return served;
}

const earlyAnswer = () => Promise.resolve(Response.json({ from: 'early' }));

afterEach(() => {
  early[EARLY_READS] = undefined;
});

describe('reads the early script started', () => {
  it('answers the first read from the early request, and the next one from the server', async () => {
    const served = serverProbe();
    leaveEarlyRead('test-access-token', '/probe', earlyAnswer());
    await expect(api('/probe')).resolves.toEqual({ from: 'early' });
    expect(served.count).toBe(0);
    await expect(api('/probe')).resolves.toEqual({ from: 'server' });
    expect(served.count).toBe(1);
  });

  it('asks the server when the early read was sent with another token (a session refreshed or changed since)', async () => {
    const served = serverProbe();
    leaveEarlyRead('another-users-token', '/probe', earlyAnswer());
    await expect(api('/probe')).resolves.toEqual({ from: 'server' });
    expect(served.count).toBe(1);
    // Dropped, not kept for later.
    expect(early[EARLY_READS]?.reads.has('/probe')).toBe(false);
  });

  it('asks the server when the early read failed on the way', async () => {
    const served = serverProbe();
    leaveEarlyRead('test-access-token', '/probe', Promise.reject(new TypeError('Failed to fetch')));
    await expect(api('/probe')).resolves.toEqual({ from: 'server' });
    expect(served.count).toBe(1);
  });

  it('takes the server’s refusal in the early answer as the answer', async () => {
    const served = serverProbe();
    const refusal = Response.json({ error: { code: 'NOT_FOUND', message: 'Story not found' } }, { status: 404 });
    leaveEarlyRead('test-access-token', '/probe', Promise.resolve(refusal));
    await expect(api('/probe')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Story not found' });
    expect(served.count).toBe(0);
  });

  it('never answers a write, nor a read of another path, from an early read', async () => {
    const served = serverProbe();
    leaveEarlyRead('test-access-token', '/probe', earlyAnswer());
    await expect(api('/probe', { method: 'POST', body: '{}' })).resolves.toEqual({ from: 'server' });
    await expect(api('/me')).resolves.toMatchObject({ displayName: expect.any(String) });
    expect(served.count).toBe(1);
    // Still there for the read it was made for.
    await expect(api('/probe')).resolves.toEqual({ from: 'early' });
  });
});
