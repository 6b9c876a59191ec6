/** Small colour arithmetic for the illustrator's styles (lighter washes, darker shades, greyscale pencil). */
type Rgb = readonly [number, number, number];

function parse(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const toHex = ([r, g, b]: Rgb) =>
  `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const each = (rgb: Rgb, change: (channel: number, index: number) => number): Rgb => [
  change(rgb[0], 0),
  change(rgb[1], 1),
  change(rgb[2], 2),
];

/** Mixes two colours; amount 0 is `a`, 1 is `b`. */
export function mix(a: string, b: string, amount: number): string {
  const to = parse(b);
  return toHex(each(parse(a), (channel, i) => channel + ((to[i] ?? channel) - channel) * amount));
}

export const lighten = (hex: string, amount: number) => mix(hex, '#ffffff', amount);
export const darken = (hex: string, amount: number) => mix(hex, '#000000', amount);

/** Perceived brightness, 0 (black) to 1 (white). */
export function brightness(hex: string): number {
  const [r, g, b] = parse(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

export function greyscale(hex: string): string {
  const level = brightness(hex) * 255;
  return toHex([level, level, level]);
}

/** Pushes a colour away from grey, for the comic book's bold flat inks. */
export function saturate(hex: string, amount: number): string {
  const rgb = parse(hex);
  const grey = (rgb[0] + rgb[1] + rgb[2]) / 3;
  return toHex(each(rgb, (channel) => grey + (channel - grey) * (1 + amount)));
}
