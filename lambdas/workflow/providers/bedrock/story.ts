import { ConverseCommand, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import type {
  BedrockRuntimeClient,
  ContentBlock,
  ConverseCommandOutput,
  Message,
} from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { invocationFor } from '#common/models/catalogue.js';
import { IMAGE_TYPES } from '#common/story-choices.js';
import { ProviderError } from '../types.js';
import type { SceneRequest, Scenes, StoryDraft, StoryRequest, WritingProgress } from '../types.js';
import { answerStream } from './answer-stream.js';
import { scenePrompts, storySystemPrompts, storyUserTurn } from './prompts.js';
import type { BandPromptSource } from './prompts.js';
import { withRetries } from './retry.js';
import type { RetryPolicy } from './retry.js';

const text = (max: number) => z.string().trim().min(1).max(max);

const scene = text(600);

/**
 * What the model must answer. Bounds keep a runaway answer from reaching the validators. The cover's scene
 * is always asked for; the others only in a whole (not streamed) answer (prompts.ts, answerFormat).
 */
export const storyAnswerSchema = z.object({
  title: text(200),
  excerpt: text(600),
  paragraphs: z.array(z.string()).min(1).max(200),
  scenes: z.object({
    cover: scene,
    'early-scene': scene.optional(),
    'mid-scene': scene.optional(),
    climax: scene.optional(),
    ending: scene.optional(),
  }),
});

/** The scene planner's answer: the scenes asked for are kept, anything else is ignored. */
const sceneAnswerSchema = z.object(Object.fromEntries(IMAGE_TYPES.map((type) => [type, scene.optional()])));

/** The balanced `{…}` starting at `start` (braces inside strings ignored), or undefined if it never closes. */
function balancedObject(body: string, start: number): string | undefined {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < body.length; i += 1) {
    const char = body[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return body.slice(start, i + 1);
    }
  }
  return undefined;
}

/** Bounds the search on a long answer full of stray braces. */
const MAX_CANDIDATES = 50;

/**
 * Strips a Markdown fence if any, then returns the first balanced `{…}` that parses as JSON: the outermost
 * object, even when chatty prose with braces comes before it.
 */
export function extractJsonObject(answer: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(answer);
  const body = fenced?.[1] ?? answer;
  let start = body.indexOf('{');
  for (let tries = 0; start >= 0 && tries < MAX_CANDIDATES; tries += 1) {
    const candidate = balancedObject(body, start);
    if (candidate !== undefined) {
      try {
        return JSON.parse(candidate);
      } catch {
        // Not JSON (prose such as "{your} story"): try the next brace.
      }
    }
    start = body.indexOf('{', start + 1);
  }
  return undefined;
}

type Parsed = { ok: true; draft: StoryDraft } | { ok: false; reason: string };

/** Parses and validates one answer; on failure says why in words the model can act on (no payload). */
export function parseStoryAnswer(answer: string): Parsed {
  const value = extractJsonObject(answer);
  if (value === undefined) return { ok: false, reason: 'the answer held no complete JSON object' };
  const result = storyAnswerSchema.safeParse(value);
  if (!result.success) {
    const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.') || 'root'))];
    return { ok: false, reason: `these fields were missing or wrong: ${fields.join(', ')}` };
  }
  const { title, excerpt, paragraphs, scenes } = result.data;
  // A model sometimes packs several paragraphs into one string; the stored content splits on blank lines.
  const split = paragraphs.flatMap((p) => p.split(/\n\s*\n/)).map((p) => p.trim());
  const cleaned = split.filter((p) => p !== '');
  if (cleaned.length === 0) return { ok: false, reason: 'the paragraphs were empty' };
  return { ok: true, draft: { title, excerpt, paragraphs: cleaned, scenes } };
}

const FILTERED_STOPS = new Set(['guardrail_intervened', 'content_filtered']);

/** An answer a guardrail or the model's own filter stopped is final: the same request would be stopped again. */
function throwIfFiltered(stopReason: string | undefined, what: string): void {
  if (stopReason && FILTERED_STOPS.has(stopReason)) {
    throw new ProviderError(`The ${what} answer was filtered (${stopReason})`, 'CONTENT_FILTERED');
  }
}

const answerText = (output: ConverseCommandOutput): string =>
  (output.output?.message?.content ?? [])
    .map((block) => block.text ?? '')
    .join('')
    .trim();

