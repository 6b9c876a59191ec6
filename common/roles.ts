/** SPEC §6: roles. They come from Cognito groups; no group means `user`. */
export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function roleFromGroups(groups: readonly string[]): Role {
  if (groups.includes('admin')) return 'admin';
  if (groups.includes('moderator')) return 'moderator';
  return 'user';
}
