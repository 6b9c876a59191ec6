import { Link } from 'react-router-dom';
import { DATA_POLICY_VERSION, FAMILY_TEXTS, MAX_CHILDREN } from '#common/family';
import { RETENTION } from '#common/retention';
import { SiteFooter } from '../../components/SiteFooter';
import './data-policy.css';

const years = (days: number) => (days % 365 === 0 ? `${days / 365} years` : `${days} days`);

/**
 * "How we keep your family's data" (issue 36): what is kept, for how long and why. Every period shown is
 * the one the code enforces (common/retention.ts). Open to everyone: sign-up links here before an account
 * exists.
 */
export default function DataPolicyPage() {
  return (
    <div className="policy-screen">
      <main className="policy" aria-labelledby="policy-heading">
        <Link to="/" className="policy__brand">
          ✨ Story Magic
        </Link>
        <h1 id="policy-heading">{FAMILY_TEXTS.dataPolicy}</h1>
        <p className="policy__lead">
          Story Magic is for children aged 5 to 10, and a grown-up is in charge of every account. We keep only what the
          stories need, for as long as they need it, and we delete the rest. This is version {DATA_POLICY_VERSION}; a
          parent agrees to it when signing up.
        </p>

        <section aria-labelledby="policy-what">
          <h2 id="policy-what">What we keep, and why</h2>
          <dl className="policy__list">
            <dt>The grown-up&rsquo;s account</dt>
            <dd>
              Your e-mail and password (to sign in), your name and author name (shown on your stories), when you
              confirmed you are a parent or guardian and at least 18, your PIN for &ldquo;Grown-ups only&rdquo; (kept
              only as a scrambled hash), and when you last signed in. Kept while you use Story Magic.
            </dd>
            <dt>Each child&rsquo;s profile</dt>
            <dd>
              A first name or nickname, an age band (5-7 or 8-10: it sets how the stories are written) and a picture
              chosen from our emoji and colours. Never a photo, a birthday or a surname. Up to {MAX_CHILDREN} children
              per family.
            </dd>
            <dt>Stories, pictures and &ldquo;Read to me&rdquo;</dt>
            <dd>
              The choices made in the wizard (the hero&rsquo;s name, the kind of story), the story written for them, its
              pictures and, when someone presses &ldquo;Read to me&rdquo;, the story read aloud. Only your family can
              open them (a picture&rsquo;s address copied to someone else does not open it), unless you open a
              story&rsquo;s share link (then anyone with the link can read that story, pictures and sound included,
              until you close it again).
            </dd>
            <dt>Beta feedback</dt>
            <dd>What a grown-up sends us from the feedback page, to make Story Magic better.</dd>
          </dl>
        </section>

        <section aria-labelledby="policy-how-long">
          <h2 id="policy-how-long">How long we keep it</h2>
          <ul className="policy__periods">
            <li>
              <strong>A removed child:</strong> their stories, pictures, sound and library are deleted at once.
            </li>
            <li>
              <strong>A deleted story:</strong> deleted at once, with its pictures and sound, from every library it was
              saved in.
            </li>
            <li>
              <strong>&ldquo;Read to me&rdquo; sound:</strong> deleted {RETENTION.narrationDays} days after it was made
              (it is made again if someone asks for it later).
            </li>
            <li>
              <strong>A story being written:</strong> its draft is deleted once the story is ready; a draft left
              unfinished expires after {RETENTION.draftHours} hours and is removed by our database soon after.
            </li>
            <li>
              <strong>An account nobody uses:</strong> after {years(RETENTION.inactiveDays)} without anyone signing in,
              we e-mail the grown-up; {RETENTION.warningDays} days later, if still nobody has signed in, the account is
              deleted with everything in it.
            </li>
            <li>
              <strong>A deleted account:</strong> everything in it is deleted at once (stories, pictures, sound,
              libraries, children, feedback, our notes about it). A marker with only its id and the date stays{' '}
              {RETENTION.tombstoneDays} days, so the last sign-in can no longer be used.
            </li>
            <li>
              <strong>Our records:</strong> server logs (never a name or a story) {RETENTION.logDays} days; access logs
              with visitors&rsquo; IP addresses {RETENTION.accessLogDays} days; the record of each story&rsquo;s steps
              (story ids only) {RETENTION.executionHistoryDays} days; backups {RETENTION.backupDays} days, after which
              anything deleted is gone from them too.
            </li>
          </ul>
        </section>

        <section aria-labelledby="policy-control">
          <h2 id="policy-control">You are in charge</h2>
          <p>
            On your profile (behind &ldquo;Grown-ups only&rdquo;) you can download everything we keep, for the whole
            family or one child, remove a child with all their stories, choose whether a child&rsquo;s new stories wait
            for your yes, and delete the account for good. Our admins see your name, e-mail and how many children and
            stories you have, never a story you did not share.
          </p>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
