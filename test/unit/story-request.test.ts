import { describe, expect, it } from 'vitest';
import {
  generateStoryRequestSchema,
  isCompleteStoryRequest,
  withCurrentNames,
} from '#common/validation/story-request.js';

/** POST /api/stories's body as lambdas/api/routes/stories.ts reads it: the current names, and a page from before. */
const choices = { heroName: 'Maya', characterType: 'Explorer', mission: 'Treasure', artStyle: 'watercolor' };
const read = (body: unknown) => {
  const current = withCurrentNames(body);
  return isCompleteStoryRequest(current) ? generateStoryRequestSchema.safeParse(current) : undefined;
};

describe('the story request: one name per field, from the wizard to the table', () => {
  it('takes the story kind as storyType, the name the story keeps (story_type) and shows (storyType)', () => {
    const parsed = read({ ...choices, storyType: 'Space' });
    expect(parsed?.success && parsed.data.storyType).toBe('Space');
  });

  it('reads the body a page loaded before the rename still sends (storyKind) as the same request', () => {
    const parsed = read({ ...choices, storyKind: 'Mystery' });
    expect(parsed?.success && parsed.data).toMatchObject({ heroName: 'Maya', storyType: 'Mystery' });
  });

  it('refuses both names at once (strict: an unknown field changes nothing), and an incomplete body', () => {
    expect(read({ ...choices, storyType: 'Space', storyKind: 'Mystery' })?.success).toBe(false);
    expect(read({ ...choices })).toBeUndefined();
    expect(read(undefined)).toBeUndefined();
  });
});
