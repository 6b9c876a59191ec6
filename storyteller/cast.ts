import type { Painter, Role } from './art-styles.js';
import { brightness, darken, lighten } from './colour.js';
import { el, points } from './svg.js';
import { CREATURES, type CreatureKind, type HeldObject } from './traits.js';

/**
 * The rest of the cast and what they hold: creatures of every kind the traits name (drawn by the features
 * that make each kind recognisable: a dragon's bat wings and spikes, a unicorn's horn, a bunny's ears),
 * held objects, and the places a scene happens (home, the path). All drawn on the hero's 1000 × 1000
 * canvas, centred on x = 500 with feet near y = 860, then placed by the illustrator.
 */

export type Pose = 'wave' | 'surprised' | 'walk' | 'reach' | 'cheer';

const INK = '#2b2340';

/** A creature's face: eyes, cheeks, a smile, and a beak or a muzzle if its kind has one. */
function creatureFace(painter: Painter, kind: CreatureKind | undefined, fur: string, role: Role): string {
  const features = kind ? CREATURES[kind] : undefined;
  let out = '';
  if (features?.snout) out += painter.shape('ellipse', { cx: 500, cy: 640, rx: 70, ry: 46 }, lighten(fur, 0.4), role);
  for (const x of [455, 545]) {
    out +=
      painter.shape('circle', { cx: x, cy: 590, r: 14 }, INK, 'glow') +
      painter.shape('circle', { cx: x - 4, cy: 585, r: 5 }, '#ffffff', 'glow') +
      painter.shape('circle', { cx: x + (x < 500 ? -22 : 22), cy: 632, r: 13 }, '#ff8fa3', 'glow');
  }
  if (features?.beak) {
    out += painter.shape(
      'polygon',
      {
        points: points([
          [462, 612],
          [538, 612],
          [500, 676],
        ]),
      },
      '#ffa726',
      role,
    );
  } else {
    out += painter.line('path', { d: 'M470,650 q30,26 60,0' }, INK, 6);
  }
  return out;
}

function ears(painter: Painter, kind: CreatureKind | undefined, fur: string, role: Role): string {
  const inner = '#ffb3c7';
  const polygon = (corners: readonly (readonly [number, number])[], colour: string) =>
    painter.shape('polygon', { points: points(corners) }, colour, role);
  switch (kind ? CREATURES[kind].ears : 'long') {
    case 'long':
      return (
        painter.shape('ellipse', { cx: 442, cy: 430, rx: 30, ry: 86, transform: 'rotate(-14 442 430)' }, fur, role) +
        painter.shape('ellipse', { cx: 558, cy: 430, rx: 30, ry: 86, transform: 'rotate(14 558 430)' }, fur, role) +
        painter.shape('ellipse', { cx: 442, cy: 440, rx: 14, ry: 56, transform: 'rotate(-14 442 440)' }, inner, role) +
        painter.shape('ellipse', { cx: 558, cy: 440, rx: 14, ry: 56, transform: 'rotate(14 558 440)' }, inner, role)
      );
    case 'pointy':
      return (
        polygon(
          [
            [400, 540],
            [430, 420],
            [480, 510],
          ],
          fur,
        ) +
        polygon(
          [
            [600, 540],
            [570, 420],
            [520, 510],
          ],
          fur,
        ) +
        polygon(
          [
            [420, 525],
            [434, 460],
            [462, 512],
          ],
          inner,
        ) +
        polygon(
          [
            [580, 525],
            [566, 460],
            [538, 512],
          ],
          inner,
        )
      );
    case 'round':
      return (
        painter.shape('circle', { cx: 410, cy: 505, r: 42 }, fur, role) +
        painter.shape('circle', { cx: 590, cy: 505, r: 42 }, fur, role) +
        painter.shape('circle', { cx: 410, cy: 505, r: 22 }, inner, role) +
        painter.shape('circle', { cx: 590, cy: 505, r: 22 }, inner, role)
      );
    case 'floppy':
      return (
        painter.shape(
          'ellipse',
          { cx: 372, cy: 590, rx: 34, ry: 76, transform: 'rotate(18 372 590)' },
          darken(fur, 0.25),
          role,
        ) +
        painter.shape(
          'ellipse',
          { cx: 628, cy: 590, rx: 34, ry: 76, transform: 'rotate(-18 628 590)' },
          darken(fur, 0.25),
          role,
        )
      );
    case 'tufts':
      return (
        polygon(
          [
            [410, 520],
            [420, 450],
            [460, 505],
          ],
          darken(fur, 0.2),
        ) +
        polygon(
          [
            [590, 520],
            [580, 450],
            [540, 505],
          ],
          darken(fur, 0.2),
        )
      );
    case 'none':
      // A bird wears a crest of feathers where others have ears.
      return kind === 'bird'
        ? [-30, 0, 30]
            .map((tilt) =>
              painter.shape(
                'ellipse',
                { cx: 500, cy: 470, rx: 16, ry: 52, transform: `rotate(${tilt} 500 520)` },
                darken(fur, 0.2),
                role,
              ),
            )
            .join('')
        : '';
  }
}

