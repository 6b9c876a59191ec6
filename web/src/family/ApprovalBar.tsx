import { useNavigate } from 'react-router-dom';
import { FAMILY_TEXTS } from '#common/family';
import type { ApprovalDecision } from '#common/validation/approval';
import { useDecideStory } from '../api/family';
import { toast } from '../components/toast';
import './family.css';

/**
 * A grown-up's answer to a waiting story: yes, or (after a confirmation) send it back; the toast says which.
 * Resolves true when the answer was given.
 */
export function useAnswerStory() {
  const decide = useDecideStory();
  async function answer(storyId: string, title: string, decision: ApprovalDecision): Promise<boolean> {
    if (decision === 'send-back' && !window.confirm(`Send "${title}" back? It will be deleted.`)) return false;
    try {
      await decide.mutateAsync({ storyId, decision });
      toast.success(decision === 'yes' ? `"${title}" is ready to read` : `"${title}" was sent back`);
      return true;
    } catch {
      toast.error('Failed to answer. Please try again.');
      return false;
    }
  }
  return { answer, busy: decide.isPending };
}

/**
 * Above a story that waits for a grown-up's yes, as the grown-up reads it (issue 36): say yes, and the child
 * may read it; or send it back, and it is deleted.
 */
export function ApprovalBar({ storyId, title }: { storyId: string; title: string }) {
  const { answer: answerStory, busy } = useAnswerStory();
  const navigate = useNavigate();

  async function answer(decision: ApprovalDecision) {
    if ((await answerStory(storyId, title, decision)) && decision === 'send-back') navigate('/profile');
  }

  return (
    <div className="banner approval-bar approval-bar--waiting" role="region" aria-label={FAMILY_TEXTS.waitingForYou}>
      <p>
        <strong>{FAMILY_TEXTS.waitingForYou}:</strong> read it first, then say yes or send it back.
      </p>
      <div className="approval-bar__actions">
        <button
          type="button"
          className="button button--small button--primary"
          disabled={busy}
          onClick={() => void answer('yes')}
        >
          Yes, they may read it
        </button>
        <button
          type="button"
          className="button button--small button--outline"
          disabled={busy}
          onClick={() => void answer('send-back')}
        >
          Send back
        </button>
      </div>
    </div>
  );
}
