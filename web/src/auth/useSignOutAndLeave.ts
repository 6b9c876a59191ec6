import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../components/toast';
import { useAuth } from './AuthContext';

/**
 * What every "Sign Out" does (SPEC: the toast "Signed out successfully", then the sign-in page; "Failed to
 * logout" when it fails). Answers whether the account is signed out, so a button can re-enable itself.
 */
export function useSignOutAndLeave(): () => Promise<boolean> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
      toast.success('Signed out successfully');
      navigate('/auth');
      return true;
    } catch {
      toast.error('Failed to logout');
      return false;
    }
  }, [signOut, navigate]);
}
