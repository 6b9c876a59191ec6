import * as z from 'zod';
import { CONFIG_ERROR_CODES } from './age-band-config-file.js';
import { AGE_BAND_LABELS, AGE_BANDS } from './age-bands.js';
import { ART_STYLE_IDS, CHARACTER_TYPES, IMAGE_TYPES, MISSIONS, STORY_TYPES } from './story-choices.js';

/**
 * SPEC §3: the age-band configuration, one static file per band (`/config/age-band-a.json`, `-b.json`).
 * The web build refuses to publish a file this schema refuses (web/build/band-configs.ts), and the server
 * parses the same files before writing or checking a story, so both read them through this one schema. Objects are strict: a misspelt key would otherwise be dropped
 * silently and the app would run on defaults nobody chose.
 */

/**
 * The placeholders a prompt may use; prompt builders fill each of them. A placeholder outside this list
 * (a typo such as `{hero_nmae}`) would reach the model as literal braces, so the schema refuses it.
 */
export const PROMPT_PLACEHOLDERS = [
  'hero_name',
  'character_type',
  'story_kind',
  'mission',
  'narrative_structure',
  'writing_style',
  'words_min',
  'words_max',
  'pages',
  'custom_character',
  'custom_story_type',
  'custom_mission',
] as const;
export type PromptPlaceholder = (typeof PROMPT_PLACEHOLDERS)[number];

const text = z.string().trim().min(1);
const texts = z.array(text);
const positiveInt = z.number().int().positive();
const ratio = z.number().min(0).max(1);
const styleName = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Style names are lowercase words joined by hyphens');

/** A `{ min, max }` range; min above max is always a typo. */
function range(bound: z.ZodNumber) {
  return z
    .strictObject({ min: bound, max: bound })
    .refine((r) => r.min <= r.max, { message: 'min must not be greater than max' });
}
type Range = { min: number; max: number };

const appSchema = z.strictObject({
  name: text,
  band: z.enum(AGE_BANDS),
  /** "Little Storytellers" / "Young Adventurers" (SPEC §1). */
  band_name: text,
  /** "5-7" / "8-10", the value stored on a story's age_range. */
  age_range: z.string().regex(/^\d+-\d+$/),
  /** The reading page, in CSS pixels. */
  canvas: z.strictObject({
    page_width: positiveInt,
    page_height: positiveInt,
    margin: z.number().int().nonnegative(),
    background: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  }),
  typography: z.strictObject({
    heading_font: text,
    body_font: text,
    body_size_px: positiveInt,
    line_height: z.number().min(1).max(3),
    max_line_chars: positiveInt,
  }),
  export: z.strictObject({
    format: z.literal('html'),
    paper_size: z.enum(['A4', 'Letter']),
    orientation: z.enum(['portrait', 'landscape']),
    include_images: z.boolean(),
    font_scale: z.number().min(0.5).max(3),
  }),
});

const modelSchema = z.strictObject({
  /** A suggestion; the active story_system prompt template names the model actually called. */
  name: text,
  generation_config: z.strictObject({
    temperature: z.number().min(0).max(2),
    topP: ratio,
    topK: positiveInt,
    candidateCount: positiveInt,
    maxOutputTokens: positiveInt,
    stopSequences: z.array(z.string().min(1)),
  }),
  response_mime_type: z.literal('application/json'),
  /** A JSON Schema for the model's answer (title, excerpt, paragraphs, scenes). */
  response_schema: z.looseObject({
    type: z.literal('object'),
    properties: z.record(z.string(), z.unknown()),
    required: z.array(z.string()).min(1),
  }),
});

