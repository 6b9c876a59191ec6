import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { AGE_BANDS, ageBandOptionLabel, ageBandUpdatedMessage, type AgeBand } from '../../../../common/age-bands';
import { LIMITS } from '../../../../common/limits';
import {
  authorNameSchema,
  changePasswordSchema,
  displayNameSchema,
  firstError,
  MESSAGES,
} from '../../../../common/validation/accounts';
import { updateProfile } from '../../api/profile';
import { useAuth } from '../../auth/AuthContext';
import { TextField } from '../../components/TextField';
import { authErrorMessage } from '../../auth/auth-errors';
import { PageSpinner } from '../../components/PageSpinner';

/** SPEC §2 profile: e-mail (read-only), names, age band, password, sign out. */
export default function ProfilePage() {
  const { profile, loading } = useAuth();
  if (loading) return <PageSpinner />;
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
      <NamesForm
        key={profile.id}
        email={profile.email}
        displayName={profile.displayName}
        authorName={profile.authorName}
      />
      <AgeBandForm current={profile.ageBand} />
      <PasswordForm />
      <SignOutSection />
    </div>
  );
}

function NamesForm(props: { email: string; displayName: string; authorName: string }) {
  const { refreshProfile } = useAuth();
  const [displayName, setDisplayName] = useState(props.displayName);
  const [authorName, setAuthorName] = useState(props.authorName);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem =
      firstError(displayNameSchema.safeParse(displayName)) ?? firstError(authorNameSchema.safeParse(authorName));
    if (problem) return void toast.error(problem);
    setBusy(true);
    try {
      await updateProfile({ displayName: displayName.trim(), authorName: authorName.trim() });
      await refreshProfile();
      toast.success('Profile updated successfully!');
    } catch {
      toast.error('Failed to update profile');
    } finally {
      setBusy(false);
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
  const [busy, setBusy] = useState(false);

  async function choose(band: AgeBand) {
    if (band === current || busy) return;
    setBusy(true);
    try {
      await updateProfile({ ageBand: band });
      toast.success(ageBandUpdatedMessage(band));
      // SPEC §8: the page reloads so every screen picks up the new band's configuration.
      setTimeout(() => window.location.reload(), 1200);
    } catch {
      toast.error('Failed to update age band');
      setBusy(false);
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
  const { signOut } = useAuth();
  const navigate = useNavigate();
  async function leave() {
    try {
      await signOut();
      toast.success('Signed out successfully');
      navigate('/auth');
    } catch {
      toast.error('Failed to logout');
    }
  }
  return (
    <section className="card" aria-labelledby="signout-heading">
      <h2 id="signout-heading">Sign out</h2>
      <button type="button" className="button button--outline" onClick={() => void leave()}>
        Sign Out
      </button>
    </section>
  );
}
