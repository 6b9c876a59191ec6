import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { capacityGate, type Holder } from '../../lambdas/data/capacity/gate.js';
import type { Lane, LaneRate } from '../../lambdas/data/capacity/sizing.js';
import type { QueueTicket } from '../../lambdas/data/entities/capacity-lane.js';
import { keys } from '../../lambdas/data/keys.js';
import { tableClient } from '../support/table.js';

/**
 * The capacity gate on DynamoDB Local: tickets in order, a token bucket refilled with time (a test clock),
 * places in line that move as work starts or leaves, and retried asks that never start anything twice.
 */
const stack = inject('stack');
const { documents: db } = tableClient(stack);

/** 12 a minute (one every 5 s), 2 at once after a quiet spell. */
const RATES: Record<Lane, LaneRate> = {
  story: { perMinute: 12, burst: 2, timeScale: 1 },
  'picture-express': { perMinute: 12, burst: 2, timeScale: 1 },
  'picture-studio': { perMinute: Infinity, burst: Infinity, timeScale: 1 },
};

let now = 0;
const gate = capacityGate(db, stack.tableName, RATES, () => now);

/** A holder item (as a story is), and its ticket as last read. */
async function holder(): Promise<{ key: Record<string, string>; read: () => Promise<Holder> }> {
  const key = { PK: `TEST#${randomUUID()}`, SK: 'META' };
  await db.send(new PutCommand({ TableName: stack.tableName, Item: { ...key } }));
  return {
    key,
    read: async () => {
      const { Item } = await db.send(new GetCommand({ TableName: stack.tableName, Key: key, ConsistentRead: true }));
      return { key, queue: (Item as { queue?: QueueTicket } | undefined)?.queue };
    },
  };
}

