import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { toast } from '../../components/toast';
import { INCOMPLETE_STORY } from '#common/validation/story-request';
import { ApiRequestError } from '../../api/client';
import { useGenerateStory } from '../../api/stories';
import { LibraryFullDialog } from '../../components/dialogs';
import { useAgeBandConfig } from '../../story-config/band-config';
import { ART_STYLE_CHOICES } from './choices';
import { stepPath } from './CreateLayout';
import { stepComplete, storyRequest, useWizard } from './wizard';

/** SPEC §2 step 05: art style, image quality, and "Yes, let's go!". */
export default function ArtStep() {
  const { choices: state, update, sent } = useWizard();
  const config = useAgeBandConfig();
  const navigate = useNavigate();
  const generateStory = useGenerateStory();
  const [busy, setBusy] = useState(false);
  const [libraryFull, setLibraryFull] = useState<number>();

  // SPEC §4: the art-style step requires every earlier step.
  const firstIncomplete = ([1, 2, 3, 4] as const).find((step) => !stepComplete[step](state));
  if (firstIncomplete && !busy) return <Navigate to={stepPath(firstIncomplete)} replace />;

  async function create() {
    const requestId = state.requestId || crypto.randomUUID();
    const request = storyRequest(state, requestId);
    if (!request) {
      toast.error(INCOMPLETE_STORY.title, { description: INCOMPLETE_STORY.message });
      return;
    }
    update({ requestId }); // a second click or tab re-sends the same id and gets the same story
    setBusy(true);
    try {
      const { storyId } = await generateStory.mutateAsync(request);
      if (!storyId) throw new Error('No story ID returned');
      sent(storyId);
      navigate(`/story/${storyId}`, { state: { fromWizard: true } });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'LIBRARY_FULL') {
        setLibraryFull(Number(error.details.currentCount ?? 10));
      } else {
        toast.error('Story Generation Failed', {
          description:
            error instanceof Error && error.message ? error.message : 'Failed to create your story. Please try again.',
        });
      }
      setBusy(false);
    }
  }

  return (
    <section className="wizard-step" aria-labelledby="art-heading">
      <h1 id="art-heading" className="wizard-step__heading">
        Choose Your Art Style
      </h1>
      <div className="option-grid option-grid--art" role="radiogroup" aria-labelledby="art-heading">
        {ART_STYLE_CHOICES.map((style) => {
          const selected = state.artStyle === style.value;
          return (
            <label key={style.value} className={`art-card ${selected ? 'art-card--selected' : ''}`}>
              <input
                type="radio"
                className="option-card__input"
                name="artStyle"
                value={style.value}
                checked={selected}
                onChange={() => update({ artStyle: style.value })}
              />
              <span className="art-card__image" style={{ background: style.gradient }} aria-hidden="true">
                <span className="art-card__emoji">{style.emoji}</span>
                <span className="art-card__soon">Coming Soon</span>
              </span>
              <span className="art-card__label">{style.label}</span>
            </label>
          );
        })}
      </div>

      <fieldset className="quality-switch">
        <legend className="field__label">Image Generation Quality</legend>
        {(
          [
            ['express', 'Built for Speed', 'About 10 seconds a picture'],
            ['studio', 'Big Time Studio', 'Premium pictures, 1-2 minutes each'],
          ] as const
        ).map(([mode, label, hint]) => (
          <label key={mode} className="choice">
            <input
              type="radio"
              name="generationMode"
              checked={state.generationMode === mode}
              onChange={() => update({ generationMode: mode })}
            />
            <span>
              {label}
              <span className="choice__hint">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <div className="ready-box">
        <p className="ready-box__question">Ready to build your story?</p>
        <div className="wizard-step__actions">
          <button
            type="button"
            className="button button--outline"
            onClick={() => navigate(stepPath(4))}
            disabled={busy}
          >
            Not Yet
          </button>
          <button
            type="button"
            className="button button--primary button--large"
            onClick={() => void create()}
            disabled={busy || config.status !== 'ready' || !state.artStyle}
            aria-busy={busy}
          >
            {busy ? 'Creating your story...' : "Yes, let's go!"}
          </button>
        </div>
      </div>
      {libraryFull !== undefined && <LibraryFullDialog count={libraryFull} onClose={() => setLibraryFull(undefined)} />}
    </section>
  );
}
