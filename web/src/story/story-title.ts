/**
 * The title a card, a heading or a dialog shows for a story. An admin may save a story without a title, and an
 * empty heading names nothing: it reads as the hero's story, else as an untitled one.
 */
export function storyTitle(story: { title: string; heroName?: string | null }): string {
  const hero = story.heroName?.trim();
  return story.title.trim() || (hero ? `${hero}’s story` : 'Untitled story');
}
