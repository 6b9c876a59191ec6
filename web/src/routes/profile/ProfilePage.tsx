import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FAMILY_TEXTS } from '#common/family';
import { DATA_POLICY_PATH } from '../data-policy/path';
import { ChildrenSection } from './ChildrenSection';
import { PinSection } from './PinSection';
import { WaitingSection } from './WaitingSection';
import { toast } from '../../components/toast';
import { AGE_BANDS, ageBandOptionLabel, ageBandUpdatedMessage, type AgeBand } from '#common/age-bands';
import { LIMITS } from '#common/limits';
import { authorNameSchema, changePasswordSchema, displayNameSchema, firstError } from '#common/validation/accounts';
import { DELETE_ACCOUNT_WORD, MESSAGES } from '#common/validation/account-messages';
import { ApiRequestError } from '../../api/client';
import { useDeleteOwnAccount, useDownloadAccountData, useProfile, useUpdateProfile } from '../../api/profile';
import { useAuth } from '../../auth/AuthContext';
import { useSignOutAndLeave } from '../../auth/useSignOutAndLeave';
import { TextField } from '../../components/TextField';
import { authErrorMessage } from '../../auth/auth-errors';
import { PageSpinner } from '../../components/PageSpinner';
import { saveFile } from '../../components/save-file';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { wizard } from '../create/wizard';
import { leaveForLanding } from '../landing/landing-notice';
import './profile.css';

/**
 * SPEC §2 profile: e-mail (read-only), names, age band, password, sign out; (issue 8) the parent's control
 * of the account's data: download it all, or delete the account for good; and (issue 36, behind "Grown-ups
 * only") the family's children and PIN. With one child, the age band is the SPEC's own section.
 */
export default function ProfilePage() {
  const { data: profile, isLoading } = useProfile();
  if (isLoading) return <PageSpinner label="Loading your profile…" />;
  if (!profile) {
    return (
      <div className="page" role="alert">
        <h1>Your Profile</h1>
        <p>Failed to load profile</p>
      </div>
    );
  }
  return (
    <div className="page page--narrow">
      <h1>Your Profile</h1>
      <WaitingSection />
      <NamesForm
        key={profile.id}
        email={profile.email}
        displayName={profile.displayName}
        authorName={profile.authorName}
      />
      <ChildrenSection children={profile.children} />
      {profile.children.length === 1 && <AgeBandForm current={profile.ageBand} />}
      <PinSection hasPin={profile.hasPin} />
      <PasswordForm />
      <DataSection />
      <SignOutSection />
      <DeleteAccountSection isAdmin={profile.isAdmin} />
    </div>
  );
}

function NamesForm(props: { email: string; displayName: string; authorName: string }) {
  const [displayName, setDisplayName] = useState(props.displayName);
  const [authorName, setAuthorName] = useState(props.authorName);
  const update = useUpdateProfile();
  const busy = update.isPending;

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem =
      firstError(displayNameSchema.safeParse(displayName)) ?? firstError(authorNameSchema.safeParse(authorName));
    if (problem) return void toast.error(problem);
    try {
      // The answer is the profile as saved: the greeting changes with it (api/profile.ts).
      await update.mutateAsync({ displayName: displayName.trim(), authorName: authorName.trim() });
      toast.success('Profile updated successfully!');
    } catch {
      toast.error('Failed to update profile');
    }
  }

  return (
    <form className="card form" onSubmit={save} noValidate aria-labelledby="names-heading">
      <h2 id="names-heading">About you</h2>
      <TextField label="Email" type="email" value={props.email} readOnly aria-readonly="true" />
      <TextField
        label="Display name"
        autoComplete="name"
        maxLength={LIMITS.displayNameMax + 10}
        value={displayName}
        onChange={(e) => setDisplayName(e.target.value)}
      />
      <TextField
        label="Author display name"
        autoComplete="nickname"
        maxLength={LIMITS.authorNameMax + 10}
        value={authorName}
        onChange={(e) => setAuthorName(e.target.value)}
        hint="Optional. Shown as “Story Created by” on your stories."
      />
      <button className="button button--primary" type="submit" disabled={busy} aria-busy={busy}>
        {busy ? 'Saving…' : 'Save Profile'}
      </button>
    </form>
  );
}

