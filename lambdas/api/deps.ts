import { adminAccountActions, type AdminAccountActions } from '../shared/accounts/admin-actions.js';
import { cognitoAccounts, type CognitoAccounts } from '../shared/accounts/cognito-accounts.js';
import { deleteAccount } from '../shared/accounts/delete-account.js';
import { familyUseCases, type FamilyUseCases } from '../shared/accounts/family.js';
import { grownUpGate, type GrownUpGate } from '../shared/accounts/grown-up-gate.js';
import { ownAccountUseCases, type OwnAccountUseCases } from '../shared/accounts/own-account.js';
import { profileProvisioning } from '../shared/accounts/provision-profile.js';
import { pollyConnection, type AwsClients } from '../shared/aws-clients.js';
import type { ServerConfig } from '../shared/config.js';
import { createMediaCdn } from '../shared/media-cdn.js';
import { importedOnFirstCall, once } from '../shared/lazy.js';
import { mediaStore, type MediaStore } from '../shared/media.js';
import { createMediaGrants, type MediaGrants } from '../shared/media-grants.js';
import { activityRepository, type ActivityRepository } from '../shared/repositories/activity.js';
import { counterRepository, type CounterRepository } from '../shared/repositories/counters.js';
import { familyRepository, type FamilyRepository } from '../shared/repositories/family.js';
import { featuredRepository, type FeaturedRepository } from '../shared/repositories/featured.js';
import { feedbackRepository, type FeedbackRepository } from '../shared/repositories/feedback.js';
import { libraryRepository, type LibraryRepository } from '../shared/repositories/library.js';
import { noteRepository, type NoteRepository } from '../shared/repositories/notes.js';
import { profileRepository, type ProfileRepository } from '../shared/repositories/profiles.js';
import { rateLimiter, type RateLimiter } from '../shared/repositories/rate-limits.js';
import { storyRepository, type StoryRepository } from '../shared/repositories/stories.js';
import { storyAdminRepository, type StoryAdminRepository } from '../shared/repositories/story-admin.js';
import { templateRepository, type TemplateRepository } from '../shared/repositories/templates.js';
import { storyAccess, type StoryAccess } from '../shared/stories/access.js';
import type { createStoryUseCase } from '../shared/stories/create-story.js';
import { deleteStoryForGood, type StoryDeletion } from '../shared/stories/delete-story.js';
import type { EditorialUseCases } from '../shared/stories/editorial.js';
import { libraryUseCases, type LibraryUseCases } from '../shared/stories/library.js';
import type { PictureUseCases } from '../shared/stories/request-picture.js';
import { narrationUseCases, type NarrationUseCases } from '../shared/stories/narrate-story.js';
import { narrationClaims } from '../shared/repositories/narration-claims.js';
import { meaningCheckFor } from '../shared/meaning-check.js';
import { localNarrator } from '../shared/narration/local-narrator.js';
import type { Narrator } from '../shared/narration/narrator.js';
import { pollyNarrator } from '../shared/narration/polly-narrator.js';
import type { StoryTextUseCases } from '../shared/stories/story-text.js';
import { storyViews, type StoryViews } from '../shared/stories/views.js';
import { sharingUseCases, type SharingUseCases } from '../shared/stories/sharing.js';
import { approvalUseCases, type ApprovalUseCases } from '../shared/stories/approval.js';
import { capacityGate } from '../shared/capacity/gate.js';
import type { WorkflowStarter } from '../shared/workflow-starter.js';
import type { TokenVerifier } from './auth/token-verifier.js';

/**
 * Everything a route needs, built once per process (a Lambda container, the local API): the clients,
 * the repositories over the table, and the use cases over those. A route only parses, calls and maps.
 */
