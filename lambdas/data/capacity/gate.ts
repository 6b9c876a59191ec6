import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { laneKey, laneStateSchema, type LaneState, type QueueTicket } from '../entities/capacity-lane.js';
import { parseItem, transact, type TransactItem } from '../entities/table.js';
import type { Lane, LaneRate } from './sizing.js';

/**
 * The capacity gate: new stories and pictures wait in line for Bedrock capacity instead of meeting its
 * throttling. Each lane is a token bucket refilled at the lane's rate (sizing.ts) with numbered tickets: work
 * starts when its place in line is within the tokens available, in the order it joined. The state is one
 * table item a lane (entities/capacity-lane.ts) written with optimistic concurrency, and each holder (a story
 * or a picture job) keeps its own ticket, changed in the same transaction as the lane, so a retried task
 * never joins or starts twice. The workflow asks again after the wait the answer gives (a Wait state), so
 * a line costs no running code; the status read tells a family its place and, from the lane's measured
 * throughput, about how long.
 *
 * Why a table and not SQS: the place in line is the product (a family sees it), and a queue service cannot
 * tell a message its position; the workflow already holds each job's state and its waits cost nothing while
 * they wait. The same code runs on the local stack against DynamoDB Local.
 */

/** Where a waiting holder's ticket lives: its item's key (a story, or a picture job). */
export type Holder = Readonly<{ key: Record<string, string>; queue?: QueueTicket | undefined }>;

export type Admission =
  | Readonly<{ admitted: true }>
  | Readonly<{ admitted: false; position: number; waitSeconds: number }>
  /** The holder is gone (deleted while it waited): it has left the line. */
  | Readonly<{ admitted: false; gone: true }>;

export type PlaceInLine = Readonly<{ position: number; etaSeconds: number }>;

/** How long a waiting job sleeps between asks: about half its expected wait, within these bounds. */
const MIN_WAIT_SECONDS = 2;
const MAX_WAIT_SECONDS = 120;
const WINDOW_MS = 60_000;
/** Optimistic writes lost to another writer are tried again this many times before the job simply waits. */
const WRITE_TRIES = 6;

export type CapacityGate = Readonly<{
  /** Joins the line (once) and starts the work if its turn has come. */
  admit(lane: Lane, holder: Holder): Promise<Admission>;
  /** Leaves the line without starting (the work failed or was deleted while it waited). */
  leave(lane: Lane, holder: Holder): Promise<void>;
  /** A waiting ticket's place and expected wait; undefined once it has started or left. */
  placeOf(ticket: QueueTicket | undefined): Promise<PlaceInLine | undefined>;
}>;

