import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../components/toast';
import { AGE_BANDS, ageBandOptionLabel, DEFAULT_FORM_AGE_BAND, type AgeBand } from '#common/age-bands';
import { LIMITS } from '#common/limits';
import { firstError, newPasswordSchema, signInSchema, signUpSchema, emailSchema } from '#common/validation/accounts';
import { useAuth } from '../../auth/AuthContext';
import { TextField } from '../../components/TextField';
import type { FromState } from '../../auth/guards';
import { SiteFooter } from '../../components/SiteFooter';
import { authErrorMessage } from '../../auth/auth-errors';
import { FAMILY_TEXTS } from '#common/family';
import { DATA_POLICY_PATH } from '../data-policy/path';
import './auth.css';

export type AuthView = 'signin' | 'signup' | 'forgot-password';

/** SPEC §2 auth screen: sign-up when `?mode=signup`, otherwise sign-in; the mode follows the query. */
export default function AuthPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as ({ view?: AuthView } & FromState) | null;
  const navigate = useNavigate();
  // The view follows the URL (and the landing page's forgot-password link state), never local state.
  const view: AuthView =
    params.get('mode') === 'signup' ? 'signup' : state?.view === 'forgot-password' ? 'forgot-password' : 'signin';

  return (
    <div className="auth-screen">
      <main className="auth-card" aria-labelledby="auth-heading">
        <Link to="/" className="auth-card__brand">
          ✨ Story Magic
        </Link>
        {view === 'forgot-password' ? (
          <ForgotPasswordForm onDone={() => navigate('/auth?mode=login', { state: { from: state?.from } })} />
        ) : (
          <CredentialsForm view={view} from={state?.from} />
        )}
      </main>
      <SiteFooter />
    </div>
  );
}

