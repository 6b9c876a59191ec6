import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LandingPage } from '../routes/landing/LandingPage';
import { NotFoundPage } from '../routes/not-found/NotFoundPage';
import { PageSpinner } from '../components/PageSpinner';

// Everything but the landing and 404 screens loads on demand: a first visit downloads only what it shows,
// and the auth library arrives with the first screen that needs a session.
const AuthRoot = lazy(() => import('../auth/AuthRoot'));
const RequireAuth = lazy(() => import('../auth/guards').then((m) => ({ default: m.RequireAuth })));
const RequireAdmin = lazy(() => import('../auth/guards').then((m) => ({ default: m.RequireAdmin })));
const SignedInLayout = lazy(() => import('../layouts/SignedInLayout').then((m) => ({ default: m.SignedInLayout })));
const AuthPage = lazy(() => import('../routes/auth/AuthPage'));
const HomePage = lazy(() => import('../routes/home/HomePage'));
const ProfilePage = lazy(() => import('../routes/profile/ProfilePage'));
const FeedbackPage = lazy(() => import('../routes/feedback/FeedbackPage'));
const TestPage = lazy(() => import('../routes/test/TestPage'));
const AdminDashboardPage = lazy(() => import('../routes/admin/AdminDashboardPage'));

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/test" element={<TestPage />} />
          <Route element={<AuthRoot />}>
            <Route path="/auth" element={<AuthPage />} />
            <Route element={<RequireAuth />}>
              <Route element={<SignedInLayout />}>
                <Route path="/home" element={<HomePage />} />
                <Route path="/profile" element={<ProfilePage />} />
                <Route path="/feedback" element={<FeedbackPage />} />
              </Route>
            </Route>
            <Route path="/admin" element={<RequireAdmin />}>
              <Route path="dashboard" element={<AdminDashboardPage />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
