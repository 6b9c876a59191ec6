import type { Painter } from './art-styles.js';
import { between, pick, type Random } from './random.js';
import { points } from './svg.js';

/**
 * Backgrounds for the illustrator: where the scene happens, at what time of day, with a few props the
 * scene mentions. Every setting is drawn on a 1000 × 1000 canvas with its horizon near y = 640, leaving
 * the middle of the foreground free for the hero.
 */
export const SETTINGS = [
  'space',
  'ranch',
  'castle',
  'cave',
  'ocean',
  'city',
  'mountain',
  'jungle',
  'garden',
  'forest',
  'meadow',
] as const;
export type Setting = (typeof SETTINGS)[number];
export type TimeOfDay = 'day' | 'sunset' | 'night';

/** Words in a scene that name a setting, most specific first ("Moonpetal Castle" is a castle, not space). */
const SETTING_WORDS: readonly (readonly [Setting, RegExp])[] = [
  ['ranch', /\b(ranch|barn|farm|ponies|pony|goats?|sheep|lambs?|horses?|meadow ranch)\b/],
  ['castle', /\b(castle|kingdom|palace|towers?|realm|bell tower)\b/],
  ['cave', /\b(caves?|crystals?|tunnels?|cavern|mine)\b/],
  ['ocean', /\b(ocean|sea|island|lighthouse|beach|waves?|harbou?r|shore)\b/],
  ['space', /\b(space|planets?|rocket|galaxy|comet|asteroid|starbase|moon|stars|orbit)\b/],
  ['city', /\b(city|town|streets?|museum|library|shops?|bakery)\b/],
  ['mountain', /\b(mountains?|peaks?|cliffs?|summit|hills?|bridge)\b/],
  ['jungle', /\b(jungle|vines?|rainforest|waterfall)\b/],
  ['garden', /\b(garden|flowers?|pond|mushrooms?)\b/],
  ['forest', /\b(forest|woods|trees?)\b/],
];

/** The scene's setting: the writer's "(forest)" marker if present, else the first setting word found. */
export function settingOf(scene: string): Setting {
  const text = scene.toLowerCase();
  for (const [, word] of text.matchAll(/\((\w+)\)/g)) {
    if (word === 'moon') return 'space';
    const known = SETTINGS.find((setting) => setting === word);
    if (known) return known;
  }
  return settingNamedIn(text) ?? 'meadow';
}

/** The first setting a text names in words ("on the beach" is the ocean), if any. */
export const settingNamedIn = (text: string): Setting | undefined =>
  SETTING_WORDS.find(([, words]) => words.test(text.toLowerCase()))?.[0];

export function timeOf(scene: string, mood: string, setting: Setting): TimeOfDay {
  const text = `${scene} ${mood}`.toLowerCase();
  if (
    setting === 'space' ||
    /\b(night|bedtime|sleep|sleepy|dream|dreamy|stars came out|moonlight|cozy|calm)\b/.test(text)
  ) {
    return 'night';
  }
  if (/\b(sunset|evening|sun went down|brave|tense|dramatic|exciting|mysterious)\b/.test(text)) return 'sunset';
  return 'day';
}

const SKIES: Record<TimeOfDay, readonly [string, string]> = {
  day: ['#7ec8f2', '#dff3ff'],
  sunset: ['#f08a7e', '#ffd89e'],
  night: ['#1d2a5c', '#4f63ad'],
};

type Draw = Readonly<{ painter: Painter; random: Random; time: TimeOfDay }>;

function clouds({ painter, random }: Draw): string {
  let out = '';
  for (let i = 0; i < 3; i++) {
    const [x, y] = [between(random, 80, 880), between(random, 90, 300)];
    for (const [dx, dy, r] of [
      [0, 0, 46],
      [44, -18, 56],
      [96, 0, 42],
    ] as const) {
      out += painter.shape('circle', { cx: x + dx, cy: y + dy, r }, '#ffffff', 'scenery');
    }
  }
  return out;
}