/** Wings behind the body: raised when cheering. */
function wings(painter: Painter, kind: CreatureKind | undefined, accent: string, pose: Pose, role: Role): string {
  const lift = pose === 'cheer' ? -60 : 0;
  switch (kind ? CREATURES[kind].wings : 'tiny') {
    case 'tiny':
      return (
        painter.shape(
          'ellipse',
          { cx: 370, cy: 660 + lift, rx: 68, ry: 34, transform: `rotate(-28 370 ${660 + lift})` },
          lighten(accent, 0.3),
          role,
        ) +
        painter.shape(
          'ellipse',
          { cx: 630, cy: 660 + lift, rx: 68, ry: 34, transform: `rotate(28 630 ${660 + lift})` },
          lighten(accent, 0.3),
          role,
        )
      );
    case 'bat': {
      const wing = (side: 1 | -1) =>
        points([
          [500 + side * 120, 640],
          [500 + side * 330, 470 + lift],
          [500 + side * 300, 560 + lift],
          [500 + side * 340, 600 + lift],
          [500 + side * 280, 650 + lift],
          [500 + side * 300, 700 + lift],
          [500 + side * 140, 720],
        ]);
      return (
        painter.shape('polygon', { points: wing(-1) }, darken(accent, 0.1), role) +
        painter.shape('polygon', { points: wing(1) }, darken(accent, 0.1), role)
      );
    }
    case 'feather':
      return (
        painter.shape(
          'ellipse',
          { cx: 345, cy: 690 + lift, rx: 50, ry: 110, transform: `rotate(20 345 ${690 + lift})` },
          darken(accent, 0.15),
          role,
        ) +
        painter.shape(
          'ellipse',
          { cx: 655, cy: 690 + lift, rx: 50, ry: 110, transform: `rotate(-20 655 ${690 + lift})` },
          darken(accent, 0.15),
          role,
        )
      );
    case 'flipper':
      return (
        painter.shape(
          'ellipse',
          { cx: 340, cy: 720 + lift / 2, rx: 26, ry: 80, transform: 'rotate(30 340 720)' },
          darken(accent, 0.3),
          role,
        ) +
        painter.shape(
          'ellipse',
          { cx: 660, cy: 720 + lift / 2, rx: 26, ry: 80, transform: 'rotate(-30 660 720)' },
          darken(accent, 0.3),
          role,
        )
      );
    case 'none':
      return '';
  }
}

