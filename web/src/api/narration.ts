import type { NarrationPartView } from '#common/narration';
import { api } from './client';

/**
 * GET /api/stories/{id}/narration/{part}: one part of "Read to me" (made on its first request, stored after).
 * The player asks for parts in order, one ahead of the one playing, so it keeps no query cache of its own.
 */
export const fetchNarrationPart = (storyId: string, part: number) =>
  api<NarrationPartView>(`/stories/${encodeURIComponent(storyId)}/narration/${part}`);