const bandsSchema = z.strictObject({
  words_total: range(positiveInt),
  /** Average words per sentence over the whole story. */
  sentence_len: range(positiveInt),
  /** Pages: paragraphs grouped while a page stays within words_per_page.max. */
  pages: range(positiveInt),
  words_per_page: range(positiveInt),
  /** Share of the story's words spoken inside quotation marks. */
  dialog_ratio_target: ratio,
  vocab: z.strictObject({
    level: z.enum(['early-reader', 'confident-reader']),
    max_syllables: z.number().int().min(1).max(6),
    guidance: text,
  }),
  /** Band B's light subplot: it opens within window_pages and is tied up by page must_resolve_by. */
  subplot: z
    .strictObject({
      window_pages: range(positiveInt),
      must_resolve_by: positiveInt,
    })
    .optional(),
  safety: z.strictObject({
    /** A worried moment is comforted within this many pages. */
    resolve_fear_within_pages: positiveInt,
    peril_level: z.enum(['gentle', 'mild']),
    require_happy_ending: z.boolean(),
  }),
});

const selectorsSchema = z.strictObject({
  story_kind: z.array(z.enum(STORY_TYPES)),
  character_archetype: z.array(z.enum(CHARACTER_TYPES)),
  mission: z.array(z.enum(MISSIONS)),
  image_style: z.array(z.enum(ART_STYLE_IDS)),
  style_picker: z.strictObject({
    /** auto: the writing style comes from the story kind through auto_mapping (the wizard's step 4.5 is hidden). */
    mode: z.enum(['auto', 'choose']),
    show_step: z.boolean(),
    fallback_style: styleName,
  }),
});

const styleSchema = z.strictObject({
  name: text,
  voice: text,
  rhythm: z.strictObject({
    sentence_len_range: range(positiveInt),
    dialog_ratio_target: ratio,
    pacing: text,
    patterning: text,
  }),
  devices: texts.min(1),
  lexicon: z.strictObject({ prefer: texts.min(1), avoid: texts }),
  page_rules: z.strictObject({ max_words_per_page: positiveInt }),
  do: texts.min(1),
  dont: texts.min(1),
});

const weightedStyleSchema = z.strictObject({ style: styleName, weight: z.number().positive() });

const imageStyleSchema = z.strictObject({
  /** What the look is, in words an image model understands. */
  prompt: text,
  negative_prompt: z.string(),
});

const promptsSchema = z.strictObject({
  system: text,
  style_addon: text,
  user_seed: text,
});

const validatorsSchema = z.strictObject({
  character_name_max: z.number().int().min(2).max(24),
  custom_description_max: positiveInt,
  /** How far the dialogue ratio may stray from bands.dialog_ratio_target (absolute, 0.1 = 10 points). */
  dialog_ratio_tolerance: ratio,
  /** Tries the workflow makes before it marks a story failed. */
  max_generation_attempts: z.number().int().min(1).max(5),
});

