import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
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
const AdminLayout = lazy(() => import('../routes/admin/AdminLayout'));
const AdminDashboardPage = lazy(() => import('../routes/admin/AdminDashboardPage'));
const AdminUsersPage = lazy(() => import('../routes/admin/AdminUsersPage'));
const AdminStoriesPage = lazy(() => import('../routes/admin/AdminStoriesPage'));
const AdminStoryEditorPage = lazy(() => import('../routes/admin/AdminStoryEditorPage'));
const AdminLlmSettingsPage = lazy(() => import('../routes/admin/AdminLlmSettingsPage'));
const AdminSettingsPage = lazy(() => import('../routes/admin/AdminSettingsPage'));
const CreateLayout = lazy(() => import('../routes/create/CreateLayout'));
const NameStep = lazy(() => import('../routes/create/NameStep'));
const ChoiceStep = lazy(() => import('../routes/create/ChoiceStep'));
const ArtStep = lazy(() => import('../routes/create/ArtStep'));
const StoryPage = lazy(() => import('../routes/story/StoryPage'));
const FlipbookPage = lazy(() => import('../routes/flipbook/FlipbookRoute'));
const LibraryPage = lazy(() => import('../routes/library/LibraryPage'));
const AgeBandConfigProvider = lazy(() =>
  import('../story-config/AgeBandConfigContext').then((m) => ({ default: m.AgeBandConfigProvider })),
);

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
              <Route
                element={
                  <AgeBandConfigProvider>
                    <SignedInLayout />
                  </AgeBandConfigProvider>
                }
              >
                <Route path="/home" element={<HomePage />} />
                <Route path="/profile" element={<ProfilePage />} />
                <Route path="/feedback" element={<FeedbackPage />} />
                <Route path="/create" element={<CreateLayout />}>
                  <Route index element={<Navigate to="/create/01" replace />} />
                  <Route path="01" element={<NameStep />} />
                  <Route path="02" element={<ChoiceStep step={2} />} />
                  <Route path="03" element={<ChoiceStep step={3} />} />
                  <Route path="04" element={<ChoiceStep step={4} />} />
                  <Route path="05" element={<ArtStep />} />
                </Route>
                <Route path="/story/:storyId" element={<StoryPage />} />
                <Route path="/story/:storyId/flipbook" element={<FlipbookPage />} />
                <Route path="/library" element={<LibraryPage />} />
              </Route>
            </Route>
            <Route path="/admin" element={<RequireAdmin />}>
              <Route element={<AdminLayout />}>
                <Route index element={<Navigate to="/admin/dashboard" replace />} />
                <Route path="dashboard" element={<AdminDashboardPage />} />
                <Route path="users" element={<AdminUsersPage />} />
                <Route path="stories" element={<AdminStoriesPage />} />
                <Route path="stories/new" element={<AdminStoryEditorPage key="new" />} />
                <Route path="stories/:storyId/edit" element={<AdminStoryEditorPage key="edit" />} />
                <Route path="llm-settings" element={<AdminLlmSettingsPage />} />
                <Route path="settings" element={<AdminSettingsPage />} />
              </Route>
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