function stars({ painter, random }: Draw, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += painter.shape(
      'circle',
      { cx: between(random, 10, 990), cy: between(random, 10, 560), r: 1.5 + random() * 3 },
      '#fff8d6',
      'glow',
    );
  }
  return out;
}

function skyLights(draw: Draw): string {
  const { painter, random, time } = draw;
  const x = pick(random, [170, 800]);
  if (time === 'night') {
    return stars(draw, 60) + painter.shape('circle', { cx: x, cy: 150, r: 58 }, '#fff3c4', 'glow');
  }
  if (time === 'sunset') return painter.shape('circle', { cx: x, cy: 560, r: 110 }, '#ffcf6b', 'glow') + clouds(draw);
  return painter.shape('circle', { cx: x, cy: 140, r: 70 }, '#ffe066', 'glow') + clouds(draw);
}

const ground = (painter: Painter, colour: string, y = 640) =>
  painter.shape('rect', { x: -20, y, width: 1040, height: 1040 - y }, colour);

const hills = (painter: Painter, colour: string, random: Random) =>
  painter.shape('ellipse', { cx: between(random, 150, 350), cy: 680, rx: 420, ry: 150 }, colour) +
  painter.shape('ellipse', { cx: between(random, 650, 850), cy: 690, rx: 460, ry: 130 }, colour);

function tree(painter: Painter, x: number, y: number, scale: number, leaf: string, pine: boolean): string {
  const trunk = painter.shape(
    'rect',
    { x: x - 12 * scale, y: y - 90 * scale, width: 24 * scale, height: 90 * scale, rx: 6 },
    '#8a5a3c',
  );
  if (pine) {
    return (
      trunk +
      painter.shape(
        'polygon',
        {
          points: points([
            [x, y - 260 * scale],
            [x - 80 * scale, y - 70 * scale],
            [x + 80 * scale, y - 70 * scale],
          ]),
        },
        leaf,
      )
    );
  }
  return (
    trunk +
    painter.shape('circle', { cx: x - 40 * scale, cy: y - 120 * scale, r: 58 * scale }, leaf) +
    painter.shape('circle', { cx: x + 40 * scale, cy: y - 125 * scale, r: 60 * scale }, leaf) +
    painter.shape('circle', { cx: x, cy: y - 175 * scale, r: 68 * scale }, leaf)
  );
}

function flowers(painter: Painter, random: Random, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const [x, y] = [between(random, 30, 970), between(random, 700, 960)];
    if (x > 330 && x < 670 && y > 640) continue; // keep the hero's spot clear
    const colour = pick(random, ['#ff7aa8', '#ffd23f', '#b88cff', '#ff9f45']);
    out +=
      painter.shape('circle', { cx: x, cy: y, r: 12 }, colour) +
      painter.shape('circle', { cx: x, cy: y, r: 5 }, '#fff6c2', 'glow');
  }
  return out;
}

