import type { Ref } from 'react';
import type { FlipbookPage } from '#common/story-layout';
import type { PageBox } from './page-box';

/** SPEC §4/§9: a page turn takes 0.6 s, and no other turn starts meanwhile. */
export const FLIP_MS = 600;

export type TurnDirection = 1 | -1;

/** What the reader asks of a view (the page-flip book or the carousel). Turning is the reader's decision. */
export type ReaderViewHandle = {
  turn(direction: TurnDirection): void;
  goTo(index: number): void;
};

export type ReaderViewProps = {
  ref: Ref<ReaderViewHandle>;
  pages: readonly FlipbookPage[];
  /** The size the pages were laid out for. */
  box: PageBox;
  storyTitle: string;
  /** The page to open at (read when the view mounts). */
  startIndex: number;
  reducedMotion: boolean;
  /** The first and last story pages in sight (the same page, except on an open two-page spread). */
  onPositionChange(first: number, last: number): void;
  /** A turn the reader started with a gesture (a swipe, a drag or a click on the book) has begun. */
  onTurnStart(): void;
};
