import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { LandingPage } from '../routes/landing/LandingPage';
import { NotFoundPage } from '../routes/not-found/NotFoundPage';
import { requestRuntimeConfig } from './app-config-request';
import { RouteError } from './LoadError';
import { RootLayout } from './RootLayout';
import { DATA_POLICY_PATH } from '../routes/data-policy/path';

/**
 * Everything but the landing and 404 screens loads on demand: a first visit downloads only what it shows,
 * and the auth library arrives with the first screen that needs a session.
 *
 * A signed-in screen sits behind several layers of code (auth root, guard, age-band config and layout,
 * page). Route-level `lazy` lets the router load the layers of the address opened all at once, before it
 * renders; React.lazy would fetch them one after another, each waiting for its parent to render (and
 * each Suspense reveal is held back a further 300 ms by React).
 */
const screen =
  (load: () => Promise<{ default: ComponentType }>) => async (): Promise<Pick<RouteObject, 'Component'>> => ({
    Component: (await load()).default,
  });

/** The admin story editor, keyed so that going from "new" to "edit" starts a fresh form. */
const storyEditor = (key: string) => async (): Promise<Pick<RouteObject, 'element'>> => {
  const { default: Editor } = await import('../routes/admin/AdminStoryEditorPage');
  return { element: <Editor key={key} /> };
};

/** The whole route tree (exported for the fast SPA tests, which open it in a memory router). */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/test', lazy: screen(() => import('../routes/test/TestPage')) },
      { path: DATA_POLICY_PATH, lazy: screen(() => import('../routes/data-policy/DataPolicyPage')) },
      {
        lazy: screen(() => import('../auth/AuthRoot')),
        // Starts the runtime configuration's request beside the code's; AuthRoot validates it.
        loader: () => {
          requestRuntimeConfig().catch(() => undefined); // AuthRoot asks again and reports a failure
          return null;
        },
        shouldRevalidate: () => false,
        children: [
          { path: '/auth', lazy: screen(() => import('../routes/auth/AuthPage')) },
          {
            lazy: async () => ({ Component: (await import('../auth/guards')).RequireAuth }),
            children: [
              {
                lazy: screen(() => import('../layouts/SignedInShell')),
                children: [
                  { path: '/home', lazy: screen(() => import('../routes/home/HomePage')) },
                  {
                    path: '/who-is-reading',
                    lazy: screen(() => import('../routes/readers/WhoIsReadingPage')),
                  },
                  // Issue 36: screens only a grown-up opens (the server refuses their calls without a grant too).
                  {
                    lazy: async () => ({ Component: (await import('../family/GrownUpGate')).RequireGrownUp }),
                    children: [
                      { path: '/profile', lazy: screen(() => import('../routes/profile/ProfilePage')) },
                      { path: '/feedback', lazy: screen(() => import('../routes/feedback/FeedbackPage')) },
                    ],
                  },
                  {
                    path: '/create',
                    lazy: screen(() => import('../routes/create/CreateLayout')),
                    children: [
                      { index: true, element: <Navigate to="/create/01" replace /> },
                      { path: '01', lazy: screen(() => import('../routes/create/NameStep')) },
                      ...([2, 3, 4] as const).map((step) => ({
                        path: `0${step}`,
                        lazy: async () => {
                          const { default: ChoiceStep } = await import('../routes/create/ChoiceStep');
                          // Keyed by step: steps 02-04 share one component, and each keeps only its own fields.
                          return { element: <ChoiceStep key={step} step={step} /> };
                        },
                      })),
                      { path: '05', lazy: screen(() => import('../routes/create/ArtStep')) },
                    ],
                  },
                  { path: '/story/:storyId', lazy: screen(() => import('../routes/story/StoryPage')) },
                  { path: '/story/:storyId/flipbook', lazy: screen(() => import('../routes/flipbook/FlipbookRoute')) },
                  { path: '/library', lazy: screen(() => import('../routes/library/LibraryPage')) },
                ],
              },
            ],
          },
          {
            path: '/admin',
            lazy: async () => ({ Component: (await import('../auth/guards')).RequireAdmin }),
            children: [
              {
                lazy: screen(() => import('../routes/admin/AdminLayout')),
                children: [
                  { index: true, element: <Navigate to="/admin/dashboard" replace /> },
                  { path: 'dashboard', lazy: screen(() => import('../routes/admin/AdminDashboardPage')) },
                  { path: 'users', lazy: screen(() => import('../routes/admin/AdminUsersPage')) },
                  { path: 'stories', lazy: screen(() => import('../routes/admin/AdminStoriesPage')) },
                  { path: 'stories/new', lazy: storyEditor('new') },
                  { path: 'stories/:storyId/edit', lazy: storyEditor('edit') },
                  { path: 'llm-settings', lazy: screen(() => import('../routes/admin/AdminLlmSettingsPage')) },
                  { path: 'settings', lazy: screen(() => import('../routes/admin/AdminSettingsPage')) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function App() {
  return <RouterProvider router={router} />;
}
