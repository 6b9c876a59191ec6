/**
 * The header CloudFront adds to every request it forwards to the API, holding a secret generated at deploy
 * (Secrets Manager). The API refuses requests without it, so the API's own execute-api URL, which the web
 * ACL does not cover, answers nothing (lambdas/api/origin-guard.ts, lib/constructs/web.ts).
 */
export const ORIGIN_SECRET_HEADER = 'x-story-magic-origin';
