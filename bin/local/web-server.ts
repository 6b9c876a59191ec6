import { createServer, preview, type Plugin, type ProxyOptions } from 'vite';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_CONFIG_PATH } from '#common/app-config-path.js';
import type { AppConfig } from '#common/app-config.js';
import {
  inlineScriptHashes,
  MEDIA_CONTENT_SECURITY_POLICY,
  securityHeadersWith,
  spaContentSecurityPolicy,
} from '#common/security-headers.js';
import { mediaGate, type TrustedMediaKeys } from './media-gate.js';
import { LOOPBACK } from './ports.js';

export type WebMode = 'dev' | 'preview';
export type WebServer = Readonly<{ url: string; stop(): Promise<void> }>;

const configFile = fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url));

/** Answers `/app-config.json` the way the deployed web bucket does in AWS. */
function appConfigPlugin(appConfig: AppConfig): Plugin {
  const body = JSON.stringify(appConfig);
  const middleware = (req: { url?: string | undefined }, res: ServerResponse, next: () => void) => {
    if (req.url?.split('?')[0] !== APP_CONFIG_PATH) return next();
    res.setHeader('content-type', 'application/json');
    res.setHeader('cache-control', 'no-store');
    res.end(body);
  };
  return {
    name: 'story-magic-app-config',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}

/**
 * The security headers CloudFront sends (common/security-headers.ts), by path: the media policy on
 * `/media/*`, the app's on everything else (the SPA, `/app-config.json`, `/api/*`). Only what plain-http
 * loopback and, in dev mode, Vite's hot reload need differs (see LocalServing there).
 */
function securityHeadersFor(opts: { mode: WebMode; url: string; appConfig: AppConfig; page?: string }) {
  const app = securityHeadersWith(
    spaContentSecurityPolicy({
      idpOrigin: new URL(opts.appConfig.userPoolEndpoint ?? opts.url).origin,
      ...(opts.appConfig.feedbackFormUrl ? { frameSources: [new URL(opts.appConfig.feedbackFormUrl).origin] } : {}),
      ...(opts.page ? { inlineScripts: inlineScriptHashes(opts.page) } : {}),
      local: { mode: opts.mode, origin: opts.url },
    }),
  );
  const media = securityHeadersWith(MEDIA_CONTENT_SECURITY_POLICY);
  return (url: string | undefined) => (url?.startsWith(`${opts.appConfig.mediaBasePath}/`) ? media : app);
}

/** Sets the headers on every response: its own, and over whatever a proxied server answered (as CloudFront's override). */
function securityHeadersPlugin(headersOf: ReturnType<typeof securityHeadersFor>): Plugin {
  const middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    for (const [name, value] of Object.entries(headersOf(req.url))) res.setHeader(name, value);
    next();
  };
  return {
    name: 'story-magic-security-headers',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}

/** Private media: `/media/*` only with a signed grant, as CloudFront's trusted key group (media-gate.ts). */
function mediaGatePlugin(gate: ReturnType<typeof mediaGate>): Plugin {
  return {
    name: 'story-magic-media-gate',
    configureServer: (server) => void server.middlewares.use(gate),
    configurePreviewServer: (server) => void server.middlewares.use(gate),
  };
}

/**
 * Serves the SPA on one loopback URL that also answers `/api/*` (the API server) and `/media/*` (the
 * media bucket), the same paths CloudFront routes in AWS. `dev` is Vite's dev server (fast start,
 * hot reload); `preview` serves the production build in `web/dist` (what e2e tests and benchmarks use).
 */
export async function startWebServer(opts: {
  mode: WebMode;
  port: number;
  apiUrl: string;
  mediaUrl: string;
  appConfig: AppConfig;
  /** The public keys whose signed cookies open `/media/*` (the local stack's; CloudFront's key group in AWS). */
  trustedMediaKeys: TrustedMediaKeys;
  /** `preview` only: the production build to serve, when not web/dist (the benchmark builds its own). */
  outDir?: string | undefined;
}): Promise<WebServer> {
  const url = `http://${LOOPBACK}:${opts.port}`;
  // The build's page, whose inline script the policy allows by hash (as the CDK stack does from the same file).
  const page =
    opts.mode === 'preview'
      ? readFileSync(
          join(opts.outDir ?? fileURLToPath(new URL('../../web/dist/', import.meta.url)), 'index.html'),
          'utf8',
        )
      : undefined;
  const headersOf = securityHeadersFor({ mode: opts.mode, url, appConfig: opts.appConfig, ...(page ? { page } : {}) });
  const overrideHeaders: ProxyOptions['configure'] = (proxy) => {
    proxy.on('proxyRes', (proxyRes, req) => {
      for (const [name, value] of Object.entries(headersOf(req.url))) proxyRes.headers[name.toLowerCase()] = value;
    });
  };
  const proxy: Record<string, ProxyOptions> = {
    '/api': { target: opts.apiUrl, configure: overrideHeaders },
    // http-proxy prepends the target's path: /media/x becomes /<bucket>/media/x (path-style S3).
    '/media': { target: opts.mediaUrl, configure: overrideHeaders },
  };
  const shared = {
    configFile,
    plugins: [
      securityHeadersPlugin(headersOf),
      mediaGatePlugin(
        mediaGate({ mediaBasePath: opts.appConfig.mediaBasePath, trustedKeys: opts.trustedMediaKeys, siteUrl: url }),
      ),
      appConfigPlugin(opts.appConfig),
    ],
    logLevel: 'warn' as const,
    clearScreen: false,
  };
  const listen = { port: opts.port, host: LOOPBACK, strictPort: true, proxy };
  if (opts.mode === 'dev') {
    const server = await createServer({ ...shared, server: listen });
    await server.listen();
    return { url, stop: () => server.close() };
  }
  const server = await preview({
    ...shared,
    preview: listen,
    ...(opts.outDir ? { build: { outDir: opts.outDir } } : {}),
  });
  return {
    url,
    stop: () => new Promise<void>((resolve) => server.httpServer.close(() => resolve())),
  };
}
