import { adminAccountActions, type AdminAccountActions } from '../use-cases/accounts/admin-actions.js';
import { cognitoAccounts } from '../adapters/cognito-accounts.js';
import { deleteAccount } from '../use-cases/accounts/delete-account.js';
import { exportAccountData } from '../use-cases/accounts/export-account.js';
import { familyUseCases, type FamilyUseCases } from '../use-cases/accounts/family.js';
import { grownUpGate, type GrownUpGate } from '../use-cases/accounts/grown-up-gate.js';
import { ownAccountUseCases, type OwnAccountUseCases } from '../use-cases/accounts/own-account.js';
import { profileProvisioning } from '../use-cases/accounts/provision-profile.js';
import { pollyConnection, type AwsClients } from '../adapters/aws-clients.js';
import type { ServerConfig } from '../runtime/config.js';
import { checkDependencies, type DependencyState } from '../adapters/dependency-health.js';
import { createMediaCdn } from '../adapters/media-cdn.js';
import { importedOnFirstCall, once } from '../runtime/lazy.js';
import { mediaStore } from '../adapters/media.js';
import { createMediaGrants, type MediaGrants } from '../adapters/media-grants.js';
import { activityRepository } from '../data/repositories/activity.js';
import { counterRepository } from '../data/repositories/counters.js';
import { deletionRepository } from '../data/repositories/deletions.js';
import { familyRepository, type FamilyRepository } from '../data/repositories/family.js';
import { featuredRepository } from '../data/repositories/featured.js';
import { feedbackRepository } from '../data/repositories/feedback.js';
import { grownUpGrantRepository } from '../data/repositories/grown-up-grants.js';
import { libraryRepository } from '../data/repositories/library.js';
import { noteRepository } from '../data/repositories/notes.js';
import { profileRepository, type ProfileRepository } from '../data/repositories/profiles.js';
import { rateLimiter } from '../data/repositories/rate-limits.js';
import { storyRepository } from '../data/repositories/stories.js';
import { storyAdminRepository } from '../data/repositories/story-admin.js';
import { templateRepository } from '../data/repositories/templates.js';
import { storyAccess, type StoryAccess } from '../use-cases/stories/access.js';
import type { createStoryUseCase } from '../use-cases/stories/create-story.js';
import { deleteStoryForGood, type StoryDeletion } from '../use-cases/stories/delete-story.js';
import type { EditorialUseCases } from '../use-cases/stories/editorial.js';
import { promptTemplateUseCases, type PromptTemplateUseCases } from '../use-cases/stories/prompt-templates.js';
import { libraryUseCases, type LibraryUseCases } from '../use-cases/stories/library.js';
import type { PictureUseCases } from '../use-cases/stories/request-picture.js';
import { narrationUseCases, type NarrationUseCases } from '../use-cases/stories/narrate-story.js';
import { narrationClaims } from '../data/repositories/narration-claims.js';
import { meaningCheckFor } from '../adapters/meaning-check.js';
import { localNarrator } from '../adapters/narration/local-narrator.js';
import type { Narrator } from '../adapters/narration/narrator.js';
import { pollyNarrator } from '../adapters/narration/polly-narrator.js';
import type { StoryTextUseCases } from '../use-cases/stories/story-text.js';
import { storyViews, type StoryViews } from '../use-cases/stories/views.js';
import { sharingUseCases, type SharingUseCases } from '../use-cases/stories/sharing.js';
import { approvalUseCases, type ApprovalUseCases } from '../use-cases/stories/approval.js';
import { capacityGate } from '../data/capacity/gate.js';
import type { WorkflowStarter } from '../adapters/workflow-starter.js';
import type { AccountDataExport } from '#common/api/views.js';
import type { Role } from '#common/roles.js';
import type { ProfileItem } from '../data/entities/profile.js';
import type { TokenVerifier } from './auth/token-verifier.js';

/**
 * What a route may call: the use cases (lambdas/use-cases/stories, lambdas/use-cases/accounts), each bound to its
 * repositories and adapters here. A route's `handle` receives this and nothing else, so a route that
 * reaches for a repository or a client fails the typecheck (README "The server's layers").
 */
export type UseCases = Readonly<{
  access: StoryAccess;
  views: StoryViews;
  createStory: ReturnType<typeof createStoryUseCase>;
  pictures: PictureUseCases;
  narration: NarrationUseCases;
  storyText: StoryTextUseCases;
  libraryActions: LibraryUseCases;
  sharing: SharingUseCases;
  approval: ApprovalUseCases;
  editorial: EditorialUseCases;
  promptTemplates: PromptTemplateUseCases;
  deleteStory: StoryDeletion;
  deleteAccount: (userId: string) => Promise<boolean>;
  adminAccounts: AdminAccountActions;
  ownAccount: OwnAccountUseCases;
  /** "Download my data" (all of the family, or one child's part). */
  exportData: (profile: ProfileItem, role: Role, now?: Date, onlyChild?: string) => Promise<AccountDataExport>;
  children: FamilyUseCases;
  grownUpGate: GrownUpGate;
  provisionProfile: ReturnType<typeof profileProvisioning>;
  /** GET /api/health: each dependency up or not. */
  health: () => Promise<Record<string, DependencyState>>;
}>;

/**
 * Everything the API needs, built once per process (a Lambda container, the local API): the use cases over
 * the repositories and clients built here, and what the app itself reads before a route runs (the token
 * verifier; the account's status and the child a call acts for).
 */
