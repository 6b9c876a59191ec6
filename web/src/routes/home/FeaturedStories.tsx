import { useDeferredValue, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../components/toast';
import { useFeatured, type FeaturedStory } from '../../api/featured';
import { downloadStory } from '../../story/download-export';
import { storyTitle } from '../../story/story-title';
import { ShareDialog } from '../../components/dialogs';

/** A card shows the theme's emoji when the story has no cover, and a book when it has no theme either. */
const FALLBACK_EMOJI = '📖';

/** SPEC §2 home: the "Featured Stories" grid (marked coming soon), newest first. */
export function FeaturedStories() {
  const featured = useFeatured();
  const [sharing, setSharing] = useState<FeaturedStory>();
  // The cards are drawn in the background (a deferred render yields to the browser as it goes): the answer
  // lands just after home's first paint, and two dozen cards drawn in one go would hold a phone's page.
  const data = useDeferredValue(featured.data);
  // Try again shows the loading cards while it asks.
  const state = data
    ? ({ status: 'ready', stories: data.stories } as const)
    : ({ status: featured.isError && !featured.isFetching ? 'failed' : 'loading' } as const);

  useEffect(() => {
    if (!featured.error) return;
    console.error('Failed to load stories', featured.error);
    toast.error('Failed to load stories');
  }, [featured.error]);

  return (
    <section className="home-featured" aria-labelledby="featured-heading" aria-busy={state.status === 'loading'}>
      <div className="home-featured__header">
        <h2 id="featured-heading">Featured Stories</h2>
        <span className="home-badge">Coming Soon</span>
      </div>

      {state.status === 'loading' && (
        <>
          <p className="visually-hidden" role="status">
            Loading stories…
          </p>
          <ul className="featured-grid" aria-hidden="true">
            {[0, 1, 2].map((n) => (
              <li key={n} className="featured-card featured-card--skeleton">
                <div className="featured-card__art" />
                <div className="featured-card__body">
                  <span className="skeleton-line skeleton-line--title" />
                  <span className="skeleton-line" />
                  <span className="skeleton-line skeleton-line--short" />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      {state.status === 'failed' && (
        <div className="home-featured__message">
          <p>We couldn’t load the featured stories just now.</p>
          <button
            type="button"
            className="button button--small button--outline"
            onClick={() => void featured.refetch()}
          >
            Try again
          </button>
        </div>
      )}

      {state.status === 'ready' && state.stories.length === 0 && (
        <div className="home-featured__message">
          <span className="home-featured__message-emoji" aria-hidden="true">
            🌟
          </span>
          <p>No featured stories yet. Check back soon for new adventures!</p>
        </div>
      )}

      {state.status === 'ready' && state.stories.length > 0 && (
        <ul className="featured-grid">
          {state.stories.map((story) => (
            <FeaturedCard key={story.id} story={story} onShare={() => setSharing(story)} />
          ))}
        </ul>
      )}

      {sharing && (
        <ShareDialog
          storyId={sharing.id}
          storyUrl={`${window.location.origin}/story/${sharing.id}`}
          title={storyTitle(sharing)}
          onDownload={() => downloadStory(sharing.id)}
          onClose={() => setSharing(undefined)}
        />
      )}
    </section>
  );
}

function FeaturedCard({ story, onShare }: { story: FeaturedStory; onShare: () => void }) {
  const titleId = `featured-${story.id}-title`;
  const title = storyTitle(story);
  return (
    <li className="featured-card" aria-labelledby={titleId}>
      <div className="featured-card__art">
        {story.coverImageUrl ? (
          <img src={story.coverImageUrl} alt="" loading="lazy" />
        ) : (
          <span className="featured-card__emoji" aria-hidden="true">
            {story.theme?.emoji ?? FALLBACK_EMOJI}
          </span>
        )}
      </div>
      <div className="featured-card__body">
        <h3 id={titleId} className="featured-card__title">
          {title}
        </h3>
        {story.authorName && <p className="featured-card__author">By {story.authorName}</p>}
        <p className="featured-card__preview">{story.preview}</p>
        <div className="featured-card__actions">
          <Link to={`/story/${story.id}`} className="button button--primary button--small" aria-describedby={titleId}>
            Begin This Adventure
          </Link>
          <button
            type="button"
            className="featured-card__share"
            aria-label={`Share ${title}`}
            title="Share"
            onClick={onShare}
          >
            <ShareIcon />
          </button>
        </div>
      </div>
    </li>
  );
}

/** The usual "share" mark: three linked dots. */
function ShareIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}