export function capacityGate(
  db: DynamoDBDocumentClient,
  tableName: string,
  rates: Readonly<Record<Lane, LaneRate>>,
  clock: () => number = Date.now,
): CapacityGate {
  const limited = (lane: Lane) => Number.isFinite(rates[lane].perMinute);

  async function read(lane: Lane, consistent: boolean): Promise<LaneState> {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: laneKey(lane), ConsistentRead: consistent }),
    );
    return parseItem(laneStateSchema, Item ?? {});
  }

  /** The bucket's tokens now: what it held, refilled for the time since, up to its size. */
  function tokensAt(lane: Lane, state: LaneState, now: number): number {
    const { perMinute, burst } = rates[lane];
    if (state.tokens === undefined || state.refilled_at === undefined) return burst;
    return Math.min(burst, state.tokens + ((now - state.refilled_at) / 60_000) * perMinute);
  }

  /** Admissions a minute, measured over the last minute (the window before prorated); 0 without history. */
  function measuredPerMinute(state: LaneState, now: number): number {
    const elapsed = now - state.window_start;
    if (elapsed >= 2 * WINDOW_MS) return 0;
    if (elapsed >= WINDOW_MS) return state.window_count * ((2 * WINDOW_MS - elapsed) / WINDOW_MS);
    return state.window_count + state.previous_count * ((WINDOW_MS - elapsed) / WINDOW_MS);
  }

  /**
   * How long a waiting job sleeps before it asks again: half its expected wait, within bounds, in whole
   * seconds (a Wait state takes no fraction). In a compressed evening (a benchmark) the bounds shrink alike
   * and fractions are kept: the local runner waits them.
   */
  function waitBeforeAsking(lane: Lane, expected: number): number {
    const { timeScale } = rates[lane];
    const seconds = Math.min(MAX_WAIT_SECONDS / timeScale, Math.max(MIN_WAIT_SECONDS / timeScale, expected / 2));
    return timeScale === 1 ? Math.round(seconds) : Number(seconds.toFixed(2));
  }

  /** Seconds until `position` can start: from the measured throughput, or the lane's rate before there is any. */
  function expectedWait(lane: Lane, state: LaneState, position: number, now: number): number {
    const ahead = Math.max(0, position - Math.floor(tokensAt(lane, state, now)));
    if (ahead === 0) return 0;
    const measured = measuredPerMinute(state, now);
    // Fewer than a handful of starts in the last minute is no measure of a line's speed.
    const perMinute = measured >= Math.min(5, rates[lane].perMinute) ? measured : rates[lane].perMinute;
    return (ahead / perMinute) * 60;
  }

  const laneUpdate = (lane: Lane, state: LaneState, set: Record<string, number>): TransactItem => ({
    Update: {
      TableName: tableName,
      Key: laneKey(lane),
      UpdateExpression: `SET ${Object.keys(set)
        .map((name) => `#${name} = :${name}`)
        .join(', ')}, #version = :next`,
      // The first write creates the item; later ones must have read the latest state.
      ConditionExpression: state.version === 0 ? 'attribute_not_exists(#version)' : '#version = :version',
      ExpressionAttributeNames: Object.fromEntries(['version', ...Object.keys(set)].map((name) => [`#${name}`, name])),
      ExpressionAttributeValues: {
        ...Object.fromEntries(Object.entries(set).map(([name, value]) => [`:${name}`, value])),
        ':next': state.version + 1,
        ...(state.version === 0 ? {} : { ':version': state.version }),
      },
    },
  });

  const holderUpdate = (
    holder: Holder,
    update: string,
    condition: string,
    values: Record<string, unknown>,
  ): TransactItem => ({
    Update: {
      TableName: tableName,
      Key: holder.key,
      UpdateExpression: update,
      ConditionExpression: `attribute_exists(PK) AND ${condition}`,
      ExpressionAttributeNames: { '#queue': 'queue' },
      ExpressionAttributeValues: values,
    },
  });

  /**
   * Takes a ticket: the lane's next number, on the holder, in one transaction. At a peak many join at once and
   * a try can lose to others every time: then the job asks again shortly (`busy`, with the place it would
   * have had), as when a start loses its race: joining is never a reason to fail a story.
   */
  async function join(lane: Lane, holder: Holder): Promise<QueueTicket | 'gone' | { busy: number }> {
    for (let attempt = 1; ; attempt++) {
      const state = await read(lane, true);
      const ticket: QueueTicket = { lane, ticket: state.issued + 1, joined_at: clock() };
      const refused = await transact(db, {
        lane: laneUpdate(lane, state, { issued: ticket.ticket }),
        holder: holderUpdate(holder, 'SET #queue = :ticket', 'attribute_not_exists(#queue)', { ':ticket': ticket }),
      });
      if (refused.size === 0) return ticket;
      // Deleted, or joined already by another try of this task: its own ticket, if it has one.
      if (refused.has('holder')) return (await holderQueue(holder)) ?? 'gone';
      if (attempt >= WRITE_TRIES) return { busy: Math.max(1, state.issued + 1 - state.left) };
      await jitter(attempt);
    }
  }

  return {
    async admit(lane, holder) {
      if (!limited(lane)) return { admitted: true };
      if (holder.queue?.admitted_at !== undefined) return { admitted: true };
      if (holder.queue?.left_at !== undefined) return { admitted: false, gone: true };
      let ticket = holder.queue;
      if (!ticket) {
        const joined = await join(lane, holder);
        if (joined === 'gone') return { admitted: false, gone: true };
        if ('busy' in joined) return { admitted: false, position: joined.busy, waitSeconds: waitBeforeAsking(lane, 0) };
        ticket = joined;
      }
      for (let attempt = 1; ; attempt++) {
        const now = clock();
        const state = await read(lane, true);
        const tokens = tokensAt(lane, state, now);
        const position = Math.max(1, ticket.ticket - state.left);
        // A full bucket with work still waiting means the tickets ahead are not claiming theirs (work that
        // ended without leaving): the line must not stall behind them.
        const turn = position <= Math.floor(tokens) || (tokens >= rates[lane].burst && tokens >= 1);
        if (!turn)
          return {
            admitted: false,
            position,
            waitSeconds: waitBeforeAsking(lane, expectedWait(lane, state, position, now)),
          };
        const inWindow = now - state.window_start < WINDOW_MS;
        const refused = await transact(db, {
          lane: laneUpdate(lane, state, {
            tokens: tokens - 1,
            refilled_at: now,
            left: state.left + 1,
            window_start: inWindow ? state.window_start : now,
            window_count: inWindow ? state.window_count + 1 : 1,
            previous_count: inWindow
              ? state.previous_count
              : now - state.window_start < 2 * WINDOW_MS
                ? state.window_count
                : 0,
          }),
          holder: holderUpdate(
            holder,
            'SET #queue.admitted_at = :now',
            '#queue.ticket = :ticket AND attribute_not_exists(#queue.admitted_at) AND attribute_not_exists(#queue.left_at)',
            { ':now': now, ':ticket': ticket.ticket },
          ),
        });
        if (refused.size === 0) return { admitted: true };
        // Started already (another try of this task), or gone: the item tells which.
        if (refused.has('holder')) {
          const current = await holderQueue(holder);
          return current?.admitted_at !== undefined ? { admitted: true } : { admitted: false, gone: true };
        }
        if (attempt >= WRITE_TRIES) return { admitted: false, position, waitSeconds: waitBeforeAsking(lane, 0) };
        await jitter(attempt);
      }
    },

    async leave(lane, holder) {
      const ticket = holder.queue;
      if (!limited(lane) || !ticket || ticket.admitted_at !== undefined || ticket.left_at !== undefined) return;
      for (let attempt = 1; attempt <= WRITE_TRIES; attempt++) {
        const state = await read(lane, true);
        const refused = await transact(db, {
          lane: laneUpdate(lane, state, { left: state.left + 1 }),
          holder: holderUpdate(
            holder,
            'SET #queue.left_at = :now',
            '#queue.ticket = :ticket AND attribute_not_exists(#queue.admitted_at) AND attribute_not_exists(#queue.left_at)',
            { ':now': clock(), ':ticket': ticket.ticket },
          ),
        });
        if (refused.size === 0 || refused.has('holder')) return;
        await jitter(attempt);
      }
    },

    async placeOf(ticket) {
      if (!ticket || ticket.admitted_at !== undefined || ticket.left_at !== undefined) return undefined;
      const now = clock();
      const state = await read(ticket.lane, false);
      const position = Math.max(1, ticket.ticket - state.left);
      return { position, etaSeconds: Math.round(expectedWait(ticket.lane, state, position, now)) };
    },
  };

  /** The holder's ticket as stored now (undefined when it has none, or is gone). */
  async function holderQueue(holder: Holder): Promise<QueueTicket | undefined> {
    const { Item } = await db.send(
      new GetCommand({
        TableName: tableName,
        Key: holder.key,
        ConsistentRead: true,
        ProjectionExpression: '#queue',
        ExpressionAttributeNames: { '#queue': 'queue' },
      }),
    );
    return (Item as { queue?: QueueTicket } | undefined)?.queue;
  }
}

const jitter = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
