import type { QueueView } from '#common/api/views';

/**
 * A place in line for Bedrock capacity, as the story page says it: "You're number 3 in line" and "about
 * 4 min" (or "less than a minute"). The wait is the server's estimate from the line's measured speed.
 */
export function placeInLine(queue: QueueView): { line: string; wait: string } {
  const minutes = Math.round(queue.etaSeconds / 60);
  return {
    line: `You're number ${queue.position} in line`,
    wait: queue.etaSeconds < 60 || minutes < 1 ? 'less than a minute' : `about ${minutes} min`,
  };
}
