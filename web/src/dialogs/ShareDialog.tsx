import { useModalDialog } from '../components/useModalDialog';
import { useState } from 'react';
import { toast } from '../components/toast';

type Props = { storyUrl: string; title: string; onDownload: () => Promise<void>; onClose: () => void };

/** SPEC §2 "Share Story": copy the link, download, or share to four networks. */
export function ShareDialog({ storyUrl, title, onDownload, onClose }: Props) {
  const dialog = useModalDialog();
  const [busy, setBusy] = useState(false);
  const [instructions, setInstructions] = useState<string>();
  const text = `Check out this amazing story: "${title}"`;

  async function copyLink(): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(storyUrl);
      toast.success('Link copied to clipboard!');
      return true;
    } catch {
      toast.error('Failed to copy link');
      return false;
    }
  }

  const popup = (url: string) => window.open(url, 'story-magic-share', 'width=620,height=560,noopener,noreferrer');

  async function copyFor(network: 'Instagram' | 'TikTok') {
    if (await copyLink()) {
      setInstructions(
        network === 'Instagram'
          ? 'The link is copied. Open Instagram, add a story or post, and paste the link in a link sticker or your bio.'
          : 'The link is copied. Open TikTok, and paste the link in your video description or your bio.',
      );
    }
  }

  return (
    <dialog ref={dialog} className="modal share-dialog" aria-labelledby="share-title" onClose={onClose}>
      <h2 id="share-title">Share Story</h2>
      <div className="share-dialog__grid">
        <button type="button" className="share-button" onClick={() => void copyLink()}>
          <span aria-hidden="true">🔗</span> Copy Link
        </button>
        <button
          type="button"
          className="share-button"
          disabled={busy}
          aria-busy={busy}
          onClick={() => {
            setBusy(true);
            void onDownload().finally(() => setBusy(false));
          }}
        >
          <span aria-hidden="true">📄</span> {busy ? 'Generating...' : 'Download as PDF'}
        </button>
        <button
          type="button"
          className="share-button"
          onClick={() =>
            popup(
              `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(storyUrl)}&quote=${encodeURIComponent(text)}`,
            )
          }
        >
          <span aria-hidden="true">📘</span> Facebook
        </button>
        <button
          type="button"
          className="share-button"
          onClick={() =>
            popup(`https://x.com/intent/post?url=${encodeURIComponent(storyUrl)}&text=${encodeURIComponent(text)}`)
          }
        >
          <span aria-hidden="true">✖️</span> X
        </button>
        <button type="button" className="share-button" onClick={() => void copyFor('Instagram')}>
          <span aria-hidden="true">📸</span> Instagram
        </button>
        <button type="button" className="share-button" onClick={() => void copyFor('TikTok')}>
          <span aria-hidden="true">🎵</span> TikTok
        </button>
      </div>
      {instructions && (
        <p className="share-dialog__instructions" role="status">
          {instructions}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--outline" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