export type ApiDeps = Readonly<{
  config: ServerConfig;
  aws: AwsClients;
  tokens: TokenVerifier;
  workflow: WorkflowStarter;
  media: MediaStore;
  /** The signed cookies that open a story's media to the browser it was shown to (undefined: media unsigned). */
  mediaGrants: MediaGrants | undefined;
  accounts: CognitoAccounts;
  // Repositories (lambdas/shared/repositories): one per entity or aggregate.
  profiles: ProfileRepository;
  family: FamilyRepository;
  stories: StoryRepository;
  storyAdmin: StoryAdminRepository;
  library: LibraryRepository;
  featured: FeaturedRepository;
  templates: TemplateRepository;
  notes: NoteRepository;
  activity: ActivityRepository;
  counters: CounterRepository;
  feedback: FeedbackRepository;
  rateLimits: RateLimiter;
  // Use cases (lambdas/shared/stories, lambdas/shared/accounts).
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
  deleteStory: StoryDeletion;
  deleteAccount: (userId: string) => Promise<boolean>;
  adminAccounts: AdminAccountActions;
  ownAccount: OwnAccountUseCases;
  children: FamilyUseCases;
  grownUpGate: GrownUpGate;
  provisionProfile: ReturnType<typeof profileProvisioning>;
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
  const access = storyAccess(stories);
  const gate = capacityGate(db, table, config.capacity);
  const views = storyViews({ profiles, library, gate });
  // Only the use cases that apply a band's rules read them (and bundle both files): loaded with them.
  // The guardrail's reading of family text at the door (AWS with Bedrock only; see meaning-check.ts).
  const meaning = meaningCheckFor(config);
  const bandRules = async () => (await import('../shared/age-band-configs.js')).AGE_BAND_CONFIGS;
  const loadCreateStory = once(async () =>
    (await import('../shared/stories/create-story.js')).createStoryUseCase({
      profiles,
      family,
      stories,
      rateLimits,
      workflow,
      bands: await bandRules(),
      meaning,
    }),
  );
  const deletion = { db, s3: aws.s3, tableName: table, mediaBucket: config.mediaBucket, cdn };
  const deleteStory: StoryDeletion = (storyId) => deleteStoryForGood(deletion, storyId);
  const removeAccount = (userId: string) => deleteAccount({ ...deletion, accounts }, userId);
  const notes = noteRepository(db, table);
  const adminAccounts = adminAccountActions({
    profiles,
    accounts,
    activity,
    notes,
    stories,
    deleteAccount: removeAccount,
  });
  return {
    config,
    aws,
    tokens,
    workflow,
    media,
    mediaGrants: createMediaGrants(config),
    accounts,
    profiles,
    family,
    stories,
    storyAdmin,
    library,
    featured: featuredRepository(db, table),
    templates: templateRepository(db, table),
    notes,
    activity,
    counters: counterRepository(db, table),
    feedback: feedbackRepository(db, table),
    rateLimits,
    access,
    views,
    // The use cases that check a family's or an admin's words load with their first call (and with them
    // the safety lexicon): a cold start for reading a library or a story does not compile them.
    createStory: async (...request) => (await loadCreateStory())(...request),
    pictures: importedOnFirstCall(
      async () =>
        (await import('../shared/stories/request-picture.js')).pictureUseCases({
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
        (await import('../shared/stories/story-text.js')).storyTextUseCases({ access, stories, views, media, meaning }),
      { edit: true, export: true },
    ),
    libraryActions: libraryUseCases({ library, stories, deleteStory }),
    sharing: sharingUseCases({ stories }),
    approval: approvalUseCases({ profiles, family, stories, library, deleteStory }),
    editorial: importedOnFirstCall(
      async () =>
        (await import('../shared/stories/editorial.js')).editorialUseCases({
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
    deleteStory,
    deleteAccount: removeAccount,
    adminAccounts,
    ownAccount: ownAccountUseCases({ profiles, accounts, deleteAccount: removeAccount, meaning }),
    children: familyUseCases({ profiles, family, stories, library, deleteStory }),
    grownUpGate: grownUpGate({ db, tableName: table, profiles, accounts, rateLimits }),
    provisionProfile: profileProvisioning(profiles, accounts),
  };
}

/** Polly in AWS; the local stack's speech engine on one machine (lambdas/shared/narration). */
function narratorFor(config: ServerConfig): Narrator {
  return config.narration.kind === 'polly'
    ? pollyNarrator(pollyConnection(config), config.narration.voice)
    : localNarrator(config.narration.endpoint);
}
