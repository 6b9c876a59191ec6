import { useDeferredValue, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../components/toast';
import { isAwaitingApproval, isNotFound, useStory, type Story } from '../../api/stories';
import { FAMILY_TEXTS } from '#common/family';
import { StoryReader } from './StoryReader';
import { PageSpinner } from '../../components/PageSpinner';
import { placeInLine } from './place-in-line';
import { usePictureAnnouncements } from '../../story/usePictureAnnouncements';
import { useAuth } from '../../auth/AuthContext';
import { SignInLink } from '../../auth/SignInLink';
import { useWizardOwner } from '../create/wizard-owner';
import './story.css';

const PROGRESS_STEPS: { key: Story['progress']; label: string }[] = [
  { key: 'writing', label: 'Writing your story' },
  { key: 'checking', label: 'Checking every page' },
];

/** SPEC §2 story page: progress while a story is being made, then the story itself. */
export default function StoryPage() {
  const { storyId = '' } = useParams();
  const location = useLocation();
  const { userId } = useAuth();
  const fromWizard = Boolean((location.state as { fromWizard?: boolean } | null)?.fromWizard);
  // Followed while it or a picture is being made; a passing failure keeps the page as it is and tries again.
  const { data, error } = useStory(storyId);
  // A ready story's first arrival is drawn in the background (a deferred render yields to the browser as it
  // goes): it lands just after the page's first paint, and a whole story drawn in one go would hold a
  // phone's page. Anything else (the progress screen, and every change once a story is shown: Saved, a new
  // picture, the story becoming ready) is drawn at once.
  const shown = useDeferredValue(data);
  const story = shown === undefined && data?.status === 'ready' ? undefined : data;
  const missing = isNotFound(error);
  const announced = useRef(false);
  const followJob = usePictureAnnouncements(story, { everyJob: true, failedMessage: 'Failed to generate image' });

  // Tell the family once, when the story they just asked for is ready or has failed.
  useEffect(() => {
    if (!story || !fromWizard || announced.current) return;
    if (story.status === 'ready') {
      announced.current = true;
      toast.success('Story Created! ✨', { description: 'Your magical story is ready!' });
    } else if (story.status === 'failed') {
      announced.current = true;
      toast.error('Story Generation Failed', {
        description: story.failureReason ?? 'Failed to create your story. Please try again.',
      });
    }
  }, [story, fromWizard]);

  // Made for a child whose stories a grown-up reads first (issue 36): the page looks again until they say yes.
  if (isAwaitingApproval(error) && !story) {
    return (
      <div className="page page--narrow centered-message" role="status">
        <h1>{FAMILY_TEXTS.waitingForGrownUp}</h1>
        <p>A grown-up reads each new story first. It opens here as soon as they say yes.</p>
        <Link to="/library" className="button button--primary">
          My Library
        </Link>
      </div>
    );
  }
  // A visitor opened a link that is not (or no longer) open: the story may be theirs, so they may sign in.
  if (missing && !userId) {
    return (
      <div className="page page--narrow centered-message" role="alert">
        <h1>This story is not shared</h1>
        <p>Only the family who made it can read it, unless a grown-up of that family opens its link.</p>
        <SignInLink className="button button--primary" />
      </div>
    );
  }
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
        <TryAgain storyId={story.id} />
      </div>
    );
  }
  return <StoryReader story={story} onJobStarted={followJob} />;
}

/** A failed story asked for here: the wizard opens again on its choices (a new story, with a new id). */
function TryAgain({ storyId }: { storyId: string }) {
  const owner = useWizardOwner();
  const navigate = useNavigate();
  async function tryAgain(event: MouseEvent) {
    event.preventDefault();
    // Loaded on use: the story page does not carry the wizard.
    const { wizard } = await import('../create/wizard');
    navigate(owner && wizard.tryAgain(owner, storyId) ? '/create/05' : '/create/01');
  }
  return (
    <Link to="/create/05" className="button button--primary" onClick={(event) => void tryAgain(event)}>
      Try again
    </Link>
  );
}

