import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../components/toast';
import type { StoryView } from '#common/api/views';
import { sanitiserNotice } from '#common/sanitiser';
import { firstError } from '#common/validation/accounts';
import { ADMIN_IMAGE_SLOTS, adminStorySchema } from '#common/validation/admin';
import { EDITED_HERO_NAME_MAX } from '#common/validation/hero-name';
import { STORY_FIELD_MAX } from '#common/validation/story-edit';
import { ADMIN_MESSAGES } from '#common/validation/messages';
import { useAdminStory, useCreateAdminStory, useRequestAdminImage, useSaveAdminStory } from '../../api/admin';
import { useDismissImageJob } from '../../api/stories';
import { PageSpinner } from '../../components/PageSpinner';
import { AdminImageDialog, type AdminImageSlot } from './AdminImageDialog';
import './admin-story-editor.css';

/** While a picture is being painted, the editor reads the story this often. */
const FORM_ID = 'admin-story-form';

const SLOT_LABELS: Record<AdminImageSlot, string> = {
  cover: 'Cover Image',
  'mid-scene': 'Middle Scene',
  ending: 'Ending Scene',
};

type Fields = { title: string; heroName: string; content: string; excerpt: string };
/** A picture followed by the editor; `since`: when it was asked for (0 for one found on loading). */
type Job = { jobId: string; imageType: string; since: number };

const EMPTY: Fields = { title: '', heroName: '', content: '', excerpt: '' };

/** The newest picture of a slot (images come oldest first); the cover may live only on the story. */
function slotImage(story: StoryView | undefined, slot: AdminImageSlot): { url: string; thumb: string } | undefined {
  if (!story) return undefined;
  const image = story.images.filter((candidate) => candidate.imageType === slot).at(-1);
  if (image) return { url: image.imageUrl, thumb: image.thumbnailUrl || image.imageUrl };
  if (slot === 'cover' && story.coverImageUrl) return { url: story.coverImageUrl, thumb: story.coverImageUrl };
  return undefined;
}

/**
 * SPEC §2 admin story editor (/admin/stories/new and /admin/stories/{id}/edit): title, hero name, content and
 * excerpt, three picture slots painted through the workflow, save as a featured story, then to /library.
 */
