import { isKidSafe } from '#common/safety/check.js';

/**
 * The twin's guardrail decision: the one function every check asks (a Converse call's guarded input, its
 * answer and scenes on the way out, an ApplyGuardrail call, a picture prompt). The real guardrail is
 * configured by lib/constructs/guardrail-policy.ts; the stand-in is the product's own safety check
 * (common/safety), so the path a refused text takes through the provider and the workflow is tested with
 * what the check refuses.
 */
export const guardrailIntervenes = (text: string): boolean => !isKidSafe(text);

/** What the guardrail answers in place of a blocked input or output (its configured blocked message). */
export const BLOCKED_MESSAGE = 'Sorry, this story could not be written safely.';
