import { AgeBandConfigProvider } from '../story-config/AgeBandConfigContext';
import { SignedInLayout } from './SignedInLayout';

/** Every signed-in screen: the family's age-band configuration around the header, menu and footer. */
export default function SignedInShell() {
  return (
    <AgeBandConfigProvider>
      <SignedInLayout />
    </AgeBandConfigProvider>
  );
}
