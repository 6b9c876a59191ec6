import { Link } from 'react-router-dom';
import type { LibraryCard as Card } from '../../api/library';
import { FAMILY_TEXTS } from '#common/family';
import { storyTitle } from '../../story/story-title';

/** The book emoji stands in when a story has neither a cover nor a theme (SPEC §2 cards). */
export const FALLBACK_EMOJI = '📖';

/** Line icons in the text colour, so they stay clear on any cover picture (emoji are too pale there). */
const LineIcon = ({ path }: { path: string }) => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    <path d={path} fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
const ShareIcon = () => <LineIcon path="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />;
const TrashIcon = () => (
  <LineIcon path="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
);

/** A story waiting for a grown-up's yes shows the child nothing of itself, only that it waits (issue 36). */
export const cardTitle = (card: Card) =>
  card.awaitingApproval && !card.title ? FAMILY_TEXTS.waitingForGrownUp : storyTitle(card);

/**
 * One saved story (SPEC §2 My Library): cover or theme emoji, title, preview, "Continue Reading"; the share
 * and remove buttons show on hover and on keyboard focus (always on touch screens, see library.css).
 */
export function LibraryStoryCard({
  card,
  onShare,
  onRemove,
}: {
  card: Card;
  onShare: (card: Card) => void;
  onRemove: (card: Card) => void;
}) {
  const title = cardTitle(card);
  const generating = card.status === 'generating';
  const titleId = `library-card-${card.id}`;
  return (
    <li className={generating ? 'library-card library-card--generating' : 'library-card'}>
      <article className="library-card__inner" aria-labelledby={titleId}>
        <div className="library-card__cover">
          {card.coverImageUrl ? (
            <img src={card.coverImageUrl} alt="" decoding="async" />
          ) : (
            <span className="library-card__emoji" aria-hidden="true">
              {card.theme?.emoji ?? FALLBACK_EMOJI}
            </span>
          )}
          {generating && (
            <span className="library-card__status">
              <span className="library-card__quill" aria-hidden="true">
                ✍️
              </span>{' '}
              Being written…
            </span>
          )}
        </div>
        <div className="library-card__body">
          <h2 id={titleId} className="library-card__title">
            {title}
          </h2>
          {card.preview ? (
            <p className="library-card__preview">{card.preview}</p>
          ) : (
            <p className="library-card__preview library-card__preview--waiting">
              {generating
                ? 'The story is being written and painted. It will be ready in a moment.'
                : card.awaitingApproval
                  ? 'A grown-up reads it first, then it is yours to read.'
                  : ''}
            </p>
          )}
          <Link to={`/story/${card.id}`} className="button button--primary button--small library-card__read">
            {generating ? 'See Progress' : 'Continue Reading'}
            <span className="visually-hidden">: {title}</span>
          </Link>
        </div>
        {!generating && (
          <div className="library-card__tools">
            <button
              type="button"
              className="library-card__tool"
              aria-label={`Share ${title}`}
              title="Share"
              onClick={() => onShare(card)}
            >
              <ShareIcon />
            </button>
            <button
              type="button"
              className="library-card__tool library-card__tool--remove"
              aria-label={`Remove ${title}`}
              title="Remove"
              onClick={() => onRemove(card)}
            >
              <TrashIcon />
            </button>
          </div>
        )}
      </article>
    </li>
  );
}