function tail(painter: Painter, kind: CreatureKind | undefined, fur: string, role: Role): string {
  switch (kind ? CREATURES[kind].tail : 'glow') {
    case 'glow':
      return (
        painter.line('path', { d: 'M610,760 q140,-10 120,-130 q-14,-56 -62,-36' }, fur, 34) +
        painter.shape('circle', { cx: 668, cy: 596, r: 24 }, '#fff3a6', 'glow')
      );
    case 'long':
      return painter.line('path', { d: 'M620,790 q150,20 170,-90 q6,-40 -20,-60' }, fur, 30);
    case 'bushy':
      return (
        painter.shape('ellipse', { cx: 700, cy: 720, rx: 110, ry: 50, transform: 'rotate(-35 700 720)' }, fur, role) +
        painter.shape(
          'ellipse',
          { cx: 772, cy: 668, rx: 36, ry: 26, transform: 'rotate(-35 772 668)' },
          '#ffffff',
          role,
        )
      );
    case 'puff':
      return painter.shape('circle', { cx: 660, cy: 790, r: 34 }, lighten(fur, 0.5), role);
    case 'curl':
      return painter.line('path', { d: 'M630,790 q120,0 110,-110 q-8,-60 -60,-40 q-30,20 0,40' }, fur, 22);
    case 'none':
      return '';
  }
}

/** Any creature: the hero (when the hero is one), a friend, or the one the hero helps. */
/** The kinds drawn with a mane. */
const MANED: ReadonlySet<CreatureKind> = new Set(['pony', 'unicorn']);

export function drawCreature(
  painter: Painter,
  colours: Readonly<{ fur: string; accent: string }>,
  kind: CreatureKind | undefined,
  pose: Pose,
  role: Role = 'hero',
): string {
  const { fur, accent } = colours;
  const features = kind ? CREATURES[kind] : undefined;
  const spikes = features?.spikes
    ? [420, 470, 530, 580]
        .map((x, i) =>
          painter.shape(
            'polygon',
            {
              points: points([
                [x - 24, 505 + Math.abs(i - 1.5) * 12],
                [x, 445 + Math.abs(i - 1.5) * 12],
                [x + 24, 505 + Math.abs(i - 1.5) * 12],
              ]),
            },
            accent,
            role,
          ),
        )
        .join('')
    : '';
  const horn = features?.horn
    ? painter.shape(
        'polygon',
        {
          points: points([
            [480, 490],
            [500, 380],
            [520, 490],
          ]),
        },
        '#ffd54f',
        role,
      )
    : '';
  const shell =
    kind === 'turtle'
      ? painter.shape('path', { d: 'M340,760 a160,150 0 0 1 320,0 z' }, darken(accent, 0.1), role) +
        painter.shape(
          'polygon',
          {
            points: points([
              [460, 700],
              [500, 660],
              [540, 700],
              [500, 740],
            ]),
          },
          lighten(accent, 0.3),
          role,
        )
      : '';
  // A pony's (and a unicorn's) mane, a thick lock over the crown falling down one side: without it a pony
  // reads as a cat.
  const mane =
    kind !== undefined && MANED.has(kind)
      ? el(
          'g',
          { class: 'mane' },
          // Cream on a dark coat, dark on a light one, so it shows.
          painter.line(
            'path',
            { d: 'M560,505 A165,165 0 0 0 345,600 L340,700' },
            brightness(fur) < 0.45 ? '#f3e0b5' : darken(fur, 0.5),
            54,
          ),
        )
      : '';
  const feet =
    painter.shape('ellipse', { cx: 440, cy: 835, rx: 46, ry: 24 }, darken(fur, 0.15), role) +
    painter.shape('ellipse', { cx: 560, cy: 835, rx: 46, ry: 24 }, darken(fur, 0.15), role);
  return (
    tail(painter, kind, fur, role) +
    wings(painter, kind, accent, pose, role) +
    ears(painter, kind, fur, role) +
    spikes +
    feet +
    painter.shape('circle', { cx: 500, cy: 660, r: 172 }, fur, role) +
    painter.shape('ellipse', { cx: 500, cy: 730, rx: 104, ry: 98 }, lighten(fur, 0.45), role) +
    mane +
    shell +
    horn +
    creatureFace(painter, kind, fur, role)
  );
}

