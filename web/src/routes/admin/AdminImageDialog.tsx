import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../components/toast';
import { firstError } from '#common/validation/accounts';
import { adminImageRequestSchema, type ADMIN_IMAGE_SLOTS } from '#common/validation/admin';
import { DialogActions } from './DialogActions';
import { useActionDialog } from './useActionDialog';
import { LIMITS } from '#common/limits';

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
  const { dialog, busy, run, close, holdWhileBusy } = useActionDialog();
  const id = useId();
  const [text, setText] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const request = { imageType, ...(text.trim() ? { customizations: text.trim() } : {}) };
    const problem = firstError(adminImageRequestSchema.safeParse(request));
    if (problem) return void toast.error(problem);
    await run(() => onSubmit(request));
  }

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={`${id}-title`} onClose={onClose} onCancel={holdWhileBusy}>
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
            maxLength={LIMITS.imageCustomizationMax}
            value={text}
            aria-describedby={`${id}-hint ${id}-count`}
            onChange={(e) => setText(e.target.value)}
          />
          <p id={`${id}-hint`} className="field__hint">
            Anything the picture should show, for example “the hero flying a red kite at sunset”.
          </p>
          <p id={`${id}-count`} className="field__hint" aria-live="polite">
            {text.length}/{LIMITS.imageCustomizationMax}
          </p>
        </div>
        <DialogActions
          busy={busy}
          onCancel={close}
          actionLabel="Generate Image"
          busyLabel="Generating..."
          actionClassName="button button--primary"
        />
      </form>
    </dialog>
  );
}
