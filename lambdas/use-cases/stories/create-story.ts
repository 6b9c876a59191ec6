import { createHash, randomUUID } from 'node:crypto';
import type { AgeBandConfig } from '#common/age-band-config.js';
import { AGE_BAND_LABELS, type AgeBand } from '#common/age-bands.js';
import { CHARACTER_TYPES, MISSION_MAPPING, MISSIONS, STORY_TYPES, resolveSurprise } from '#common/story-choices.js';
import {
  heroNameProblem,
  customDescriptionProblem,
  DESCRIPTION_MESSAGES,
  pickWritingStyle,
} from '#common/story-validation.js';
import { NAME_MESSAGES } from '#common/validation/hero-name.js';
import type { MeaningCheck } from '../../adapters/meaning-check.js';
import type * as z from 'zod';
import type { generateStoryRequestSchema } from '#common/validation/story-request.js';
import type { StoryStatus } from '../../data/entities/story.js';
import { ChildNotFoundError, InvalidInputError } from '../errors.js';
import type { FamilyRepository } from '../../data/repositories/family.js';
import type { RateLimiter } from '../../data/repositories/rate-limits.js';
import type { StoryRepository } from '../../data/repositories/stories.js';
import { countMetric, log } from '../../runtime/observability.js';
import type { WorkflowStarter } from '../../adapters/workflow-starter.js';
import { childKeyOf, type Member } from './access.js';

/** A story request as the API parsed it (defaults applied). */
export type StoryRequest = z.output<typeof generateStoryRequestSchema>;

export type CreateStoryDeps = Readonly<{
  family: FamilyRepository;
  stories: StoryRepository;
  rateLimits: RateLimiter;
  workflow: WorkflowStarter;
  bands: Readonly<Record<AgeBand, AgeBandConfig>>;
  meaning: MeaningCheck;
}>;

/**
 * A repeated request maps to the same story id: one story, not two. Repeated means the same family, child,
 * requestId and choices: a request id sent again with other choices, or for another child, is a new story
 * (a wizard that kept an old id must never be answered with that story instead).
 */
function storyIdFor(userId: string, childId: string, request: StoryRequest): string {
  const { requestId, ...choices } = request;
  if (!requestId) return randomUUID();
  const given = Object.entries(choices).filter(([, value]) => value !== undefined);
  const content = JSON.stringify(given.sort(([a], [b]) => a.localeCompare(b)));
  const hex = createHash('sha256')
    .update(JSON.stringify([userId, childId, requestId, content]))
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A per-story seed, so every picture of one story shares its hero's look. */
const seedFor = (storyId: string) => createHash('sha256').update(storyId).digest().readUInt32BE(0) % 4_294_967_295;

/** The family's texts, checked against their age band's rules (the schema checked only their shape). */
function checkedTexts(request: StoryRequest, band: AgeBandConfig) {
  const heroName = request.heroName.trim();
  const nameProblem = heroNameProblem(heroName, band);
  if (nameProblem) throw new InvalidInputError(nameProblem, 'heroName');
  const custom = {
    character: request.customCharacterDescription?.trim() || undefined,
    storyType: request.customStoryTypeDescription?.trim() || undefined,
    mission: request.customMissionDescription?.trim() || undefined,
  };
  for (const [field, text] of Object.entries(custom)) {
    const problem = text ? customDescriptionProblem(text, band) : undefined;
    if (problem) throw new InvalidInputError(problem, field);
  }
  return { heroName, custom };
}

/**
 * A family asks for a new story (POST /stories) for the child being read to: its plan is decided here (the
 * child's band's rules, "Surprise Me!" resolved, the writing style, the mission's structure and theme), the
 * story is created with its slot in the child's library in one write (waiting for a grown-up's yes when the
 * child's stories do), and the generation workflow starts. A repeated request is answered with the story it
 * already made and spends nothing.
 */
export function createStoryUseCase(deps: CreateStoryDeps) {
  return async function createStory(
    actor: Member,
    request: StoryRequest,
  ): Promise<{ storyId: string; status: StoryStatus }> {
    const child = await deps.family.child(actor.profile, childKeyOf(actor).childId);
    if (!child) throw new ChildNotFoundError();
    const ageBand: AgeBand = child.ageBand;
    const band = deps.bands[ageBand];
    const { heroName, custom } = checkedTexts(request, band);
    // Then the guardrail's reading of the same words (on AWS with Bedrock), before anything is written.
    const fields = [['heroName', heroName], ...Object.entries(custom).map(([field, text]) => [field, text ?? ''])];
    const allowed = await deps.meaning.allows(fields.map(([, text]) => text ?? ''));
    const refused = fields.find((_, i) => !allowed[i]);
    if (refused) {
      const [field = ''] = refused;
      throw new InvalidInputError(
        field === 'heroName' ? NAME_MESSAGES.unkind : DESCRIPTION_MESSAGES.notKidFriendly,
        field,
      );
    }

    // "Surprise Me!" is resolved now (SPEC §9), among the five real options of its category.
    const characterType = resolveSurprise(request.characterType ?? 'Surprise', CHARACTER_TYPES);
    const storyType = resolveSurprise(request.storyType, STORY_TYPES);
    const mission = resolveSurprise(request.mission, MISSIONS);
    // Own keys only: `in` would also find "toString" and the rest of Object.prototype.
    const writingStyle =
      request.writingStyle && Object.hasOwn(band.styles, request.writingStyle)
        ? request.writingStyle
        : pickWritingStyle(storyType, band);
    const { narrativeStructure, themeId } = MISSION_MAPPING[mission];

    const storyId = storyIdFor(actor.userId, child.key.childId, request);
    // A repeated submission (two clicks, two tabs) is answered with its story and spends no slot.
    const earlier = await deps.stories.get(storyId);
    if (earlier) return { storyId, status: earlier.status };
    const slot = await deps.rateLimits.take(actor.userId, 'generate');
    const created = await deps.stories.createWithLibrarySlot({
      id: storyId,
      hero_name: heroName,
      character_type: characterType,
      story_type: storyType,
      mission,
      theme_id: themeId,
      narrative_structure: narrativeStructure,
      writing_style: writingStyle,
      art_style: request.artStyle,
      generation_mode: request.generationMode,
      age_band: ageBand,
      age_range: AGE_BAND_LABELS[ageBand].ages,
      ...(themeId === 'guardian-ranch' ? { story_universe: 'guardian-ranch' } : {}),
      custom_descriptions: custom,
      created_by: actor.userId,
      child_id: child.key.childId,
      ...(child.approvalRequired ? { approval: 'waiting' as const } : {}),
      seed: seedFor(storyId),
      rate_slot: slot.spent,
    });
    if (!created) {
      // A simultaneous repeat made it first: this request starts nothing, so its slot goes back.
      await slot.release();
      const existing = await deps.stories.get(storyId);
      return { storyId, status: existing?.status ?? 'generating' };
    }
    await deps.workflow.start({ storyId, userId: actor.userId });
    countMetric('StoryStarted');
    log.info('story started', { storyId });
    return { storyId, status: 'generating' };
  };
}