export type ApiDeps = UseCases &
  Readonly<{
    config: ServerConfig;
    tokens: TokenVerifier;
    profiles: ProfileRepository;
    family: FamilyRepository;
    /** The signed cookies that open a story's media to the browser it was shown to (undefined: media unsigned). */
    mediaGrants: MediaGrants | undefined;
  }>;

export function createApiDeps(
  config: ServerConfig,
  aws: AwsClients,
  tokens: TokenVerifier,
  workflow: WorkflowStarter,
): ApiDeps {
  const db = aws.documents;
  const table = config.tableName;
  const cdn = createMediaCdn(config);
  const media = mediaStore(aws.s3, config.mediaBucket, cdn);
  const accounts = cognitoAccounts(aws.cognito, config.userPoolId, config.auth.clientId);
  const profiles = profileRepository(db, table);
  const family = familyRepository(db, table);
  const stories = storyRepository(db, table);
  const library = libraryRepository(db, table);
  const activity = activityRepository(db, table);
  const rateLimits = rateLimiter(db, table);
  const storyAdmin = storyAdminRepository(db, table);
  const featured = featuredRepository(db, table);
  const templates = templateRepository(db, table);
  const counters = counterRepository(db, table);
  const feedback = feedbackRepository(db, table);
  const access = storyAccess(stories);
  const gate = capacityGate(db, table, config.capacity);
  const views = storyViews({ profiles, library, featured, gate });
  // Only the use cases that apply a band's rules read them (and bundle both files): loaded with them.
  // The guardrail's reading of family text at the door (AWS with Bedrock only; see meaning-check.ts).
  const meaning = meaningCheckFor(config);
  const bandRules = async () => (await import('../use-cases/age-band-configs.js')).AGE_BAND_CONFIGS;
  const loadCreateStory = once(async () =>
    (await import('../use-cases/stories/create-story.js')).createStoryUseCase({
      family,
      stories,
      rateLimits,
      workflow,
      bands: await bandRules(),
      meaning,
    }),
  );
  const deletion = {
    stories,
    library,
    deletions: deletionRepository(db, table),
    s3: aws.s3,
    mediaBucket: config.mediaBucket,
    cdn,
  };
  const deleteStory: StoryDeletion = (storyId) => deleteStoryForGood(deletion, storyId);
  const removeAccount = (userId: string) => deleteAccount({ ...deletion, profiles, accounts }, userId);
  const notes = noteRepository(db, table);
  const adminAccounts = adminAccountActions({
    profiles,
    accounts,
    activity,
    notes,
    stories,
    counters,
    family,
    deleteAccount: removeAccount,
  });
  return {
    config,
    tokens,
    mediaGrants: createMediaGrants(config),
    profiles,
    family,
    access,
    views,
    // The use cases that check a family's or an admin's words load with their first call (and with them
    // the safety lexicon): a cold start for reading a library or a story does not compile them.
    createStory: async (...request) => (await loadCreateStory())(...request),
    pictures: importedOnFirstCall(
      async () =>
        (await import('../use-cases/stories/request-picture.js')).pictureUseCases({
          access,
          stories,
          rateLimits,
          workflow,
          media,
          bands: await bandRules(),
          meaning,
        }),
      { add: true, regenerate: true, paintType: true, remove: true, dismissFailedJob: true },
    ),
    narration: narrationUseCases({
      access,
      rateLimits,
      claims: narrationClaims(db, table),
      media,
      narrator: narratorFor(config),
    }),
    storyText: importedOnFirstCall(
      async () =>
        (await import('../use-cases/stories/story-text.js')).storyTextUseCases({
          access,
          stories,
          views,
          media,
          meaning,
        }),
      { edit: true, export: true },
    ),
    libraryActions: libraryUseCases({ library, stories, deleteStory }),
    sharing: sharingUseCases({ stories }),
    approval: approvalUseCases({ family, stories, library, deleteStory }),
    editorial: importedOnFirstCall(
      async () =>
        (await import('../use-cases/stories/editorial.js')).editorialUseCases({
          storyAdmin,
          stories,
          profiles,
          access,
          views,
          log: adminAccounts.log,
          deleteStory,
        }),
      { list: true, create: true, update: true, setFlags: true, delete: true },
    ),
    promptTemplates: promptTemplateUseCases({ templates, log: adminAccounts.log }),
    deleteStory,
    deleteAccount: removeAccount,
    adminAccounts,
    ownAccount: ownAccountUseCases({ profiles, accounts, feedback, deleteAccount: removeAccount, meaning }),
    exportData: (profile, role, now, onlyChild) =>
      exportAccountData({ stories, library, family }, profile, role, now, onlyChild),
    children: familyUseCases({ profiles, family, stories, library, deleteStory }),
    grownUpGate: grownUpGate({ grants: grownUpGrantRepository(db, table), accounts, rateLimits }),
    provisionProfile: profileProvisioning(profiles, accounts),
    health: () => checkDependencies(aws, config),
  };
}

/** Polly in AWS; the local stack's speech engine on one machine (lambdas/adapters/narration). */
function narratorFor(config: ServerConfig): Narrator {
  return config.narration.kind === 'polly'
    ? pollyNarrator(pollyConnection(config), config.narration.voice)
    : localNarrator(config.narration.endpoint);
}