function AgeBandForm({ current }: { current: AgeBand }) {
  const update = useUpdateProfile();
  // Still busy after success: the page is about to reload.
  const busy = update.isPending || update.isSuccess;

  async function choose(band: AgeBand) {
    if (band === current || busy) return;
    try {
      await update.mutateAsync({ ageBand: band });
      toast.success(ageBandUpdatedMessage(band));
      // SPEC §8: the page reloads so every screen picks up the new band's configuration.
      setTimeout(() => window.location.reload(), 1200);
    } catch {
      toast.error('Failed to update age band');
    }
  }

  return (
    <section className="card" aria-labelledby="band-heading">
      <h2 id="band-heading">Story Age Range</h2>
      <p className="field__hint">Stories are written for this age: length, words and pictures.</p>
      <fieldset className="choice-group" disabled={busy}>
        <legend className="visually-hidden">Story Age Range</legend>
        {AGE_BANDS.map((band) => (
          <label key={band} className="choice">
            <input type="radio" name="profileAgeBand" checked={current === band} onChange={() => void choose(band)} />
            <span>{ageBandOptionLabel(band)}</span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}

function PasswordForm() {
  const { changePassword } = useAuth();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = firstError(changePasswordSchema.safeParse({ newPassword, confirmPassword }));
    if (problem) return void toast.error(problem);
    // Cognito asks for the current password too, so a borrowed unlocked device cannot take the account.
    if (!currentPassword) return void toast.error(MESSAGES.passwordRequired);
    setBusy(true);
    try {
      await changePassword(currentPassword, newPassword);
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      toast.success('Password updated successfully!');
    } catch (error) {
      toast.error('Failed to update password', { description: authErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card form" onSubmit={save} noValidate aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
        hint="At least 8 characters, with an uppercase letter and a number."
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
      />
      <button className="button button--primary" type="submit" disabled={busy} aria-busy={busy}>
        {busy ? 'Updating…' : 'Update Password'}
      </button>
    </form>
  );
}

function SignOutSection() {
  const leave = useSignOutAndLeave();
  return (
    <section className="card" aria-labelledby="signout-heading">
      <h2 id="signout-heading">Sign out</h2>
      <button type="button" className="button button--outline" onClick={() => void leave()}>
        Sign Out
      </button>
    </section>
  );
}

/** "Download my data": everything the account holds, as one JSON file (GET /api/me/export). */
function DataSection() {
  const exportData = useDownloadAccountData();
  const busy = exportData.isPending;

  async function download() {
    try {
      const { blob, fileName } = await exportData.mutateAsync();
      saveFile(blob, fileName ?? 'story-magic-data.json');
      toast.success('Your data has been downloaded');
    } catch {
      toast.error('Failed to download your data');
    }
  }

  return (
    <section className="card" aria-labelledby="data-heading">
      <h2 id="data-heading">Your data</h2>
      <p className="profile-data__text" id="data-text">
        Download everything Story Magic keeps about your family in one file: your profile, your children&rsquo;s
        profiles, every story made for them (with its full text and pictures&rsquo; addresses) and each child&rsquo;s
        library. <Link to={DATA_POLICY_PATH}>{FAMILY_TEXTS.dataPolicy}</Link>
      </p>
      <button
        type="button"
        className="button button--outline"
        aria-describedby="data-text"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void download()}
      >
        {busy ? 'Preparing…' : 'Download my data'}
      </button>
    </section>
  );
}

/** The danger zone: deleting the account for good, behind a typed confirmation. */
function DeleteAccountSection({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="card danger-zone" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete account</h2>
      {isAdmin ? (
        <p className="danger-zone__text">
          An admin account cannot delete itself. Ask another admin to delete it from the Users screen.
        </p>
      ) : (
        <>
          <p className="danger-zone__text" id="delete-text">
            Deletes your account, your children&rsquo;s profiles, every story made for them with all its pictures, and
            their libraries. This cannot be undone.
          </p>
          <button
            type="button"
            className="button button--danger"
            aria-describedby="delete-text"
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            Delete my account
          </button>
        </>
      )}
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { forgetDeletedAccount } = useAuth();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const deletion = useDeleteOwnAccount();
  // Still busy after success: the page is leaving for the landing page.
  const leaving = deletion.isSuccess;

  async function remove() {
    try {
      await deletion.mutateAsync({ confirm: DELETE_ACCOUNT_WORD });
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : 'Failed to delete account');
      throw error;
    }
    // The account is gone: end the session on this device (Cognito no longer knows the user), drop the
    // wizard's draft (it holds the child's hero name), and leave for the landing page.
    await forgetDeletedAccount();
    wizard.reset();
    leaveForLanding('Your account has been deleted');
  }

  return (
    <ConfirmDialog
      className="delete-account-dialog"
      title="Delete your account for good?"
      confirmLabel="Delete my account"
      busyLabel="Deleting…"
      confirmDisabled={typed !== DELETE_ACCOUNT_WORD || leaving}
      onConfirm={remove}
      onClose={onClose}
      fields={
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            Type <span className="delete-word">{DELETE_ACCOUNT_WORD}</span> to confirm
          </label>
          <input
            id={inputId}
            className="field__input"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            disabled={deletion.isPending || leaving}
            aria-describedby={`${inputId}-hint`}
          />
          <p id={`${inputId}-hint`} className="field__hint">
            In capital letters, exactly as shown.
          </p>
        </div>
      }
    >
      <p>
        This deletes your Story Magic account, <strong>every story you created</strong> with all its pictures, and your
        library. Stories you shared disappear for other families too.
      </p>
      <p className="modal__warning">This cannot be undone.</p>
      <p>If you want a copy, download your data first.</p>
    </ConfirmDialog>
  );
}
