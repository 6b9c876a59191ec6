import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../components/toast';
import { imageSlotsForStoryPage, storyParagraphs } from '#common/story-layout';
import { useDeleteImage, useRegenerateImage, useRequestImage, type Story, type StoryImage } from '../../api/stories';
import { placeInLine } from './place-in-line';
import { StoryPicture } from '../../components/StoryPicture';
import { CONFIG_FAILED_MESSAGE } from '#common/age-band-config-file';
import { useAgeBandConfig } from '../../story-config/band-config';
import { downloadStory } from '../../story/download-export';
import { imageErrorMessage } from '../../story/image-errors';
import { notDrawnMessage } from './picture-wish';
import { SaveToggle } from './SaveToggle';
import { ReadToMe } from '../../narration/ReadToMe';
import { useAuth } from '../../auth/AuthContext';
import { storyTitle } from '../../story/story-title';
import { universeName } from '#common/story-universe';
import { LIMITS } from '#common/limits';
import { EditStoryDialog, ImageDialog, ShareDialog } from '../../components/dialogs';
import type { FromState } from '../../auth/guards';
import { ApprovalBar } from '../../family/LazyApprovalBar';

type ImageAction = { kind: 'add' } | { kind: 'regenerate'; image: StoryImage };

/** "Read to me" lights the words of the story's paragraphs, in order (not the pictures' captions). */
const storyWordsIn = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>(':scope > div > p')];

const SCENE_LABELS: Record<string, string> = {
  cover: 'Hero Image',
  'early-scene': 'Early Scene',
  'mid-scene': 'Mid Scene',
  climax: 'Climax',
  ending: 'Ending',
};

/** The story column (story.css `.story`, at most 46rem) is the width of the screen on a phone. */
const STORY_PICTURE_SIZES = '(min-width: 48rem) 46rem, 100vw';

