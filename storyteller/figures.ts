import type { CharacterType } from '#common/story-choices.js';
import type { Painter } from './art-styles.js';
import { drawCreature, type Pose } from './cast.js';
import { darken, lighten } from './colour.js';
import { COLOURS, fursOf, type HeroTraits } from './traits.js';
import { hashSeed, mulberry32, pick } from './random.js';
import { el, points } from './svg.js';

/**
 * The hero, standing in the middle of the foreground (feet near y = 860). Five friendly figures, one per
 * character type; nobody carries anything to hurt with (the warrior's gear is a shield). Colours come from
 * the story's seed alone, so the hero looks the same in every picture of a story.
 */
export type HeroColours = Readonly<{
  outfit: string;
  accent: string;
  skin: string;
  hair: string;
  fur: string;
  metal: string;
}>;

/** The story's colours for its hero, from its seed, with the colour the family described as the main one. */
export function heroColours(seed: number, traits: HeroTraits = {}): HeroColours {
  const random = mulberry32(hashSeed(seed, 'hero-colours'));
  const colours = {
    outfit: pick(random, ['#e94f4f', '#3f7fe0', '#2fb58c', '#f2a531', '#8e5cd9', '#e0569b', '#24a8c9']),
    accent: pick(random, ['#ffd166', '#06d6a0', '#ef476f', '#118ab2', '#ff9f1c', '#9b5de5']),
    skin: pick(random, ['#f6d2b8', '#eab58f', '#c98d62', '#9a6440', '#6b4329']),
    hair: pick(random, ['#2b1d14', '#5a3a22', '#a8652e', '#e3b35c', '#1c1c1c', '#c0392b']),
    // A creature of a kind the family named (an owl, a pony) in that kind's colours, unless they named one.
    fur: pick(random, fursOf(traits.creature, ['#f3a65a', '#a98bd8', '#7fc8a9', '#f28db2', '#8fb8e8', '#c9a27c'])),
    metal: pick(random, ['#b8c4d6', '#d9dee7', '#9fb3c8', '#c7b8e0']),
  };
  if (!traits.colour) return colours;
  const described = COLOURS[traits.colour];
  return { ...colours, outfit: described, fur: described };
}

const INK = '#2b2340';

export function star(cx: number, cy: number, outer: number, inner: number, spikes = 5): string {
  const list: [number, number][] = [];
  for (let i = 0; i < spikes * 2; i++) {
    const radius = i % 2 ? inner : outer;
    const angle = (Math.PI / spikes) * i - Math.PI / 2;
    list.push([cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius]);
  }
  return points(list);
}

/** Eyes, cheeks and a smile: every hero is happy to see you. */
function face(painter: Painter, cx: number, cy: number, scale: number, iris: string): string {
  const gap = 30 * scale;
  let out = '';
  for (const x of [cx - gap, cx + gap]) {
    if (painter.eyes === 'anime') {
      out +=
        painter.shape('ellipse', { cx: x, cy, rx: 15 * scale, ry: 23 * scale }, '#ffffff', 'glow') +
        painter.shape('ellipse', { cx: x, cy: cy + 3 * scale, rx: 11 * scale, ry: 18 * scale }, iris, 'glow') +
        painter.shape('circle', { cx: x, cy: cy + 5 * scale, r: 6 * scale }, INK, 'glow') +
        painter.shape('circle', { cx: x - 4 * scale, cy: cy - 7 * scale, r: 5 * scale }, '#ffffff', 'glow') +
        painter.shape('circle', { cx: x + 4 * scale, cy: cy + 9 * scale, r: 2.5 * scale }, '#ffffff', 'glow');
    } else {
      out +=
        painter.shape('circle', { cx: x, cy, r: 10 * scale }, INK, 'glow') +
        painter.shape('circle', { cx: x - 3 * scale, cy: cy - 3 * scale, r: 3.5 * scale }, '#ffffff', 'glow');
    }
    out += painter.shape(
      'circle',
      { cx: x + (x < cx ? -12 : 12) * scale, cy: cy + 30 * scale, r: 11 * scale },
      '#ff8fa3',
      'glow',
    );
  }
  return (
    out +
    painter.line(
      'path',
      { d: `M${cx - 24 * scale},${cy + 34 * scale} q${24 * scale},${22 * scale} ${48 * scale},0` },
      INK,
      5 * scale,
    )
  );
}

function legs(painter: Painter, trousers: string, boots: string): string {
  return (
    painter.shape('rect', { x: 456, y: 700, width: 36, height: 135, rx: 16 }, trousers, 'hero') +
    painter.shape('rect', { x: 508, y: 700, width: 36, height: 135, rx: 16 }, trousers, 'hero') +
    painter.shape('ellipse', { cx: 468, cy: 845, rx: 36, ry: 19 }, boots, 'hero') +
    painter.shape('ellipse', { cx: 532, cy: 845, rx: 36, ry: 19 }, boots, 'hero')
  );
}

