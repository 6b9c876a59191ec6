import { useModalDialog } from '../components/useModalDialog';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FAMILY_TEXTS } from '#common/family';
import { toast } from '../components/toast';
import { fetchStory, useStoryLink, type Story } from '../api/stories';
import { queryKeys } from '../api/query-keys';
import { useGrownUpGate } from '../family/GrownUpGate';

type Props = {
  storyId: string;
  storyUrl: string;
  title: string;
  onDownload: () => Promise<void>;
  onClose: () => void;
};

/** Who can open a story's link, in the family's words (issue 36: the dialog never lets them guess). */
export function whoCanOpen(story: Pick<Story, 'linkOpen' | 'isPublic' | 'isFeatured' | 'isCreator'>): string {
  if (story.linkOpen) return 'Anyone with the link can read this story, with or without an account.';
  if (story.isPublic || story.isFeatured) return 'Families signed in to Story Magic can open this link.';
  return 'Only your family can open this link: it is private.';
}

/** What anyone outside the family sees of a shared story (the server signs it for them with the author name alone). */
export const WHAT_VISITORS_SEE =
  "Visitors see the story, its pictures and the author name you chose in Profile (no name if you chose none), never your name or your child's.";

/**
 * SPEC §2 "Share Story": copy the link, download, or share to four networks. Issue 36: it says who can open
 * the link; the story's family opens it to anyone (behind "Grown-ups only": the server refuses the switch
 * without a grown-up's grant) or closes it again; the four networks are offered only while it is open, as
 * anyone they reach could not read it otherwise.
 */
export function ShareDialog({ storyId, storyUrl, title, onDownload, onClose }: Props) {
  const dialog = useModalDialog();
  const [busy, setBusy] = useState(false);
  const [instructions, setInstructions] = useState<string>();
  const text = `Check out this amazing story: "${title}"`;
  const { data: story } = useQuery({ queryKey: queryKeys.story(storyId), queryFn: () => fetchStory(storyId) });
  const link = useStoryLink(storyId);
  const { askGrownUp } = useGrownUpGate();
  const switchId = useId();
  const open = story?.linkOpen ?? false;

  async function setOpen(next: boolean) {
    if (!(await askGrownUp())) return;
    try {
      await link.mutateAsync(next);
      toast.success(next ? 'The link is open: anyone with it can read this story' : 'The link is closed again');
    } catch {
      toast.error('Failed to change who can open the link');
    }
  }

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
      <p className="share-dialog__who" aria-live="polite">
        {story ? whoCanOpen(story) : 'Checking who can open this link…'}
      </p>
      {story?.isCreator && story.status === 'ready' && (
        <label className="choice share-dialog__switch" htmlFor={switchId}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={open}
            disabled={link.isPending}
            aria-busy={link.isPending}
            onChange={(e) => void setOpen(e.target.checked)}
          />
          <span>
            {FAMILY_TEXTS.anyoneWithLink}
            <span className="share-dialog__hint">{FAMILY_TEXTS.grownUpsOnly}</span>
          </span>
        </label>
      )}
      {story?.isCreator && <p className="share-dialog__seen">{WHAT_VISITORS_SEE}</p>}
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
        {open && (
          <>
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
          </>
        )}
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
