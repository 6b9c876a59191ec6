import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { parseAgeBandConfig } from '../../common/age-band-config.ts';

/** The age-band configuration files live once, in common/config/: the server bundles them from there. */
const CONFIG_DIR = new URL('../../common/config/', import.meta.url);
const FILES = ['age-band-a.json', 'age-band-b.json'] as const;
const PUBLIC_PATH = /^\/config\/(age-band-[ab]\.json)(?:\?.*)?$/;

const read = (file: string) => readFileSync(new URL(file, CONFIG_DIR));

/**
 * The file, if the schema accepts it. The SPA trusts what it is served (common/age-band-config-file.ts),
 * so this is where a broken configuration stops: the build, and so the deploy, fails and says where.
 */
export function checkedBandConfig(file: string, bytes: Buffer): Buffer {
  const parsed = parseAgeBandConfig(JSON.parse(bytes.toString('utf8')) as unknown);
  if (!parsed.ok) throw new Error(`${parsed.code}: common/config/${file}: ${parsed.message}`);
  return bytes;
}

/**
 * SPEC §4 has the SPA load them with a static GET of /config/age-band-{a,b}.json: this publishes the same
 * files at that address, in the build's output (and so in the web bucket) and from the dev server.
 */
export function publishBandConfigs(): Plugin {
  return {
    name: 'story-magic:band-configs',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = PUBLIC_PATH.exec(req.url ?? '')?.[1];
        if (!file) return next();
        res.setHeader('content-type', 'application/json');
        res.end(checkedBandConfig(file, read(file)));
      });
    },
    generateBundle() {
      for (const file of FILES) {
        this.emitFile({ type: 'asset', fileName: `config/${file}`, source: checkedBandConfig(file, read(file)) });
      }
    },
  };
}
