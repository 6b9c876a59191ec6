import { useMutation } from '@tanstack/react-query';
import type { ProfileView } from '#common/api/views';
import type { DeleteAccountRequest } from '#common/validation/account-data';
import type { ProfileUpdate } from '#common/validation/accounts';
import type { Feedback } from '#common/validation/feedback';
import { api, apiFile } from './client';

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

/*
 * The hooks of the calls above. The profile itself is read by the session (auth/AuthContext.tsx owns it:
 * the shell, the guards and the greeting wait on it), so a profile change refreshes it there.
 */

/** PATCH /api/me: names or the age band. */
export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile });

/** POST /api/feedback. */
export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });

/** GET /api/me/export, asked for by a button: a mutation, so nothing caches the family's whole data. */
export const useDownloadAccountData = () => useMutation({ mutationFn: downloadAccountData });

/** DELETE /api/me. */
export const useDeleteOwnAccount = () => useMutation({ mutationFn: deleteOwnAccount });
