import { describe, expect, it } from 'vitest';
import { createLocalWorkflow, loadDefinition } from '../../bin/local/workflow-runner.js';
import { PROVIDER_ERRORS, ProviderError, type ProviderErrorCode } from '../../lambdas/workflow/providers/types.js';

type Call = { task: string } & Record<string, unknown>;

/** Drives the real definition with scripted task results, recording which tasks ran in which order. */
function scripted(results: Record<string, (call: Call, count: number) => unknown>) {
  const calls: Call[] = [];
  const workflow = createLocalWorkflow((input) => {
    const call = input as Call;
    calls.push(call);
    const count = calls.filter((c) => c.task === call.task).length;
    const result = results[call.task]?.(call, count);
    if (result instanceof Error) throw result;
    return (result ?? {}) as never;
  });
  return { calls, run: () => workflow.run({ job: { storyId: 'story-1' } }) };
}

describe('generation workflow definition', () => {
  it('routes every Task state to its failure handler on any error, so a failure always frees the slot', () => {
    const { States } = loadDefinition();
    for (const [name, state] of Object.entries(
      States as Record<string, { Type: string; Catch?: { Next: string }[] }>,
    )) {
      if (state.Type !== 'Task' || name === 'MarkFailed' || name === 'MarkImageFailed') continue;
      // The text is saved before the cover: a cover that fails leaves a readable story.
      const handler = name === 'PaintImage' ? 'MarkImageFailed' : name === 'PaintCover' ? 'MarkReady' : 'MarkFailed';
      expect(
        state.Catch?.map((c) => c.Next),
        name,
      ).toEqual([handler]);
    }
  });

  it('runs an image job straight to PaintImage, and to markImageFailed when painting keeps failing', async () => {
    const calls: Call[] = [];
    const workflow = createLocalWorkflow((input) => {
      const call = input as Call;
      calls.push(call);
      if (call.task === 'paintImage') throw new Error('filtered');
      return {};
    });
    await expect(workflow.run({ job: { storyId: 's', kind: 'image', jobId: 'j' } })).rejects.toThrow();
    expect(calls.map((c) => c.task)).toEqual(['paintImage', 'paintImage', 'paintImage', 'markImageFailed']);
  });

  it('runs build → write → check → save → cover → ready on the happy path', async () => {
    const { calls, run } = scripted({ checkStory: () => ({ valid: true, attemptsLeft: 2 }) });
    await run();
    expect(calls.map((c) => c.task)).toEqual([
      'buildPrompt',
      'writeStory',
      'checkStory',
      'saveStory',
      'paintCover',
      'markReady',
    ]);
  });

  it('rewrites a rejected draft while attempts are left, then gives up and marks the story failed', async () => {
    const { calls, run } = scripted({
      checkStory: (_call, count) => ({ valid: false, attemptsLeft: 2 - count, nextPrompt: { attempt: count + 1 } }),
    });
    await expect(run()).rejects.toThrow(/GenerationFailed|could not be generated/);
    expect(calls.map((c) => c.task)).toEqual([
      'buildPrompt',
      'writeStory',
      'checkStory',
      'writeStory',
      'checkStory',
      'markFailed',
    ]);
    expect(calls[3]?.prompt).toEqual({ attempt: 2 });
    expect(calls.at(-1)?.failure).toMatchObject({ Error: 'StoryRejected' });
  });

  it('marks the story failed with the cause when a task keeps throwing', async () => {
    const { calls, run } = scripted({ writeStory: () => new Error('provider unavailable') });
    await expect(run()).rejects.toThrow();
    const writes = calls.filter((c) => c.task === 'writeStory').length;
    expect(writes).toBe(4); // first try + 3 retries
    const failed = calls.at(-1);
    expect(failed?.task).toBe('markFailed');
    expect(JSON.stringify(failed?.failure)).toContain('provider unavailable');
    expect(failed?.job).toEqual({ storyId: 'story-1' });
  });

  const finalCodes = (Object.keys(PROVIDER_ERRORS) as ProviderErrorCode[]).filter(
    (code) => PROVIDER_ERRORS[code].final,
  );

  it.each(finalCodes)('never retries a %s provider error: the story fails after one try', async (code) => {
    const { calls, run } = scripted({ writeStory: () => new ProviderError('final', code) });
    await expect(run()).rejects.toThrow();
    expect(calls.filter((c) => c.task === 'writeStory')).toHaveLength(1);
    expect(calls.at(-1)).toMatchObject({ task: 'markFailed', failure: { Error: PROVIDER_ERRORS[code].name } });
  });

  it('retries a throttled model call twice more, with full jitter in AWS', async () => {
    const { calls, run } = scripted({
      checkStory: () => ({ valid: true, attemptsLeft: 2 }),
      writeStory: (_call, count) => (count < 3 ? new ProviderError('busy', 'THROTTLED') : {}),
    });
    await run();
    expect(calls.filter((c) => c.task === 'writeStory')).toHaveLength(3);
    const { States } = loadDefinition();
    const retry = (States as Record<string, { Retry?: { ErrorEquals: string[]; JitterStrategy?: string }[] }>)
      .WriteStory?.Retry;
    expect(retry?.find((r) => r.ErrorEquals.includes('Provider.Throttled'))?.JitterStrategy).toBe('FULL');
  });

  it('paints no second time after a filtered cover and still makes the story ready', async () => {
    const { calls, run } = scripted({
      checkStory: () => ({ valid: true, attemptsLeft: 2 }),
      paintCover: () => new ProviderError('filtered twice', 'CONTENT_FILTERED'),
    });
    await run();
    expect(calls.map((c) => c.task)).toEqual([
      'buildPrompt',
      'writeStory',
      'checkStory',
      'saveStory',
      'paintCover',
      'markReady',
    ]);
  });

  it('retries CheckStory like every other task', async () => {
    const { calls, run } = scripted({
      checkStory: (_call, count) => (count === 1 ? new Error('table busy') : { valid: true, attemptsLeft: 2 }),
    });
    await run();
    expect(calls.filter((c) => c.task === 'checkStory')).toHaveLength(2);
    expect(calls.at(-1)?.task).toBe('markReady');
  });
});
