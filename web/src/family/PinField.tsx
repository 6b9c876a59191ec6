import { PIN_LENGTH } from '#common/family';
import { TextField } from '../components/TextField';

type Props = { label: string; value: string; onChange: (pin: string) => void; autoFocus?: boolean };

/** A field for the family's PIN: hidden digits, the phone's number pad, never more than PIN_LENGTH. */
export function PinField({ label, value, onChange, autoFocus }: Props) {
  return (
    <TextField
      label={label}
      className="grown-ups__pin"
      type="password"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={PIN_LENGTH}
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, PIN_LENGTH))}
      autoFocus={autoFocus}
    />
  );
}
