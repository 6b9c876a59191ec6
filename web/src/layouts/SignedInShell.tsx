import { useAuth } from '../auth/AuthContext';
import { LoadBandConfig } from '../story-config/band-config';
import { SignedInLayout } from './SignedInLayout';
import { VisitorLayout } from './VisitorLayout';

/**
 * Every signed-in screen: the header, menu and footer, and the family's age-band configuration loading beside them. A visitor
 * reading a shared story (the only screen here a visitor may open) gets the visitor's header instead.
 */
export default function SignedInShell() {
  const { userId } = useAuth();
  return (
    <>
      <LoadBandConfig />
      {userId ? <SignedInLayout /> : <VisitorLayout />}
    </>
  );
}