/** SPEC §2 story page, once the story is ready. Changes go through the story's query (api/stories.ts). */
export function StoryReader({
  story,
  onJobStarted,
}: {
  story: Story;
  /** A picture is being painted: the page follows it and says when it is done. */
  onJobStarted: (jobId: string, regeneration: boolean) => void;
}) {
  const config = useAgeBandConfig();
  const { isAdmin, userId } = useAuth();
  // A visitor reading a shared link (issue 36): the story, its pictures and "Read to me", nothing to change.
  const visitor = !userId;
  const navigate = useNavigate();
  const location = useLocation();
  const title = storyTitle(story);
  const [sharing, setSharing] = useState(false);
  const [editing, setEditing] = useState(false);
  const [imageAction, setImageAction] = useState<ImageAction>();
  const [downloading, setDownloading] = useState(false);
  const requestImage = useRequestImage(story.id);
  const regenerateImage = useRegenerateImage(story.id);
  const deleteImage = useDeleteImage(story.id);
  const storyText = useRef<HTMLDivElement>(null);
  const [storyWords] = useState(() => ({ container: () => storyText.current, paragraphs: storyWordsIn }));

  const paragraphs = storyParagraphs(story.content);
  const cover = story.images.find((image) => image.imageType === 'cover');
  const byType = new Map(story.images.map((image) => [image.imageType, image]));
  const pending = story.imageJobs.filter((job) => job.status === 'pending');
  const slots = new Map(imageSlotsForStoryPage(paragraphs.length).map((slot) => [slot.afterParagraph, slot]));
  const pictureCount = story.images.length + pending.filter((job) => !job.replaces).length;
  // A new story's cover is painted after the story is ready: no second "hero image" is offered meanwhile.
  const coverPainting = story.images.length === 0 && pending.some((job) => job.imageType === 'cover');
  // At a busy hour a picture waits for the painter: the first one in line says where it stands.
  const inLine = pending.find((job) => job.queue);
  const pictureLine = inLine?.queue ? placeInLine(inLine.queue) : undefined;

  async function submitImage(request: { customizations?: string; mode: 'express' | 'studio' }) {
    try {
      const regeneration = imageAction?.kind === 'regenerate';
      const { jobId } = regeneration
        ? await regenerateImage.mutateAsync({ imageId: imageAction.image.id, request })
        : await requestImage.mutateAsync(request);
      onJobStarted(jobId, regeneration);
    } catch (error) {
      toast.error(imageErrorMessage(error));
      throw error;
    }
  }

  async function removeImage(image: StoryImage) {
    try {
      await deleteImage.mutateAsync(image.id);
      toast.success('Image deleted');
    } catch {
      toast.error('Failed to delete image');
    }
  }

  async function download() {
    // SPEC: the download is for signed-in families; a visitor signs in first and comes back to the story.
    if (visitor) {
      navigate('/auth?mode=login', { state: { from: location.pathname } satisfies FromState });
      return;
    }
    setDownloading(true);
    await downloadStory(story.id);
    setDownloading(false);
  }

  const picture = (image: StoryImage | undefined, big = false) => {
    if (!image) return null;
    const painting = pending.some((job) => job.replaces === image.id);
    const leftOut = notDrawnMessage(image.notDrawn ?? []);
    return (
      <figure className={big ? 'story-figure story-figure--hero' : 'story-figure'}>
        <StoryPicture
          picture={image}
          sizes={STORY_PICTURE_SIZES}
          alt={`${SCENE_LABELS[image.imageType] ?? 'Picture'} of ${title}`}
          // The hero picture is what a reader sees first; the others wait until they scroll near.
          {...(big ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
        />
        <figcaption>
          <span>{SCENE_LABELS[image.imageType]}</span>
          {story.isCreator && (
            <span className="story-figure__actions">
              <button
                type="button"
                className="button button--small button--outline"
                disabled={painting}
                onClick={() => setImageAction({ kind: 'regenerate', image })}
              >
                {painting ? 'Painting…' : 'Regenerate'}
              </button>
              <button
                type="button"
                className="button button--small button--outline"
                onClick={() => void removeImage(image)}
              >
                Delete
              </button>
            </span>
          )}
          {/* Inside the caption: a figure's caption is its first or last child. */}
          {leftOut && <span className="story-figure__note">{leftOut}</span>}
        </figcaption>
      </figure>
    );
  };

  return (
    <article className="story" aria-labelledby="story-title">
      {config.status === 'failed' && (
        <div className="banner banner--error" role="alert">
          <strong>Configuration Missing</strong> {CONFIG_FAILED_MESSAGE}
        </div>
      )}
      {story.approval === 'waiting' && <ApprovalBar storyId={story.id} title={title} />}
      {!visitor && (
        <nav className="story-actions" aria-label="Story actions">
          {/* SPEC §2: Edit Story goes to the admin story editor, whose route only admins may open; a family edits
            its own story in the dialog the flipbook uses too (SPEC §2 flipbook). */}
          {isAdmin ? (
            <Link
              to={`/admin/stories/${encodeURIComponent(story.id)}/edit`}
              className="button button--small button--outline"
            >
              Edit Story
            </Link>
          ) : (
            story.isCreator && (
              <button type="button" className="button button--small button--outline" onClick={() => setEditing(true)}>
                Edit Story
              </button>
            )
          )}
          <Link to={`/story/${story.id}/flipbook`} className="button button--small button--outline">
            Flipbook View
          </Link>
          <Link to="/library" className="button button--small button--outline">
            My Library
          </Link>
          <button type="button" className="button button--small button--outline" onClick={() => setSharing(true)}>
            Share
          </button>
          <SaveToggle story={story} />
        </nav>
      )}

      {cover ? (
        picture(cover, true)
      ) : (
        <div className="story-figure story-figure--placeholder">
          <span aria-hidden="true">🎨</span>
          {pictureLine ? (
            <p className="story-figure__line">
              <strong>{pictureLine.line}</strong> {pictureLine.wait}
            </p>
          ) : pending.length > 0 ? (
            <p>Painting your picture…</p>
          ) : null}
        </div>
      )}
      {story.isCreator && pictureCount < LIMITS.storyPageImagesMax && !coverPainting && (
        <p className="story-add-picture">
          <button type="button" className="button button--primary" onClick={() => setImageAction({ kind: 'add' })}>
            {story.images.length === 0 ? 'Create Hero Image' : 'Edit your Story'}
          </button>
          {pending.length > 0 && (
            <span className="field__hint">
              {' '}
              Painting {pending.length} picture(s)…{pictureLine && ` ${pictureLine.line}, ${pictureLine.wait}.`}
            </span>
          )}
        </p>
      )}

      <h1 id="story-title" className="story__title">
        {title}
      </h1>
      {story.excerpt && <p className="story__excerpt">{story.excerpt}</p>}
      {story.authorName && <p className="story__author">Story Created by {story.authorName}</p>}
      <ul className="chips" aria-label="About this story">
        {story.storyUniverse && <li className="chip">{universeName(story.storyUniverse)}</li>}
        <li className="chip">{story.heroName}</li>
        <li className="chip">{story.storyType}</li>
        {story.theme && (
          <li className="chip">
            <span aria-hidden="true">{story.theme.emoji}</span> {story.theme.name}
          </li>
        )}
      </ul>
      {/* Under the title, and kept under the header while the story is read (story.css): never over the text. */}
      <div className="story-read-aloud">
        <ReadToMe storyId={story.id} ageRange={story.ageRange} words={storyWords} />
      </div>

      <div className="story__text" ref={storyText}>
        {paragraphs.map((paragraph, index) => {
          const slot = slots.get(index);
          return (
            <div key={index}>
              <p>{paragraph}</p>
              {slot && picture(byType.get(slot.imageType))}
            </div>
          );
        })}
      </div>
      <p className="story__end">~ The End ~</p>
      <div className="story-end-actions">
        <button type="button" className="button button--primary" disabled={downloading} onClick={() => void download()}>
          {downloading ? 'Generating...' : 'Download PDF'}
        </button>
        {!visitor && (
          <button type="button" className="button button--outline" onClick={() => setSharing(true)}>
            Share Story
          </button>
        )}
      </div>

      {sharing && (
        <ShareDialog
          storyId={story.id}
          storyUrl={`${window.location.origin}/story/${story.id}`}
          title={title}
          onDownload={() => downloadStory(story.id)}
          onClose={() => setSharing(false)}
        />
      )}
      {editing && <EditStoryDialog story={story} onClose={() => setEditing(false)} />}
      {imageAction && (
        <ImageDialog
          heading={
            imageAction.kind === 'regenerate'
              ? `Regenerate ${SCENE_LABELS[imageAction.image.imageType] ?? 'picture'}`
              : story.images.length === 0
                ? 'Create Hero Image'
                : 'Add an illustration'
          }
          imageNumber={
            imageAction.kind === 'regenerate' ? story.images.indexOf(imageAction.image) + 1 : pictureCount + 1
          }
          onSubmit={submitImage}
          onClose={() => setImageAction(undefined)}
        />
      )}
    </article>
  );
}
