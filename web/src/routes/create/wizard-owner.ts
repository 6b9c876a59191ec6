import { useProfile } from '../../api/profile';
import { useAuth } from '../../auth/AuthContext';
import { useChosenChild } from '../../family/reader-choice';

/**
 * Whose wizard is shown ("userId/childId"): the child reading on this device, else the family's first (the
 * profile's); undefined while the profile that says so is on its way. Kept apart from the wizard's store so
 * the story page can name it without loading the wizard.
 */
export function useWizardOwner(): string | undefined {
  const { userId } = useAuth();
  const chosen = useChosenChild(userId);
  const { data: profile, isLoading } = useProfile();
  const childId = chosen ?? profile?.childId ?? (isLoading ? undefined : userId);
  return userId && childId ? wizardOwner(userId, childId) : undefined;
}

export const wizardOwner = (userId: string, childId: string) => `${userId}/${childId}`;