/** The Bedrock guardrail applied to every text call and picture prompt (created by the CDK app). */
export type Guardrail = Readonly<{ id: string; version: string }>;

/** Converse's guardrail settings for `guardrail`, if one is configured. */
const guardrailConfigOf = (guardrail: Guardrail | undefined) =>
  guardrail ? { guardrailIdentifier: guardrail.id, guardrailVersion: guardrail.version } : undefined;

export type StoryDeps = Readonly<{
  client: BedrockRuntimeClient;
  /** The region the client calls: decides between a model's own id and its inference profile. */
  region: string;
  retry: RetryPolicy;
  guardrail?: Guardrail | undefined;
  /**
   * true: ConverseStream, reporting scenes and paragraphs as they arrive (the workflow paints the cover
   * meanwhile); false: one Converse answer, as the strictly sequential workflow did (kept for the
   * benchmark's comparison on one machine, `BEDROCK_STREAM=false`).
   */
  stream: boolean;
}>;

/** One answer: its text and why it stopped, streamed or not. */
type Answer = { text: string; stopReason: string | undefined };

/** The model id to send from this region and the largest answer it allows, from the catalogue. */
export function textModelFor(model: string, region: string): { modelId: string; maxOutputTokens: number | undefined } {
  const check = invocationFor(model, region);
  if (!check.ok) throw new ProviderError(check.reason, 'MODEL_UNAVAILABLE');
  if (check.invocation.model.kind !== 'text') {
    throw new ProviderError(`${check.invocation.model.label} does not write text`, 'MODEL_UNAVAILABLE');
  }
  return { modelId: check.invocation.modelId, maxOutputTokens: check.invocation.model.maxOutputTokens };
}

/**
 * Writes one story with ConverseStream (or Converse, see `stream`): the template's model and settings, the
 * band's prompts, a JSON answer whose scenes come first. While it streams, `progress` hears of each scene
 * and the paragraph count. A malformed answer gets one repair turn; a filtered answer is final (the
 * workflow decides what next).
 */
