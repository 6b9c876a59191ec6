import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { heroNameProblem } from '#common/story-validation';
import { HERO_NAME_MAX } from '#common/validation/hero-name';
import { useAgeBandConfig } from '../../story-config/band-config';
import { stepPath } from './CreateLayout';
import { useWizard } from './wizard';

/** SPEC §2 step 01: the hero's name (SPEC §5 name rules, per band). */
export default function NameStep() {
  const { choices, update } = useWizard();
  const { config } = useAgeBandConfig();
  const navigate = useNavigate();
  const [name, setName] = useState(choices.heroName);
  // SPEC §5: the error shows after blur or a continue attempt, then follows every change.
  const [touched, setTouched] = useState(false);
  const problem = heroNameProblem(name, config);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    update({ heroName: name.trim() });
    navigate(stepPath(2));
  }

  return (
    <form className="wizard-step" onSubmit={submit} noValidate>
      <h1 className="wizard-step__heading">Let's Craft Story Magic…</h1>
      <label className="wizard-step__question" htmlFor="hero-name">
        What is your Main Character's Name?
      </label>
      <input
        id="hero-name"
        className="field__input wizard-name"
        value={name}
        maxLength={HERO_NAME_MAX}
        autoComplete="off"
        aria-invalid={touched && Boolean(problem)}
        aria-describedby={touched && problem ? 'hero-name-error' : undefined}
        onChange={(e) => {
          setName(e.target.value);
          if (!heroNameProblem(e.target.value, config)) update({ heroName: e.target.value.trim() });
        }}
        onBlur={() => setTouched(true)}
      />
      {touched && problem && (
        <p id="hero-name-error" className="field__error" role="alert">
          {problem}
        </p>
      )}
      <div className="wizard-step__actions">
        {/* SPEC §4: the next step needs a name first. */}
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={Boolean(problem)}
          aria-describedby={problem && !touched ? 'hero-name-needed' : undefined}
        >
          Let's Begin &gt;
        </button>
      </div>
      {problem && !touched && (
        <p id="hero-name-needed" className="visually-hidden">
          Type a name to begin.
        </p>
      )}
    </form>
  );
}
