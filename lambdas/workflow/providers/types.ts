import type { AgeBand } from '#common/age-bands.js';
import type { AgeBandConfig } from '#common/age-band-config.js';
import type {
  ArtStyle,
  CharacterType,
  GenerationMode,
  ImageType,
  Mission,
  NarrativeStructure,
  StoryType,
} from '#common/story-choices.js';

/** The active prompt template a generation uses: the template entity's app type, kept in lambdas/data/entities/template.ts. */
import type { PromptTemplate } from '../../data/entities/template.js';
export type { PromptTemplate };

/** Everything a provider needs to write one story. Choices are resolved: no "Surprise" here. */
export type StoryRequest = Readonly<{
  storyId: string;
  heroName: string;
  characterType: CharacterType;
  storyType: StoryType;
  mission: Mission;
  narrativeStructure: NarrativeStructure;
  themeId: string;
  /** A style name from the band configuration's `styles` (chosen from the kind by `auto_mapping`). */
  writingStyle: string;
  artStyle: ArtStyle;
  ageBand: AgeBand;
  band: AgeBandConfig;
  customDescriptions: Readonly<{ character?: string; storyType?: string; mission?: string }>;
  template: PromptTemplate;
  /** Deterministic per story: the same request gives the same story (retries, tests). */
  seed: number;
  /** 1 for the first try; later tries carry what the validators found wrong last time. */
  attempt: number;
  problems: readonly string[];
  /**
   * The stories the child has already heard (the family's latest others and the ones in their library,
   * saved from another family too): the local writer keeps from saying their sentences again. Held in
   * memory for the writing only; a model is sent only their titles, checked and fenced as family text.
   */
  earlierStories: readonly EarlierStory[];
}>;

/** One of the family's other stories, as the writer reads it to avoid repeating it. */
export type EarlierStory = Readonly<{ heroName: string; title: string; content: string }>;

/** A written story. `paragraphs` are joined with blank lines to make the stored content. */
export type StoryDraft = Readonly<{
  title: string;
  excerpt: string;
  paragraphs: readonly string[];
  /**
   * Short scene descriptions for the illustrations. A streamed answer holds only the cover's: the others
   * are described once the story is readable (describeScenes).
   */
  scenes: Scenes;
}>;

/** A written story's scenes: short descriptions for the illustrations, keyed by picture type. */
export type Scenes = Readonly<Partial<Record<ImageType, string>>>;

/** The scenes a story's answer left out, to be described from its finished, checked text. */
export type SceneRequest = Readonly<{
  storyId: string;
  title: string;
  paragraphs: readonly string[];
  types: readonly ImageType[];
  band: AgeBandConfig;
  /** The active story template: its model and temperature write the descriptions too. */
  template: PromptTemplate;
}>;

export type IllustrationRequest = Readonly<{
  storyId: string;
  imageType: ImageType;
  /** What the picture shows. */
  scene: string;
  heroName: string;
  characterType: CharacterType;
  artStyle: ArtStyle;
  mood: string;
  mode: GenerationMode;
  /** Same seed for every picture of a story, so the hero looks alike from picture to picture. */
  seed: number;
  /** Square size in pixels (band art policy default 896, snapped to its multiple). */
  size: number;
  customizations?: string | undefined;
  template: PromptTemplate;
  /** The story's band configuration (its image_styles describe each art style for an image model). */
  band: AgeBandConfig;
}>;

export type Illustration = Readonly<{
  contentType: 'image/svg+xml' | 'image/png' | 'image/jpeg' | 'image/webp';
  body: Uint8Array;
  width: number;
  height: number;
  /**
   * The words of the family's picture wish the picture does not show, in the family's words ("rainbow"), for the
   * story page to say so. Only a provider that knows what it drew sets it (the local illustrator); a model's
   * picture leaves it unset.
   */
  notDrawn?: readonly string[];
}>;

/**
 * Why a provider gave up, and whether trying again later can help. The Step Functions definition retries
 * by these names (definition.asl.json): final ones never, transient ones with jittered back-off.
 */
export const PROVIDER_ERRORS = {
  /** The model or a guardrail refused the content: the same request would be refused again. */
  CONTENT_FILTERED: { name: 'Provider.ContentFiltered', final: true },
  /** The answer could not be read, after the provider's own repair turn. */
  INVALID_RESPONSE: { name: 'Provider.InvalidResponse', final: true },
  /** The model is not served here, or this account may not call it (region, model access, IAM, a quota of 0 or spent). */
  MODEL_UNAVAILABLE: { name: 'Provider.ModelUnavailable', final: true },
  /** The request itself was refused as invalid (for example an on-demand call that needs a profile). */
  INVALID_REQUEST: { name: 'Provider.InvalidRequest', final: true },
  /** Throttled after the provider's own bounded retries: worth another try a little later. */
  THROTTLED: { name: 'Provider.Throttled', final: false },
  /** A brief outage of the model service. */
  UNAVAILABLE: { name: 'Provider.Unavailable', final: false },
} as const;
export type ProviderErrorCode = keyof typeof PROVIDER_ERRORS;

/** A provider's failure, named for the workflow's Retry and Catch rules. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code: ProviderErrorCode,
  ) {
    // The code leads the message: Step Functions passes only the message on (as the failure's Cause).
    super(`[${code}] ${message}`);
    // The Lambda runtime reports `name` as the error type, which Step Functions matches in ErrorEquals.
    this.name = PROVIDER_ERRORS[code].name;
  }
}

/**
 * What a provider that streams its answer reports before the story is whole (bedrock): each scene
 * description as soon as it has arrived, and how many paragraphs are written so far. Reports are hints for
 * the workflow (paint the cover early, show honest progress); the returned draft is what counts.
 */
export type WritingProgress = Readonly<{
  onScene?: (type: ImageType, scene: string) => void;
  onParagraphs?: (count: number) => void;
}>;

/** One interface, two implementations: `local` (offline, default) and `bedrock`. */
export interface StoryProvider {
  readonly name: 'local' | 'bedrock';
  writeStory(request: StoryRequest, progress?: WritingProgress): Promise<StoryDraft>;
  /**
   * Describes the scenes a story's answer left out, from its finished text. Only a provider whose answers
   * leave scenes out has it (bedrock, streamed).
   */
  describeScenes?(request: SceneRequest): Promise<Scenes>;
  drawIllustration(request: IllustrationRequest): Promise<Illustration>;
}
