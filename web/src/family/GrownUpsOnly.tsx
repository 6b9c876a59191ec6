import { useState, type FormEvent } from 'react';
import { FAMILY_MESSAGES, FAMILY_TEXTS, PIN_LENGTH } from '#common/family';
import { ApiRequestError } from '../api/client';
import { unlockGrownUp } from '../api/family';
import { useProfile } from '../api/profile';
import { useAuth } from '../auth/AuthContext';
import { TextField } from '../components/TextField';
import { keepGrant } from './grown-up-grant';
import { PinField } from './PinField';
import './family.css';

type Props = {
  /** An inline screen (a gated page) has the screen's h1; a dialog an h2. */
  headingLevel: 1 | 2;
  headingId: string;
  onUnlocked: () => void;
  onCancel: () => void;
  cancelLabel: string;
};

const PIN_PATTERN = new RegExp(`^[0-9]{${PIN_LENGTH}}$`);

/**
 * "Grown-ups only" (issue 36): the parent's four-digit PIN, or the account password before a PIN exists
 * (and whenever the PIN is forgotten). The server answers with a grant this tab keeps for a few minutes;
 * it is the server that refuses the gated calls without it (see the README's "A family").
 */
export function GrownUpsOnly({ headingLevel, headingId, onUnlocked, onCancel, cancelLabel }: Props) {
  const { userId } = useAuth();
  const { data: profile } = useProfile();
  const hasPin = profile?.hasPin ?? false;
  const [withPassword, setWithPassword] = useState(!hasPin);
  const [pin, setPin] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!userId || busy) return;
    if (!withPassword && !PIN_PATTERN.test(pin)) return setProblem(FAMILY_MESSAGES.pinFormat);
    if (withPassword && !password) return setProblem('Please type the account password.');
    setBusy(true);
    setProblem(undefined);
    try {
      const grant = await unlockGrownUp(withPassword ? { password } : { pin });
      keepGrant(userId, grant.token, grant.expiresAt);
      onUnlocked();
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : 'Something went wrong');
      setPin('');
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grown-ups" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId}>
      <Heading id={headingId} className="grown-ups__title">
        <span aria-hidden="true">🔒 </span>
        {FAMILY_TEXTS.grownUpsOnly}
      </Heading>
      <p className="grown-ups__lead">
        {withPassword
          ? 'Ask a grown-up to type the account password.'
          : `Ask a grown-up to type the family's ${PIN_LENGTH}-digit PIN.`}
      </p>
      {withPassword ? (
        <TextField
          label="Account password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          // A new prompt starts where the grown-up types.
          autoFocus
        />
      ) : (
        <PinField label="PIN" value={pin} onChange={setPin} autoFocus />
      )}
      {problem && (
        <p className="grown-ups__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="grown-ups__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Checking…' : 'Unlock'}
        </button>
        <button type="button" className="button button--outline" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
      {hasPin && (
        <button
          type="button"
          className="link-button link-button--dark grown-ups__switch"
          onClick={() => {
            setWithPassword(!withPassword);
            setProblem(undefined);
          }}
        >
          {withPassword ? 'Use the PIN instead' : 'Forgot the PIN? Use the account password'}
        </button>
      )}
    </form>
  );
}
