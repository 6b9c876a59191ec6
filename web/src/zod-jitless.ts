/**
 * Zod compiles fast parsers with `new Function`, and probes for it as each object schema is built. The app's
 * Content-Security-Policy has no 'unsafe-eval', so the probe is refused and reported as a violation (in AWS
 * too). Zod keeps its settings on this global and reads `jitless` when a schema is built, so the entry sets
 * it as its very first import, before any chunk builds a schema, without pulling zod into the landing page.
 */
type ZodGlobalConfig = { jitless?: boolean };
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: ZodGlobalConfig };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
