import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import type { ChildView } from '#common/api/views.js';
import { CHARACTER_TYPES, MISSIONS, STORY_TYPES } from '#common/story-choices.js';
import { CHILD_HEADER } from '#common/family.js';
import { signUp } from '../support/accounts.js';
import { apiClient, grownUpClient, storyChoices, waitForStory } from '../support/api.js';
import { tableClient } from '../support/table.js';
import { decodePayload } from '../support/tokens.js';

const stack = inject('stack');
const table = tableClient(stack);
const json = (body: unknown, method = 'POST') => ({ method, body: JSON.stringify(body) });

/** The family's rate-limit windows emptied: the evening's runs spread over more than one window. */
async function nextRateWindow(userId: string) {
  const { Items = [] } = await table.documents.send(
    new QueryCommand({
      TableName: stack.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `RATE#${userId}` },
      ConsistentRead: true,
    }),
  );
  for (const item of Items) await table.delete({ PK: String(item.PK), SK: String(item.SK) });
}

const HEROES = ['Orion', 'Pip', 'Zara', 'Finn', 'Luna', 'Max', 'Ivy', 'Otto', 'Remy'] as const;
const LEOS_HEROES = ['Rex', 'Bo', 'Kit', 'Sol', 'Tam', 'Wes', 'Ada', 'Gus', 'Nell'] as const;

/** A wizard run's choices: its hero, and a character, kind and mission that move on with each run. */
const run = (heroName: string, i: number) => ({
  ...storyChoices,
  heroName,
  characterType: CHARACTER_TYPES[i % CHARACTER_TYPES.length],
  storyType: STORY_TYPES[(i + 1) % STORY_TYPES.length],
  mission: MISSIONS[(i + 2) % MISSIONS.length],
});

/**
 * A story request's id names one submission (one child's one set of choices): sent again with the same
 * choices for the same child it is the same story (a double click, a second tab); with other choices, or
 * for another child, a new one. A wizard still holding the id of a story waiting for a grown-up's yes makes
 * every next story, never that one again.
 */
describe('a request id after a story waits for a grown-up', () => {
  it('18 wizard runs sending the waiting story’s request id make 18 stories, each of its own choices and child', async () => {
    const account = await signUp(stack, { displayName: 'Dana' });
    const userId = String(decodePayload(account.accessToken).sub);
    const parent = await grownUpClient(stack, account);
    const add = async (child: object) =>
      (await parent('/children', json({ emoji: '🦊', colour: 'sun', ...child }))).body as unknown as ChildView;
    const mia = await add({ name: 'Mia', ageBand: 'B', approvalRequired: true });
    const leo = await add({ name: 'Leo', ageBand: 'A' });
    const asChild = (child: ChildView) => apiClient(stack, account.accessToken, { [CHILD_HEADER]: child.id });

    // Mia's story waits for a grown-up; sent again as it was (a double click), it is the same story.
    const requestId = randomUUID();
    const first = { ...storyChoices, heroName: 'Nova', requestId };
    const waiting = await asChild(mia)('/stories', json(first));
    expect(waiting.status).toBe(202);
    const waitingId = String(waiting.body.storyId);
    expect((await asChild(mia)(`/stories/${waitingId}`)).body.error?.code).toBe('AWAITING_APPROVAL');
    expect((await asChild(mia)('/stories', json(first))).body.storyId).toBe(waitingId);

    // Nine more of Mia's runs, then nine of Leo's, each sending that same request id with its own choices.
    const made = new Map<string, { heroName: string; child: ChildView }>();
    for (const [i, heroName] of HEROES.entries()) {
      const answer = await asChild(mia)('/stories', json({ ...run(heroName, i), requestId }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      made.set(String(answer.body.storyId), { heroName, child: mia });
    }
    await nextRateWindow(userId);
    for (const [i, heroName] of LEOS_HEROES.entries()) {
      const answer = await asChild(leo)('/stories', json({ ...run(heroName, i), requestId }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      made.set(String(answer.body.storyId), { heroName, child: leo });
    }
    expect(made.size).toBe(18);
    expect(made.has(waitingId)).toBe(false);

    // Leo asking with Mia's very request (id and choices) gets a story of his own, not her waiting one.
    const leosOwn = await asChild(leo)('/stories', json(first));
    expect(leosOwn.status).toBe(202);
    expect(leosOwn.body.storyId).not.toBe(waitingId);
    expect(made.has(String(leosOwn.body.storyId))).toBe(false);

    // Each story is the one its run asked for, made for its child; Leo reads his, Mia's wait for a yes.
    for (const [storyId, { heroName, child }] of made) {
      const story = await waitForStory(parent, storyId, 60_000);
      expect(story).toMatchObject({ status: 'ready', heroName });
      const asItsChild = await asChild(child)(`/stories/${storyId}`);
      if (child === leo) expect(asItsChild.body).toMatchObject({ heroName });
      else expect(asItsChild.body.error?.code).toBe('AWAITING_APPROVAL');
    }
    const nova = await waitForStory(parent, String(leosOwn.body.storyId), 60_000);
    expect(nova).toMatchObject({ heroName: 'Nova', ageRange: '5-7' });
    const waitingList = (await parent('/approvals')).body.stories as { id: string; childName: string }[];
    expect(waitingList.map((story) => story.id).sort()).toEqual(
      [waitingId, ...[...made].filter(([, each]) => each.child === mia).map(([id]) => id)].sort(),
    );
  }, 180_000);
});