function CredentialsForm({ view, from }: { view: 'signin' | 'signup'; from: string | undefined }) {
  const isSignUp = view === 'signup';
  const navigate = useNavigate();
  const { signIn, signUp } = useAuth();
  const [busy, setBusy] = useState(false);
  const [displayName, setDisplayName] = useState('');
  const [authorName, setAuthorName] = useState('');
  const [ageBand, setAgeBand] = useState<AgeBand>(DEFAULT_FORM_AGE_BAND);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [guardianConfirmed, setGuardianConfirmed] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const signUpInput = signUpSchema.safeParse({
      displayName,
      authorName,
      ageBand,
      email,
      password,
      guardianConfirmed,
    });
    const signInInput = signInSchema.safeParse({ email, password });
    // SPEC §5: only the first error is shown, as a toast.
    const problem = firstError(isSignUp ? signUpInput : signInInput);
    if (problem) return void toast.error(problem);
    setBusy(true);
    try {
      if (isSignUp && signUpInput.success) {
        await signUp(signUpInput.data);
        toast.success('Account is ready', { description: 'Welcome to Story Magic! Let’s make your first story.' });
      } else if (signInInput.success) {
        await signIn(signInInput.data.email, signInInput.data.password);
        toast.success('Welcome back', { description: 'Good to see you again at Story Magic!' });
      }
      navigate(from && from.startsWith('/') && !from.startsWith('//') ? from : '/home', { replace: true });
    } catch (error) {
      toast.error(authErrorMessage(error, isSignUp ? 'other' : 'sign-in'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 id="auth-heading" className="auth-card__title">
        {isSignUp ? 'Create Account' : 'Sign In'}
      </h1>
      <p className="auth-card__lead">
        {isSignUp ? 'Start a library of stories made just for your child.' : 'Welcome back, storyteller!'}
      </p>
      <form className="form" onSubmit={submit} noValidate>
        {isSignUp && (
          <>
            <TextField
              label="Your Name"
              name="displayName"
              autoComplete="name"
              maxLength={LIMITS.displayNameMax + 10}
              value={displayName}
              onChange={(e) => setDisplayName(e.target.value)}
            />
            <TextField
              label="Your Author Display Name (optional)"
              name="authorName"
              autoComplete="nickname"
              maxLength={LIMITS.authorNameMax + 10}
              value={authorName}
              onChange={(e) => setAuthorName(e.target.value)}
              hint="Shown as “Story Created by” on your stories."
            />
            <fieldset className="field choice-group">
              <legend className="field__label">Story Age Range</legend>
              {AGE_BANDS.map((band) => (
                <label key={band} className="choice">
                  <input
                    type="radio"
                    name="ageBand"
                    value={band}
                    checked={ageBand === band}
                    onChange={() => setAgeBand(band)}
                  />
                  <span>{ageBandOptionLabel(band)}</span>
                </label>
              ))}
            </fieldset>
          </>
        )}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={isSignUp ? 'At least 8 characters, with an uppercase letter and a number.' : undefined}
        />
        {isSignUp && (
          <div className="field auth-card__guardian">
            <label className="choice">
              <input
                type="checkbox"
                name="guardianConfirmed"
                checked={guardianConfirmed}
                onChange={(e) => setGuardianConfirmed(e.target.checked)}
                aria-describedby="guardian-hint"
              />
              <span>{FAMILY_TEXTS.guardianConfirmation}</span>
            </label>
            <p id="guardian-hint" className="field__hint">
              The account is yours; you add your children to it.{' '}
              <Link to={DATA_POLICY_PATH} target="_blank" rel="noopener">
                {FAMILY_TEXTS.dataPolicy}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </Link>
            </p>
          </div>
        )}
        <button className="button button--primary button--block" type="submit" disabled={busy} aria-busy={busy}>
          {busy ? (isSignUp ? 'Creating your account…' : 'Signing in…') : isSignUp ? 'Create Account' : 'Sign In'}
        </button>
      </form>
      <p className="auth-card__switch">
        {isSignUp ? (
          <Link to="/auth?mode=login" state={{ from }}>
            Already have an account? Sign in
          </Link>
        ) : (
          <Link to="/auth?mode=signup" state={{ from }}>
            Don't have an account? Sign up
          </Link>
        )}
      </p>
      {!isSignUp && (
        <p className="auth-card__switch">
          <Link to="/auth" state={{ view: 'forgot-password', from }}>
            Forgot your password?
          </Link>
        </p>
      )}
    </>
  );
}

/** Reset by an e-mailed code (Cognito ForgotPassword / ConfirmForgotPassword). */
function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const { requestPasswordReset, confirmPasswordReset } = useAuth();
  const [step, setStep] = useState<'request' | 'confirm'>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const emailProblem = firstError(emailSchema.safeParse(email));
    if (emailProblem) return void toast.error(emailProblem);
    if (step === 'confirm') {
      if (!code.trim()) return void toast.error('Please enter the code from your e-mail');
      const passwordProblem = firstError(newPasswordSchema.safeParse(password));
      if (passwordProblem) return void toast.error(passwordProblem);
    }
    setBusy(true);
    try {
      if (step === 'request') {
        await requestPasswordReset(email.trim());
        toast.success('Check your e-mail', { description: 'We sent you a code to reset your password.' });
        setStep('confirm');
      } else {
        await confirmPasswordReset(email.trim(), code.trim(), password);
        toast.success('Password reset!', { description: 'Please sign in with your new password.' });
        onDone();
      }
    } catch (error) {
      toast.error(authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 id="auth-heading" className="auth-card__title">
        Reset your password
      </h1>
      <p className="auth-card__lead">
        {step === 'request'
          ? 'Enter your e-mail and we’ll send you a reset code.'
          : 'Enter the code we e-mailed you and a new password.'}
      </p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          readOnly={step === 'confirm'}
          onChange={(e) => setEmail(e.target.value)}
        />
        {step === 'confirm' && (
          <>
            <TextField
              label="Reset code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </>
        )}
        <button className="button button--primary button--block" type="submit" disabled={busy} aria-busy={busy}>
          {step === 'request' ? 'Send reset code' : 'Reset password'}
        </button>
      </form>
      <p className="auth-card__switch">
        <button type="button" className="link-button link-button--dark" onClick={onDone}>
          Back to Sign In
        </button>
      </p>
    </>
  );
}
