import { StateMachine } from 'aws-local-stepfunctions';
import { describe, expect, it } from 'vitest';
import { createLocalWorkflow, loadDefinition } from '../../bin/local/workflow-runner.js';
import { PROVIDER_ERRORS, ProviderError, type ProviderErrorCode } from '../../lambdas/workflow/providers/types.js';
import { createWorkflowHandler, TaskError, type TaskHandlers } from '../../lambdas/workflow/tasks.js';

type Call = { task: string } & Record<string, unknown>;

/** Capacity is free: every story and picture starts at its first ask (unless a test scripts the line). */
const FREE_LINE: Record<string, (call: Call, count: number) => unknown> = {
  waitForStoryCapacity: () => ({ admitted: true }),
  waitForPictureCapacity: () => ({ admitted: true }),
};
const LINE_TASKS = new Set(Object.keys(FREE_LINE));
/** The tasks that made something, in order (the asks for capacity left out). */
const made = (calls: readonly Call[]) => calls.map((c) => c.task).filter((task) => !LINE_TASKS.has(task));

/** Drives the real definition with scripted task results, recording which tasks ran in which order. */
function scripted(script: Record<string, (call: Call, count: number) => unknown>) {
  const results = { ...FREE_LINE, ...script };
  const calls: Call[] = [];
  const workflow = createLocalWorkflow((input) => {
    const call = input as Call;
    calls.push(call);
    const count = calls.filter((c) => c.task === call.task).length;
    const result = results[call.task]?.(call, count);
    if (result instanceof Error) throw result;
    return (result ?? {}) as never;
  });
  return { calls, run: () => workflow.run({ job: JOB }) };
}

const JOB = { storyId: 'story-1', userId: 'user-1' };
const COVER_JOB = { ...JOB, kind: 'image', jobId: 'cover' };
/** The task results of a story written right the first time (MarkReady answers with the cover's job). */
const happy: Record<string, (call: Call, count: number) => unknown> = {
  writeStory: () => ({ attempt: 1 }),
  checkStory: () => ({ valid: true, attemptsLeft: 2, nextAttempt: 2 }),
  markReady: () => COVER_JOB,
};

/** A story's own tasks from the first attempt that passes to ready, in order. */
const WRITTEN_TO_READY = ['writeStory', 'checkStory', 'saveStory', 'markReady'] as const;