/** Things a hero (or a guest) holds, centred on the hand at (x, y). */
export function drawObject(painter: Painter, object: HeldObject, x: number, y: number, colour?: string): string {
  const c = colour ?? OBJECT_COLOURS[object];
  const shapes = ((): string => {
    switch (object) {
      case 'lantern':
        return (
          painter.line('path', { d: `M${x - 22},${y - 60} q22,-30 44,0` }, '#5d4037', 6) +
          painter.shape('rect', { x: x - 32, y: y - 60, width: 64, height: 16, rx: 4 }, '#5d4037') +
          painter.shape('rect', { x: x - 28, y: y - 44, width: 56, height: 76, rx: 12 }, '#fff3a6', 'glow') +
          painter.shape('circle', { cx: x, cy: y - 6, r: 18 }, c, 'glow') +
          painter.shape('rect', { x: x - 32, y: y + 32, width: 64, height: 14, rx: 4 }, '#5d4037')
        );
      case 'umbrella':
        return (
          painter.line('line', { x1: x, y1: y + 40, x2: x, y2: y - 150 }, '#5d4037', 8) +
          painter.shape('path', { d: `M${x - 120},${y - 140} a120,90 0 0 1 240,0 z` }, c)
        );
      case 'balloon':
        return (
          painter.line('path', { d: `M${x},${y} q-20,-80 10,-160` }, '#666666', 3) +
          painter.shape('ellipse', { cx: x + 10, cy: y - 220, rx: 56, ry: 66 }, c)
        );
      case 'kite':
        return (
          painter.line('path', { d: `M${x},${y} q80,-120 160,-260` }, '#666666', 3) +
          painter.shape(
            'polygon',
            {
              points: points([
                [x + 160, y - 340],
                [x + 220, y - 260],
                [x + 160, y - 180],
                [x + 100, y - 260],
              ]),
            },
            c,
          )
        );
      case 'book':
        return (
          painter.shape('rect', { x: x - 46, y: y - 34, width: 92, height: 68, rx: 6 }, c) +
          painter.line('line', { x1: x, y1: y - 34, x2: x, y2: y + 34 }, '#ffffff', 4)
        );
      case 'map':
        return (
          painter.shape('rect', { x: x - 60, y: y - 44, width: 120, height: 88, rx: 6 }, '#f3e0b5') +
          painter.line('path', { d: `M${x - 40},${y + 20} q30,-40 50,-10 t30,-20` }, '#c62828', 4)
        );
      case 'wand':
        return (
          painter.line('line', { x1: x, y1: y, x2: x + 50, y2: y - 90 }, '#5d4037', 8) +
          painter.shape('polygon', { points: starPoints(x + 54, y - 100, 30, 13) }, c, 'glow')
        );
      case 'flower':
        return (
          painter.line('line', { x1: x, y1: y + 20, x2: x, y2: y - 70 }, '#388e3c', 6) +
          [0, 72, 144, 216, 288]
            .map((a) =>
              painter.shape(
                'circle',
                { cx: x + Math.cos((a * Math.PI) / 180) * 20, cy: y - 80 + Math.sin((a * Math.PI) / 180) * 20, r: 14 },
                c,
              ),
            )
            .join('') +
          painter.shape('circle', { cx: x, cy: y - 80, r: 11 }, '#ffeb3b', 'glow')
        );
      case 'star':
        return painter.shape('polygon', { points: starPoints(x, y - 40, 50, 22) }, c, 'glow');
      case 'crown':
        return painter.shape(
          'polygon',
          {
            points: points([
              [x - 50, y],
              [x - 50, y - 60],
              [x - 25, y - 30],
              [x, y - 70],
              [x + 25, y - 30],
              [x + 50, y - 60],
              [x + 50, y],
            ]),
          },
          c,
        );
      case 'telescope':
        return painter.shape(
          'rect',
          { x: x - 20, y: y - 110, width: 40, height: 150, rx: 10, transform: `rotate(40 ${x} ${y})` },
          c,
        );
      case 'flag':
        return (
          painter.line('line', { x1: x, y1: y + 30, x2: x, y2: y - 180 }, '#5d4037', 7) +
          painter.shape(
            'polygon',
            {
              points: points([
                [x, y - 180],
                [x + 110, y - 150],
                [x, y - 120],
              ]),
            },
            c,
          )
        );
      case 'basket':
        return (
          painter.line('path', { d: `M${x - 40},${y} q40,-70 80,0` }, '#8d6e63', 8) +
          painter.shape('path', { d: `M${x - 56},${y} h112 l-14,58 h-84 z` }, c)
        );
      case 'guitar':
        return (
          painter.shape('rect', { x: x + 20, y: y - 150, width: 20, height: 120, rx: 6 }, '#5d4037') +
          painter.shape('circle', { cx: x + 30, cy: y, r: 50 }, c) +
          painter.shape('circle', { cx: x + 30, cy: y, r: 14 }, '#3e2723')
        );
      case 'drum':
        return (
          painter.shape('rect', { x: x - 50, y: y - 30, width: 100, height: 70, rx: 8 }, c) +
          painter.shape('ellipse', { cx: x, cy: y - 30, rx: 50, ry: 14 }, '#fafafa')
        );
      case 'ball':
        return (
          painter.shape('circle', { cx: x, cy: y, r: 40 }, c) +
          painter.line('path', { d: `M${x - 40},${y} q40,-30 80,0` }, '#ffffff', 5)
        );
      case 'shell':
        return painter.shape('path', { d: `M${x - 46},${y + 20} q46,-110 92,0 z` }, c);
      case 'teddy':
        return (
          painter.shape('circle', { cx: x - 24, cy: y - 66, r: 14 }, c) +
          painter.shape('circle', { cx: x + 24, cy: y - 66, r: 14 }, c) +
          painter.shape('circle', { cx: x, cy: y - 44, r: 30 }, c) +
          painter.shape('ellipse', { cx: x, cy: y + 14, rx: 36, ry: 40 }, c)
        );
    }
  })();
  return el('g', { class: 'held', 'data-object': object }, shapes);
}

