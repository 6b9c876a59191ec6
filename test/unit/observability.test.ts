import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { countMetric, log, observeInvocation } from '../../lambdas/runtime/observability.js';
import { captureLogs, type LogLine } from '../support/logs.js';

type EmfLine = LogLine & { _aws?: { CloudWatchMetrics?: { Namespace?: string; Metrics?: { Name: string }[] }[] } };

const metricLines = (lines: LogLine[]) => (lines as EmfLine[]).filter((line) => line._aws?.CloudWatchMetrics);

describe('observability', () => {
  it("flushes an invocation's counts as one embedded-metric line in the StoryMagic namespace", async () => {
    const logs = captureLogs();
    try {
      const handler = observeInvocation(
        async (input: { storyId: string }) => {
          countMetric('StoryReady');
          countMetric('PicturePainted', 3);
          return input.storyId;
        },
        (input) => input.storyId,
      );
      expect(await handler({ storyId: 's-1' })).toBe('s-1');
    } finally {
      logs.stop();
    }
    const [emf, ...more] = metricLines(logs.lines);
    expect(more).toEqual([]);
    expect(emf?._aws?.CloudWatchMetrics?.[0]?.Namespace).toBe('StoryMagic');
    expect(emf).toMatchObject({ StoryReady: 1, PicturePainted: 3, service: 'story-magic' });
  });

  it('writes no metric line for an invocation that counted nothing', async () => {
    const logs = captureLogs();
    try {
      await observeInvocation(
        async () => undefined,
        () => undefined,
      )(undefined);
    } finally {
      logs.stop();
    }
    expect(logs.text()).toBe('');
  });

  it('gives each concurrent invocation its own correlation id on every line it logs', async () => {
    const logs = captureLogs();
    const handler = observeInvocation(
      async (input: { storyId: string; wait: number }) => {
        log.info('before', { step: 'one' });
        await new Promise((resolve) => setTimeout(resolve, input.wait));
        log.warn('after', { step: 'two' });
      },
      (input) => input.storyId,
    );
    try {
      await Promise.all([handler({ storyId: 'a', wait: 20 }), handler({ storyId: 'b', wait: 1 })]);
    } finally {
      logs.stop();
    }
    const lines = logs.lines.filter((line) => line.step);
    expect(lines).toHaveLength(4);
    for (const id of ['a', 'b']) {
      expect(
        lines
          .filter((line) => line.correlationId === id)
          .map((line) => line.message)
          .sort(),
      ).toEqual(['after', 'before']);
    }
  });

  it('makes up a correlation id when the caller has none', async () => {
    const logs = captureLogs();
    try {
      await observeInvocation(
        async () => log.error('failed', { code: 'X' }),
        () => undefined,
      )(randomUUID());
    } finally {
      logs.stop();
    }
    expect(logs.lines[0]).toMatchObject({ level: 'ERROR', message: 'failed', code: 'X' });
    expect(String(logs.lines[0]?.correlationId)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
