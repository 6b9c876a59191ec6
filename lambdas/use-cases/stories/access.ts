import type { Role } from '#common/roles.js';
import type { ProfileItem } from '../../data/entities/profile.js';
import type { StoryItem } from '../../data/entities/story.js';
import { AwaitingApprovalError, StoryNotFoundError, StoryNotReadyError } from '../errors.js';
import type { ChildKey } from '../../data/keys.js';
import type { StoryRepository } from '../../data/repositories/stories.js';

/** Who is asking: the verified caller of a request (the API's Caller has these and more). */
export type Actor = Readonly<{
  userId: string;
  role: Role;
  /** The child the call acts for (issue 36); absent: the family's founding child (keys.ts, ChildKey). */
  childId?: string | undefined;
  /** The call carries a valid grown-up grant (the "Grown-ups only" gate was passed on this device). */
  grownUp?: boolean | undefined;
}>;

/**
 * A signed-in actor with their profile, as the API's account check read it for this request (one
 * strongly consistent GetItem): a use case that needs the profile takes it from here, never reads it again.
 */
export type Member = Actor & Readonly<{ profile: ProfileItem }>;

/** Who reads a story: a signed-in actor, or a visitor without an account (an open share link). */
export type Reader = Actor | undefined;

/** The child an actor's call acts for. */
export const childKeyOf = (actor: Actor): ChildKey => ({
  userId: actor.userId,
  childId: actor.childId ?? actor.userId,
});

type AccessFields = Pick<StoryItem, 'created_by' | 'status' | 'is_public' | 'is_featured' | 'approval' | 'link_open'>;

/** The story is the reader's family's (any of its children made it). */
export const isFamilyStory = (story: Pick<StoryItem, 'created_by'>, reader: Reader) =>
  reader !== undefined && story.created_by === reader.userId;

/** A story waiting for a grown-up's yes is hidden from everyone but the grown-ups (the parent, admins). */
const hiddenFrom = (story: Pick<StoryItem, 'approval'>, reader: Reader) =>
  story.approval === 'waiting' && !(reader?.grownUp || reader?.role === 'admin');

/** Who may change a story and its pictures: its family (once a grown-up said yes, if it waits) and admins. */
export const mayEdit = (story: Pick<StoryItem, 'created_by' | 'approval'>, reader: Reader) =>
  reader !== undefined && (reader.role === 'admin' || (isFamilyStory(story, reader) && !hiddenFrom(story, reader)));

/**
 * Who may read a story: its family and admins always (a story waiting for a grown-up's yes: only its
 * grown-ups); any signed-in family once an admin made it public or featured; anyone at all, signed in or
 * not, while its family's share link is open.
 */
export function mayRead(story: AccessFields, reader: Reader): boolean {
  if (reader?.role === 'admin') return true;
  if (isFamilyStory(story, reader)) return !hiddenFrom(story, reader);
  if (story.status !== 'ready' || story.approval === 'waiting') return false;
  if (story.link_open) return true;
  return reader !== undefined && (story.is_public || story.is_featured);
}

/**
 * The read and edit checks every story use case starts with. A story the reader may not see is answered
 * exactly like one that does not exist, so nobody learns which ids are taken; only the family's own child
 * is told that a story waits for a grown-up.
 */
export function storyAccess(stories: StoryRepository) {
  /** Refuses a story the reader may not read (waiting for a grown-up: the family is told so). */
  function check(storyId: string, story: AccessFields, reader: Reader): void {
    if (isFamilyStory(story, reader) && hiddenFrom(story, reader)) throw new AwaitingApprovalError();
    if (!mayRead(story, reader)) throw new StoryNotFoundError(storyId);
  }

  return {
    /** The story with its pictures and jobs, if the reader may read it. */
    async readable(storyId: string, reader: Reader) {
      const found = await stories.getWithImages(storyId);
      if (!found) throw new StoryNotFoundError(storyId);
      check(storyId, found.story, reader);
      return found;
    },

    /**
     * How far the story is made, if the reader may read it (see `storyStatusView`). Its family's child may
     * follow a story that waits for a grown-up, so the page can say so and show it once they said yes.
     */
    async readableStatus(storyId: string, reader: Reader) {
      const found = await stories.getStatus(storyId);
      if (!found || !(mayRead(found.story, reader) || isFamilyStory(found.story, reader))) {
        throw new StoryNotFoundError(storyId);
      }
      return found;
    },

    /** The story with its pictures and jobs, if the actor may change it. */
    async editable(storyId: string, actor: Actor) {
      const found = await stories.getWithImages(storyId);
      if (!found || !mayEdit(found.story, actor)) throw new StoryNotFoundError(storyId);
      return found;
    },

    /** An editable story whose pictures may change: it must be finished first. */
    async editableReady(storyId: string, actor: Actor) {
      const found = await this.editable(storyId, actor);
      if (found.story.status !== 'ready') throw new StoryNotReadyError();
      return found;
    },

    /** Any story, for an admin (the admin area sees every story, whatever its status). */
    async any(storyId: string) {
      const found = await stories.getWithImages(storyId);
      if (!found) throw new StoryNotFoundError(storyId);
      return found;
    },
  };
}

export type StoryAccess = ReturnType<typeof storyAccess>;
