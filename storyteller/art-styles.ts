import type { ArtStyle } from '#common/story-choices.js';
import { brightness, darken, greyscale, lighten, mix, saturate } from './colour.js';
import type { Random } from './random.js';
import { el, type Attrs } from './svg.js';

/**
 * The six wizard art styles as ways of painting the same shapes. Scenery and heroes are drawn through a
 * Painter, which decides fills (flat, gradient, wash, hatching), outlines, shading, filters and overlays,
 * so every style looks clearly its own while the picture underneath stays the same.
 */
export type ShapeTag = 'circle' | 'ellipse' | 'rect' | 'path' | 'polygon';
/** scenery: background things; hero: the main character (shaded, outlined); glow: lights, never outlined. */
export type Role = 'scenery' | 'hero' | 'glow';

type FillKind = 'flat' | 'gradient' | 'wash' | 'hatch';
type StyleSpec = Readonly<{
  eyes: 'anime' | 'round';
  colour: (hex: string) => string;
  fill: FillKind;
  outline?: Readonly<{ colour: string; width: number; scenery: boolean }>;
  /** Two-tone cel shading on the hero. */
  cel?: boolean;
  /** Filters and patterns the style always needs. */
  defs: string;
  sceneAttrs?: Attrs;
  heroAttrs?: Attrs;
  /** The paper under the paint, for media that show it. */
  paper?: string;
  overlay: (random: Random) => string;
  caption: boolean;
}>;

const SIZE = 1000;

const SOFT_SHADOW = el(
  'filter',
  { id: 'soft-shadow', x: '-20%', y: '-20%', width: '140%', height: '150%' },
  el('feGaussianBlur', { in: 'SourceAlpha', stdDeviation: 10 }) +
    el('feOffset', { dy: 14, result: 'shadow' }) +
    el('feComponentTransfer', {}, el('feFuncA', { type: 'linear', slope: 0.3 })) +
    el('feMerge', {}, el('feMergeNode') + el('feMergeNode', { in: 'SourceGraphic' })),
);

const PAPER_GRAIN = el(
  'filter',
  { id: 'paper-grain' },
  el('feTurbulence', { type: 'fractalNoise', baseFrequency: 0.9, numOctaves: 2, seed: 7 }) +
    el('feColorMatrix', { type: 'matrix', values: '0 0 0 0 0.45  0 0 0 0 0.4  0 0 0 0 0.35  0 0 0 0.5 0' }),
);

const grain = (opacity: number) =>
  el('rect', { width: SIZE, height: SIZE, filter: 'url(#paper-grain)', opacity, 'pointer-events': 'none' });