/** Where the right hand is in each pose, for what the hero holds. */
export const HAND: Record<Pose, readonly [number, number]> = {
  wave: [633, 428],
  surprised: [633, 428],
  cheer: [633, 428],
  walk: [616, 680],
  reach: [742, 563],
};

function arms(painter: Painter, sleeve: string, hand: string, pose: Pose): string {
  const [hx, hy] = HAND[pose];
  const right =
    pose === 'reach'
      ? painter.shape('rect', { x: 572, y: 545, width: 160, height: 36, rx: 18 }, sleeve, 'hero')
      : pose === 'walk'
        ? painter.shape(
            'rect',
            { x: 566, y: 545, width: 36, height: 135, rx: 18, transform: 'rotate(-14 584 545)' },
            sleeve,
            'hero',
          )
        : painter.shape(
            'rect',
            { x: 568, y: 420, width: 36, height: 140, rx: 18, transform: 'rotate(20 586 560)' },
            sleeve,
            'hero',
          );
  // Both arms go up to cheer or in surprise; otherwise the left arm hangs by the side.
  const leftUp = pose === 'cheer' || pose === 'surprised';
  const left = leftUp
    ? painter.shape(
        'rect',
        { x: 396, y: 420, width: 36, height: 140, rx: 18, transform: 'rotate(-20 414 560)' },
        sleeve,
        'hero',
      ) + painter.shape('circle', { cx: 367, cy: 428, r: 22 }, hand, 'hero')
    : painter.shape(
        'rect',
        { x: 398, y: 545, width: 36, height: 135, rx: 18, transform: 'rotate(14 416 545)' },
        sleeve,
        'hero',
      ) + painter.shape('circle', { cx: 384, cy: 680, r: 21 }, hand, 'hero');
  return left + right + painter.shape('circle', { cx: hx, cy: hy, r: 22 }, hand, 'hero');
}

function head(painter: Painter, colours: HeroColours): string {
  return (
    painter.shape('path', { d: 'M418,430 a82,86 0 0 1 164,0 v26 h-164 z' }, colours.hair, 'hero') +
    painter.shape('circle', { cx: 500, cy: 440, r: 78 }, colours.skin, 'hero') +
    painter.shape(
      'path',
      { d: 'M424,420 q20,-70 76,-72 q60,2 78,64 q-40,-30 -78,-28 q-44,0 -76,36 z' },
      colours.hair,
      'hero',
    )
  );
}

type Figure = (painter: Painter, colours: HeroColours, pose: Pose, traits: HeroTraits) => string;

