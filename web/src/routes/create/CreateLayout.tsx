import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { CONFIG_MISSING_BANNER } from '#common/age-band-config-file';
import { useAgeBandConfig } from '../../story-config/band-config';
import { ART_STYLE_CHOICES, CHARACTER_CHOICES, KIND_CHOICES, labelOf, MISSION_CHOICES } from './choices';
import { PageSpinner } from '../../components/PageSpinner';
import { useWizard, type WizardChoices } from './wizard';
import './wizard.css';

type Slot = {
  step: number;
  label: string;
  /** What clearing the slot (clicking it on its own step) forgets. */
  clear: Partial<WizardChoices>;
  display: (s: WizardChoices) => string | undefined;
};

const SLOTS: Slot[] = [
  { step: 1, label: 'Hero', clear: { heroName: '' }, display: (s) => s.heroName.trim() || undefined },
  {
    step: 2,
    label: 'Character',
    clear: { characterType: '', customCharacterDescription: '' },
    display: (s) => {
      const choice = labelOf(CHARACTER_CHOICES, s.characterType);
      if (choice) return `${choice.emoji} ${choice.label}`;
      return s.customCharacterDescription.trim() ? `✍️ ${s.customCharacterDescription.trim()}` : undefined;
    },
  },
  {
    step: 3,
    label: 'Story',
    clear: { storyType: '', writingStyle: '' },
    display: (s) => show(labelOf(KIND_CHOICES, s.storyType)),
  },
  { step: 4, label: 'Mission', clear: { mission: '' }, display: (s) => show(labelOf(MISSION_CHOICES, s.mission)) },
  { step: 5, label: 'Art', clear: { artStyle: '' }, display: (s) => show(labelOf(ART_STYLE_CHOICES, s.artStyle)) },
];

function show(choice: { emoji: string; label: string } | undefined) {
  return choice ? `${choice.emoji} ${choice.label}` : undefined;
}

export const stepPath = (step: number) => `/create/0${step}`;

/** SPEC §2 create wizard: the "Your Story Magic" row of slots above every step. */
export default function CreateLayout() {
  const { ready, choices: state, update } = useWizard();
  const config = useAgeBandConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const current = Number(location.pathname.slice(-1)) || 1;

  // SPEC §4: a slot glows as "just filled" for about 0.8 s after its choice is made.
  const [justFilled, setJustFilled] = useState<number>();
  const previous = useRef(state);
  useEffect(() => {
    const filled = SLOTS.find((slot) => slot.display(state) && slot.display(state) !== slot.display(previous.current));
    previous.current = state;
    if (!filled) return;
    setJustFilled(filled.step);
    const timer = setTimeout(() => setJustFilled(undefined), 800);
    return () => clearTimeout(timer);
  }, [state]);

  function onSlot(slot: Slot) {
    if (slot.step === current) update(slot.clear);
    else navigate(stepPath(slot.step));
  }

  // Whose wizard it is comes with the profile: each child has their own draft.
  if (!ready) return <PageSpinner label="Opening your story wizard…" />;

  return (
    <div className="wizard">
      {config.status === 'failed' && (
        <p className="banner banner--error" role="alert">
          {CONFIG_MISSING_BANNER}
        </p>
      )}
      <section className="magic-row" aria-label="Your Story Magic">
        <h2 className="magic-row__title">Your Story Magic</h2>
        <ol className="magic-row__slots">
          {SLOTS.map((slot) => {
            const value = slot.display(state);
            const classes = [
              'magic-slot',
              value ? 'magic-slot--filled' : '',
              slot.step === current ? 'magic-slot--current' : '',
              justFilled === slot.step ? 'magic-slot--just-filled' : '',
            ].join(' ');
            return (
              <li key={slot.step}>
                {value ? (
                  <button
                    type="button"
                    className={classes}
                    onClick={() => onSlot(slot)}
                    aria-label={
                      slot.step === current ? `Clear ${slot.label}: ${value}` : `Go back to ${slot.label}: ${value}`
                    }
                  >
                    {/* The space keeps the visible words ("Hero Pip") inside the name (WCAG 2.5.3). */}
                    <span className="magic-slot__label">{slot.label}</span>{' '}
                    <span className="magic-slot__value">{value}</span>
                  </button>
                ) : (
                  <span className={classes} aria-label={`${slot.label}: not chosen yet`}>
                    <span className="magic-slot__label">{slot.label}</span>
                    <span className="magic-slot__value" aria-hidden="true">
                      {slot.step}
                    </span>
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </section>
      <Outlet />
    </div>
  );
}