const safetySchema = z.strictObject({
  /** Lowercase words or phrases, matched as whole words, case-insensitively. */
  deny_if_topics: z
    .array(z.string().regex(/^[\p{Ll}\p{N}]+(?:[ '-][\p{Ll}\p{N}]+)*$/u, 'Deny-list entries are lowercase words'))
    .min(1),
});

const artPolicySchema = z.strictObject({
  strategy: z.enum(['upfront', 'lazy', 'hybrid']),
  image_model: z.strictObject({ express: text, studio: text }),
  lazy_render: z.boolean(),
  triggers: z.array(z.enum(['on_create', 'on_open', 'on_request'])).min(1),
  band_defaults: z
    .strictObject({
      upfront_images: z.number().int().nonnegative(),
      /** How many pages the story page suggests an illustration for. */
      suggest_pages: z.number().int().nonnegative(),
      max_images_per_story: positiveInt,
    })
    .refine((d) => d.upfront_images <= d.max_images_per_story, {
      message: 'upfront_images must not exceed max_images_per_story',
    }),
  /** Where each illustration sits, as a window in percent of the story's pages. */
  beats_to_page_windows: z.record(z.enum(IMAGE_TYPES), range(z.number().min(0).max(100))),
  image_sizes: z.strictObject({
    default: positiveInt,
    allowed_custom: z.array(positiveInt).min(1),
    thumbnail: positiveInt,
    snap_to_multiple: positiveInt,
  }),
});

const baseSchema = z.strictObject({
  version: z.string().regex(/^\d+\.\d+\.\d+$/, 'version is semantic, e.g. 1.0.0'),
  app: appSchema,
  model: modelSchema,
  bands: bandsSchema,
  selectors: selectorsSchema,
  styles: z.record(styleName, styleSchema).refine((s) => Object.keys(s).length > 0, 'at least one style'),
  auto_mapping: z.record(z.enum(STORY_TYPES), z.array(weightedStyleSchema).min(1)),
  image_styles: z.record(z.enum(ART_STYLE_IDS), imageStyleSchema),
  prompts: promptsSchema,
  validators: validatorsSchema,
  safety: safetySchema,
  art_policy: artPolicySchema.optional(),
});
type BaseConfig = z.infer<typeof baseSchema>;
type Issue = { path: (string | number)[]; message: string };

const within = (inner: Range, outer: Range) => inner.min >= outer.min && inner.max <= outer.max;
const show = (r: Range) => `${r.min}-${r.max}`;

/** Every list of choices names exactly the app's options, once each, so no wizard option is orphaned. */
function checkSelector(values: readonly string[], expected: readonly string[], key: string): Issue[] {
  const missing = expected.filter((v) => !values.includes(v));
  const repeated = values.filter((v, i) => values.indexOf(v) !== i);
  const problems: string[] = [];
  if (missing.length) problems.push(`missing ${missing.join(', ')}`);
  if (repeated.length) problems.push(`repeats ${repeated.join(', ')}`);
  return problems.length ? [{ path: ['selectors', key], message: problems.join('; ') }] : [];
}

/** The rules that span sections, where a value can be well-typed and still wrong. */
function crossCheck(config: BaseConfig): Issue[] {
  const issues: Issue[] = [];
  const { app, bands, styles, validators } = config;

  const labels = AGE_BAND_LABELS[app.band];
  if (app.band_name !== labels.name) issues.push({ path: ['app', 'band_name'], message: `must be "${labels.name}"` });
  if (app.age_range !== labels.ages) issues.push({ path: ['app', 'age_range'], message: `must be "${labels.ages}"` });

  issues.push(
    ...checkSelector(config.selectors.story_kind, STORY_TYPES, 'story_kind'),
    ...checkSelector(config.selectors.character_archetype, CHARACTER_TYPES, 'character_archetype'),
    ...checkSelector(config.selectors.mission, MISSIONS, 'mission'),
    ...checkSelector(config.selectors.image_style, ART_STYLE_IDS, 'image_style'),
  );
  if (!Object.hasOwn(styles, config.selectors.style_picker.fallback_style)) {
    issues.push({
      path: ['selectors', 'style_picker', 'fallback_style'],
      message: `unknown style "${config.selectors.style_picker.fallback_style}"`,
    });
  }

  for (const kind of STORY_TYPES) {
    config.auto_mapping[kind].forEach((entry, i) => {
      if (!Object.hasOwn(styles, entry.style)) {
        issues.push({ path: ['auto_mapping', kind, i, 'style'], message: `unknown style "${entry.style}"` });
      }
    });
  }

  // A story must be able to fit: the fewest pages at their smallest reach the word minimum's side, and so on.
  if (bands.pages.min * bands.words_per_page.min > bands.words_total.max) {
    issues.push({ path: ['bands', 'pages'], message: 'pages.min × words_per_page.min exceeds words_total.max' });
  }
  if (bands.pages.max * bands.words_per_page.max < bands.words_total.min) {
    issues.push({ path: ['bands', 'pages'], message: 'pages.max × words_per_page.max is below words_total.min' });
  }
  if (bands.subplot) {
    const { window_pages, must_resolve_by } = bands.subplot;
    if (must_resolve_by < window_pages.max || must_resolve_by > bands.pages.max) {
      issues.push({
        path: ['bands', 'subplot', 'must_resolve_by'],
        message: `must be between window_pages.max (${window_pages.max}) and pages.max (${bands.pages.max})`,
      });
    }
  }

  // Styles shade the band's voice; they must not pull a story outside what the validators accept.
  for (const [name, style] of Object.entries(styles)) {
    const at = (...rest: string[]) => ['styles', name, ...rest];
    if (!within(style.rhythm.sentence_len_range, bands.sentence_len)) {
      issues.push({
        path: at('rhythm', 'sentence_len_range'),
        message: `must lie within bands.sentence_len (${show(bands.sentence_len)})`,
      });
    }
    if (Math.abs(style.rhythm.dialog_ratio_target - bands.dialog_ratio_target) > validators.dialog_ratio_tolerance) {
      issues.push({
        path: at('rhythm', 'dialog_ratio_target'),
        message: 'must be within validators.dialog_ratio_tolerance of bands.dialog_ratio_target',
      });
    }
    const perPage = style.page_rules.max_words_per_page;
    if (perPage < bands.words_per_page.min || perPage > bands.words_per_page.max) {
      issues.push({
        path: at('page_rules', 'max_words_per_page'),
        message: `must lie within bands.words_per_page (${show(bands.words_per_page)})`,
      });
    }
  }

  (['system', 'style_addon', 'user_seed'] as const).forEach((key) => {
    for (const [, name] of config.prompts[key].matchAll(/\{([^{}]*)\}/g)) {
      if (!PROMPT_PLACEHOLDERS.includes(name as PromptPlaceholder)) {
        issues.push({ path: ['prompts', key], message: `unknown placeholder {${name}}` });
      }
    }
  });
  if (!config.prompts.user_seed.includes('{hero_name}')) {
    issues.push({ path: ['prompts', 'user_seed'], message: 'must contain {hero_name}' });
  }

  if (validators.character_name_max > 24) {
    issues.push({ path: ['validators', 'character_name_max'], message: 'the name input is capped at 24' });
  }
  const topics = config.safety.deny_if_topics;
  const repeatedTopics = topics.filter((t, i) => topics.indexOf(t) !== i);
  if (repeatedTopics.length) {
    issues.push({ path: ['safety', 'deny_if_topics'], message: `repeats ${repeatedTopics.join(', ')}` });
  }

  const sizes = config.art_policy?.image_sizes;
  if (sizes) {
    const offGrid = [sizes.default, sizes.thumbnail, ...sizes.allowed_custom].filter(
      (s) => s % sizes.snap_to_multiple !== 0,
    );
    if (offGrid.length) {
      issues.push({
        path: ['art_policy', 'image_sizes'],
        message: `sizes ${offGrid.join(', ')} are not multiples of snap_to_multiple (${sizes.snap_to_multiple})`,
      });
    }
  }
  return issues;
}

export const ageBandConfigSchema = baseSchema.superRefine((config, ctx) => {
  for (const issue of crossCheck(config)) ctx.addIssue({ code: 'custom', ...issue });
});

export type AgeBandConfig = z.infer<typeof ageBandConfigSchema>;
export type WritingStyle = AgeBandConfig['styles'][string];

export type AgeBandConfigResult =
  | { ok: true; config: AgeBandConfig }
  | { ok: false; code: typeof CONFIG_ERROR_CODES.INVALID_CONFIGURATION; message: string };

/** Parses a configuration file's JSON; the message names each wrong path so a broken deploy is quick to fix. */
export function parseAgeBandConfig(json: unknown): AgeBandConfigResult {
  const result = ageBandConfigSchema.safeParse(json);
  if (result.success) return { ok: true, config: result.data };
  const issues = result.error.issues;
  const shown = issues.slice(0, 8).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  if (issues.length > shown.length) shown.push(`and ${issues.length - shown.length} more`);
  return {
    ok: false,
    code: CONFIG_ERROR_CODES.INVALID_CONFIGURATION,
    message: `Invalid age-band configuration: ${shown.join('; ')}`,
  };
}