const FIGURES: Record<CharacterType, Figure> = {
  // Wide-brimmed hat, a big backpack, sturdy boots.
  Explorer: (painter, c, pose) =>
    painter.shape('rect', { x: 408, y: 540, width: 184, height: 180, rx: 34 }, darken(c.accent, 0.15), 'hero') +
    legs(painter, '#6d5a48', '#5d4037') +
    painter.shape('rect', { x: 430, y: 530, width: 140, height: 190, rx: 42 }, c.outfit, 'hero') +
    painter.line('path', { d: 'M446,540 L548,712' }, darken(c.accent, 0.35), 12) +
    arms(painter, c.outfit, c.skin, pose) +
    head(painter, c) +
    face(painter, 500, 445, 1, '#5b8def') +
    painter.shape('ellipse', { cx: 500, cy: 378, rx: 128, ry: 24 }, '#c8a165', 'hero') +
    painter.shape('path', { d: 'M432,378 q4,-78 68,-80 q64,2 68,80 z' }, '#d8b477', 'hero') +
    painter.shape('rect', { x: 436, y: 350, width: 128, height: 16 }, darken(c.accent, 0.2), 'hero'),

  // A flowing cape, a star on the chest, a mask, one fist raised.
  'Super Hero': (painter, c, pose) =>
    painter.shape('path', { d: 'M432,540 L350,870 Q500,910 650,870 L568,540 Z' }, c.accent, 'hero') +
    legs(painter, c.outfit, darken(c.accent, 0.1)) +
    painter.shape('rect', { x: 430, y: 530, width: 140, height: 190, rx: 42 }, c.outfit, 'hero') +
    painter.shape('polygon', { points: star(500, 610, 42, 18) }, '#ffe14d', 'hero') +
    arms(painter, c.outfit, c.skin, pose) +
    head(painter, c) +
    painter.shape('rect', { x: 430, y: 420, width: 140, height: 40, rx: 18 }, darken(c.accent, 0.25), 'hero') +
    face(painter, 500, 440, 1, '#ffd166'),

  // Round and fluffy: long ears, tiny wings and a glowing tail tip, or the features of the kind described.
  Creature: (painter, c, pose, traits) => drawCreature(painter, c, traits.creature, pose),

  // A friendly robot: screen face, antenna light, buttons, tracks.
  Robot: (painter, c, pose) =>
    painter.shape('rect', { x: 410, y: 800, width: 180, height: 64, rx: 32 }, '#4f5b6e', 'hero') +
    painter.shape('circle', { cx: 446, cy: 832, r: 18 }, '#8a96a8', 'hero') +
    painter.shape('circle', { cx: 554, cy: 832, r: 18 }, '#8a96a8', 'hero') +
    el(
      'g',
      { transform: `rotate(${pose === 'cheer' || pose === 'surprised' ? 150 : 0} 388 590)` },
      painter.shape('rect', { x: 368, y: 570, width: 40, height: 150, rx: 20 }, darken(c.metal, 0.12), 'hero') +
        painter.shape('circle', { cx: 388, cy: 732, r: 24 }, c.accent, 'hero'),
    ) +
    el(
      'g',
      { transform: `rotate(${ROBOT_RIGHT_ARM[pose]} 612 590)` },
      painter.shape('rect', { x: 592, y: 570, width: 40, height: 150, rx: 20 }, darken(c.metal, 0.12), 'hero') +
        painter.shape('circle', { cx: 612, cy: 732, r: 24 }, c.accent, 'hero'),
    ) +
    painter.shape('rect', { x: 412, y: 540, width: 176, height: 262, rx: 26 }, c.metal, 'hero') +
    painter.shape('rect', { x: 448, y: 590, width: 104, height: 96, rx: 14 }, c.outfit, 'hero') +
    painter.shape('circle', { cx: 474, cy: 720, r: 12 }, '#ff6b6b', 'glow') +
    painter.shape('circle', { cx: 526, cy: 720, r: 12 }, '#6bff95', 'glow') +
    painter.shape('rect', { x: 480, y: 500, width: 40, height: 44 }, darken(c.metal, 0.2), 'hero') +
    painter.line('line', { x1: 500, y1: 362, x2: 500, y2: 300 }, '#5d6778', 6) +
    painter.shape('circle', { cx: 500, cy: 292, r: 16 }, c.accent, 'glow') +
    painter.shape('rect', { x: 416, y: 360, width: 168, height: 146, rx: 32 }, c.metal, 'hero') +
    painter.shape('rect', { x: 438, y: 386, width: 124, height: 94, rx: 20 }, '#1f2a44', 'glow') +
    painter.shape('rect', { x: 462, y: 410, width: 22, height: 26, rx: 8 }, '#7ff3ff', 'glow') +
    painter.shape('rect', { x: 516, y: 410, width: 22, height: 26, rx: 8 }, '#7ff3ff', 'glow') +
    painter.line('path', { d: 'M474,452 q26,18 52,0' }, '#7ff3ff', 6),

  // A kind guardian: a plumed helmet and a big round shield with a star. No blade, ever.
  Warrior: (painter, c, pose) =>
    legs(painter, '#7a6a58', '#5d4037') +
    painter.shape('path', { d: 'M432,540 h136 l24,190 h-184 z' }, c.outfit, 'hero') +
    painter.shape('rect', { x: 420, y: 650, width: 160, height: 22 }, '#8d6e63', 'hero') +
    arms(painter, c.outfit, c.skin, pose) +
    painter.shape('circle', { cx: 500, cy: 440, r: 78 }, c.skin, 'hero') +
    face(painter, 500, 448, 1, '#8d6e63') +
    painter.shape('path', { d: 'M418,430 a82,88 0 0 1 164,0 v8 h-164 z' }, '#b0bec5', 'hero') +
    painter.shape('path', { d: 'M500,350 q-10,-70 60,-90 q-30,40 -20,96 z' }, c.accent, 'hero') +
    painter.shape('circle', { cx: 620, cy: 650, r: 98 }, darken(c.accent, 0.1), 'hero') +
    painter.shape('circle', { cx: 620, cy: 650, r: 72 }, lighten(c.accent, 0.25), 'hero') +
    painter.shape('polygon', { points: star(620, 650, 46, 20) }, '#ffe14d', 'hero'),
};

/** The robot's right arm turns from the shoulder: up to wave or cheer, out to reach. */
const ROBOT_RIGHT_ARM: Record<Pose, number> = { wave: -150, surprised: -150, cheer: -150, walk: -20, reach: -90 };

/** Where the hero's right hand is, for what the hero holds (a creature holds it against its side). */
export function handOf(type: CharacterType, pose: Pose): readonly [number, number] {
  if (type === 'Creature') return [650, 740];
  if (type === 'Robot') {
    const angle = (ROBOT_RIGHT_ARM[pose] * Math.PI) / 180;
    return [612 - Math.sin(angle) * 142, 590 + Math.cos(angle) * 142];
  }
  return HAND[pose];
}

export function drawHero(
  type: CharacterType,
  colours: HeroColours,
  painter: Painter,
  pose: Pose = 'wave',
  traits: HeroTraits = {},
): string {
  // The contact shadow is the same in every style: it keeps the hero standing on the ground.
  const shadow = el('ellipse', { cx: 500, cy: 872, rx: 150, ry: 22, fill: '#000000', opacity: 0.16 });
  return shadow + FIGURES[type](painter, colours, pose, traits);
}
