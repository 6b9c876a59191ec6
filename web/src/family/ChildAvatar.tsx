import type { ChildView } from '#common/api/views';
import './family.css';

/** A child's picture: their emoji on their colour (never a photo). Decorative: the name is always beside it. */
export function ChildAvatar({ child, large = false }: { child: Pick<ChildView, 'emoji' | 'colour'>; large?: boolean }) {
  return (
    <span
      className={`child-avatar child-avatar--${child.colour}${large ? ' child-avatar--large' : ''}`}
      aria-hidden="true"
    >
      {child.emoji}
    </span>
  );
}
