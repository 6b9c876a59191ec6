import { useEffect, useRef } from 'react';
import { useModalDialog } from '../../components/useModalDialog';
import { VideoPlayer } from './VideoPlayer';

/**
 * SPEC §2 "Welcome video dialog": shown once after sign-in or sign-up. The player's script loads only now;
 * the dialog closes when the video ends, on its close button, or on Escape.
 */
export function WelcomeVideoDialog({ onClose }: { onClose: () => void }) {
  const dialog = useModalDialog();
  const closeButton = useRef<HTMLButtonElement>(null);
  const close = () => dialog.current?.close();
  // Opened by itself, not by a click: start on Close, not on the player (which may never load).
  useEffect(() => {
    closeButton.current?.focus();
  }, []);
  return (
    <dialog ref={dialog} className="modal welcome-video" aria-labelledby="welcome-video-title" onClose={onClose}>
      <h2 id="welcome-video-title">Welcome to Story Magic!</h2>
      <VideoPlayer title="Welcome to Story Magic video" autoplay onEnded={close} />
      <div className="modal__actions">
        <button ref={closeButton} type="button" className="button button--primary" onClick={close}>
          Close
        </button>
      </div>
    </dialog>
  );
}
