/**
 * The part of StPageFlip (`page-flip` 2.x, which ships no type declarations) that the flipbook uses,
 * written from its sources (node_modules/page-flip/src/PageFlip.ts, Settings.ts, Flip/Flip.ts).
 */
declare module 'page-flip' {
  export type FlipCorner = 'top' | 'bottom';
  export type FlippingState = 'user_fold' | 'fold_corner' | 'flipping' | 'read';
  export type Orientation = 'portrait' | 'landscape';

  export interface FlipSetting {
    startPage: number;
    size: 'fixed' | 'stretch';
    width: number;
    height: number;
    minWidth: number;
    maxWidth: number;
    minHeight: number;
    maxHeight: number;
    drawShadow: boolean;
    /** Milliseconds; must be above 0. */
    flippingTime: number;
    usePortrait: boolean;
    startZIndex: number;
    autoSize: boolean;
    maxShadowOpacity: number;
    showCover: boolean;
    mobileScrollSupport: boolean;
    clickEventForward: boolean;
    useMouseEvents: boolean;
    swipeDistance: number;
    showPageCorners: boolean;
    disableFlipByClick: boolean;
  }

  /** `data` is the new page index for 'flip', the new state for 'changeState', the orientation for 'changeOrientation'. */
  export interface WidgetEvent {
    data: unknown;
    object: PageFlip;
  }

  export interface PageCollection {
    /** Forgets the pages (it does not touch their elements). */
    destroy(): void;
  }

  export class PageFlip {
    constructor(root: HTMLElement, setting: Partial<FlipSetting>);
    /** Removes the root element and the event handlers (the render loop keeps running). */
    destroy(): void;
    update(): void;
    loadFromHTML(items: NodeListOf<HTMLElement> | HTMLElement[]): void;
    turnToPrevPage(): void;
    turnToNextPage(): void;
    turnToPage(page: number): void;
    flipNext(corner?: FlipCorner): void;
    flipPrev(corner?: FlipCorner): void;
    flip(page: number, corner?: FlipCorner): void;
    getPageCount(): number;
    getCurrentPageIndex(): number;
    getOrientation(): Orientation;
    getState(): FlippingState;
    getPageCollection(): PageCollection;
    /** The renderer; its `drawFrame()` runs on every animation frame for the life of the page. */
    getRender(): object;
    on(
      event: 'init' | 'update' | 'flip' | 'changeState' | 'changeOrientation',
      callback: (event: WidgetEvent) => void,
    ): PageFlip;
    off(event: string): void;
  }
}
