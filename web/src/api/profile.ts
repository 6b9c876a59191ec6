import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProfileView } from '#common/api/views';
import type { DeleteAccountRequest } from '#common/validation/account-data';
import type { ProfileUpdate } from '#common/validation/accounts';
import type { Feedback } from '#common/validation/feedback';
import { api, apiFile } from './client';
import { queryKeys } from './query-keys';

export type Profile = ProfileView;

export const fetchProfile = () => api<Profile>('/me');
export const updateProfile = (update: ProfileUpdate) =>
  api<Profile>('/me', { method: 'PATCH', body: JSON.stringify(update) });
export const sendFeedback = (feedback: Feedback) =>
  api<{ id: string }>('/feedback', { method: 'POST', body: JSON.stringify(feedback) });

/** GET /api/me/export: the family's data as a JSON file and the name the server gives it. */
export const downloadAccountData = () => apiFile('/me/export');

/** DELETE /api/me: the account and everything of it, for good; the body carries the typed word. */
export const deleteOwnAccount = (request: DeleteAccountRequest) =>
  api<{ deleted: true }>('/me', { method: 'DELETE', body: JSON.stringify(request) });

/** POST /api/me/password: changes the password and ends every session of the account (this one too). */
export const changeOwnPassword = (currentPassword: string, newPassword: string) =>
  api<{ changed: true }>('/me/password', { method: 'POST', body: JSON.stringify({ currentPassword, newPassword }) });

/**
 * The family's profile (GET /api/me), for the child being read for: the shell's greeting, the create
 * button's library count, the age band's rules, the profile page. Read once per cache (one per account and
 * child: auth/AccountQueries.tsx) and then kept: each call that changes it puts the answer in the cache or
 * reads it again (here, and in api/family.ts, api/library.ts, api/stories.ts). `isLoading` until its first
 * answer; no `data` when it could not be read (the screens show without it). A visitor's cache reads none.
 */
export const useProfile = () => useQuery(profileQuery);

/** The profile's query, also started by the account's cache as soon as the session is known. */
export const profileQuery = { queryKey: queryKeys.profile, queryFn: fetchProfile, staleTime: Infinity } as const;

/** Reads the profile again; resolves once it has answered (so a toast after it says what the screen shows). */
export const refreshProfile = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.profile });

/** The library's count as the list just read says it: the create button checks the count the family sees. */
export function keepLibraryCount(queryClient: QueryClient, count: number) {
  queryClient.setQueryData<Profile>(queryKeys.profile, (profile) =>
    profile && profile.libraryCount !== count
      ? {
          ...profile,
          libraryCount: count,
          children: profile.children.map((child) =>
            child.id === profile.childId ? { ...child, libraryCount: count } : child,
          ),
        }
      : profile,
  );
}

/** PATCH /api/me: names or the age band; the answer is the profile as it now is. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.profile, profile),
  });
}

/** POST /api/feedback. */
export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });

/** GET /api/me/export, asked for by a button: a mutation, so nothing caches the family's whole data. */
export const useDownloadAccountData = () => useMutation({ mutationFn: downloadAccountData });

/** DELETE /api/me. */
export const useDeleteOwnAccount = () => useMutation({ mutationFn: deleteOwnAccount });