const OBJECT_COLOURS: Record<HeldObject, string> = {
  lantern: '#ffb300',
  umbrella: '#e53935',
  balloon: '#ef5350',
  kite: '#42a5f5',
  book: '#3949ab',
  map: '#f3e0b5',
  wand: '#ffe14d',
  flower: '#f06292',
  star: '#ffe14d',
  crown: '#fbc02d',
  telescope: '#8d6e63',
  flag: '#e53935',
  basket: '#a1887f',
  guitar: '#d84315',
  drum: '#c62828',
  ball: '#fb8c00',
  shell: '#ffccbc',
  teddy: '#a1887f',
};

function starPoints(cx: number, cy: number, outer: number, inner: number): string {
  const list: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 ? inner : outer;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    list.push([cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius]);
  }
  return points(list);
}

/** The hero's home, at the side of the picture: the early scene and the ending happen there. */
export function drawHome(painter: Painter, x: number, wall: string): string {
  return el(
    'g',
    { class: 'place', 'data-place': 'home' },
    painter.shape('rect', { x: x - 130, y: 470, width: 260, height: 220 }, wall) +
      painter.shape(
        'polygon',
        {
          points: points([
            [x - 160, 480],
            [x, 340],
            [x + 160, 480],
          ]),
        },
        '#c0504d',
      ) +
      painter.shape('rect', { x: x - 34, y: 580, width: 68, height: 110, rx: 30 }, '#795548') +
      painter.shape('rect', { x: x + 52, y: 520, width: 56, height: 50 }, '#fff3a6', 'glow') +
      painter.shape('rect', { x: x - 108, y: 520, width: 56, height: 50 }, '#fff3a6', 'glow'),
  );
}

/** The winding path of the journey, from the front of the picture to the horizon. */
export function drawPath(painter: Painter): string {
  return el(
    'g',
    { class: 'place', 'data-place': 'path' },
    painter.shape(
      'path',
      {
        d: 'M300,1000 C380,860 760,840 600,700 C520,640 560,640 620,640 L660,640 C640,660 700,720 760,760 C900,860 700,940 760,1000 Z',
      },
      '#e0c9a6',
    ),
  );
}
