import { Link } from 'react-router-dom';
import { FAMILY_TEXTS } from '#common/family';
import { useWaitingStories } from '../../api/family';
import { useAnswerStory } from '../../family/ApprovalBar';

/**
 * "Waiting for you" (issue 36): the stories made for a child whose approval switch is on, until a grown-up
 * reads them and says yes (the child may then read it) or sends them back (deleted, the slot freed). Shown
 * only when a story waits, so a family without the switch sees nothing new.
 */
export function WaitingSection() {
  const { data } = useWaitingStories();
  const { answer, busy } = useAnswerStory();
  const stories = data?.stories ?? [];
  if (stories.length === 0) return null;

  return (
    <section className="card" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading">{FAMILY_TEXTS.waitingForYou}</h2>
      <p className="field__hint">Read each new story first, then say yes or send it back.</p>
      <ul className="children-list">
        {stories.map((story) => {
          const title = story.title || `${story.heroName}'s story`;
          const ready = story.status === 'ready';
          return (
            <li key={story.id} className="children-list__item">
              <div className="children-list__about">
                <strong>{title}</strong>
                <span>For {story.childName}</span>
                {!ready && <span>Still being written…</span>}
              </div>
              <div className="children-list__actions">
                <Link to={`/story/${story.id}`} className="button button--small button--outline">
                  Read it<span className="visually-hidden"> first: {title}</span>
                </Link>
                <button
                  type="button"
                  className="button button--small button--primary"
                  disabled={!ready || busy}
                  onClick={() => void answer(story.id, title, 'yes')}
                >
                  Yes
                  <span className="visually-hidden">
                    : {story.childName} may read {title}
                  </span>
                </button>
                <button
                  type="button"
                  className="button button--small button--outline"
                  disabled={!ready || busy}
                  onClick={() => void answer(story.id, title, 'send-back')}
                >
                  Send back<span className="visually-hidden"> {title}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
