import type { WaitingStoryView } from '#common/api/views.js';
import type { ApprovalDecision } from '#common/validation/approval.js';
import { storyChildOf } from '../../data/entities/story.js';
import { StoryGeneratingError, StoryNotFoundError } from '../errors.js';
import type { FamilyRepository } from '../../data/repositories/family.js';
import type { LibraryRepository } from '../../data/repositories/library.js';
import type { StoryRepository } from '../../data/repositories/stories.js';
import type { Actor, Member } from './access.js';
import type { StoryDeletion } from './delete-story.js';

export type ApprovalDeps = Readonly<{
  family: Pick<FamilyRepository, 'children'>;
  stories: Pick<StoryRepository, 'waitingFor' | 'approve' | 'get'>;
  library: Pick<LibraryRepository, 'remove'>;
  deleteStory: StoryDeletion;
}>;

/**
 * Approval before reading (issue 36): a child whose approval switch is on gets new stories that wait for a
 * grown-up (stories/create-story.ts sets `approval: 'waiting'`; stories/access.ts hides them from the child).
 * The parent, past "Grown-ups only" (the routes' access), sees them in "Waiting for you", reads them, and
 * says yes (the child may read it) or sends it back (it is deleted and the child's library slot is freed).
 */
export function approvalUseCases(deps: ApprovalDeps) {
  return {
    async waiting(actor: Member): Promise<WaitingStoryView[]> {
      const [children, stories] = await Promise.all([
        deps.family.children(actor.profile),
        deps.stories.waitingFor(actor.userId),
      ]);
      const names = new Map(children.map((child) => [child.key.childId, child.name]));
      return stories
        .filter((story) => story.status !== 'failed')
        .map((story) => {
          const childId = story.child_id ?? actor.userId;
          return {
            id: story.id,
            status: story.status,
            title: story.title,
            heroName: story.hero_name,
            childId,
            childName: names.get(childId) ?? '',
            createdAt: story.created_at,
          };
        });
    },

    async decide(storyId: string, actor: Actor, decision: ApprovalDecision): Promise<{ decision: ApprovalDecision }> {
      if (decision === 'yes') {
        if (!(await deps.stories.approve(storyId, actor.userId))) throw new StoryNotFoundError(storyId);
        return { decision };
      }
      const story = await deps.stories.get(storyId);
      const child = story && storyChildOf(story);
      if (!story || !child || story.created_by !== actor.userId || story.approval !== 'waiting') {
        throw new StoryNotFoundError(storyId);
      }
      if (story.status === 'generating') throw new StoryGeneratingError();
      await deps.library.remove(child, storyId);
      await deps.deleteStory(storyId);
      return { decision };
    },
  };
}

export type ApprovalUseCases = ReturnType<typeof approvalUseCases>;
