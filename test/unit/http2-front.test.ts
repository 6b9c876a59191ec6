import { createServer, type Server } from 'node:http';
import { connect } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttp2Front } from '../../bin/bench/http2-front.js';

/** The Lighthouse bench's HTTP/2 front passes each request on to the local web server, as CloudFront would. */
describe('the bench’s HTTP/2 front', () => {
  let upstream: Server;
  let front: Awaited<ReturnType<typeof startHttp2Front>>;
  const seen: { method?: string; url?: string; host?: string; body: string }[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, host: req.headers.host, body });
        if (req.url === '/missing') return void res.writeHead(404).end('not here');
        // keep-alive and connection are HTTP/1.1's own: HTTP/2 forbids them, the front must drop them.
        res.writeHead(200, { 'content-type': 'text/plain', 'x-policy': 'kept', connection: 'keep-alive' });
        res.end(`${req.method} ${req.url} ${body}`);
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    front = await startHttp2Front(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await front.stop();
    await new Promise((resolve) => upstream.close(resolve));
  });

  async function ask(path: string, method = 'GET', body?: string) {
    const session = connect(front.url, { rejectUnauthorized: false });
    try {
      const stream = session.request({ ':path': path, ':method': method });
      if (body) stream.write(body);
      stream.end();
      const headers = await new Promise<Record<string, unknown>>((resolve) => stream.on('response', resolve));
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      return { status: headers[':status'], headers, text };
    } finally {
      session.close();
    }
  }

  it('answers over HTTP/2 with the local server’s status, headers and body', async () => {
    expect(front.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const answer = await ask('/home?x=1');
    expect(answer).toMatchObject({ status: 200, text: 'GET /home?x=1 ' });
    expect(answer.headers['x-policy']).toBe('kept');
    expect(answer.headers.connection).toBeUndefined();
    expect((await ask('/missing')).status).toBe(404);
  });

  it('passes a request’s method and body on, addressed to the local server', async () => {
    const answer = await ask('/api/things', 'POST', '{"a":1}');
    expect(answer.text).toBe('POST /api/things {"a":1}');
    expect(seen.at(-1)?.host).toMatch(/^127\.0\.0\.1:\d+$/);
  });
});
