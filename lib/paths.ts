import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Absolute paths into the repository. Resolved from this file rather than the working directory, so
 * `cdk synth`, the tests and any other caller bundle the same files wherever they are started from.
 */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export const fromRoot = (...segments: string[]): string => join(repoRoot, ...segments);
