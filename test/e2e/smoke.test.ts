import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runSmoke } from '../../bin/smoke/run-smoke.js';
import { webUrl } from '../support/e2e.js';

describe('npm run smoke against the local stack', () => {
  it('passes every step on a working site and deletes the account it made', async () => {
    const lines: string[] = [];
    const passed = await runSmoke({ url: webUrl, timeoutMs: 60_000, log: (line) => lines.push(line) });
    expect(lines.filter((line) => line.startsWith('✗'))).toEqual([]);
    expect(passed).toBe(true);
    expect(lines.at(-1)).toBe('✓ deleted the account and everything of it');
  });

  it('exits non-zero with a clear line when the site does not answer', () => {
    const run = spawnSync('npx', ['tsx', 'bin/smoke.ts', '--url', 'http://127.0.0.1:9'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^✗ /m);
  });
});
