import type { AgeBand } from '../../../common/age-bands';
import type { Role } from '../../../common/roles';
import type { ProfileUpdate } from '../../../common/validation/accounts';
import type { Feedback } from '../../../common/validation/feedback';
import { api } from './client';

export type Profile = {
  id: string;
  email: string;
  displayName: string;
  authorName: string;
  ageBand: AgeBand;
  role: Role;
  isAdmin: boolean;
  createdAt: string;
  lastLogin: string | null;
  libraryCount: number;
};

export const fetchProfile = () => api<Profile>('/me');
export const updateProfile = (update: ProfileUpdate) =>
  api<Profile>('/me', { method: 'PATCH', body: JSON.stringify(update) });
export const sendFeedback = (feedback: Feedback) =>
  api<{ id: string }>('/feedback', { method: 'POST', body: JSON.stringify(feedback) });
