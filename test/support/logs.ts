import { vi } from 'vitest';

export type LogLine = Record<string, unknown>;

/**
 * Captures what the code under test writes to stdout and stderr (Powertools' logger and its metrics write
 * there, as Lambda reads them), parsed as JSON lines. Call `stop()` before asserting.
 */
export function captureLogs(): { lines: LogLine[]; text(): string; stop(): void } {
  const raw: string[] = [];
  const spies = [process.stdout, process.stderr].map((stream) =>
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      raw.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }),
  );
  const lines: LogLine[] = [];
  return {
    lines,
    text: () => raw.join(''),
    stop() {
      for (const spy of spies) spy.mockRestore();
      for (const line of raw.join('').split('\n')) {
        if (!line.trim().startsWith('{')) continue;
        try {
          lines.push(JSON.parse(line) as LogLine);
        } catch {
          // not a JSON line: the assertions read text() for those
        }
      }
    },
  };
}
