/**
 * The twin's guardrail decision: the one function every check asks (a Converse call's guarded input, its
 * answer and scenes on the way out, an ApplyGuardrail call, a picture prompt). The real guardrail is
 * configured by lib/constructs/guardrail-policy.ts; this stand-in blocks a few words.
 */
const BLOCKED = /\b(knife|kill(?:ed|ing)?|blood|gun|suicide|ignore (?:all |the )?(?:previous|above) instructions)\b/i;

/** True when the guardrail would intervene on `text`. */
export const guardrailIntervenes = (text: string): boolean => BLOCKED.test(text);

/** What the guardrail answers in place of a blocked input or output (its configured blocked message). */
export const BLOCKED_MESSAGE = 'Sorry, this story could not be written safely.';