/** "paragraph 5 of about 9": counts from the status read, never the text (it is unchecked until saved). */
function writingDetail(writing: NonNullable<Story['writing']>): string | undefined {
  if (writing.paragraphs === 0) return writing.attempt > 1 ? 'making a few changes' : undefined;
  return `paragraph ${writing.paragraphs} of about ${Math.max(writing.paragraphs, writing.expectedParagraphs)}`;
}

/**
 * The furthest step this page has shown for the story, so a step shown done never goes back: an answer older
 * than one already shown (a status read overtaken by the next, the story read again behind its status)
 * changes nothing. Only a rewrite (a later attempt) starts writing again.
 */
function useFurthestStep(story: Story): number {
  const step = PROGRESS_STEPS.findIndex(({ key }) => key === story.progress);
  const attempt = story.writing?.attempt ?? 1;
  const [shown, setShown] = useState({ storyId: story.id, attempt: 1, step: -1 });
  const before = shown.storyId === story.id ? shown : { storyId: story.id, attempt: 1, step: -1 };
  const now =
    attempt > before.attempt ? { storyId: story.id, attempt, step } : { ...before, step: Math.max(before.step, step) };
  // Kept from render to render (React's "information from previous renders"): set only when it moved.
  if (now.storyId !== shown.storyId || now.attempt !== shown.attempt || now.step !== shown.step) setShown(now);
  return now.step;
}

function StoryProgress({ story }: { story: Story }) {
  const current = useFurthestStep(story);
  const rewriting = (story.writing?.attempt ?? 1) > 1;
  // The cover may start painting while the story is still being written (a streamed story).
  const cover = story.imageJobs.find((job) => job.imageType === 'cover' && job.status === 'pending');
  const painting = cover !== undefined;
  const labelOf = (key: Story['progress'], label: string) =>
    key === 'writing' && rewriting ? 'Rewriting your story' : label;
  // At a busy hour the story waits for the storyteller: where it stands, and about how long.
  const waiting = current < 0 && story.progress === 'queued' && story.queue ? placeInLine(story.queue) : undefined;
  // Announced once per phase, not per paragraph or place: a screen reader hears what changed, not a counter.
  const phase = [
    waiting ? 'Waiting in line' : '',
    PROGRESS_STEPS[current] ? labelOf(PROGRESS_STEPS[current].key, PROGRESS_STEPS[current].label) : '',
    painting ? 'Painting the cover' : '',
  ]
    .filter(Boolean)
    .join('. ');
  const coverLine = cover?.queue ? placeInLine(cover.queue) : undefined;
  return (
    <div className="page page--narrow story-progress">
      <h1>Making {story.heroName}’s story…</h1>
      {waiting && (
        <p className="story-progress__line">
          <strong>{waiting.line}</strong>
          <span>{waiting.wait}</span>
        </p>
      )}
      <ol className="progress-steps" aria-label="Story progress">
        {PROGRESS_STEPS.map((step, index) => {
          const state = index < current ? 'done' : index === current ? 'active' : 'waiting';
          const detail =
            state === 'active' && step.key === 'writing' && story.writing ? writingDetail(story.writing) : undefined;
          return (
            <li key={step.key} className={`progress-step progress-step--${state}`}>
              <span className="progress-step__dot" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span>
                {labelOf(step.key, step.label)}
                {detail && <span className="progress-step__detail">: {detail}</span>}
              </span>
              <span className="visually-hidden">
                {state === 'done' ? ' (done)' : state === 'active' ? ' (in progress)' : ''}
              </span>
            </li>
          );
        })}
        {painting && (
          <li className="progress-step progress-step--active">
            <span className="progress-step__dot" aria-hidden="true">
              🎨
            </span>
            Painting the cover
            {coverLine && (
              <span className="progress-step__detail">
                : {coverLine.line}, {coverLine.wait}
              </span>
            )}
            <span className="visually-hidden"> (in progress)</span>
          </li>
        )}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {phase}
      </p>
      <p className="field__hint">This page updates by itself. You can stay here or come back later.</p>
    </div>
  );
}
