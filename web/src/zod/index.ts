// What `zod` resolves to in the SPA's build (web/vite.config.ts aliases it here): zod itself, evaluated
// only after ./jitless.ts has turned its `new Function` compilation off, so no schema of the app or of
// common/ is ever built with it (test/e2e/content-security-policy.test.ts checks for the violation).
import './jitless';
export * from 'zod/v4';
