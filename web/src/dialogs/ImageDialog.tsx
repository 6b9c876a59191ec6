import { useModalDialog } from '../components/useModalDialog';
import { useId, useState, type FormEvent } from 'react';
import type { GenerationMode } from '#common/story-choices';
import { LIMITS } from '#common/limits';

type Props = {
  /** "Create Hero Image", "Add an illustration" or "Regenerate …". */
  heading: string;
  /** 1-based number of the picture being made (SPEC: the dialog says "image N of 5"). */
  imageNumber: number;
  onSubmit: (request: { customizations?: string; mode: GenerationMode }) => Promise<void>;
  onClose: () => void;
};

/** The illustration request: an optional description (500 characters, live counter) and the quality. */
export function ImageDialog({ heading, imageNumber, onSubmit, onClose }: Props) {
  const dialog = useModalDialog();
  const [text, setText] = useState('');
  const [mode, setMode] = useState<GenerationMode>('express');
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit({ ...(text.trim() ? { customizations: text.trim() } : {}), mode });
      dialog.current?.close();
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <h2 id={`${id}-title`}>{heading}</h2>
        <p className="field__hint">Image {imageNumber} of 5</p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-text`}>
            What should the picture show? (optional)
          </label>
          <textarea
            id={`${id}-text`}
            className="field__input field__input--area"
            rows={4}
            maxLength={LIMITS.imageCustomizationMax}
            value={text}
            aria-describedby={`${id}-count`}
            onChange={(e) => setText(e.target.value)}
          />
          <p id={`${id}-count`} className="field__hint" aria-live="polite">
            {text.length}/{LIMITS.imageCustomizationMax}
          </p>
        </div>
        <fieldset className="quality-switch">
          <legend className="field__label">Image Generation Quality</legend>
          <label className="choice">
            <input type="radio" name={`${id}-mode`} checked={mode === 'express'} onChange={() => setMode('express')} />
            <span>Built for Speed</span>
          </label>
          <label className="choice">
            <input type="radio" name={`${id}-mode`} checked={mode === 'studio'} onChange={() => setMode('studio')} />
            <span>Big Time Studio</span>
          </label>
        </fieldset>
        <div className="modal__actions">
          <button type="button" className="button button--outline" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Generating...' : 'Generate'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
