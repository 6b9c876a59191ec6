import { randomUUID } from 'node:crypto';
import type { ChildView, ProfileView } from '#common/api/views.js';
import type { Role } from '#common/roles.js';
import type { ChildUpdate, NewChild } from '#common/validation/family.js';
import { toChildView, type Child } from '../../data/entities/child.js';
import { toProfile, type ProfileItem } from '../../data/entities/profile.js';
import { AccountGoneError, ChildNotFoundError, LastChildError, StoryGeneratingError } from '../errors.js';
import type { FamilyRepository } from '../../data/repositories/family.js';
import type { LibraryRepository } from '../../data/repositories/library.js';
import type { ProfileRepository } from '../../data/repositories/profiles.js';
import type { StoryRepository } from '../../data/repositories/stories.js';
import { isFoundingChild } from '../../data/keys.js';
import { childKeyOf, type Actor, type Member } from '../stories/access.js';
import type { StoryDeletion } from '../stories/delete-story.js';
import { log } from '../../runtime/observability.js';

export type FamilyDeps = Readonly<{
  profiles: ProfileRepository;
  family: FamilyRepository;
  stories: StoryRepository;
  library: LibraryRepository;
  deleteStory: StoryDeletion;
}>;

/** The family as the parent's screens show it: the account, its children, and the child a call acts for. */
export type FamilyOverview = Readonly<{ profile: ProfileItem; children: Child[]; child: Child }>;

/**
 * The profile as its owner sees it, with the family's children; the age band and library count are the
 * child the call acts for (a client from before child profiles reads its one child). The role is the
 * token's (Cognito groups are the source of truth).
 */
export const toOwnProfileView = ({ profile, children, child }: FamilyOverview, role: Role): ProfileView => ({
  ...toProfile(profile),
  ageBand: child.ageBand,
  libraryCount: child.libraryCount,
  role,
  isAdmin: role === 'admin',
  childId: child.key.childId,
  children: children.map(toChildView),
  hasPin: Boolean(profile.pin_hash),
});

/**
 * A parent's children (issue 36): listing them, adding one ("Add a child"), changing one, and removing one
 * with everything of theirs. A family has one child at least (every account had one before child profiles)
 * and six at most.
 */
export function familyUseCases(deps: FamilyDeps) {
  async function overviewOf(profile: ProfileItem, childId: string): Promise<FamilyOverview> {
    const children = await deps.family.children(profile);
    const child = children.find((each) => each.key.childId === childId);
    if (!child) throw new ChildNotFoundError();
    return { profile, children, child };
  }

  return {
    /** GET /api/me: the family of this profile, and the child the actor's call acts for. */
    overview(profile: ProfileItem, actor: Actor): Promise<FamilyOverview> {
      return overviewOf(profile, childKeyOf(actor).childId);
    },

    /** "Add a child": a new child profile with its own, empty library. */
    async add(actor: Member, child: NewChild): Promise<ChildView> {
      const childId = randomUUID();
      await deps.family.add(actor.userId, childId, child);
      const { child: added } = await overviewOf(actor.profile, childId);
      return toChildView(added);
    },

    /** Changes a child's name, picture, age band or approval switch. */
    async update(actor: Member, childId: string, update: ChildUpdate): Promise<ChildView> {
      const child = await deps.family.child(actor.profile, childId);
      if (!child) throw new ChildNotFoundError();
      await deps.family.update(actor.profile, child.key, update);
      // The founding child's age band is the profile's: read again only when this changed it.
      const changedProfile = isFoundingChild(child.key) && update.ageBand !== undefined;
      const profile = changedProfile ? await deps.profiles.getCurrent(actor.userId) : actor.profile;
      if (!profile) throw new AccountGoneError();
      const { child: updated } = await overviewOf(profile, childId);
      return toChildView(updated);
    },

    /**
     * Removes a child with everything of theirs, at once: the stories made for them (pictures, narration and
     * every library's copy with them) and their library, then the child profile. Refused for the family's
     * last child, and while a story is still being made for them (the workflow would write into nothing).
     * Each step can be repeated, so a removal that fails half-way is finished by asking again.
     */
    async remove(actor: Member, childId: string): Promise<void> {
      const { profile } = actor;
      const children = await deps.family.children(profile);
      const child = children.find((each) => each.key.childId === childId);
      if (!child) throw new ChildNotFoundError();
      const next = children.find((each) => each.key.childId !== childId);
      if (!next) throw new LastChildError();
      const stories = await deps.stories.madeFor(child.key);
      if (stories.some((story) => story.status === 'generating')) throw new StoryGeneratingError();
      for (const story of stories) await deps.deleteStory(story.id);
      await deps.library.removeAll(child.key);
      await deps.family.remove(profile, child.key, next.key);
      log.info('child removed', { stories: stories.length });
    },
  };
}

export type FamilyUseCases = ReturnType<typeof familyUseCases>;
