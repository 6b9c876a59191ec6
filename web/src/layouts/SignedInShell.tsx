import { useAuth } from '../auth/AuthContext';
import { AgeBandConfigProvider } from '../story-config/AgeBandConfigContext';
import { SignedInLayout } from './SignedInLayout';
import { VisitorLayout } from './VisitorLayout';

/**
 * Every signed-in screen: the family's age-band configuration around the header, menu and footer. A visitor
 * reading a shared story (the only screen here a visitor may open) gets the visitor's header instead.
 */
export default function SignedInShell() {
  const { userId } = useAuth();
  return <AgeBandConfigProvider>{userId ? <SignedInLayout /> : <VisitorLayout />}</AgeBandConfigProvider>;
}
