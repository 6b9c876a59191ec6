import { useLocation, useSearchParams } from 'react-router-dom';
import { SiteFooter } from '../../components/SiteFooter';

export type AuthView = 'signin' | 'signup' | 'forgot-password';

/** SPEC §2 auth screen: sign-up when `?mode=signup`, otherwise sign-in (the forms arrive with accounts). */
export default function AuthPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { view?: AuthView } | null;
  const view: AuthView =
    params.get('mode') === 'signup' ? 'signup' : state?.view === 'forgot-password' ? 'forgot-password' : 'signin';
  const heading = { signin: 'Sign In', signup: 'Create Account', 'forgot-password': 'Reset your password' }[view];
  return (
    <div className="landing">
      <main className="landing__main">
        <h1 className="landing__title">{heading}</h1>
      </main>
      <SiteFooter />
    </div>
  );
}
