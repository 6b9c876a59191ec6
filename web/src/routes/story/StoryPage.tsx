import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { ApiRequestError } from '../../api/client';
import { dismissImageJob, fetchStory, type Story } from '../../api/stories';
import { StoryReader } from './StoryReader';
import { PageSpinner } from '../../components/PageSpinner';
import { WIZARD_STORAGE_KEY } from '../create/wizard-state';

const POLL_MS = 1500;

const PROGRESS_STEPS: { key: Story['progress']; label: string }[] = [
  { key: 'writing', label: 'Writing your story' },
  { key: 'checking', label: 'Checking every page' },
];

/** Tells the family when a picture they asked for is ready, or why it could not be made. */
function announcePictures(next: Story, pendingJobs: Map<string, boolean>) {
  for (const job of next.imageJobs) {
    if (job.status === 'failed') {
      toast.error(job.error ?? 'Failed to generate image');
      pendingJobs.delete(job.id);
      void dismissImageJob(next.id, job.id).catch(() => undefined);
    } else pendingJobs.set(job.id, Boolean(job.replaces));
  }
  const stillPending = new Set(next.imageJobs.map((job) => job.id));
  for (const [jobId, regeneration] of pendingJobs) {
    if (stillPending.has(jobId)) continue;
    pendingJobs.delete(jobId);
    toast.success(regeneration ? 'Illustration regenerated!' : 'New illustration generated!');
  }
}

/** SPEC §2 story page: progress while a story is being made, then the story itself. */
export default function StoryPage() {
  const { storyId = '' } = useParams();
  const location = useLocation();
  const fromWizard = Boolean((location.state as { fromWizard?: boolean } | null)?.fromWizard);
  const [story, setStory] = useState<Story>();
  const [missing, setMissing] = useState(false);
  const [reloads, setReloads] = useState(0);
  const announced = useRef(false);
  const pendingJobs = useRef(new Map<string, boolean>()); // job id → is a regeneration

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function load() {
      try {
        const next = await fetchStory(storyId);
        if (stopped) return;
        announcePictures(next, pendingJobs.current);
        setStory(next);
        // Keep polling while the story or one of its pictures is being made.
        if (next.status === 'generating' || next.imageJobs.some((job) => job.status === 'pending')) {
          timer = setTimeout(() => void load(), POLL_MS);
        }
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
  }, [storyId, reloads]);

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
  return (
    <StoryReader
      story={story}
      onChange={(saved) => (saved ? setStory(saved) : setReloads((n) => n + 1))}
      onJobStarted={(jobId, regeneration) => {
        pendingJobs.current.set(jobId, regeneration);
        setReloads((n) => n + 1);
      }}
    />
  );
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