const SETTING_PAINTERS: Record<Setting, (draw: Draw) => string> = {
  forest: ({ painter, random }) => {
    let out = hills(painter, '#7fbf6a', random) + ground(painter, '#6fb45c', 660);
    for (const x of [60, 190, 810, 940, 320, 690]) {
      out += tree(
        painter,
        x + between(random, -25, 25),
        700 + between(random, -20, 30),
        0.9 + random() * 0.5,
        pick(random, ['#3f9a4b', '#4caf50', '#2e8b57']),
        random() < 0.3,
      );
    }
    return out + flowers(painter, random, 14);
  },
  jungle: ({ painter, random }) => {
    let out = ground(painter, '#4f9d48', 650);
    for (const x of [70, 930, 200, 800]) {
      out += painter.shape('rect', { x: x - 14, y: 330, width: 28, height: 340, rx: 10 }, '#8d6b45');
      for (const angle of [-60, -20, 20, 60]) {
        out += painter.shape(
          'ellipse',
          { cx: x, cy: 330, rx: 120, ry: 26, transform: `rotate(${angle} ${x} 330)` },
          '#2f8f46',
        );
      }
    }
    for (let i = 0; i < 7; i++) {
      const x = between(random, 40, 960);
      out += painter.line(
        'path',
        { d: `M${x},0 q${between(random, -40, 40)},120 0,${between(random, 180, 320)}` },
        '#2e7d32',
        7,
      );
    }
    return out + flowers(painter, random, 8);
  },
  mountain: ({ painter, random }) => {
    let out = '';
    for (const [x, h, w] of [
      [200, 420, 320],
      [520, 500, 380],
      [840, 400, 300],
    ] as const) {
      const peak = 660 - h;
      out += painter.shape(
        'polygon',
        {
          points: points([
            [x, peak],
            [x - w, 680],
            [x + w, 680],
          ]),
        },
        '#7d8fb3',
      );
      out += painter.shape(
        'polygon',
        {
          points: points([
            [x, peak],
            [x - w * 0.25, peak + h * 0.25],
            [x + w * 0.25, peak + h * 0.25],
          ]),
        },
        '#ffffff',
      );
    }
    out += ground(painter, '#8cc46f', 660);
    for (const x of [90, 170, 860, 930]) out += tree(painter, x, 760 + between(random, 0, 40), 0.7, '#2e7d4f', true);
    return out;
  },
  ocean: ({ painter, random }) => {
    let out = painter.shape('rect', { x: -20, y: 560, width: 1040, height: 460 }, '#3f8fd1');
    for (let i = 0; i < 6; i++) {
      const y = 600 + i * 40;
      out += painter.line(
        'path',
        { d: `M0,${y} q62,-18 125,0 t125,0 t125,0 t125,0 t125,0 t125,0 t125,0 t125,0` },
        '#bfe6ff',
        4,
      );
    }
    const x = between(random, 720, 860);
    out += painter.shape('ellipse', { cx: x, cy: 590, rx: 140, ry: 40 }, '#d9c38e');
    out += painter.shape('rect', { x: x - 22, y: 400, width: 44, height: 180 }, '#ffffff');
    out += painter.shape('rect', { x: x - 22, y: 450, width: 44, height: 30 }, '#e53935');
    out += painter.shape('rect', { x: x - 22, y: 520, width: 44, height: 30 }, '#e53935');
    out += painter.shape(
      'polygon',
      {
        points: points([
          [x - 30, 400],
          [x + 30, 400],
          [x, 360],
        ]),
      },
      '#e53935',
    );
    out += painter.shape('circle', { cx: x, cy: 388, r: 9 }, '#fff59d', 'glow');
    return out + painter.shape('ellipse', { cx: 500, cy: 990, rx: 640, ry: 190 }, '#f1d9a0');
  },
  castle: ({ painter, random }) => {
    let out = hills(painter, '#8fca72', random) + ground(painter, '#79b861', 690);
    const wall = '#c9c3d6';
    out += painter.shape('rect', { x: 330, y: 360, width: 340, height: 300 }, wall);
    for (const x of [290, 630]) {
      out += painter.shape('rect', { x, y: 270, width: 80, height: 390 }, wall);
      out += painter.shape(
        'polygon',
        {
          points: points([
            [x - 12, 270],
            [x + 92, 270],
            [x + 40, 170],
          ]),
        },
        '#7c5cbf',
      );
      out += painter.line('line', { x1: x + 40, y1: 170, x2: x + 40, y2: 120 }, '#555555', 4);
      out += painter.shape(
        'polygon',
        {
          points: points([
            [x + 40, 120],
            [x + 90, 135],
            [x + 40, 150],
          ]),
        },
        pick(random, ['#ff5252', '#ffca28', '#42a5f5']),
      );
    }
    for (let x = 340; x < 670; x += 50) out += painter.shape('rect', { x, y: 330, width: 30, height: 34 }, wall);
    out += painter.shape('path', { d: 'M455,660 v-90 a45,45 0 0 1 90,0 v90 z' }, '#6d4c41');
    for (const x of [380, 590])
      out += painter.shape('rect', { x, y: 420, width: 34, height: 50, rx: 17 }, '#ffe082', 'glow');
    return out;
  },
  cave: ({ painter, random }) => {
    let out = ground(painter, '#5d5470', 700);
    for (let i = 0; i < 7; i++) {
      const x = pick(random, [80, 160, 240, 760, 840, 920, 120, 880]);
      const h = between(random, 80, 170);
      const y = between(random, 690, 760);
      out += painter.shape(
        'polygon',
        {
          points: points([
            [x, y - h],
            [x - 26, y],
            [x + 26, y],
          ]),
        },
        pick(random, ['#7fe3ff', '#c39bff', '#ff9ee0']),
        'glow',
      );
    }
    // The cave mouth: dark rock all round, an opening onto the light in the middle.
    out += painter.shape(
      'path',
      { d: 'M0,0 H1000 V1000 H900 C900,420 760,200 500,200 C240,200 100,420 100,1000 H0 Z' },
      '#3d3550',
    );
    return out;
  },
  space: (draw) => {
    const { painter, random } = draw;
    let out = stars(draw, 50);
    const [px, py] = [pick(random, [200, 790]), between(random, 170, 300)];
    out += painter.shape('circle', { cx: px, cy: py, r: 90 }, pick(random, ['#ff9f6e', '#8fd3ff', '#c39bff']));
    out += painter.line(
      'ellipse',
      { cx: px, cy: py, rx: 150, ry: 34, transform: `rotate(-18 ${px} ${py})` },
      '#ffe0a3',
      9,
    );
    out += painter.shape('ellipse', { cx: 500, cy: 1000, rx: 760, ry: 330 }, '#b9b4c9');
    for (const [x, y, r] of [
      [170, 800, 40],
      [820, 760, 55],
      [700, 930, 30],
      [260, 940, 28],
    ] as const) {
      out += painter.shape('ellipse', { cx: x, cy: y, rx: r, ry: r * 0.45 }, '#9b95ad');
    }
    return out;
  },
  city: ({ painter, random }) => {
    let out = ground(painter, '#a7a2a9', 690);
    let x = -10;
    while (x < 1000) {
      const w = between(random, 110, 170);
      const h = between(random, 180, 330);
      const colour = pick(random, ['#f4a259', '#8ecae6', '#e5989b', '#b5c99a', '#cdb4db']);
      if (x > 380 && x < 520) {
        // The clock tower stands in the middle of town.
        out += painter.shape('rect', { x: 440, y: 260, width: 120, height: 430 }, '#d7c49e');
        out += painter.shape('circle', { cx: 500, cy: 330, r: 40 }, '#ffffff', 'glow');
        out += painter.line('path', { d: 'M500,330 v-26 M500,330 h18' }, '#333333', 4);
        x = 570;
        continue;
      }
      out += painter.shape('rect', { x, y: 690 - h, width: w - 8, height: h }, colour);
      for (let wy = 700 - h; wy < 650; wy += 60) {
        out += painter.shape('rect', { x: x + 18, y: wy, width: 26, height: 32 }, '#fff3b0', 'glow');
        out += painter.shape('rect', { x: x + w - 52, y: wy, width: 26, height: 32 }, '#fff3b0', 'glow');
      }
      x += w;
    }
    return out;
  },
  ranch: ({ painter, random }) => {
    let out = hills(painter, '#a5d46a', random) + ground(painter, '#9ccc65', 670);
    const bx = pick(random, [120, 700]);
    out += painter.shape('rect', { x: bx, y: 450, width: 200, height: 200 }, '#d84a3a');
    out += painter.shape(
      'polygon',
      {
        points: points([
          [bx - 20, 450],
          [bx + 220, 450],
          [bx + 100, 360],
        ]),
      },
      '#8d2f25',
    );
    out += painter.shape('rect', { x: bx + 65, y: 540, width: 70, height: 110 }, '#ffffff');
    out += painter.line('path', { d: `M${bx + 65},540 l70,110 M${bx + 135},540 l-70,110` }, '#d84a3a', 6);
    for (let x = 0; x < 1000; x += 90) {
      if (x > 340 && x < 660) continue;
      out += painter.shape('rect', { x, y: 690, width: 16, height: 90 }, '#c8a27a');
    }
    out +=
      painter.shape('rect', { x: 0, y: 710, width: 340, height: 12 }, '#c8a27a') +
      painter.shape('rect', { x: 660, y: 710, width: 340, height: 12 }, '#c8a27a');
    for (const x of [240, 780]) out += painter.shape('circle', { cx: x, cy: 860, r: 46 }, '#e6c15a');
    return out;
  },
  garden: ({ painter, random }) => {
    let out = ground(painter, '#86c97a', 640);
    out += painter.shape('rect', { x: -20, y: 540, width: 1040, height: 120, rx: 60 }, '#4f9f58');
    out += painter.shape('ellipse', { cx: pick(random, [180, 820]), cy: 800, rx: 150, ry: 50 }, '#7cc3e8');
    for (const [x, s] of [
      [110, 1],
      [880, 1.2],
    ] as const) {
      out += painter.shape('rect', { x: x - 12 * s, y: 760, width: 24 * s, height: 80 * s, rx: 8 }, '#f5ecd7');
      out += painter.shape('path', { d: `M${x - 70 * s},765 a${70 * s},${60 * s} 0 0 1 ${140 * s},0 z` }, '#e53950');
      out += painter.shape('circle', { cx: x - 20 * s, cy: 735, r: 9 }, '#ffffff', 'glow');
    }
    return out + flowers(painter, random, 22);
  },
  meadow: ({ painter, random }) => {
    return (
      hills(painter, '#9ad27a', random) +
      ground(painter, '#8bc96c', 660) +
      tree(painter, pick(random, [130, 870]), 720, 1.1, '#4caf50', false) +
      flowers(painter, random, 18)
    );
  },
};

