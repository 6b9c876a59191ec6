import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { firstError } from '../../../../common/validation/accounts';
import { adminImageRequestSchema, type ADMIN_IMAGE_SLOTS } from '../../../../common/validation/admin';
import { IMAGE_CUSTOMIZATION_MAX } from '../../../../common/validation/story-images';
import { useModalDialog } from '../../components/useModalDialog';

export type AdminImageSlot = (typeof ADMIN_IMAGE_SLOTS)[number];

type Props = {
  heading: string;
  imageType: AdminImageSlot;
  /** Starts the picture; resolves once the job is accepted (the dialog then closes), rejects to stay open. */
  onSubmit: (request: { imageType: AdminImageSlot; customizations?: string }) => Promise<void>;
  onClose: () => void;
};

/** The admin editor's generation dialog for one image slot: optional customization text, live counter. */
export function AdminImageDialog({ heading, imageType, onSubmit, onClose }: Props) {
  const dialog = useModalDialog();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const request = { imageType, ...(text.trim() ? { customizations: text.trim() } : {}) };
    const problem = firstError(adminImageRequestSchema.safeParse(request));
    if (problem) return void toast.error(problem);
    setBusy(true);
    try {
      await onSubmit(request);
      dialog.current?.close();
    } catch {
      setBusy(false); // the editor has said what went wrong
    }
  }

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={(event) => busy && event.preventDefault()}
    >
      <form className="form" onSubmit={submit}>
        <h2 id={`${id}-title`}>{heading}</h2>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-text`}>
            Customization (optional)
          </label>
          <textarea
            id={`${id}-text`}
            className="field__input field__input--area"
            rows={4}
            maxLength={IMAGE_CUSTOMIZATION_MAX}
            value={text}
            aria-describedby={`${id}-hint ${id}-count`}
            onChange={(e) => setText(e.target.value)}
          />
          <p id={`${id}-hint`} className="field__hint">
            Anything the picture should show, for example “the hero flying a red kite at sunset”.
          </p>
          <p id={`${id}-count`} className="field__hint" aria-live="polite">
            {text.length}/{IMAGE_CUSTOMIZATION_MAX}
          </p>
        </div>
        <div className="modal__actions">
          <button
            type="button"
            className="button button--outline"
            disabled={busy}
            onClick={() => dialog.current?.close()}
          >
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Generating...' : 'Generate Image'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
