import { ConfirmDialog } from '../components/ConfirmDialog';

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
  const shownTitle = title.trim() || 'this story';
  return (
    <ConfirmDialog
      title={isCreator ? 'Delete this story for good?' : 'Remove from your library?'}
      confirmLabel={isCreator ? 'Delete Story' : 'Remove'}
      busyLabel={isCreator ? 'Deleting...' : 'Removing...'}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {isCreator ? (
        <>
          <p>
            You created <strong>“{shownTitle}”</strong>, so removing it from your library deletes the story and all its
            pictures for everyone.
          </p>
          <p className="modal__warning">Deleted stories cannot be recovered</p>
        </>
      ) : (
        <p>
          <strong>“{shownTitle}”</strong> will be removed from your library. The story itself stays, and you can save it
          again from its page.
        </p>
      )}
    </ConfirmDialog>
  );
}
