import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { IMAGE_TYPES, type ImageType } from '#common/story-choices';
import { storyParagraphs, type StoryIllustration } from '#common/story-layout';
import { isNotFound, useStory, type Story } from '../../api/stories';
import { PageSpinner } from '../../components/PageSpinner';
import { pictureOf } from '../../components/picture-source';
import { StoryPicture } from '../../components/StoryPicture';
import { storyTitle } from '../../story/story-title';
import { FlipbookReader } from './FlipbookReader';
import './flipbook.css';

/**
 * What the cover screen's buttons do beyond reading. The story page wires them (the creator's edit dialog,
 * the HTML export, the share dialog); without them the buttons do nothing. An edit or a new picture reaches
 * the story's query (api/stories.ts), and the book is laid out again from it.
 */
export type FlipbookActions = {
  onEdit?: (story: Story) => void;
  onDownload?: (story: Story) => void;
  onShare?: (story: Story) => void;
  /** The creator repaints an illustration. */
  onRegenerate?: (story: Story, imageType: string) => void;
};

/** SPEC §2: "By {author}", the author's name, else the product's. */
const FALLBACK_AUTHOR = 'Story Magic';

const isImageType = (value: string): value is ImageType => (IMAGE_TYPES as readonly string[]).includes(value);

/** The story's pictures for the layout: its image rows, and a cover URL that has no row of its own. */
function storyIllustrations(story: Story): StoryIllustration[] {
  const illustrations = story.images.flatMap((image): StoryIllustration[] =>
    isImageType(image.imageType) && image.imageUrl
      ? [
          {
            imageType: image.imageType,
            url: image.imageUrl,
            sizes: { width: image.width, height: image.height, variants: image.variants },
          },
        ]
      : [],
  );
  if (story.coverImageUrl && !illustrations.some((illustration) => illustration.imageType === 'cover')) {
    illustrations.unshift({ imageType: 'cover', url: story.coverImageUrl });
  }
  return illustrations;
}

/** SPEC §2 flipbook /story/{storyId}/flipbook: the cover screen, then the book. */
export default function FlipbookPage(actions: FlipbookActions) {
  const { storyId = '' } = useParams();
  return <FlipbookScreen key={storyId} storyId={storyId} actions={actions} />;
}

function FlipbookScreen({ storyId, actions }: { storyId: string; actions: FlipbookActions }) {
  // GET /api/stories/{id}, again while the story is being written or the server is out of reach.
  const { data: story, error } = useStory(storyId);
  const backToStory = (
    <Link to={`/story/${encodeURIComponent(storyId)}`} className="flipbook-back">
      <span aria-hidden="true">←</span> Back to story
    </Link>
  );

  if (isNotFound(error) || (story && story.sourceVersion !== 'json_v1')) {
    return (
      <div className="flipbook flipbook--message" role="alert">
        <h1>Story not found</h1>
        <p>This story isn’t here. It may have been removed, or it belongs to someone else.</p>
        <Link to="/home" className="button button--primary">
          Back to Home
        </Link>
      </div>
    );
  }
  if (!story) {
    // A passing failure before the story arrived: say so and keep trying.
    return error ? (
      <div className="flipbook flipbook--message" role="status">
        <p>We can’t reach your story right now. Trying again…</p>
        <PageSpinner label="Trying again…" />
      </div>
    ) : (
      <PageSpinner label="Opening the book…" />
    );
  }

  if (story.status === 'generating') {
    return (
      <div className="flipbook flipbook--message">
        <span className="flipbook-message__emoji" aria-hidden="true">
          ✍️
        </span>
        <h1>{story.heroName}’s story is still being written…</h1>
        <p role="status">The book opens by itself as soon as the last page is ready.</p>
        <PageSpinner label="Writing the story…" />
        {backToStory}
      </div>
    );
  }
  if (story.status === 'failed') {
    return (
      <div className="flipbook flipbook--message" role="alert">
        <h1>Story Generation Failed</h1>
        <p>{story.failureReason ?? 'Failed to create your story. Please try again.'}</p>
        {backToStory}
      </div>
    );
  }
  return <FlipbookBook story={story} actions={actions} backToStory={backToStory} />;
}

function FlipbookBook({
  story,
  actions,
  backToStory,
}: {
  story: Story;
  actions: FlipbookActions;
  backToStory: ReactNode;
}) {
  const [reading, setReading] = useState(false);
  const readButton = useRef<HTMLButtonElement>(null);
  const returningToCover = useRef(false);
  const author = story.authorName?.trim() || FALLBACK_AUTHOR;
  const title = storyTitle(story);
  const text = useMemo(
    () => ({
      title: title,
      author,
      paragraphs: storyParagraphs(story.content),
      illustrations: storyIllustrations(story),
    }),
    [story, title, author],
  );
  const cover = text.illustrations.find((illustration) => illustration.imageType === 'cover');

  // Closing the book brings the focus back to where the reader left the cover.
  useEffect(() => {
    if (!reading && returningToCover.current) {
      returningToCover.current = false;
      readButton.current?.focus();
    }
  }, [reading]);

  if (reading) {
    return (
      <div className="flipbook flipbook--reading">
        <div className="flipbook-toolbar">
          {backToStory}
          <h1 className="flipbook-toolbar__title">{title}</h1>
          <button
            type="button"
            className="flipbook-toolbar__close"
            onClick={() => {
              returningToCover.current = true;
              setReading(false);
            }}
          >
            Close book
          </button>
        </div>
        <FlipbookReader
          text={text}
          storyTitle={title}
          readAloud={{ storyId: story.id, ageRange: story.ageRange }}
          onRegenerate={
            story.isCreator && actions.onRegenerate
              ? (imageType) => actions.onRegenerate?.(story, imageType)
              : undefined
          }
        />
      </div>
    );
  }

  return (
    <div className="flipbook flipbook--cover">
      <div className="flipbook-toolbar">{backToStory}</div>
      <section className="flipbook-cover" aria-labelledby="flipbook-cover-title">
        {cover && (
          <StoryPicture
            className="flipbook-cover__image"
            picture={pictureOf(cover.url, cover.sizes)}
            // The cover screen's picture column: at most 18rem on a phone, about a third of a wide screen.
            sizes="(min-width: 48rem) 33vw, 18rem"
            alt={`Cover of “${title}”`}
          />
        )}
        <div className="flipbook-cover__text">
          <h1 id="flipbook-cover-title" className="flipbook-cover__title">
            {title}
          </h1>
          <p className="flipbook-cover__byline">By {author}</p>
          <button
            ref={readButton}
            type="button"
            className="button button--primary button--large flipbook-cover__read"
            onClick={() => setReading(true)}
          >
            <span aria-hidden="true">📖</span> Read Story
          </button>
          <div className="flipbook-cover__actions">
            {story.isCreator && (
              <button type="button" className="button button--secondary" onClick={() => actions.onEdit?.(story)}>
                <span aria-hidden="true">✏️</span> Edit Story
              </button>
            )}
            <button type="button" className="button button--secondary" onClick={() => actions.onDownload?.(story)}>
              <span aria-hidden="true">⬇️</span> Download PDF
            </button>
            <button type="button" className="button button--secondary" onClick={() => actions.onShare?.(story)}>
              <span aria-hidden="true">🔗</span> Share
            </button>
          </div>
        </div>
      </section>
    </div>
  );
}