export async function writeStory(
  deps: StoryDeps,
  request: StoryRequest,
  progress?: WritingProgress,
): Promise<StoryDraft> {
  // Checked structurally against the fields this provider relies on (see BandPromptSource).
  const band: BandPromptSource = request.band;
  const { modelId, maxOutputTokens } = textModelFor(request.template.model, deps.region);
  const maxTokens = Math.min(request.template.maxTokens, maxOutputTokens ?? request.template.maxTokens);
  const system = storySystemPrompts(request, band).map((block) => ({ text: block }));
  const turn = storyUserTurn(request, band, deps.stream ? 'cover' : 'all');
  // With a guardrail, the family's fenced words are the guarded content: the guardrail checks them (and
  // every answer) while our own instructions are not mistaken for an attack on the prompt.
  const familyBlock: ContentBlock[] = turn.family
    ? [deps.guardrail ? { guardContent: { text: { text: turn.family } } } : { text: turn.family }]
    : [];
  const firstTurn: Message = {
    role: 'user',
    content: [{ text: turn.instructions }, ...familyBlock, { text: turn.format }],
  };

  const guardrailConfig = guardrailConfigOf(deps.guardrail);
  const inferenceConfig = { temperature: request.template.temperature, maxTokens };

  const whole = async (messages: Message[]): Promise<Answer> => {
    const output = await deps.client.send(
      new ConverseCommand({
        modelId,
        system,
        messages,
        inferenceConfig,
        // An intervention ends the answer with stopReason guardrail_intervened: filtered, below.
        ...(guardrailConfig ? { guardrailConfig } : {}),
      }),
    );
    return { text: answerText(output), stopReason: output.stopReason };
  };

  // An answer asked for again (a mid-stream exception, the repair turn) counts its paragraphs from 0:
  // the family's progress only moves forward.
  let paragraphsReported = 0;
  const heard: WritingProgress = {
    onScene: (type, scene) => progress?.onScene?.(type, scene),
    onParagraphs: (count) => {
      if (count <= paragraphsReported) return;
      paragraphsReported = count;
      progress?.onParagraphs?.(count);
    },
  };

  const streamed = async (messages: Message[]): Promise<Answer> => {
    const output = await deps.client.send(
      new ConverseStreamCommand({
        modelId,
        system,
        messages,
        inferenceConfig,
        // `sync`: each delta is checked by the guardrail before it reaches us, so a scene reported while
        // the answer streams has passed the guardrail like the finished answer would.
        ...(guardrailConfig ? { guardrailConfig: { ...guardrailConfig, streamProcessingMode: 'sync' } } : {}),
      }),
    );
    const reader = answerStream(heard);
    let text = '';
    let stopReason: string | undefined;
    // An exception event (throttlingException, modelStreamErrorException, serviceUnavailableException,
    // internalServerException after some deltas) is thrown by the SDK here under its name, and classified
    // like a refused call (retry.ts): a transient one asks for the whole answer again. With the guardrail in
    // sync mode an intervention arrives as the guardrail's message and stopReason guardrail_intervened.
    for await (const event of output.stream ?? []) {
      const delta = event.contentBlockDelta?.delta?.text;
      if (delta) {
        text += delta;
        // Nothing is reported from an answer a guardrail stopped: its text is the guardrail's message.
        reader.push(delta);
      }
      if (event.messageStop) stopReason = event.messageStop.stopReason;
    }
    return { text: text.trim(), stopReason };
  };

  const converse = async (messages: Message[]): Promise<Answer> => {
    const output = await withRetries(() => (deps.stream ? streamed(messages) : whole(messages)), deps.retry);
    throwIfFiltered(output.stopReason, 'story');
    return output;
  };

  const first = await converse([firstTurn]);
  const firstText = first.text;
  const parsed = parseStoryAnswer(firstText);
  if (parsed.ok) return parsed.draft;

  const cutOff = first.stopReason === 'max_tokens';
  const repair = [
    `Thank you! I could not read that answer: ${parsed.reason}${cutOff ? ' (it was cut off before the end)' : ''}.`,
    cutOff ? 'Please tell the same story a little more briefly so it fits.' : '',
    'Please answer again with only the JSON object described above.',
  ]
    .filter((line) => line !== '')
    .join(' ');
  // Converse needs user/assistant turns to alternate and rejects empty text, so an empty answer
  // is not replayed: the note then rides on the first user turn instead.
  const messages: Message[] =
    firstText === ''
      ? [{ role: 'user', content: [...(firstTurn.content ?? []), { text: repair }] }]
      : [
          firstTurn,
          { role: 'assistant', content: [{ text: firstText }] },
          { role: 'user', content: [{ text: repair }] },
        ];

  const second = parseStoryAnswer((await converse(messages)).text);
  if (second.ok) return second.draft;
  throw new ProviderError(`The story answer was malformed twice: ${second.reason}`, 'INVALID_RESPONSE');
}

/** The scene planner's answers are short: four sentences. */
const SCENE_MAX_TOKENS = 800;

/**
 * Describes the scenes a streamed story's answer left out, from its finished, checked text, with the
 * template's model (one Converse call, guardrail applied). The answer is JSON as asked; one that cannot be
 * read fails with INVALID_RESPONSE (no repair turn: the scenes are not needed to read the story, and a
 * picture asked for without its scene is painted from the title and excerpt).
 */
export async function describeScenes(deps: Omit<StoryDeps, 'stream'>, request: SceneRequest): Promise<Scenes> {
  const { modelId, maxOutputTokens } = textModelFor(request.template.model, deps.region);
  const band: BandPromptSource = request.band;
  const prompts = scenePrompts(request, request.types, band);
  const guardrail = guardrailConfigOf(deps.guardrail);
  const output = await withRetries(
    () =>
      deps.client.send(
        new ConverseCommand({
          modelId,
          system: prompts.system.map((block) => ({ text: block })),
          messages: [{ role: 'user', content: [{ text: prompts.user }] }],
          inferenceConfig: {
            temperature: request.template.temperature,
            maxTokens: Math.min(SCENE_MAX_TOKENS, maxOutputTokens ?? SCENE_MAX_TOKENS),
          },
          ...(guardrail ? { guardrailConfig: guardrail } : {}),
        }),
      ),
    deps.retry,
  );
  throwIfFiltered(output.stopReason, 'scene');
  const parsed = sceneAnswerSchema.safeParse(extractJsonObject(answerText(output)));
  if (!parsed.success) throw new ProviderError('The scene answer could not be read', 'INVALID_RESPONSE');
  return Object.fromEntries(request.types.flatMap((type) => (parsed.data[type] ? [[type, parsed.data[type]]] : [])));
}