/** The i-th item of a list that has it. */
function nth<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no item ${i}`);
  return item;
}

beforeEach(async () => {
  now = Date.UTC(2026, 10, 27, 20, 0, 0);
  for (const lane of ['story', 'picture-express'] as const) {
    await db.send(new DeleteCommand({ TableName: stack.tableName, Key: keys.capacityLane(lane) }));
  }
});

describe('the capacity gate', () => {
  it('starts work in the order it joined, at the lane’s rate, telling each waiter its place', async () => {
    const holders = await Promise.all(Array.from({ length: 5 }, () => holder()));
    // One after another they join: the bucket holds 2, so the first two start, the rest wait in order.
    const first = [];
    for (const each of holders) first.push(await gate.admit('story', await each.read()));
    expect(first.map((answer) => answer.admitted)).toEqual([true, true, false, false, false]);
    expect(first.slice(2).map((answer) => ('position' in answer ? answer.position : 0))).toEqual([1, 2, 3]);
    const places = await Promise.all(holders.map(async (each) => gate.placeOf((await each.read()).queue)));
    expect(places[0]).toBeUndefined(); // started
    expect(places.slice(2).map((place) => place?.position)).toEqual([1, 2, 3]);
    // Before there is a measured speed, the lane's rate: 12 a minute is 5 s a place.
    expect(places.slice(2).map((place) => place?.etaSeconds)).toEqual([5, 10, 15]);

    // The last one asks first: not its turn, whatever the order of asking.
    now += 5_000;
    expect(await gate.admit('story', await nth(holders, 4).read())).toMatchObject({ admitted: false, position: 3 });
    expect(await gate.admit('story', await nth(holders, 2).read())).toEqual({ admitted: true });
    expect(await gate.placeOf((await nth(holders, 4).read()).queue)).toMatchObject({ position: 2 });
    now += 5_000;
    expect(await gate.admit('story', await nth(holders, 3).read())).toEqual({ admitted: true });
    now += 5_000;
    expect(await gate.admit('story', await nth(holders, 4).read())).toEqual({ admitted: true });
  });

  it('never starts or joins twice for one holder, however often a retried task asks', async () => {
    const one = await holder();
    const other = await holder();
    const answers = await Promise.all(Array.from({ length: 4 }, async () => gate.admit('story', await one.read())));
    expect(answers.every((answer) => answer.admitted)).toBe(true);
    expect((await one.read()).queue).toMatchObject({ ticket: 1 });
    // One token taken, one left: the next holder starts, and is ticket 2.
    expect(await gate.admit('story', await other.read())).toEqual({ admitted: true });
    expect((await other.read()).queue).toMatchObject({ ticket: 2 });
  });

  it('never fails a job that could not join in a crowd: it is told to ask again, and every ticket is distinct', async () => {
    // 40 families press at the same moment: the lane item is written by all of them at once.
    const holders = await Promise.all(Array.from({ length: 40 }, () => holder()));
    const answers = await Promise.all(holders.map(async (each) => gate.admit('story', await each.read())));
    // The bucket holds two starts: never more start, however the races fall (one that lost every race is not
    // admitted even while a token is left, so fewer may, depending on the machine's timing).
    const admitted = answers.filter((answer) => answer.admitted).length;
    expect(admitted).toBeLessThanOrEqual(2);
    for (const answer of answers.filter((a) => !a.admitted))
      expect(answer).toMatchObject({ admitted: false, position: expect.any(Number), waitSeconds: expect.any(Number) });
    // Those that lost every race (how many depends on timing) join when they ask again; no two hold the same ticket.
    const unjoined = (await Promise.all(holders.map((each) => each.read()))).filter((each) => !each.queue);
    const again = [];
    for (const each of unjoined) again.push(await gate.admit('story', each));
    expect(admitted + again.filter((answer) => answer.admitted).length).toBeLessThanOrEqual(2);
    const tickets = await Promise.all(holders.map(async (each) => (await each.read()).queue?.ticket));
    expect(new Set(tickets).size).toBe(40);
    expect(tickets.every((ticket) => typeof ticket === 'number')).toBe(true);
  });

  it('moves the line up when work ahead leaves it (failed or deleted while it waited)', async () => {
    const holders = await Promise.all(Array.from({ length: 4 }, () => holder()));
    for (const each of holders) await gate.admit('picture-express', await each.read());
    expect(await gate.placeOf((await nth(holders, 3).read()).queue)).toMatchObject({ position: 2 });
    await gate.leave('picture-express', await nth(holders, 2).read());
    await gate.leave('picture-express', await nth(holders, 2).read()); // a retried leave counts once
    expect(await gate.placeOf((await nth(holders, 3).read()).queue)).toMatchObject({ position: 1 });
    expect(await gate.placeOf((await nth(holders, 2).read()).queue)).toBeUndefined();
    expect(await gate.admit('picture-express', await nth(holders, 2).read())).toEqual({ admitted: false, gone: true });
  });

  it('does not stall behind work that ended without leaving: a full bucket lets the next one start', async () => {
    const holders = await Promise.all(Array.from({ length: 4 }, () => holder()));
    for (const each of holders) await gate.admit('story', await each.read());
    // Ticket 3's workflow is gone; ticket 4 is second in line and the bucket refills to full (2) in 10 s.
    now += 10_000;
    expect(await gate.admit('story', await nth(holders, 3).read())).toEqual({ admitted: true });
  });

  it('answers a gone holder (its item deleted) as gone, and leaves no ticket behind', async () => {
    const gone = await holder();
    await db.send(new DeleteCommand({ TableName: stack.tableName, Key: gone.key }));
    expect(await gate.admit('story', { key: gone.key })).toEqual({ admitted: false, gone: true });
    const next = await holder();
    await gate.admit('story', await next.read());
    expect((await next.read()).queue?.ticket).toBe(1);
  });

  it('estimates a wait from the line’s measured speed once work has been starting', async () => {
    const holders = await Promise.all(Array.from({ length: 14 }, () => holder()));
    for (const each of holders) await gate.admit('story', await each.read());
    // Ten start over the next 50 s, one every 5 s: the measured speed is 12 a minute.
    for (let i = 2; i < 12; i++) {
      now += 5_000;
      expect(await gate.admit('story', await nth(holders, i).read()), `holder ${i}`).toEqual({ admitted: true });
    }
    const place = await gate.placeOf((await nth(holders, 13).read()).queue);
    expect(place?.position).toBe(2);
    expect(place?.etaSeconds).toBeGreaterThanOrEqual(5);
    expect(place?.etaSeconds).toBeLessThanOrEqual(11);
  });

  it('admits at once, writing nothing, in a lane no quota limits', async () => {
    const free = await holder();
    expect(await gate.admit('picture-studio', await free.read())).toEqual({ admitted: true });
    expect((await free.read()).queue).toBeUndefined();
  });
});