describe('generation workflow definition', () => {
  it('routes every Task state to its failure handler on any error, so a failure always frees the slot', () => {
    const { States } = loadDefinition();
    for (const [name, state] of Object.entries(
      States as Record<string, { Type: string; Catch?: { Next: string }[] }>,
    )) {
      if (state.Type !== 'Task' || name === 'MarkFailed' || name === 'MarkImageFailed') continue;
      // The cover is a picture job painted after the story is ready: like any picture, it fails on its own.
      // The later scenes are described after it too: failing to, the workflow goes on to the cover.
      const handler =
        { PaintImage: 'MarkImageFailed', WaitForPictureCapacity: 'MarkImageFailed', DescribeScenes: 'CoverPainting' }[
          name
        ] ?? 'MarkFailed';
      expect(
        state.Catch?.map((c) => c.Next),
        name,
      ).toEqual([handler]);
    }
  });

  it('is valid ASL, paths and ARNs included (aws-local-stepfunctions checks it with asl-validator)', () => {
    expect(
      () => new StateMachine(loadDefinition(), { validationOptions: { checkPaths: true, checkArn: true } }),
    ).not.toThrow();
  });

  it('carries only ids, the attempt, verdicts and failure codes from state to state', () => {
    type State = { Type: string; Parameters?: Record<string, unknown>; ResultPath?: string | null };
    const paths = new Set<unknown>();
    const collect = (value: unknown, key = ''): void => {
      if (key.endsWith('.$')) paths.add(value);
      else if (value && typeof value === 'object') Object.entries(value).forEach(([k, v]) => collect(v, k));
    };
    const results = new Set<unknown>();
    for (const state of Object.values(loadDefinition().States as Record<string, State>)) {
      collect(state.Parameters);
      if (state.Type === 'Task') results.add(state.ResultPath);
    }
    // $.job: ids ({ storyId, userId[, kind, jobId] }); $.draft: { attempt }; $.check: { valid, attemptsLeft,
    // nextAttempt }; $.line: { admitted, gone?, waitUntil? }; $.failure: the error's name and its Cause
    // (tasks withhold any message but their own).
    expect([...paths].sort()).toEqual(['$.attempt', '$.check.nextAttempt', '$.draft.attempt', '$.failure', '$.job']);
    expect([...results].sort()).toEqual(['$.check', '$.draft', '$.job', '$.line', null]);
  });

  it('never retries a final provider error in a state that calls the provider, and retries the rest with jitter', () => {
    type Retrier = { ErrorEquals: string[]; MaxAttempts?: number; JitterStrategy?: string };
    const { States } = loadDefinition();
    const finalNames = Object.values(PROVIDER_ERRORS).flatMap((error) => (error.final ? [error.name] : []));
    for (const name of ['WriteStory', 'DescribeScenes', 'PaintImage']) {
      const retry = (States as Record<string, { Retry?: Retrier[] }>)[name]?.Retry ?? [];
      const final = retry.find((r) => r.ErrorEquals.includes(finalNames[0] ?? ''));
      expect(final?.ErrorEquals.sort(), name).toEqual([...finalNames].sort());
      expect(final?.MaxAttempts, name).toBe(0);
      for (const retrier of retry.filter((r) => r !== final)) expect(retrier.JitterStrategy, name).toBe('FULL');
    }
  });

  it('runs an image job straight to PaintImage, and to markImageFailed when painting keeps failing', async () => {
    const calls: Call[] = [];
    const workflow = createLocalWorkflow((input) => {
      const call = input as Call;
      calls.push(call);
      if (call.task === 'paintImage') throw new Error('filtered');
      return (FREE_LINE[call.task]?.(call, 1) ?? {}) as never;
    });
    await expect(workflow.run({ job: { storyId: 's', kind: 'image', jobId: 'j' } })).rejects.toThrow();
    expect(calls.map((c) => c.task)).toEqual([
      'waitForPictureCapacity',
      'paintImage',
      'paintImage',
      'paintImage',
      'markImageFailed',
    ]);
  });

  it('runs write → check → save → ready, then paints the cover as the picture job MarkReady queued', async () => {
    const { calls, run } = scripted(happy);
    await run();
    expect(calls.map((c) => c.task)).toEqual([
      'waitForStoryCapacity',
      ...WRITTEN_TO_READY,
      'waitForPictureCapacity',
      'paintImage',
    ]);
    expect(calls[0]).toEqual({ task: 'waitForStoryCapacity', job: JOB });
    expect(calls[1]).toEqual({ task: 'writeStory', job: JOB, attempt: 1 });
    expect(calls[2]).toEqual({ task: 'checkStory', job: JOB, attempt: 1 });
    expect(calls[3]).toEqual({ task: 'saveStory', job: JOB, attempt: 1 });
    expect(calls[5]).toEqual({ task: 'waitForPictureCapacity', job: COVER_JOB });
    expect(calls[6]).toEqual({ task: 'paintImage', job: COVER_JOB });
  });

  it('waits in line, asking again after the wait each answer gives, until the turn comes', async () => {
    const { calls, run } = scripted({
      ...happy,
      waitForStoryCapacity: (_call, count) =>
        count < 3 ? { admitted: false, waitUntil: new Date().toISOString() } : { admitted: true },
      waitForPictureCapacity: (_call, count) =>
        count < 2 ? { admitted: false, waitUntil: new Date().toISOString() } : { admitted: true },
    });
    await run();
    expect(calls.map((c) => c.task)).toEqual([
      'waitForStoryCapacity',
      'waitForStoryCapacity',
      'waitForStoryCapacity',
      ...WRITTEN_TO_READY,
      'waitForPictureCapacity',
      'waitForPictureCapacity',
      'paintImage',
    ]);
  });

  it('ends without writing or painting anything when the story or picture left the line (deleted meanwhile)', async () => {
    const story = scripted({ ...happy, waitForStoryCapacity: () => ({ admitted: false, gone: true }) });
    await story.run();
    expect(story.calls.map((c) => c.task)).toEqual(['waitForStoryCapacity']);
    const picture = scripted({ ...happy, waitForPictureCapacity: () => ({ admitted: false, gone: true }) });
    await picture.run();
    expect(made(picture.calls)).toEqual(['writeStory', 'checkStory', 'saveStory', 'markReady']);
  });

  it('fails a story whose ask for capacity keeps failing, and frees its slot', async () => {
    const { calls, run } = scripted({ waitForStoryCapacity: () => new Error('table unavailable') });
    await expect(run()).rejects.toThrow();
    expect(calls.at(-1)).toMatchObject({ task: 'markFailed', job: JOB });
    expect(calls.some((c) => c.task === 'writeStory')).toBe(false);
  });

  it('paints no cover after MarkReady when WriteStory already started the cover’s own execution', async () => {
    const { calls, run } = scripted({ ...happy, markReady: () => ({ ...COVER_JOB, paint: false }) });
    await run();
    expect(made(calls)).toEqual(['writeStory', 'checkStory', 'saveStory', 'markReady']);
    // and paints it here when MarkReady queued it (paint: true), as for a provider that does not stream
    const here = scripted({ ...happy, markReady: () => ({ ...COVER_JOB, paint: true }) });
    await here.run();
    expect(here.calls.at(-1)).toEqual({ task: 'paintImage', job: { ...COVER_JOB, paint: true } });
  });

  it('describes the scenes a streamed answer left out once the story is ready, before the cover when it paints here', async () => {
    const early = scripted({ ...happy, markReady: () => ({ ...COVER_JOB, paint: false, describe: true }) });
    await early.run();
    expect(made(early.calls)).toEqual(['writeStory', 'checkStory', 'saveStory', 'markReady', 'describeScenes']);
    expect(early.calls.at(-1)).toEqual({ task: 'describeScenes', job: { ...COVER_JOB, paint: false, describe: true } });
    const here = scripted({ ...happy, markReady: () => ({ ...COVER_JOB, paint: true, describe: true }) });
    await here.run();
    expect(made(here.calls).slice(-2)).toEqual(['describeScenes', 'paintImage']);
  });

  it('keeps a story ready when its scenes cannot be described: no failure, the cover still painted', async () => {
    const { calls, run } = scripted({
      ...happy,
      markReady: () => ({ ...COVER_JOB, paint: true, describe: true }),
      describeScenes: () => new ProviderError('filtered', 'CONTENT_FILTERED'),
    });
    await run();
    expect(made(calls)).toEqual(['writeStory', 'checkStory', 'saveStory', 'markReady', 'describeScenes', 'paintImage']);
    // A transient error is tried again, a final one is not.
    const flaky = scripted({
      ...happy,
      markReady: () => ({ ...COVER_JOB, paint: false, describe: true }),
      describeScenes: (_call, count) => (count < 2 ? new ProviderError('busy', 'THROTTLED') : { described: 4 }),
    });
    await flaky.run();
    expect(flaky.calls.filter((c) => c.task === 'describeScenes')).toHaveLength(2);
    expect(flaky.calls.some((c) => c.task === 'markFailed')).toBe(false);
  });

  it('rewrites a rejected draft while attempts are left, then gives up and marks the story failed', async () => {
    const { calls, run } = scripted({
      writeStory: (call) => ({ attempt: call.attempt }),
      checkStory: (call, count) => ({ valid: false, attemptsLeft: 2 - count, nextAttempt: Number(call.attempt) + 1 }),
    });
    await expect(run()).rejects.toThrow(/GenerationFailed|could not be generated/);
    expect(made(calls)).toEqual(['writeStory', 'checkStory', 'writeStory', 'checkStory', 'markFailed']);
    // Only the attempt's number travels: the rewrite reads what was wrong from the draft item.
    expect(calls[3]).toEqual({ task: 'writeStory', job: JOB, attempt: 2 });
    expect(calls[4]).toEqual({ task: 'checkStory', job: JOB, attempt: 2 });
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
    expect(failed?.job).toEqual(JOB);
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

  it('waits out a throttled model call for minutes in AWS (8 more tries, backing off, full jitter), then fails', async () => {
    const { calls, run } = scripted({
      ...happy,
      writeStory: (_call, count) => (count < 8 ? new ProviderError('busy', 'THROTTLED') : { attempt: 1 }),
    });
    await run();
    expect(calls.filter((c) => c.task === 'writeStory')).toHaveLength(8);
    const still = scripted({ ...happy, writeStory: () => new ProviderError('busy', 'THROTTLED') });
    await expect(still.run()).rejects.toThrow();
    expect(still.calls.filter((c) => c.task === 'writeStory')).toHaveLength(9);
    expect(still.calls.at(-1)).toMatchObject({ task: 'markFailed', failure: { Error: 'Provider.Throttled' } });
    type Retrier = {
      ErrorEquals: string[];
      JitterStrategy?: string;
      IntervalSeconds?: number;
      MaxAttempts?: number;
      BackoffRate?: number;
      MaxDelaySeconds?: number;
    };
    const { States } = loadDefinition();
    for (const name of ['WriteStory', 'PaintImage']) {
      const retry = (States as Record<string, { Retry?: Retrier[] }>)[name]?.Retry;
      const throttled = retry?.find((r) => r.ErrorEquals.includes('Provider.Throttled'));
      expect(throttled?.JitterStrategy, name).toBe('FULL');
      // The longest the waits can add up to: each interval grows by the backoff rate, capped.
      let total = 0;
      for (let i = 0; i < (throttled?.MaxAttempts ?? 0); i++) {
        total += Math.min(
          throttled?.MaxDelaySeconds ?? Infinity,
          (throttled?.IntervalSeconds ?? 0) * (throttled?.BackoffRate ?? 1) ** i,
        );
      }
      expect(total, name).toBeGreaterThan(10 * 60);
    }
  });

  it('paints no second time after a filtered cover, and marks only the cover job failed', async () => {
    const { calls, run } = scripted({
      ...happy,
      paintImage: () => new ProviderError('filtered twice', 'CONTENT_FILTERED'),
    });
    await expect(run()).rejects.toThrow(/ImageFailed|picture could not be painted/);
    expect(made(calls)).toEqual([...WRITTEN_TO_READY, 'paintImage', 'markImageFailed']);
    expect(calls.at(-1)).toMatchObject({ job: COVER_JOB, failure: { Error: 'Provider.ContentFiltered' } });
    expect(calls.some((c) => c.task === 'markFailed')).toBe(false);
  });

  it('retries CheckStory like every other task', async () => {
    const { calls, run } = scripted({
      ...happy,
      checkStory: (_call, count) => (count === 1 ? new Error('table busy') : { valid: true, attemptsLeft: 2 }),
    });
    await run();
    expect(calls.filter((c) => c.task === 'checkStory')).toHaveLength(2);
    expect(calls.at(-1)?.task).toBe('paintImage');
  });
});

describe('errors leaving a task (they become the failure Cause, kept 90 days)', () => {
  const throwing = (error: unknown) =>
    createWorkflowHandler({
      writeStory: () => Promise.reject(error),
    } as unknown as TaskHandlers);

  it('keep the name Step Functions matches, and withhold any message that is not ours', async () => {
    const sdk = Object.assign(new Error('Item {"title":"Maya and the Moon"} is invalid'), {
      name: 'ValidationException',
      $metadata: { httpStatusCode: 400, requestId: 'R-1' },
    });
    await expect(throwing(sdk)({ task: 'writeStory' })).rejects.toMatchObject({
      name: 'ValidationException',
      message: 'ValidationException (HTTP 400, request R-1): message withheld, it may quote a story or a name',
    });
    await expect(throwing(new SyntaxError('Unexpected token M in "Maya…"'))({ task: 'writeStory' })).rejects.toThrow(
      /^SyntaxError: message withheld/,
    );
  });

  it('pass a provider error (code and step) and a task error (ids) on as they are', async () => {
    const provider = new ProviderError('The picture was filtered twice', 'CONTENT_FILTERED');
    await expect(throwing(provider)({ task: 'writeStory' })).rejects.toBe(provider);
    const task = new TaskError('Story s-1 has no draft of attempt 2');
    await expect(throwing(task)({ task: 'writeStory' })).rejects.toBe(task);
    await expect(throwing(task)({ task: 'noSuchTask' })).rejects.toThrow('Unknown workflow task: noSuchTask');
  });
});
