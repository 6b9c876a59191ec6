import { useState } from 'react';
import { useModalDialog } from '../components/useModalDialog';

type Props = {
  title: string;
  /** The family made this story: removing it deletes it for good, with its pictures. */
  isCreator: boolean;
  /** Removes the story; resolves once it is gone (the dialog then closes), rejects to keep it open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
};

/**
 * SPEC §2 My Library: the confirmation before a story leaves the library. Used by the library and by the
 * story page's Saved button, so both warn the same way.
 */
export function RemoveStoryDialog({ title, isCreator, onConfirm, onClose }: Props) {
  const dialog = useModalDialog();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      dialog.current?.close();
    } catch {
      setBusy(false); // the caller has said what went wrong; the family may try again or cancel
    }
  }

  const shownTitle = title.trim() || 'this story';
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="remove-story-title"
      aria-describedby="remove-story-text"
      onClose={onClose}
      onCancel={(event) => busy && event.preventDefault()}
    >
      <h2 id="remove-story-title">{isCreator ? 'Delete this story for good?' : 'Remove from your library?'}</h2>
      {isCreator ? (
        <div id="remove-story-text">
          <p>
            You created <strong>“{shownTitle}”</strong>, so removing it from your library deletes the story and all its
            pictures for everyone.
          </p>
          <p className="modal__warning">Deleted stories cannot be recovered</p>
        </div>
      ) : (
        <p id="remove-story-text">
          <strong>“{shownTitle}”</strong> will be removed from your library. The story itself stays, and you can save it
          again from its page.
        </p>
      )}
      <div className="modal__actions">
        <button
          type="button"
          className="button button--outline"
          disabled={busy}
          onClick={() => dialog.current?.close()}
        >
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void confirm()}
        >
          {isCreator ? (busy ? 'Deleting...' : 'Delete Story') : busy ? 'Removing...' : 'Remove'}
        </button>
      </div>
    </dialog>
  );
}
