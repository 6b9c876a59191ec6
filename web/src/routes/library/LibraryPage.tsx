import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../components/toast';
import { LIMITS } from '#common/limits';
import { dropFromLibrary, useLibrary, useRemoveFromLibrary, type LibraryCard } from '../../api/library';
import { isNotFound } from '../../api/stories';
import { CreateStoryLink } from '../../components/CreateStoryLink';
import { PageSpinner } from '../../components/PageSpinner';
import { downloadStory } from '../../story/download-export';
import { cardTitle, LibraryStoryCard } from './LibraryCard';
import './library.css';
import { RemoveStoryDialog, ShareDialog } from '../../components/dialogs';

/** SPEC §2 My Library (/library): the family's saved stories, at most 10, newest saved first. */
export default function LibraryPage() {
  const queryClient = useQueryClient();
  // Followed while a story in it is being written (api/library.ts).
  const library = useLibrary();
  const removeFromLibrary = useRemoveFromLibrary();
  const [bannerDismissed, setBannerDismissed] = useState(false);
  const [sharing, setSharing] = useState<LibraryCard>();
  const [removing, setRemoving] = useState<LibraryCard>();
  const heading = useRef<HTMLHeadingElement>(null);

  // A failed first read says so (a failure while following keeps the list and tries again); Try Again
  // shows the spinner while it asks.
  const failed = library.isError && !library.data && !library.isFetching;
  useEffect(() => {
    if (failed) toast.error('Failed to load library');
  }, [failed]);

  const stories = library.data?.stories ?? [];
  const status = library.data ? 'ready' : failed ? 'failed' : 'loading';
  const count = stories.length;
  const full = count >= LIMITS.libraryCapacity;

  async function remove(card: LibraryCard) {
    try {
      await removeFromLibrary.mutateAsync(card.id);
    } catch (error) {
      // Gone already (another tab, another device): the card only has to leave the list.
      if (!isNotFound(error)) {
        toast.error('Failed to remove story');
        throw error;
      }
      dropFromLibrary(queryClient, card.id);
    }
    toast.success('Removed from library');
  }

  return (
    <div className="page library">
      <header className="library__header">
        <div className="library__heading">
          <h1 ref={heading} tabIndex={-1}>
            Your Saved Stories
          </h1>
          {status === 'ready' && (
            <p className="library__counter">
              <span className={full ? 'library__count library__count--full' : 'library__count'}>
                {count}/{LIMITS.libraryCapacity}
              </span>
              <span className="visually-hidden"> stories saved</span>
              {full && <span className="library__badge">FULL</span>}
            </p>
          )}
        </div>
        {count > 0 && (
          <CreateStoryLink className="button button--primary library__create">
            <span aria-hidden="true">✨</span> Create New Story
          </CreateStoryLink>
        )}
      </header>

      {full && !bannerDismissed && (
        <div className="library-banner" role="status">
          <span className="library-banner__icon" aria-hidden="true">
            📚
          </span>
          <div className="library-banner__text">
            <strong className="library-banner__title">Library Full</strong>
            <p>
              You have {count}/{LIMITS.libraryCapacity} stories in your library. To create a new story, you'll need to
              delete at least one existing story from your library first.
            </p>
          </div>
          <button
            type="button"
            className="library-banner__close"
            aria-label="Dismiss Library Full message"
            onClick={() => {
              setBannerDismissed(true);
              heading.current?.focus();
            }}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
      )}

      {status === 'loading' && <PageSpinner label="Opening your library…" />}

      {status === 'failed' && (
        <div className="library-empty" role="alert">
          <span className="library-empty__art" aria-hidden="true">
            📚
          </span>
          <h2>Failed to load library</h2>
          <p>Please check your connection and try again.</p>
          <div className="library-empty__actions">
            <button type="button" className="button button--primary" onClick={() => void library.refetch()}>
              Try Again
            </button>
          </div>
        </div>
      )}

      {status === 'ready' && count === 0 && (
        <section className="library-empty" aria-labelledby="library-empty-title">
          <span className="library-empty__art" aria-hidden="true">
            📚
          </span>
          <h2 id="library-empty-title">Your Library is Empty</h2>
          <p>Stories you create, and stories you save, will wait for you here.</p>
          <div className="library-empty__actions">
            <CreateStoryLink className="button button--primary">Create Your First Story</CreateStoryLink>
            <Link to="/home" className="button button--outline">
              Explore Stories
            </Link>
          </div>
        </section>
      )}

      {count > 0 && (
        <ul className="library-grid" aria-label="Saved stories">
          {stories.map((card) => (
            <LibraryStoryCard key={card.id} card={card} onShare={setSharing} onRemove={setRemoving} />
          ))}
        </ul>
      )}

      {sharing && (
        <ShareDialog
          storyId={sharing.id}
          storyUrl={`${window.location.origin}/story/${sharing.id}`}
          title={cardTitle(sharing)}
          onDownload={() => downloadStory(sharing.id)}
          onClose={() => setSharing(undefined)}
        />
      )}
      {removing && (
        <RemoveStoryDialog
          title={cardTitle(removing)}
          isCreator={removing.isCreator}
          onConfirm={() => remove(removing)}
          onClose={() => {
            setRemoving(undefined);
            // The card that held the focus is gone (or the family cancelled): land somewhere sensible.
            if (!stories.some((story) => story.id === removing.id)) heading.current?.focus();
          }}
        />
      )}
    </div>
  );
}
