import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SURPRISE, type StoryKind } from '../../../../common/story-choices';
import { customDescriptionProblem, pickWritingStyle } from '../../../../common/story-validation';
import { useAgeBandConfig } from '../../story-config/AgeBandConfigContext';
import { CHARACTER_CHOICES, KIND_CHOICES, MISSION_CHOICES, type Choice } from './choices';
import { stepPath } from './CreateLayout';
import { stepComplete, useWizardState, type WizardState } from './wizard-state';

type StepDefinition = {
  step: 2 | 3 | 4;
  heading: string;
  choices: Choice[];
  field: 'characterType' | 'storyType' | 'mission';
  customField: 'customCharacterDescription' | 'customStoryTypeDescription' | 'customMissionDescription';
  customLabel: string;
};

const STEPS: Record<2 | 3 | 4, StepDefinition> = {
  2: {
    step: 2,
    heading: 'Who is Your Character?',
    choices: CHARACTER_CHOICES,
    field: 'characterType',
    customField: 'customCharacterDescription',
    customLabel: 'Or describe your character in your own words (optional)',
  },
  3: {
    step: 3,
    heading: 'What Kind of Story?',
    choices: KIND_CHOICES,
    field: 'storyType',
    customField: 'customStoryTypeDescription',
    customLabel: 'Anything special about the story? (optional)',
  },
  4: {
    step: 4,
    heading: 'What is the Mission?',
    choices: MISSION_CHOICES,
    field: 'mission',
    customField: 'customMissionDescription',
    customLabel: 'Tell us more about the mission (optional)',
  },
};

/** SPEC §2 steps 02-04: pick one option (or "Surprise Me!"), optionally describe it in your own words. */
export default function ChoiceStep({ step }: { step: 2 | 3 | 4 }) {
  const definition = STEPS[step];
  const [state, update] = useWizardState();
  const { config } = useAgeBandConfig();
  const navigate = useNavigate();
  const [custom, setCustom] = useState(state[definition.customField]);
  const customProblem = custom.trim() && config ? customDescriptionProblem(custom, config) : undefined;
  const complete = stepComplete[step](state) && !customProblem;

  function choose(value: string) {
    const change: Partial<WizardState> = { [definition.field]: value };
    // Step 4.5: the writing style follows the kind through the band's weighted auto_mapping.
    if (definition.field === 'storyType') {
      change.writingStyle = config && value !== SURPRISE ? pickWritingStyle(value as StoryKind, config) : SURPRISE;
    }
    update(change);
  }

  function onCustom(text: string) {
    setCustom(text);
    const problem = text.trim() && config ? customDescriptionProblem(text, config) : undefined;
    if (!problem) update({ [definition.customField]: text });
  }

  return (
    <section className="wizard-step" aria-labelledby={`step-${step}-heading`}>
      <h1 id={`step-${step}-heading`} className="wizard-step__heading">
        {definition.heading}
      </h1>
      {/* Native radios: Tab reaches the group once and the arrow keys move the choice, as in any radio group. */}
      <div className="option-grid" role="radiogroup" aria-labelledby={`step-${step}-heading`}>
        {definition.choices.map((choice) => {
          const selected = state[definition.field] === choice.value;
          return (
            <label key={choice.value} className={`option-card ${selected ? 'option-card--selected' : ''}`}>
              <input
                type="radio"
                className="option-card__input"
                name={definition.field}
                value={choice.value}
                checked={selected}
                onChange={() => choose(choice.value)}
              />
              <span className="option-card__emoji" aria-hidden="true">
                {choice.emoji}
              </span>
              <span className="option-card__label">{choice.label}</span>
            </label>
          );
        })}
      </div>
      <div className="field wizard-custom">
        <label className="field__label" htmlFor={`custom-${step}`}>
          {definition.customLabel}
        </label>
        <input
          id={`custom-${step}`}
          className="field__input"
          value={custom}
          aria-invalid={Boolean(customProblem)}
          aria-describedby={`custom-${step}-help`}
          onChange={(e) => onCustom(e.target.value)}
        />
        <p id={`custom-${step}-help`} className={customProblem ? 'field__error' : 'field__hint'} aria-live="polite">
          {customProblem ??
            `${custom.trim().length}/${config?.validators.custom_description_max ?? ''} characters`.replace(
              /\/ characters$/,
              ' characters',
            )}
        </p>
      </div>
      <div className="wizard-step__actions">
        {step > 2 && (
          <button type="button" className="button button--outline" onClick={() => navigate(stepPath(step - 1))}>
            Back
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          disabled={!complete}
          onClick={() => navigate(stepPath(step + 1))}
        >
          Continue
        </button>
      </div>
    </section>
  );
}
