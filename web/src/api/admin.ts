import type {
  AdminNoteView,
  AdminStatsView,
  AdminStoryPage,
  AdminStoryRow,
  AdminUserDetail,
  AdminUserPage,
  AdminUserRow,
  BulkResultView,
  TemplateView,
} from '#common/api/admin-views';
import type { StoryView } from '#common/api/views';
import type { Role } from '#common/roles';
import type { AdminStoryInput, BulkUserAction, TemplateUpdate, UserUpdate } from '#common/validation/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';

/** The admin API (/api/admin/*, admin group only), one fetcher per route. */

export type {
  ActivityView,
  AdminNoteView,
  AdminStatsView,
  AdminStoryRow,
  AdminUserDetail,
  AdminUserRow,
  TemplateView,
} from '#common/api/admin-views';

const id = encodeURIComponent;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

/** A query string of the given, non-empty values (leading "?" included; empty when none). */
function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const fetchAdminStats = () => api<AdminStatsView>('/admin/stats');

export type UserFilters = { q?: string; role?: Role; status?: 'active' | 'suspended'; cursor?: string; limit?: number };
export const fetchAdminUsers = (filters: UserFilters) => api<AdminUserPage>(`/admin/users${query(filters)}`);
export const fetchAdminUser = (userId: string) => api<AdminUserDetail>(`/admin/users/${id(userId)}`);
export const updateAdminUser = (userId: string, update: UserUpdate) =>
  api<AdminUserRow>(`/admin/users/${id(userId)}`, json('PATCH', update));
export const bulkUpdateUsers = (action: BulkUserAction) =>
  api<BulkResultView>('/admin/users/bulk', json('POST', action));
export const sendPasswordReset = (userId: string) =>
  api<{ sent: true }>(`/admin/users/${id(userId)}/reset-password`, { method: 'POST' });
export const deleteAdminUser = (userId: string) =>
  api<{ deleted: string }>(`/admin/users/${id(userId)}`, { method: 'DELETE' });
export const addAdminNote = (userId: string, note: string) =>
  api<AdminNoteView>(`/admin/users/${id(userId)}/notes`, json('POST', { note }));
export const deleteAdminNote = (userId: string, noteId: string) =>
  api<{ deleted: string }>(`/admin/users/${id(userId)}/notes/${id(noteId)}`, { method: 'DELETE' });

export const fetchAdminStories = (filters: { q?: string; cursor?: string }) =>
  api<AdminStoryPage>(`/admin/stories${query(filters)}`);
export const fetchAdminStory = (storyId: string) => api<StoryView>(`/admin/stories/${id(storyId)}`);
export const createAdminStory = (input: AdminStoryInput) =>
  api<{ story: StoryView; filtered: number }>('/admin/stories', json('POST', input));
export const saveAdminStory = (storyId: string, input: AdminStoryInput) =>
  api<{ story: StoryView; filtered: number }>(`/admin/stories/${id(storyId)}`, json('PUT', input));
export const updateStoryFlags = (storyId: string, flags: { isFeatured?: boolean; isPublic?: boolean }) =>
  api<AdminStoryRow>(`/admin/stories/${id(storyId)}`, json('PATCH', flags));
export const deleteAdminStory = (storyId: string) =>
  api<{ deleted: string }>(`/admin/stories/${id(storyId)}`, { method: 'DELETE' });
export const requestAdminImage = (storyId: string, request: { imageType: string; customizations?: string }) =>
  api<{ jobId: string; imageType: string }>(`/admin/stories/${id(storyId)}/images`, json('POST', request));

export const fetchTemplates = () => api<{ templates: TemplateView[] }>('/admin/templates');
export const updateTemplate = (templateId: string, update: TemplateUpdate) =>
  api<TemplateView>(`/admin/templates/${id(templateId)}`, json('PUT', update));
export const activateTemplate = (templateId: string) =>
  api<TemplateView>(`/admin/templates/${id(templateId)}/activate`, { method: 'POST' });

/* Queries: one hook per read, keyed in query-keys.ts. Admin changes invalidate these keys. */

export const useAdminStats = () => useQuery({ queryKey: queryKeys.admin.stats, queryFn: fetchAdminStats });

export const useAdminUser = (userId: string) =>
  useQuery({ queryKey: queryKeys.admin.user(userId), queryFn: () => fetchAdminUser(userId) });

