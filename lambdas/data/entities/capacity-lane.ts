import * as z from 'zod';
import { LANES } from '../capacity/sizing.js';
import { keys } from '../keys.js';

/**
 * A line of work waiting for Bedrock capacity (capacity/gate.ts): `LANE#{lane}` / `STATE`, one item a lane.
 * Tickets are numbered as they join; `left` counts the tickets that have left the line (started, or gone), so
 * a ticket's place is `ticket - left`. The token bucket (`tokens`, refilled with time from `refilled_at`)
 * lets work start at the lane's rate; `version` orders the writes that take from it. Admissions are counted
 * in one-minute windows, the measured throughput a place in line is estimated from.
 */
export const laneStateSchema = z.object({
  issued: z.number().int().min(0).default(0),
  left: z.number().int().min(0).default(0),
  tokens: z.number().min(0).optional(),
  refilled_at: z.number().optional(),
  window_start: z.number().default(0),
  window_count: z.number().int().min(0).default(0),
  previous_count: z.number().int().min(0).default(0),
  version: z.number().int().min(0).default(0),
});
export type LaneState = z.infer<typeof laneStateSchema>;

export const laneKey = (lane: (typeof LANES)[number]) => keys.capacityLane(lane);

/**
 * A story's or a picture job's ticket, on its own item (`queue`): which line, its number, when it joined,
 * and when it started or left, so a retried task never joins or starts twice.
 */
export const queueTicketSchema = z.object({
  lane: z.enum(LANES),
  ticket: z.number().int().positive(),
  joined_at: z.number(),
  admitted_at: z.number().optional(),
  left_at: z.number().optional(),
});
export type QueueTicket = z.infer<typeof queueTicketSchema>;