export default function AdminStoryEditorPage() {
  const { storyId } = useParams();
  const navigate = useNavigate();
  const id = useId();
  const editing = storyId !== undefined;
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [saving, setSaving] = useState(false);
  const [jobs, setJobs] = useState<Job[]>([]);
  const [dialogSlot, setDialogSlot] = useState<AdminImageSlot>();

  // The story being edited, followed while a picture is painted (api/admin.ts); a failed first read says
  // so and goes back to the list.
  // Each invalidates what it changes (api/admin.ts): the story lists, and this story while a picture is painted.
  const createStory = useCreateAdminStory();
  const saveStory = useSaveAdminStory(storyId ?? '');
  const requestImage = useRequestAdminImage(storyId ?? '');
  const { data: story, isError, dataUpdatedAt } = useAdminStory(storyId);
  const dismissJob = useDismissImageJob(storyId ?? '').mutate;
  useEffect(() => {
    if (!isError || story) return;
    toast.error('Failed to load story');
    navigate('/admin/stories', { replace: true });
  }, [isError, story, navigate]);

  // The form starts from the story once; pictures already being painted (a reload mid-way) are followed
  // like new ones.
  const [started, setStarted] = useState(false);
  if (story && !started) {
    setStarted(true);
    setFields({ title: story.title, heroName: story.heroName, content: story.content, excerpt: story.excerpt });
    setJobs(
      story.imageJobs
        .filter((job) => job.status === 'pending')
        .map((job) => ({ jobId: job.id, imageType: job.imageType, since: 0 })),
    );
  }

  // A followed picture is painted when its job has left the story, or has failed; only a read made after the
  // job was asked for can tell.
  const painting = jobs.filter(
    (job) =>
      !story ||
      dataUpdatedAt <= job.since ||
      story.imageJobs.some((candidate) => candidate.id === job.jobId && candidate.status === 'pending'),
  );

  // Say once when each followed picture is stored or has failed.
  const announced = useRef(new Set<string>());
  useEffect(() => {
    for (const job of jobs) {
      if (announced.current.has(job.jobId) || !story || dataUpdatedAt <= job.since) continue;
      const current = story.imageJobs.find((candidate) => candidate.id === job.jobId);
      if (current?.status === 'pending') continue;
      announced.current.add(job.jobId);
      if (!current) toast.success(`${job.imageType} image generated successfully`);
      else {
        toast.error(`Failed to generate ${job.imageType} image`, { description: current.error ?? undefined });
        dismissJob(job.jobId, { onError: () => undefined });
      }
    }
  }, [jobs, story, dataUpdatedAt, dismissJob]);

  const set = (key: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = adminStorySchema.safeParse({
      ...fields,
      ...(story?.storyUniverse ? { storyUniverse: story.storyUniverse } : {}),
    });
    const problem = firstError(parsed);
    if (problem || !parsed.success) return void toast.error(problem ?? 'Failed to save story');
    setSaving(true);
    try {
      const saved = storyId ? await saveStory.mutateAsync(parsed.data) : await createStory.mutateAsync(parsed.data);
      const done = editing ? 'Story updated successfully' : 'Story created successfully';
      // SPEC §5: when the sanitiser replaced words, the notice (5 s) goes with the success.
      if (saved.filtered > 0) toast.success(done, { description: sanitiserNotice(saved.filtered), duration: 5000 });
      else toast.success(done);
      navigate('/library');
    } catch (error) {
      toast.error('Failed to save story', { description: error instanceof Error ? error.message : undefined });
      setSaving(false);
    }
  }

  function openGenerator(slot: AdminImageSlot) {
    if (!storyId) return void toast.error(ADMIN_MESSAGES.saveFirst);
    setDialogSlot(slot);
  }

  async function generate(request: { imageType: AdminImageSlot; customizations?: string }) {
    if (!storyId) throw new Error(ADMIN_MESSAGES.saveFirst);
    try {
      const { jobId, imageType } = await requestImage.mutateAsync(request);
      // A slot already being painted answers with its running job: follow that one once.
      setJobs((current) =>
        current.some((job) => job.jobId === jobId)
          ? current
          : [...current, { jobId, imageType: imageType || request.imageType, since: Date.now() }],
      );
    } catch (error) {
      toast.error(`Failed to generate ${request.imageType} image`, {
        description: error instanceof Error ? error.message : undefined,
      });
      throw error;
    }
  }

  if (editing && !story) return <PageSpinner label="Loading story…" />;

  const saveLabel = editing ? (saving ? 'Saving...' : 'Save Changes') : saving ? 'Creating...' : 'Create Story';
  const actions = (
    <div className="admin-editor__actions">
      <button type="button" className="button button--outline" disabled={saving} onClick={() => navigate('/library')}>
        Cancel
      </button>
      <button type="submit" form={FORM_ID} className="button button--primary" disabled={saving} aria-busy={saving}>
        {saveLabel}
      </button>
    </div>
  );

  return (
    <div className="admin-page admin-editor">
      <header className="admin-page__header admin-editor__header">
        <div className="admin-editor__heading">
          <button
            type="button"
            className="admin-icon-button admin-icon-button--outline"
            aria-label="Back to library"
            onClick={() => navigate('/library')}
          >
            <span aria-hidden="true">←</span>
          </button>
          <div>
            <h1>{editing ? 'Edit Story' : 'Create Story'}</h1>
            <p className="admin-page__subtitle">
              {editing ? 'Changes are checked for kid-friendly words when saved' : 'Saved as a featured story'}
            </p>
          </div>
        </div>
        {actions}
      </header>

      <div className="admin-editor__grid">
        <form id={FORM_ID} className="card form admin-editor__form" onSubmit={save} aria-label="Story details">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-title`}>
              Title
            </label>
            <input
              id={`${id}-title`}
              className="field__input"
              maxLength={STORY_FIELD_MAX.title}
              value={fields.title}
              onChange={(e) => set('title')(e.target.value)}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-hero`}>
              Hero Name
            </label>
            <input
              id={`${id}-hero`}
              className="field__input"
              maxLength={EDITED_HERO_NAME_MAX}
              value={fields.heroName}
              onChange={(e) => set('heroName')(e.target.value)}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-content`}>
              Story Content
            </label>
            <textarea
              id={`${id}-content`}
              className="field__input field__input--area field__input--story admin-editor__content"
              rows={18}
              maxLength={STORY_FIELD_MAX.content}
              value={fields.content}
              aria-describedby={`${id}-content-hint`}
              onChange={(e) => set('content')(e.target.value)}
            />
            <p id={`${id}-content-hint`} className="field__hint">
              Separate paragraphs with a blank line.
            </p>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-excerpt`}>
              Excerpt (Preview Text)
            </label>
            <textarea
              id={`${id}-excerpt`}
              className="field__input field__input--area"
              rows={3}
              maxLength={STORY_FIELD_MAX.excerpt}
              value={fields.excerpt}
              aria-describedby={`${id}-excerpt-count`}
              onChange={(e) => set('excerpt')(e.target.value)}
            />
            <p id={`${id}-excerpt-count`} className="field__hint">
              {fields.excerpt.length}/500
            </p>
          </div>
        </form>

        <section className="card admin-editor__images" aria-labelledby={`${id}-images`}>
          <h2 id={`${id}-images`}>Story Images</h2>
          <p className="field__hint admin-editor__hint">
            <span aria-hidden="true">💡 </span>AI image generation requires the story to be saved first.
          </p>
          <ul className="admin-slots">
            {ADMIN_IMAGE_SLOTS.map((slot) => {
              const image = slotImage(story, slot);
              const busy = painting.some((job) => job.imageType === slot);
              const label = SLOT_LABELS[slot];
              const action = busy ? 'Generating...' : image ? 'Regenerate Image' : 'Generate Image';
              return (
                <li key={slot} className="admin-slot" aria-busy={busy}>
                  <h3 className="admin-slot__label">{label}</h3>
                  <div className="admin-slot__frame">
                    {image ? (
                      <img src={image.thumb} alt={`${label} of “${fields.title || 'this story'}”`} />
                    ) : (
                      !busy && (
                        <div className="admin-slot__placeholder">
                          <span aria-hidden="true">🖼️</span>
                          <span>Story Image</span>
                        </div>
                      )
                    )}
                    {busy && (
                      <div className="admin-slot__busy" role="status">
                        <span className="admin-slot__spinner" aria-hidden="true" />
                        <span>Painting…</span>
                      </div>
                    )}
                  </div>
                  <button
                    type="button"
                    className="button button--small button--outline button--block"
                    disabled={busy}
                    aria-busy={busy}
                    aria-label={`${action}: ${label}`}
                    onClick={() => openGenerator(slot)}
                  >
                    <span aria-hidden="true">✨</span>
                    {action}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      </div>

      <footer className="admin-editor__footer">{actions}</footer>

      {dialogSlot && (
        <AdminImageDialog
          heading={`${slotImage(story, dialogSlot) ? 'Regenerate' : 'Generate'} ${SLOT_LABELS[dialogSlot]}`}
          imageType={dialogSlot}
          onSubmit={generate}
          onClose={() => setDialogSlot(undefined)}
        />
      )}
    </div>
  );
}