const SPECS: Record<ArtStyle, StyleSpec> = {
  // Rounded volumes lit from the top left, soft contact shadows, a cinematic vignette.
  'pixar-3d': {
    eyes: 'round',
    colour: (hex) => saturate(hex, 0.1),
    fill: 'gradient',
    defs:
      SOFT_SHADOW +
      el(
        'radialGradient',
        { id: 'vignette', cx: '50%', cy: '45%', r: '75%' },
        el('stop', { offset: '60%', 'stop-color': '#000000', 'stop-opacity': 0 }) +
          el('stop', { offset: '100%', 'stop-color': '#1b1030', 'stop-opacity': 0.35 }),
      ),
    heroAttrs: { filter: 'url(#soft-shadow)' },
    overlay: () => el('rect', { width: SIZE, height: SIZE, fill: 'url(#vignette)' }),
    caption: false,
  },
  // Clean ink lines, two-tone cel shading, big sparkling eyes, speed lines.
  anime: {
    eyes: 'anime',
    colour: (hex) => lighten(saturate(hex, 0.2), 0.08),
    fill: 'flat',
    outline: { colour: '#2d2545', width: 3.5, scenery: false },
    cel: true,
    defs: el('clipPath', { id: 'cel' }, el('polygon', { points: '540,0 1000,0 1000,1000 420,1000' })),
    overlay: (random) => {
      const lines: string[] = [];
      for (let i = 0; i < 48; i++) {
        const angle = (i / 48) * Math.PI * 2 + random() * 0.05;
        const inner = 400 + random() * 120;
        const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
        lines.push(
          el('line', {
            x1: 500 + cos * inner,
            y1: 520 + sin * inner,
            x2: 500 + cos * 760,
            y2: 520 + sin * 760,
            stroke: '#ffffff',
            'stroke-width': 2 + random() * 5,
            'stroke-linecap': 'round',
            opacity: 0.55,
          }),
        );
      }
      return el('g', { class: 'speed-lines' }, lines.join(''));
    },
    caption: false,
  },
  // Flat vector shapes in a warm, limited palette inside a storybook frame.
  illustration: {
    eyes: 'round',
    colour: (hex) => mix(hex, '#f2c572', 0.12),
    fill: 'flat',
    defs: '',
    overlay: () =>
      el('rect', {
        x: 18,
        y: 18,
        width: 964,
        height: 964,
        rx: 36,
        fill: 'none',
        stroke: '#fff4dc',
        'stroke-width': 36,
      }) +
      el('rect', { x: 44, y: 44, width: 912, height: 912, rx: 24, fill: 'none', stroke: '#d9865b', 'stroke-width': 4 }),
    caption: false,
  },
  // Bold flat inks, thick black outlines, halftone dots, a caption box and a panel border.
  'comic-book': {
    eyes: 'round',
    colour: (hex) => saturate(hex, 0.6),
    fill: 'flat',
    outline: { colour: '#111111', width: 8, scenery: true },
    defs: el(
      'pattern',
      { id: 'halftone', width: 18, height: 18, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      el('circle', { cx: 9, cy: 9, r: 3.6, fill: '#111111' }),
    ),
    overlay: () =>
      el('rect', { width: SIZE, height: 620, fill: 'url(#halftone)', opacity: 0.16 }) +
      el('rect', { x: 9, y: 9, width: 982, height: 982, fill: 'none', stroke: '#111111', 'stroke-width': 18 }),
    caption: true,
  },
  // Loose translucent washes that bleed at the edges, on textured paper.
  watercolor: {
    eyes: 'round',
    colour: (hex) => lighten(hex, 0.12),
    fill: 'wash',
    paper: '#fbf6ec',
    defs:
      PAPER_GRAIN +
      el(
        'filter',
        { id: 'watercolor-bleed', x: '-5%', y: '-5%', width: '110%', height: '110%' },
        el('feTurbulence', { type: 'fractalNoise', baseFrequency: 0.018, numOctaves: 3, seed: 3, result: 'noise' }) +
          el('feDisplacementMap', {
            in: 'SourceGraphic',
            in2: 'noise',
            scale: 30,
            xChannelSelector: 'R',
            yChannelSelector: 'G',
            result: 'bled',
          }) +
          el('feGaussianBlur', { in: 'bled', stdDeviation: 1.6 }),
      ) +
      el(
        'filter',
        { id: 'watercolor-soft', x: '-5%', y: '-5%', width: '110%', height: '110%' },
        el('feTurbulence', { type: 'fractalNoise', baseFrequency: 0.03, numOctaves: 2, seed: 5, result: 'noise' }) +
          el('feDisplacementMap', {
            in: 'SourceGraphic',
            in2: 'noise',
            scale: 7,
            xChannelSelector: 'R',
            yChannelSelector: 'G',
          }),
      ),
    sceneAttrs: { filter: 'url(#watercolor-bleed)' },
    // A gentler bleed on the hero, so a face stays a friendly face.
    heroAttrs: { filter: 'url(#watercolor-soft)' },
    overlay: () => grain(0.35),
    caption: false,
  },
  // Graphite on cream paper: greyscale, hatching and cross-hatching, slightly wobbly pencil lines.
  sketch: {
    eyes: 'round',
    colour: greyscale,
    fill: 'hatch',
    outline: { colour: '#3b3b3b', width: 2.6, scenery: true },
    paper: '#f3efe4',
    defs:
      PAPER_GRAIN +
      el(
        'pattern',
        { id: 'hatch', width: 12, height: 12, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(35)' },
        el('line', { x1: 0, y1: 0, x2: 0, y2: 12, stroke: '#4a4a4a', 'stroke-width': 1.4 }),
      ) +
      el(
        'pattern',
        { id: 'cross-hatch', width: 10, height: 10, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(-40)' },
        el('line', { x1: 0, y1: 0, x2: 0, y2: 10, stroke: '#3a3a3a', 'stroke-width': 1.3 }) +
          el('line', { x1: 0, y1: 0, x2: 10, y2: 0, stroke: '#3a3a3a', 'stroke-width': 1.1 }),
      ) +
      el(
        'filter',
        { id: 'pencil' },
        el('feTurbulence', { type: 'turbulence', baseFrequency: 0.05, numOctaves: 2, seed: 11, result: 'wobble' }) +
          el('feDisplacementMap', { in: 'SourceGraphic', in2: 'wobble', scale: 3 }),
      ),
    sceneAttrs: { filter: 'url(#pencil)' },
    heroAttrs: { filter: 'url(#pencil)' },
    overlay: (random) => {
      // A few light construction lines, as in a real study.
      const strokes: string[] = [];
      for (let i = 0; i < 6; i++) {
        const y = 80 + random() * 840;
        strokes.push(
          el('line', {
            x1: 30,
            y1: y,
            x2: 970,
            y2: y + (random() - 0.5) * 60,
            stroke: '#999999',
            'stroke-width': 0.8,
            opacity: 0.5,
          }),
        );
      }
      return strokes.join('') + grain(0.3);
    },
    caption: false,
  },
};

/** Paints shapes in one style and collects the gradients those shapes need. */
export class Painter {
  readonly eyes: 'anime' | 'round';
  readonly hasCaption: boolean;
  private readonly spec: StyleSpec;
  private readonly gradients = new Map<string, string>();

  constructor(readonly style: ArtStyle) {
    this.spec = SPECS[style];
    this.eyes = this.spec.eyes;
    this.hasCaption = this.spec.caption;
  }

  colour(hex: string): string {
    return this.spec.colour(hex);
  }

  /** One shape in this style: its fill, its outline and, on the hero, its shading. */
  shape(tag: ShapeTag, geometry: Attrs, hex: string, role: Role = 'scenery'): string {
    const colour = this.colour(hex);
    const outline = this.spec.outline;
    const stroke =
      outline && role !== 'glow' && (role === 'hero' || outline.scenery)
        ? { stroke: outline.colour, 'stroke-width': outline.width, 'stroke-linejoin': 'round' }
        : {};
    const base = el(tag, { ...geometry, fill: this.fillFor(colour, role), ...this.opacityFor(role), ...stroke });
    if (role === 'glow') return base;
    if (this.spec.cel && role === 'hero') {
      return base + el(tag, { ...geometry, fill: darken(colour, 0.22), 'clip-path': 'url(#cel)', opacity: 0.85 });
    }
    if (this.spec.fill === 'hatch') {
      // Darker colours get denser graphite, as a pencil artist would shade them.
      const tone = brightness(colour);
      if (tone < 0.45) return base + el(tag, { ...geometry, fill: 'url(#cross-hatch)', opacity: 0.7 });
      if (tone < 0.75) return base + el(tag, { ...geometry, fill: 'url(#hatch)', opacity: 0.55 });
    }
    return base;
  }

  /** A line with no fill: hair, smiles, ropes, antennae. */
  line(tag: ShapeTag | 'line', geometry: Attrs, hex: string, width: number): string {
    return el(tag, {
      ...geometry,
      fill: 'none',
      stroke: this.colour(hex),
      'stroke-width': width,
      'stroke-linecap': 'round',
    });
  }

  /** The sky from top to horizon, on paper for the media that show it. */
  sky(top: string, bottom: string): string {
    const [from, to] = [this.colour(top), this.colour(bottom)];
    const paper = this.spec.paper ? el('rect', { width: SIZE, height: SIZE, fill: this.spec.paper }) : '';
    const gradient = el(
      'linearGradient',
      { id: 'sky', x1: 0, y1: 0, x2: 0, y2: 1 },
      el('stop', { offset: '0%', 'stop-color': from }) + el('stop', { offset: '100%', 'stop-color': to }),
    );
    this.gradients.set('sky', gradient);
    switch (this.spec.fill) {
      case 'flat':
        // Flat styles keep a flat sky band with a lighter horizon strip.
        return (
          el('rect', { width: SIZE, height: SIZE, fill: from }) +
          el('rect', { y: 430, width: SIZE, height: 300, fill: to, opacity: 0.6 })
        );
      case 'wash':
        return paper + el('rect', { width: SIZE, height: 760, fill: 'url(#sky)', opacity: 0.55 });
      case 'hatch':
        return paper + el('rect', { width: SIZE, height: 420, fill: 'url(#hatch)', opacity: 0.18 });
      case 'gradient':
        return el('rect', { width: SIZE, height: SIZE, fill: 'url(#sky)' });
    }
  }

  /** The background, under the style's scene filter (the watercolour bleed, the pencil wobble). */
  scene(content: string): string {
    return el('g', { class: 'scene', ...this.spec.sceneAttrs }, content);
  }

  hero(content: string): string {
    return el('g', { class: 'hero', ...this.spec.heroAttrs }, content);
  }

  overlay(random: Random): string {
    return el('g', { class: `overlay ${this.style}` }, this.spec.overlay(random));
  }

  defs(): string {
    return el('defs', {}, this.spec.defs + [...this.gradients.values()].join(''));
  }

  private fillFor(colour: string, role: Role): string {
    if (this.spec.fill === 'hatch') return role === 'glow' ? '#ffffff' : lighten(colour, 0.55);
    if (this.spec.fill !== 'gradient' || role === 'glow') return colour;
    const id = `shade-${colour.slice(1)}`;
    if (!this.gradients.has(id)) {
      this.gradients.set(
        id,
        el(
          'radialGradient',
          { id, cx: '35%', cy: '30%', r: '80%' },
          el('stop', { offset: '0%', 'stop-color': lighten(colour, 0.45) }) +
            el('stop', { offset: '55%', 'stop-color': colour }) +
            el('stop', { offset: '100%', 'stop-color': darken(colour, 0.3) }),
        ),
      );
    }
    return `url(#${id})`;
  }

  private opacityFor(role: Role): Attrs {
    return this.spec.fill === 'wash' && role !== 'glow' ? { 'fill-opacity': role === 'hero' ? 0.82 : 0.68 } : {};
  }
}
