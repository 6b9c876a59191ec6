import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOOPBACK } from '../local/ports.js';

/**
 * An HTTP/2 (TLS) front for the local web server, for the Lighthouse bench only: CloudFront serves the
 * app over HTTP/2 and 3, the local server over HTTP/1.1, and Lighthouse's simulated phone models the two
 * differently (one multiplexed connection against up to six, each with its own handshake and slow start).
 * Each request is passed on unchanged to the local web server over loopback. The certificate is a
 * throwaway made by `openssl` for 127.0.0.1; the bench's Chromium is told to accept it.
 */
export async function startHttp2Front(targetUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'story-magic-h2-'));
  const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${LOOPBACK}`].concat([
      '-addext',
      `subjectAltName=IP:${LOOPBACK}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]),
    { stdio: 'ignore' },
  );
  const target = new URL(targetUrl);
  const server = createSecureServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (req, res) =>
    passOn(req, res, target),
  );
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://${LOOPBACK}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers HTTP/2 forbids (RFC 9113 §8.2.2), dropped from the upstream's HTTP/1.1 answer. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function passOn(req: Http2ServerRequest, res: Http2ServerResponse, target: URL) {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(':')) headers[name] = value;
  headers.host = target.host;
  const upstream = request(
    { hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers },
    (answer) => {
      const out: IncomingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!CONNECTION_HEADERS.has(name)) out[name] = value;
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}
