import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FAMILY_TEXTS } from '#common/family';
import { useProfile } from '../../api/profile';
import { useAuth } from '../../auth/AuthContext';
import { PageSpinner } from '../../components/PageSpinner';
import { ChildAvatar } from '../../family/ChildAvatar';
import { chooseChild, useChosenChild } from '../../family/reader-choice';

/** Where "Who's reading tonight?" goes back to once a child is chosen. */
export type ReaderChoiceState = { from?: string };

/**
 * "Who's reading tonight?" (issue 36): after signing in, a family with two or more children picks who the
 * stories are for; the menu comes back here to switch. Every screen after it acts for that child.
 */
export default function WhoIsReadingPage() {
  const { userId } = useAuth();
  const { data: profile } = useProfile();
  const current = useChosenChild(userId);
  const navigate = useNavigate();
  const from = (useLocation().state as ReaderChoiceState | null)?.from;
  if (!profile || !userId) return <PageSpinner label="Loading your family…" />;

  function choose(childId: string) {
    if (!userId) return;
    chooseChild(userId, childId);
    navigate(from && from.startsWith('/') && !from.startsWith('//') ? from : '/home', { replace: true });
  }

  return (
    <div className="page page--narrow">
      <h1>{FAMILY_TEXTS.whoIsReading}</h1>
      <ul className="reader-picker">
        {profile.children.map((child) => (
          <li key={child.id}>
            <button
              type="button"
              className="reader-card"
              aria-current={child.id === (current ?? profile.childId) ? 'true' : undefined}
              onClick={() => choose(child.id)}
            >
              <ChildAvatar child={child} large />
              {child.name}
            </button>
          </li>
        ))}
      </ul>
      <p className="reader-picker__more">
        <Link to="/profile">{FAMILY_TEXTS.addChild}</Link> (grown-ups only)
      </p>
    </div>
  );
}