/** The whole background: sky, lights, setting. */
export function drawSetting(setting: Setting, time: TimeOfDay, painter: Painter, random: Random): string {
  const draw: Draw = { painter, random, time };
  const [top, bottom] =
    setting === 'space'
      ? (['#0b1030', '#2c1f63'] as const)
      : setting === 'cave'
        ? (['#2e2840', '#6b5b8c'] as const)
        : SKIES[time];
  const lights = setting === 'space' || setting === 'cave' ? '' : skyLights(draw);
  return painter.sky(top, bottom) + lights + SETTING_PAINTERS[setting](draw);
}

/** Little touches the scene asks for: bunting for a celebration, a sparkling gem for a treasure. */
export function drawProps(scene: string, painter: Painter, random: Random): string {
  const text = scene.toLowerCase();
  let out = '';
  if (/\b(celebrat\w*|party|cheer\w*|hooray|festival)\b/.test(text)) {
    out += painter.line('path', { d: 'M0,60 Q500,200 1000,60' }, '#6d4c41', 3);
    for (let i = 1; i < 12; i++) {
      const x = i * 83;
      const y = 60 + Math.sin((i / 12) * Math.PI) * 100;
      out += painter.shape(
        'polygon',
        {
          points: points([
            [x - 22, y],
            [x + 22, y],
            [x, y + 44],
          ]),
        },
        pick(random, ['#ff5a5f', '#ffc93c', '#3ec1d3', '#8e7dff']),
      );
    }
  }
  if (/\b(treasure|gem|pearl|crystal|acorn|crown|medal|jewel)\b/.test(text)) {
    const x = pick(random, [330, 670]);
    out += painter.shape(
      'polygon',
      {
        points: points([
          [x, 760],
          [x - 40, 810],
          [x, 880],
          [x + 40, 810],
        ]),
      },
      '#6fe3ff',
      'glow',
    );
    for (const [dx, dy] of [
      [-60, -20],
      [55, -40],
      [0, -90],
    ] as const) {
      out += painter.shape(
        'polygon',
        {
          points: points([
            [x + dx, 790 + dy - 14],
            [x + dx + 5, 790 + dy],
            [x + dx, 790 + dy + 14],
            [x + dx - 5, 790 + dy],
          ]),
        },
        '#fff7b0',
        'glow',
      );
    }
  }
  return out;
}
