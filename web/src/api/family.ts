import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChildView, WaitingStoryView } from '#common/api/views';
import type { ApprovalDecision } from '#common/validation/approval';
import type { ChildUpdate, NewChild } from '#common/validation/family';
import type { UnlockRequest } from '#common/validation/grown-up';
import { chooseChild, chosenChild } from '../family/reader-choice';
import { api, apiFile } from './client';
import { refreshProfile, type Profile } from './profile';
import { queryKeys } from './query-keys';

/*
 * The family's children and the grown-up gate (issue 36). The children themselves come with the profile
 * (GET /api/me, api/profile.ts), so a change to them reads it again.
 */

export const addChild = (child: NewChild) =>
  api<ChildView>('/children', { method: 'POST', body: JSON.stringify(child) });
export const updateChild = (childId: string, update: ChildUpdate) =>
  api<ChildView>(`/children/${encodeURIComponent(childId)}`, { method: 'PATCH', body: JSON.stringify(update) });
export const removeChild = (childId: string) =>
  api<{ removed: string }>(`/children/${encodeURIComponent(childId)}`, { method: 'DELETE' });
/** One child's part of the family's data, as a JSON file. */
export const downloadChildData = (childId: string) => apiFile(`/children/${encodeURIComponent(childId)}/export`);

/** "Grown-ups only": the PIN or the password buys a grant for this device (see family/grown-up-grant.ts). */
export const unlockGrownUp = (request: UnlockRequest) =>
  api<{ token: string; expiresAt: string }>('/grown-up/unlock', { method: 'POST', body: JSON.stringify(request) });
/** "Done": the grant this device holds ends now. */
export const lockGrownUp = () => api<{ locked: true }>('/grown-up', { method: 'DELETE' });
export const setGrownUpPin = (pin: string) =>
  api<{ hasPin: true }>('/grown-up/pin', { method: 'PUT', body: JSON.stringify({ pin }) });

/** A change to the children: resolves once the profile has been read again, so the screen shows it. */
function useChildChange<Variables, Result>(call: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => refreshProfile(queryClient) });
}

export const useAddChild = () => useChildChange(addChild);
export const useUpdateChild = () =>
  useChildChange(({ childId, update }: { childId: string; update: ChildUpdate }) => updateChild(childId, update));
/**
 * Removing the child being read to on this device hands the device to the oldest child left before the
 * profile is read again: the parent stays signed in where they are, and no call names the removed child.
 */
export function useRemoveChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (childId: string) => {
      const removed = await removeChild(childId);
      const profile = queryClient.getQueryData<Profile>(queryKeys.profile);
      const next = profile?.children.find((child) => child.id !== childId);
      if (profile && next && (chosenChild(profile.id) ?? profile.childId) === childId) chooseChild(profile.id, next.id);
      return removed;
    },
    onSuccess: () => refreshProfile(queryClient),
  });
}
/** Asked for by a button: a mutation, so nothing caches a child's data. */
export const useDownloadChildData = () => useMutation({ mutationFn: downloadChildData });
/** The answer says the PIN is set: the profile says so without being read again. */
export function useSetGrownUpPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGrownUpPin,
    onSuccess: ({ hasPin }) =>
      queryClient.setQueryData<Profile>(queryKeys.profile, (profile) => profile && { ...profile, hasPin }),
  });
}

/** "Waiting for you" (Grown-ups only): the children's stories waiting for a grown-up's yes. */
export const fetchWaitingStories = () => api<{ stories: WaitingStoryView[] }>('/approvals');
export const decideStory = (storyId: string, decision: ApprovalDecision) =>
  api<{ decision: ApprovalDecision }>(`/stories/${encodeURIComponent(storyId)}/approval`, {
    method: 'POST',
    body: JSON.stringify({ decision }),
  });

export const useWaitingStories = () => useQuery({ queryKey: queryKeys.approvals, queryFn: fetchWaitingStories });
/** Yes or send back: the list, the story and the library are read again. */
export function useDecideStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storyId, decision }: { storyId: string; decision: ApprovalDecision }) =>
      decideStory(storyId, decision),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
