import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LandingPage } from '../routes/landing/LandingPage';
import { NotFoundPage } from '../routes/not-found/NotFoundPage';
import { PageSpinner } from '../components/PageSpinner';

// Screens other than the landing page load on demand, so a first visit downloads only what it shows.
const AuthPage = lazy(() => import('../routes/auth/AuthPage'));

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/auth" element={<AuthPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
