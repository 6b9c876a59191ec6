import { useModalDialog } from '../components/useModalDialog';
import { Link } from 'react-router-dom';
import { LIMITS } from '#common/limits';

/** SPEC §2 Library Full dialog. */
export function LibraryFullDialog({ count, onClose }: { count: number; onClose: () => void }) {
  const dialog = useModalDialog();
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="library-full-title" onClose={onClose}>
      <h2 id="library-full-title">Library Full</h2>
      <p>
        You have {count}/{LIMITS.libraryCapacity} stories in your library.
      </p>
      <p>To create a new story, you'll need to delete at least one existing story from your library first.</p>
      <p className="modal__warning">Deleted stories cannot be recovered</p>
      <div className="modal__actions">
        <button type="button" className="button button--outline" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
        <Link to="/library" className="button button--primary">
          Go to Library
        </Link>
      </div>
    </dialog>
  );
}
