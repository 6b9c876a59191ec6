import type { ImageType } from '#common/story-choices';
import type { FlipbookPage } from '#common/story-layout';
import { pictureOf } from '../../components/picture-source';
import { StoryPicture } from '../../components/StoryPicture';

/** A page is at most half the book's width on a wide screen, and the whole screen in the phone's carousel. */
const FLIPBOOK_PICTURE_SIZES = '(min-width: 48rem) 50vw, 100vw';

const SCENE_NAMES: Record<ImageType, string> = {
  cover: 'the cover',
  'early-scene': 'the beginning',
  'mid-scene': 'the middle',
  climax: 'the most exciting part',
  ending: 'the ending',
};

export const illustrationAlt = (imageType: ImageType, storyTitle: string) =>
  `A picture of ${SCENE_NAMES[imageType]} of “${storyTitle}”`;

/** One flipbook page (SPEC §2: cover, content, illustration, end), the same in the book and the carousel. */
export function FlipbookPageContent({
  page,
  number,
  storyTitle,
}: {
  page: FlipbookPage;
  /** 1-based position in the book. */
  number: number;
  storyTitle: string;
}) {
  switch (page.type) {
    case 'cover':
      return (
        <div className="flipbook-page flipbook-page--cover">
          {page.imageUrl && (
            <StoryPicture
              className="flipbook-page__cover-image"
              picture={pictureOf(page.imageUrl, page.imageSizes)}
              sizes={FLIPBOOK_PICTURE_SIZES}
              alt={`Cover of “${page.title}”`}
            />
          )}
          <p className="flipbook-page__cover-title">{page.title}</p>
          {page.byline && <p className="flipbook-page__byline">{page.byline}</p>}
        </div>
      );
    case 'content':
      // Laid out to fit (measure-pages.ts): the same structure and classes as the page measured there.
      return (
        // data-page: "Read to me" turns to the page of the word it reads.
        <div className="flipbook-page flipbook-page--content" data-page={number - 1}>
          <div className="flipbook-page__text">
            {page.paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          <span className="flipbook-page__number" aria-hidden="true">
            {number}
          </span>
        </div>
      );
    case 'illustration':
      return (
        <div className="flipbook-page flipbook-page--illustration">
          <StoryPicture
            className="flipbook-page__illustration"
            picture={pictureOf(page.imageUrl, page.imageSizes)}
            sizes={FLIPBOOK_PICTURE_SIZES}
            alt={illustrationAlt(page.imageType, storyTitle)}
          />
          <span className="flipbook-page__number" aria-hidden="true">
            {number}
          </span>
        </div>
      );
    case 'end':
      return (
        <div className="flipbook-page flipbook-page--end">
          <span className="flipbook-page__stars" aria-hidden="true">
            ✦ ✧ ✦
          </span>
          <p className="flipbook-page__end">~ The End ~</p>
        </div>
      );
  }
}

/** The blank leaf that lets the end page close an open book on its own (see BookView). */
export function FlipbookBlankPage() {
  return (
    <div className="flipbook-page flipbook-page--blank" aria-hidden="true">
      <span className="flipbook-page__stars">✧</span>
    </div>
  );
}
