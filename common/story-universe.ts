/**
 * A story's universe is stored as a slug ("guardian-ranch", SPEC §3); people read its name ("Guardian Ranch").
 * Known universes have their names here; any other slug an admin typed reads as its words, capitalised.
 */
const UNIVERSE_NAMES: Record<string, string> = {
  'guardian-ranch': 'Guardian Ranch',
};

export function universeName(universe: string): string {
  const slug = universe.trim();
  return (
    UNIVERSE_NAMES[slug.toLowerCase()] ??
    slug
      .split(/[-_\s]+/)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}
