import { useModalDialog } from '../components/useModalDialog';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../components/toast';
import { sanitiserNotice } from '#common/sanitiser';
import { storyEditSchema } from '#common/validation/story-edit';
import { editedHeroNameProblem } from '#common/story-validation';
import { firstError } from '#common/validation/accounts';
import { useEditStory, type Story } from '../api/stories';

/**
 * The creator's edit of title, hero name and content (story page and flipbook). The saved story goes into
 * the story's query, so whichever screen shows it shows the edit.
 */
export function EditStoryDialog({ story, onClose }: { story: Story; onClose: () => void }) {
  const dialog = useModalDialog();
  const [title, setTitle] = useState(story.title);
  const [heroName, setHeroName] = useState(story.heroName);
  const [content, setContent] = useState(story.content);
  const [busy, setBusy] = useState(false);
  const editStory = useEditStory(story.id);
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem =
      firstError(storyEditSchema.safeParse({ title, heroName, content })) ?? editedHeroNameProblem(heroName);
    if (problem) return void toast.error(problem);
    setBusy(true);
    try {
      const saved = await editStory.mutateAsync({ title, heroName, content });
      // SPEC §5: when the sanitiser changed anything, its notice (5 s) says so instead.
      if (saved.filtered > 0) toast.info(sanitiserNotice(saved.filtered), { duration: 5000 });
      else toast.success('Story updated!');
      dialog.current?.close();
    } catch {
      toast.error('Failed to update story');
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={dialog} className="modal modal--wide" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form className="form" onSubmit={save}>
        <h2 id={`${id}-title`}>Edit your Story</h2>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-t`}>
            Title
          </label>
          <input id={`${id}-t`} className="field__input" value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-h`}>
            Hero Name
          </label>
          <input
            id={`${id}-h`}
            className="field__input"
            value={heroName}
            onChange={(e) => setHeroName(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-c`}>
            Story Content
          </label>
          <textarea
            id={`${id}-c`}
            className="field__input field__input--area field__input--story"
            rows={14}
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
        </div>
        <div className="modal__actions">
          <button type="button" className="button button--outline" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
