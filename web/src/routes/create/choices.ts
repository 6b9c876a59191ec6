import { ART_STYLES, CHARACTER_TYPES, MISSIONS, STORY_TYPES, SURPRISE, type ArtStyle } from '#common/story-choices';

/** An option card of the wizard: its value (what the wizard stores), its words and its picture. */
export type Choice<Value extends string = string> = { value: Value; label: string; emoji: string };

const surprise: Choice<typeof SURPRISE> = { value: SURPRISE, label: 'Surprise Me!', emoji: '🎁' };

const EMOJI: Record<string, string> = {
  Explorer: '🧭',
  'Super Hero': '🦸',
  Creature: '🐉',
  Robot: '🤖',
  Warrior: '🛡️',
  Adventure: '🗺️',
  Mystery: '🔍',
  Magical: '✨',
  Epic: '🏰',
  Space: '🚀',
  Rescue: '🛟',
  Treasure: '💎',
  Protect: '🤝',
  Ranch: '🐴',
  Escape: '🗝️',
};

const options = <Value extends string>(values: readonly Value[]): Choice<Value | typeof SURPRISE>[] => [
  ...values.map((value) => ({ value, label: value, emoji: EMOJI[value] ?? '⭐' })),
  surprise,
];

export const CHARACTER_CHOICES = options(CHARACTER_TYPES);
export const KIND_CHOICES = options(STORY_TYPES);
export const MISSION_CHOICES = options(MISSIONS);

export const ART_STYLE_CHOICES: (Choice<ArtStyle> & { gradient: string })[] = ART_STYLES.map((style) => ({
  value: style.id,
  label: style.label,
  ...{
    'pixar-3d': { emoji: '🎬', gradient: 'linear-gradient(135deg, #ffb347, #ff6f91)' },
    anime: { emoji: '🌸', gradient: 'linear-gradient(135deg, #a18cd1, #fbc2eb)' },
    illustration: { emoji: '🖌️', gradient: 'linear-gradient(135deg, #84fab0, #8fd3f4)' },
    'comic-book': { emoji: '💥', gradient: 'linear-gradient(135deg, #f6d365, #fd5e53)' },
    watercolor: { emoji: '💧', gradient: 'linear-gradient(135deg, #89f7fe, #66a6ff)' },
    sketch: { emoji: '✏️', gradient: 'linear-gradient(135deg, #d7d2cc, #304352)' },
  }[style.id],
}));

export const labelOf = (choices: readonly Choice[], value: string) => choices.find((c) => c.value === value);
