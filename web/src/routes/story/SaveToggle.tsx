import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/toast';
import { LIMITS } from '#common/limits';
import { ApiRequestError } from '../../api/client';
import { useRemoveFromLibrary, useSaveToLibrary } from '../../api/library';
import type { Story } from '../../api/stories';
import './save-toggle.css';
import { LibraryFullDialog, RemoveStoryDialog } from '../../components/dialogs';

/** SPEC §8: the server's message when it refused with a reason, else "Failed to update library". */
function libraryError(error: unknown) {
  const reason = error instanceof ApiRequestError && error.status < 500 ? error.message : undefined;
  toast.error(reason || 'Failed to update library');
}

/**
 * SPEC §2/§4 story page header: Save puts the story in the library (refused at 10: the Library Full dialog);
 * Saved takes it out. The family's own story is deleted for good by that, so it asks first, as the library
 * does, and then goes to the library.
 */
export function SaveToggle({ story }: { story: Story }) {
  const navigate = useNavigate();
  // Each marks the story Saved or not in its query at once (api/library.ts).
  const saveToLibrary = useSaveToLibrary();
  const removeFromLibrary = useRemoveFromLibrary();
  const [busy, setBusy] = useState(false);
  const [fullCount, setFullCount] = useState<number>();
  const [confirming, setConfirming] = useState(false);

  async function save() {
    setBusy(true);
    try {
      await saveToLibrary.mutateAsync(story.id);
      toast.success('Saved to library!');
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'LIBRARY_FULL') {
        const reported = Number(error.details.currentCount);
        setFullCount(Number.isFinite(reported) && reported > 0 ? reported : LIMITS.libraryCapacity);
      } else libraryError(error);
    } finally {
      setBusy(false);
    }
  }

  async function unsave() {
    setBusy(true);
    try {
      await removeFromLibrary.mutateAsync(story.id);
      toast.success('Removed from library');
    } catch (error) {
      libraryError(error);
    } finally {
      setBusy(false);
    }
  }

  /** The confirmed removal of the family's own story: it is deleted, so the page has nothing left to show. */
  async function deleteOwn() {
    let deleted: boolean;
    try {
      ({ deleted } = await removeFromLibrary.mutateAsync(story.id));
    } catch (error) {
      libraryError(error);
      throw error;
    }
    toast.success('Removed from library');
    if (deleted) navigate('/library', { replace: true });
  }

  return (
    <>
      <button
        type="button"
        className={story.inLibrary ? 'button button--small button--saved' : 'button button--small button--outline'}
        disabled={busy}
        aria-busy={busy}
        aria-pressed={story.inLibrary}
        onClick={() => {
          if (!story.inLibrary) void save();
          else if (story.isCreator) setConfirming(true);
          else void unsave();
        }}
      >
        <span aria-hidden="true">{story.inLibrary ? '✓' : '🔖'}</span> {story.inLibrary ? 'Saved' : 'Save'}
      </button>
      {fullCount !== undefined && <LibraryFullDialog count={fullCount} onClose={() => setFullCount(undefined)} />}
      {confirming && (
        <RemoveStoryDialog title={story.title} isCreator onConfirm={deleteOwn} onClose={() => setConfirming(false)} />
      )}
    </>
  );
}
