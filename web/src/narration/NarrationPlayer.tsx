import { useEffect, useRef, useState } from 'react';
import { NARRATION_RATES } from '#common/narration';
import { narrationRateOf } from './narration-rate';
import { useNarration } from './useNarration';
import { keepInView, locateWord, showWord, type WordSource } from './word-highlight';
import './narration.css';

export type NarrationPlayerProps = Readonly<{
  storyId: string;
  /** The story's age range ("5-7"): how fast it reads at first (the band's default, common/narration.ts). */
  ageRange: string;
  words: WordSource;
  /** The word now read is shown in this paragraph (the flipbook turns to its page). */
  onParagraph?: ((paragraph: HTMLElement) => void) | undefined;
  onClose: () => void;
}>;

const RATE_NAMES: Readonly<Record<number, string>> = { 0.7: 'Slow', 0.85: 'Gentle', 1: 'Normal', 1.15: 'Quick' };

const STATUS_TEXT = {
  loading: 'Getting the story ready…',
  playing: 'Reading aloud',
  paused: 'Paused',
  ended: 'The end. Press Read again to hear it once more.',
  failed: '',
} as const;

/**
 * "Read to me": play, pause, resume, restart, speed and stop, over a hidden <audio>. The word being read is
 * lit in the text (word-highlight.ts) and kept in view; it is never announced (only the player's state is,
 * in a status line). Loaded only once "Read to me" is pressed (ReadToMe.tsx), and it stops when it is gone.
 */
export default function NarrationPlayer({ storyId, ageRange, words, onParagraph, onClose }: NarrationPlayerProps) {
  const main = useRef<HTMLButtonElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const [rate, setRate] = useState(() => narrationRateOf(ageRange));
  const { audio, status, word, problem, pause, resume, restart } = useNarration({ storyId, rate });

  useEffect(() => main.current?.focus(), []);

  useEffect(() => {
    const located = word === null ? undefined : locateWord(words, word);
    showWord(located);
    const container = words.container();
    if (container) {
      if (word === null) delete container.dataset.narrationWord;
      else container.dataset.narrationWord = String(word);
    }
    if (located) {
      onParagraph?.(located.paragraph);
      keepInView(located, bar.current);
    }
  }, [word, words, onParagraph]);
  useEffect(
    () => () => {
      showWord(undefined);
      const container = words.container();
      if (container) delete container.dataset.narrationWord;
    },
    [words],
  );

  const mainAction =
    status === 'playing'
      ? { label: 'Pause', icon: '❚❚', run: pause }
      : status === 'ended' || status === 'failed'
        ? { label: 'Read again', icon: '↻', run: restart }
        : { label: status === 'paused' ? 'Resume' : 'Play', icon: '▶', run: resume };

  return (
    <div ref={bar} className="narration-player" role="group" aria-label="Read to me">
      <button
        ref={main}
        type="button"
        className="button button--small button--primary narration-player__main"
        onClick={mainAction.run}
        disabled={status === 'loading'}
      >
        <span aria-hidden="true">{mainAction.icon}</span>{' '}
        <span className="narration-player__label">{mainAction.label}</span>
      </button>
      <button type="button" className="button button--small button--outline narration-player__button" onClick={restart}>
        <span aria-hidden="true">↺</span> <span className="narration-player__label">Restart</span>
      </button>
      <label className="narration-player__speed">
        <span>Speed</span>
        <select value={rate} onChange={(event) => setRate(Number(event.target.value))}>
          {NARRATION_RATES.map((each) => (
            <option key={each} value={each}>
              {RATE_NAMES[each] ?? `${each}×`}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button button--small button--outline narration-player__button" onClick={onClose}>
        <span aria-hidden="true">■</span> <span className="narration-player__label">Stop</span>
      </button>
      <p
        className={`narration-player__status${status === 'failed' ? ' narration-player__status--error' : ''}`}
        role="status"
      >
        {status === 'failed' ? problem : STATUS_TEXT[status]}
      </p>
      <audio ref={audio} preload="auto" className="narration-player__audio" />
    </div>
  );
}
