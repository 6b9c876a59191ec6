import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { NarrationPartView } from '#common/narration';
import { fetchNarrationPart } from '../api/narration';
import { ApiRequestError } from '../api/client';

export type NarrationStatus = 'loading' | 'playing' | 'paused' | 'ended' | 'failed';

/** The word of a part being read at `ms` into its sound: the last one whose time has come. */
export function wordAt(part: Pick<NarrationPartView, 'times' | 'firstWord'>, ms: number): number {
  let low = 0;
  let high = part.times.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((part.times[middle] ?? 0) <= ms) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return part.firstWord + found;
}

/**
 * The player's engine: asks for the story's narration part by part (the next one while one plays), plays each
 * on the <audio> element it is given (`audio`, for the player to render), and reports the word being read,
 * followed frame by frame.
 */
export function useNarration({ storyId, rate }: { storyId: string; rate: number }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<NarrationStatus>('loading');
  const [word, setWord] = useState<number | null>(null);
  const [problem, setProblem] = useState<string>();
  const parts = useRef(new Map<number, Promise<NarrationPartView>>());
  const current = useRef<NarrationPartView | null>(null);
  /** Bumped by every new start (and by leaving), so an answer for an earlier one is dropped. */
  const run = useRef(0);

  function load(index: number) {
    let part = parts.current.get(index);
    if (!part) {
      part = fetchNarrationPart(storyId, index);
      parts.current.set(index, part);
      part.catch(() => parts.current.delete(index));
    }
    return part;
  }

  /** Plays a part from its start (the caller says it is loading; the first part starts so). */
  async function playPart(index: number) {
    const element = audio.current;
    if (!element) return;
    const mine = ++run.current;
    try {
      const part = await load(index);
      if (mine !== run.current) return;
      current.current = part;
      element.src = part.audioUrl;
      element.defaultPlaybackRate = rate;
      element.playbackRate = rate;
      setWord(part.firstWord);
      await element.play();
      // The next part is made (and its sound fetched into the cache) while this one plays.
      if (index + 1 < part.partCount) {
        void load(index + 1)
          .then((next) => fetch(next.audioUrl))
          .catch(() => undefined);
      }
    } catch (error) {
      if (mine !== run.current) return;
      setStatus('failed');
      setProblem(
        error instanceof ApiRequestError ? error.message : 'The story could not be read aloud. Please try again.',
      );
    }
  }
  const playFrom = useEffectEvent((index: number) => void playPart(index));

  // Starts on opening; stops for good on leaving (the element is emptied, so nothing goes on playing).
  useEffect(() => {
    const element = audio.current;
    // In a task of its own: a mount that is undone at once (React's strict mode) asks for nothing.
    const start = window.setTimeout(() => playFrom(0));
    return () => {
      window.clearTimeout(start);
      run.current += 1;
      if (element) {
        element.pause();
        element.removeAttribute('src');
        element.load();
      }
    };
  }, [audio]);

  // The word being read, followed frame by frame while the sound plays; the next part when one ends.
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    let frame = 0;
    const follow = () => {
      const part = current.current;
      if (part) setWord(wordAt(part, element.currentTime * 1000));
      frame = requestAnimationFrame(follow);
    };
    const onPlaying = () => {
      setStatus('playing');
      setProblem(undefined);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(follow);
    };
    const onPause = () => {
      cancelAnimationFrame(frame);
      if (!element.ended && element.getAttribute('src')) setStatus((was) => (was === 'loading' ? was : 'paused'));
    };
    const onEnded = () => {
      cancelAnimationFrame(frame);
      const part = current.current;
      if (part && part.index + 1 < part.partCount) {
        setStatus('loading');
        playFrom(part.index + 1);
      } else {
        setStatus('ended');
        setWord(null);
      }
    };
    element.addEventListener('playing', onPlaying);
    element.addEventListener('pause', onPause);
    element.addEventListener('ended', onEnded);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('playing', onPlaying);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('ended', onEnded);
    };
  }, [audio]);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    element.defaultPlaybackRate = rate;
    element.playbackRate = rate;
  }, [audio, rate]);

  return {
    audio,
    status,
    word,
    problem,
    pause: () => audio.current?.pause(),
    resume: () => void audio.current?.play().catch(() => setStatus('paused')),
    restart: () => {
      setStatus('loading');
      void playPart(0);
    },
  };
}
