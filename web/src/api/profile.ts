import type { ProfileView } from '../../../common/api/views';
import type { ProfileUpdate } from '../../../common/validation/accounts';
import type { Feedback } from '../../../common/validation/feedback';
import { api } from './client';

export type Profile = ProfileView;

export const fetchProfile = () => api<Profile>('/me');
export const updateProfile = (update: ProfileUpdate) =>
  api<Profile>('/me', { method: 'PATCH', body: JSON.stringify(update) });
export const sendFeedback = (feedback: Feedback) =>
  api<{ id: string }>('/feedback', { method: 'POST', body: JSON.stringify(feedback) });
