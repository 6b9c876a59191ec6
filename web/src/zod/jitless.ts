import { config } from 'zod/v4/core';

// Zod compiles fast parsers with `new Function`, deciding so (with a probe that calls it) as each object
// schema is built; the app's Content-Security-Policy has no 'unsafe-eval', so the probe is refused and
// reported as a violation. Set before any schema is built: see ./index.ts.
config({ jitless: true });
