import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AgeBandConfig } from '#common/age-band-config';
import { SURPRISE } from '#common/story-choices';
import { customDescriptionProblem, pickWritingStyle } from '#common/story-validation';
import { readFamilyWords, type FamilyReading } from '#common/family-words';
import { useAgeBandConfig } from '../../story-config/band-config';
import { CHARACTER_CHOICES, KIND_CHOICES, MISSION_CHOICES, type Choice } from './choices';
import { stepPath } from './CreateLayout';
import { stepComplete, useWizard, type WizardChoices } from './wizard';

type CustomField = 'customCharacterDescription' | 'customStoryTypeDescription' | 'customMissionDescription';

/** One option card of a step: whether it is the chosen one, and what choosing it changes. */
type Option = Choice & {
  isChosen: (choices: WizardChoices) => boolean;
  choose: (config: AgeBandConfig | undefined) => Partial<WizardChoices>;
};

type StepDefinition = {
  heading: string;
  /** The radio group's name. */
  name: string;
  options: Option[];
  customField: CustomField;
  customLabel: string;
};

/** A step's options, each typed by the step's own values (no casts between steps). */
function optionsOf<Value extends string>(
  choices: Choice<Value>[],
  chosen: (choices: WizardChoices) => string,
  choose: (value: Value, config: AgeBandConfig | undefined) => Partial<WizardChoices>,
): Option[] {
  return choices.map((choice) => ({
    ...choice,
    isChosen: (choices) => chosen(choices) === choice.value,
    choose: (config) => choose(choice.value, config),
  }));
}

const STEPS: Record<2 | 3 | 4, StepDefinition> = {
  2: {
    heading: 'Who is Your Character?',
    name: 'characterType',
    options: optionsOf(
      CHARACTER_CHOICES,
      (c) => c.characterType,
      (characterType) => ({ characterType }),
    ),
    customField: 'customCharacterDescription',
    customLabel: 'Or describe your character in your own words (optional)',
  },
  3: {
    heading: 'What Kind of Story?',
    name: 'storyType',
    options: optionsOf(
      KIND_CHOICES,
      (c) => c.storyType,
      // Step 4.5: the writing style follows the kind through the band's weighted auto_mapping.
      (storyType, config) => ({
        storyType,
        writingStyle: config && storyType !== SURPRISE ? pickWritingStyle(storyType, config) : SURPRISE,
      }),
    ),
    customField: 'customStoryTypeDescription',
    customLabel: 'Anything special about the story? (optional)',
  },
  4: {
    heading: 'What is the Mission?',
    name: 'mission',
    options: optionsOf(
      MISSION_CHOICES,
      (c) => c.mission,
      (mission) => ({ mission }),
    ),
    customField: 'customMissionDescription',
    customLabel: 'Tell us more about the mission (optional)',
  },
};

const quoted = (words: readonly string[]) =>
  words
    .map((w) => `“${w}”`)
    .join(words.length === 2 ? ' and ' : ', ')
    .replace(/, (?=[^,]*$)/u, ' and ');

/** What the storyteller made of the family's words, and the words it did not understand, in one or two sentences. */
function readingMessage(reading: FamilyReading): string | undefined {
  const used = [
    reading.place?.phrase,
    ...reading.creatures,
    ...reading.things,
    reading.weather && !reading.place?.phrase.includes(reading.weather) ? `${reading.weather} weather` : undefined,
  ].filter((part): part is string => Boolean(part));
  const parts: string[] = [];
  if (used.length > 0)
    parts.push(`Your story will have ${[...new Set(used)].join(', ').replace(/, (?=[^,]*$)/u, ' and ')}.`);
  if (reading.notUnderstood.length > 0) {
    const many = reading.notUnderstood.length > 1;
    parts.push(
      `We don't know ${many ? 'the words' : 'the word'} ${quoted(reading.notUnderstood)} yet, so ${many ? 'they' : 'it'} will be left out.`,
    );
  }
  return parts.length ? parts.join(' ') : undefined;
}

/**
 * SPEC §2 steps 02-04: pick one option (or "Surprise Me!"), optionally describe it in your own words. The
 * route keys this component by step, so the text being typed belongs to its own step only.
 */
export default function ChoiceStep({ step }: { step: 2 | 3 | 4 }) {
  const definition = STEPS[step];
  const { choices, update } = useWizard();
  const { config } = useAgeBandConfig();
  const navigate = useNavigate();
  const [custom, setCustom] = useState(choices[definition.customField]);
  const customProblem = custom.trim() && config ? customDescriptionProblem(custom, config) : undefined;
  // The kind of story and the mission are read for the story's world and goal: the family hears what was
  // understood, and which words were not (they are left out, never dropped without a word).
  const reading = step !== 2 && custom.trim() && !customProblem ? readFamilyWords(custom) : undefined;
  const readBack = reading ? readingMessage(reading) : undefined;
  const complete = stepComplete[step](choices) && !customProblem;

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
        {definition.options.map((choice) => {
          const selected = choice.isChosen(choices);
          return (
            <label key={choice.value} className={`option-card ${selected ? 'option-card--selected' : ''}`}>
              <input
                type="radio"
                className="option-card__input"
                name={definition.name}
                value={choice.value}
                checked={selected}
                onChange={() => update(choice.choose(config))}
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
          aria-describedby={`custom-${step}-help${readBack ? ` custom-${step}-reading` : ''}`}
          onChange={(e) => onCustom(e.target.value)}
        />
        <p id={`custom-${step}-help`} className={customProblem ? 'field__error' : 'field__hint'} aria-live="polite">
          {customProblem ??
            `${custom.trim().length}/${config?.validators.custom_description_max ?? ''} characters`.replace(
              /\/ characters$/,
              ' characters',
            )}
        </p>
        {readBack && (
          <p id={`custom-${step}-reading`} className="field__hint wizard-custom__reading" aria-live="polite">
            {readBack}
          </p>
        )}
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
