import { useState, type FormEvent } from 'react';
import { toast } from '../../components/toast';
import { LIMITS } from '#common/limits';
import { FEEDBACK_KINDS, feedbackSchema, type Feedback } from '#common/validation/feedback';
import { firstError } from '#common/validation/accounts';
import { useSendFeedback } from '../../api/profile';
import { useAppConfig } from '../../app/app-config-context';

const KIND_LABELS: Record<Feedback['kind'], string> = {
  idea: '💡 An idea',
  problem: '🐞 A problem',
  praise: '⭐ Something I love',
};

/** SPEC §1: the beta feedback page; the configured third-party form, or our own when there is none. */
export default function FeedbackPage() {
  // Loaded with the auth root already: the form or the frame shows with the page, not a moment after.
  const formUrl = useAppConfig().feedbackFormUrl;

  return (
    <div className="page page--narrow">
      <h1>Beta Feedback</h1>
      <p>Story Magic is a beta preview. Tell us what works, what doesn’t, and what you wish it did.</p>
      {formUrl ? (
        <iframe className="feedback-frame" src={formUrl} title="Beta feedback form" allow="microphone" />
      ) : (
        <FeedbackForm />
      )}
    </div>
  );
}

function FeedbackForm() {
  const [kind, setKind] = useState<Feedback['kind']>('idea');
  const [message, setMessage] = useState('');
  const send = useSendFeedback();
  const busy = send.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = feedbackSchema.safeParse({ kind, message });
    const problem = firstError(parsed);
    if (!parsed.success) return void toast.error(problem ?? parsed.error.message);
    try {
      await send.mutateAsync(parsed.data);
      setMessage('');
      toast.success('Thank you for your feedback!');
    } catch {
      toast.error('Something went wrong');
    }
  }

  return (
    <form className="card form" onSubmit={submit} noValidate>
      <fieldset className="choice-group">
        <legend className="field__label">What would you like to tell us?</legend>
        {FEEDBACK_KINDS.map((value) => (
          <label key={value} className="choice">
            <input type="radio" name="kind" checked={kind === value} onChange={() => setKind(value)} />
            <span>{KIND_LABELS[value]}</span>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span className="field__label">Your message</span>
        <textarea
          className="field__input field__input--area"
          rows={6}
          maxLength={LIMITS.feedbackMax}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <span className="field__hint" aria-live="polite">
          {message.length}/{LIMITS.feedbackMax}
        </span>
      </label>
      <button className="button button--primary" type="submit" disabled={busy} aria-busy={busy}>
        {busy ? 'Sending…' : 'Send Feedback'}
      </button>
    </form>
  );
}
