/**
 * What the story page says under a picture that leaves out part of the family's picture wish ("What should the
 * picture show?"), in plain words: the words it could not draw, as the family typed them (issue 37).
 */
export function notDrawnMessage(words: readonly string[]): string | null {
  if (words.length === 0) return null;
  const quoted = words.map((word) => `“${word}”`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  return `This picture leaves out ${list} from your wish: our illustrator could not draw ${words.length === 1 ? 'it' : 'them'}.`;
}
