import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { ApiRequestError } from '../../api/client';
import { fetchStory, type Story } from '../../api/stories';
import { PageSpinner } from '../../components/PageSpinner';
import { WIZARD_STORAGE_KEY } from '../create/wizard-state';

const POLL_MS = 1500;

const PROGRESS_STEPS: { key: Story['progress']; label: string }[] = [
  { key: 'writing', label: 'Writing your story' },
  { key: 'checking', label: 'Checking every page' },
  { key: 'painting', label: 'Painting the cover' },
];

/** Paragraphs are separated by blank lines; bold markers are not shown (SPEC §2). */
export const storyParagraphs = (content: string) =>
  content
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\*\*/g, '').trim())
    .filter(Boolean);

/** SPEC §2 story page: progress while a story is being made, then the story itself. */
export default function StoryPage() {
  const { storyId = '' } = useParams();
  const location = useLocation();
  const fromWizard = Boolean((location.state as { fromWizard?: boolean } | null)?.fromWizard);
  const [story, setStory] = useState<Story>();
  const [missing, setMissing] = useState(false);
  const announced = useRef(false);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function load() {
      try {
        const next = await fetchStory(storyId);
        if (stopped) return;
        setStory(next);
        if (next.status === 'generating') timer = setTimeout(() => void load(), POLL_MS);
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiRequestError && error.status === 404) setMissing(true);
        else timer = setTimeout(() => void load(), POLL_MS * 2); // a passing failure: keep trying
      }
    }
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [storyId]);

  // Tell the family once, when the story they just asked for is ready or has failed.
  useEffect(() => {
    if (!story || !fromWizard || announced.current) return;
    if (story.status === 'ready') {
      announced.current = true;
      localStorage.removeItem(WIZARD_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: WIZARD_STORAGE_KEY }));
      toast.success('Story Created! ✨', { description: 'Your magical story is ready!' });
    } else if (story.status === 'failed') {
      announced.current = true;
      toast.error('Story Generation Failed', {
        description: story.failureReason ?? 'Failed to create your story. Please try again.',
      });
    }
  }, [story, fromWizard]);

  if (missing || (story && story.status === 'ready' && story.sourceVersion !== 'json_v1')) {
    return (
      <div className="page page--narrow centered-message" role="alert">
        <h1>Story not found or unavailable in the new format</h1>
        <Link to="/library" className="button button--primary">
          My Library
        </Link>
      </div>
    );
  }
  if (!story) return <PageSpinner label="Opening the story…" />;
  if (story.status === 'generating') return <StoryProgress story={story} />;
  if (story.status === 'failed') {
    return (
      <div className="page page--narrow centered-message" role="alert">
        <h1>Story Generation Failed</h1>
        <p>{story.failureReason ?? 'Failed to create your story. Please try again.'}</p>
        <p>Your library slot has been freed.</p>
        <Link to="/create/05" className="button button--primary">
          Try again
        </Link>
      </div>
    );
  }
  return <StoryReader story={story} />;
}

function StoryProgress({ story }: { story: Story }) {
  const current = PROGRESS_STEPS.findIndex((step) => step.key === story.progress);
  return (
    <div className="page page--narrow story-progress">
      <h1>Making {story.heroName}’s story…</h1>
      <ol className="progress-steps" aria-live="polite">
        {PROGRESS_STEPS.map((step, index) => {
          const state = index < current ? 'done' : index === current ? 'active' : 'waiting';
          return (
            <li key={step.key} className={`progress-step progress-step--${state}`}>
              <span className="progress-step__dot" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              {step.label}
              <span className="visually-hidden">
                {state === 'done' ? ' (done)' : state === 'active' ? ' (in progress)' : ''}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="field__hint">This page updates by itself. You can stay here or come back later.</p>
    </div>
  );
}

function StoryReader({ story }: { story: Story }) {
  return (
    <article className="story" aria-labelledby="story-title">
      {story.coverImageUrl && (
        <img className="story__cover" src={story.coverImageUrl} alt={`Cover of ${story.title}`} />
      )}
      <h1 id="story-title" className="story__title">
        {story.title}
      </h1>
      {story.excerpt && <p className="story__excerpt">{story.excerpt}</p>}
      {story.authorName && <p className="story__author">Story Created by {story.authorName}</p>}
      <ul className="chips" aria-label="About this story">
        {story.storyUniverse && <li className="chip">{story.storyUniverse}</li>}
        <li className="chip">{story.heroName}</li>
        <li className="chip">{story.storyType}</li>
        {story.theme && (
          <li className="chip">
            <span aria-hidden="true">{story.theme.emoji}</span> {story.theme.name}
          </li>
        )}
      </ul>
      <div className="story__text">
        {storyParagraphs(story.content).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <p className="story__end">~ The End ~</p>
    </article>
  );
}
