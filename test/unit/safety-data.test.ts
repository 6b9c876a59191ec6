import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { safetyTables } from '../../bin/safety-data.js';

describe('the safety data tables', () => {
  it('are what bin/safety-data.ts makes of the public lists (regenerate them when a list or a rule changes)', async () => {
    const tables = await safetyTables();
    expect(tables.size).toBe(4);
    for (const [file, text] of tables) expect(readFileSync(file, 'utf8'), file).toBe(text);
  }, 60_000);
});
