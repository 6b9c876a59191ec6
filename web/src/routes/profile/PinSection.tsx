import { useId, useState, type FormEvent } from 'react';
import { FAMILY_MESSAGES, FAMILY_TEXTS, PIN_LENGTH } from '#common/family';
import { ApiRequestError } from '../../api/client';
import { useSetGrownUpPin } from '../../api/family';
import { toast } from '../../components/toast';
import { PinField } from '../../family/PinField';

const PIN_PATTERN = new RegExp(`^[0-9]{${PIN_LENGTH}}$`);

/** The family PIN that opens "Grown-ups only" (issue 36); before it exists, the account password does. */
export function PinSection({ hasPin }: { hasPin: boolean }) {
  const setPin = useSetGrownUpPin();
  const [pin, setPinValue] = useState('');
  const [again, setAgain] = useState('');
  const id = useId();
  const busy = setPin.isPending;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!PIN_PATTERN.test(pin)) return void toast.error(FAMILY_MESSAGES.pinFormat);
    if (pin !== again) return void toast.error('The two PINs do not match');
    try {
      await setPin.mutateAsync(pin);
      setPinValue('');
      setAgain('');
      toast.success(hasPin ? 'PIN changed' : 'PIN set');
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : 'Failed to set the PIN');
    }
  }

  return (
    <form className="card form" onSubmit={(event) => void save(event)} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Family PIN</h2>
      <p className="field__hint">
        {`"${FAMILY_TEXTS.grownUpsOnly}" asks for it before the profile, sharing, approvals and feedback. `}
        {hasPin
          ? 'The account password still works if the PIN is forgotten.'
          : 'Until you set one, it asks for the account password.'}
      </p>
      <PinField label={`${hasPin ? 'New PIN' : 'PIN'} (${PIN_LENGTH} digits)`} value={pin} onChange={setPinValue} />
      <PinField label="Type it again" value={again} onChange={setAgain} />
      <button className="button button--primary" type="submit" disabled={busy} aria-busy={busy}>
        {busy ? 'Saving…' : hasPin ? 'Change the PIN' : 'Set the PIN'}
      </button>
    </form>
  );
}
