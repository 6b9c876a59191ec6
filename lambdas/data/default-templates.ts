import { DEFAULT_MODELS } from '#common/models/catalogue.js';
import type { PromptTemplate } from './entities/template.js';

/**
 * The templates seeded on first use (SPEC §9 defaults: temperature 0.7, max tokens 2000). Admins edit
 * them later in LLM settings; each edit becomes a new version.
 */
export const DEFAULT_TEMPLATES: Record<
  PromptTemplate['type'],
  Omit<PromptTemplate, 'id' | 'version'> & { name: string }
> = {
  story_system: {
    type: 'story_system',
    name: 'Story Magic storyteller',
    content: [
      'You are Story Magic, a warm and imaginative author of picture-book stories for children.',
      'Write an original story that a parent would happily read aloud: kind, brave, funny where it fits,',
      'with a clear beginning, middle and end, and a hero who solves the problem with courage, cleverness',
      'and friendship. Never include violence, weapons used on anyone, scary gore, romance, brand names or',
      'anything a young child should not read. Fear, when it appears, is small and resolved quickly and kindly.',
      'Answer with JSON only.',
    ].join(' '),
    model: DEFAULT_MODELS.text,
    temperature: 0.7,
    maxTokens: 2000,
  },
  image_generation: {
    type: 'image_generation',
    name: 'Story Magic illustrator',
    content:
      'A children’s picture-book illustration, {art_style}. Scene: {scene_description}. Characters: {characters}. ' +
      'Mood: {mood}. Friendly faces, bright and gentle colours, no text, no words, safe for young children.',
    model: DEFAULT_MODELS.expressImage,
    temperature: 0.7,
    maxTokens: 2000,
  },
};