export const useTemplates = () => useQuery({ queryKey: queryKeys.admin.templates, queryFn: fetchTemplates });

/** While a picture of the story is being painted, the editor looks again this often. */
const ADMIN_STORY_POLL_MS = 1500;

/** The story in the admin editor, followed while one of its pictures is being painted (and after a failure). */
export const useAdminStory = (storyId: string | undefined) =>
  useQuery({
    queryKey: queryKeys.admin.story(storyId ?? ''),
    queryFn: () => fetchAdminStory(storyId ?? ''),
    enabled: storyId !== undefined,
    refetchInterval: ({ state }: Query<StoryView, Error>) => {
      if (!state.data) return false; // a failed first read goes back to the list
      if (state.error) return ADMIN_STORY_POLL_MS; // a passing failure while following: look again
      return state.data.imageJobs.some((job) => job.status === 'pending') ? ADMIN_STORY_POLL_MS : false;
    },
  });

/** One page of an admin list (users or stories); the previous page stays on show while the next loads. */
export const usePageQuery = <Page>(queryKey: readonly unknown[], queryFn: () => Promise<Page>) =>
  useQuery({ queryKey, queryFn, placeholderData: keepPreviousData });

/* Changes: one hook per call; each invalidates what it changes, and the screens read it again when shown. */

/** A mutation after which the given keys are read again. */
function useAdminChange<Variables, Result>(
  call: (variables: Variables) => Promise<Result>,
  changes: (variables: Variables) => (readonly unknown[])[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_, variables) => {
      for (const queryKey of changes(variables)) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** A change to one account: its detail (activity, notes) and the counts. */
const accountChanged = (userId: string) => [queryKeys.admin.user(userId), queryKeys.admin.stats];

export const useUpdateAdminUser = (userId: string) =>
  useAdminChange(
    (update: UserUpdate) => updateAdminUser(userId, update),
    () => accountChanged(userId),
  );
export const useBulkUpdateUsers = () => useAdminChange(bulkUpdateUsers, () => [queryKeys.admin.users]);
export const useSendPasswordReset = (userId: string) =>
  useAdminChange(
    () => sendPasswordReset(userId),
    () => [queryKeys.admin.user(userId)],
  );
export const useDeleteAdminUser = (userId: string) =>
  useAdminChange(
    () => deleteAdminUser(userId),
    () => [queryKeys.admin.users, queryKeys.admin.stats],
  );
export const useAddAdminNote = (userId: string) =>
  useAdminChange(
    (note: string) => addAdminNote(userId, note),
    () => [queryKeys.admin.user(userId)],
  );
export const useDeleteAdminNote = (userId: string) =>
  useAdminChange(
    (noteId: string) => deleteAdminNote(userId, noteId),
    () => [queryKeys.admin.user(userId)],
  );

/** A change to the stories: every admin list and count, and the family screens showing them. */
const storiesChanged = () => [queryKeys.admin.all, queryKeys.library, queryKeys.featured];

export const useCreateAdminStory = () => useAdminChange(createAdminStory, storiesChanged);
export const useSaveAdminStory = (storyId: string) =>
  useAdminChange(
    (input: AdminStoryInput) => saveAdminStory(storyId, input),
    () => [...storiesChanged(), queryKeys.story(storyId)],
  );
export const useUpdateStoryFlags = () =>
  useAdminChange(
    ({ storyId, flags }: { storyId: string; flags: { isFeatured?: boolean; isPublic?: boolean } }) =>
      updateStoryFlags(storyId, flags),
    () => [queryKeys.admin.stats, queryKeys.featured],
  );
export const useDeleteAdminStory = () => useAdminChange(deleteAdminStory, storiesChanged);
export const useRequestAdminImage = (storyId: string) =>
  useAdminChange(
    (request: { imageType: string; customizations?: string }) => requestAdminImage(storyId, request),
    () => [queryKeys.admin.story(storyId)],
  );

export const useUpdateTemplate = () =>
  useAdminChange(
    ({ templateId, update }: { templateId: string; update: TemplateUpdate }) => updateTemplate(templateId, update),
    () => [queryKeys.admin.templates],
  );
export const useActivateTemplate = () => useAdminChange(activateTemplate, () => [queryKeys.admin.templates]);
