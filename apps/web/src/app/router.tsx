import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { toast } from 'react-toastify';
import { Spinner } from '@/components/ui/spinner';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { setNavigateHome } from '@/lib/api-client';
import { takeFlashMessage } from '@/lib/flash-message';
import { DashboardLayout } from './layouts/dashboard-layout';
import { DashboardNotFoundPage } from './not-found-page';
import { LeaveForPublicPage, PUBLIC_PAGE_PATHS } from './routes/leave-for-public-page';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

// Feature pages load on demand, so the home page does not download the dashboard's code.
const ManageFormsPage = lazy(() =>
  import('@/features/forms-list/components/manage-forms-page').then((m) => ({ default: m.ManageFormsPage })),
);
const FormGeneratorPage = lazy(() =>
  import('@/features/form-generator/components/form-generator-page').then((m) => ({
    default: m.FormGeneratorPage,
  })),
);
const FormEditorPage = lazy(() =>
  import('@/features/form-editor/components/form-editor-page').then((m) => ({ default: m.FormEditorPage })),
);
const AdminChatPage = lazy(() =>
  import('@/features/admin-chat/components/admin-chat-page').then((m) => ({ default: m.AdminChatPage })),
);
const AdminMessagesPage = lazy(() =>
  import('@/features/admin-messages/components/admin-messages-page').then((m) => ({
    default: m.AdminMessagesPage,
  })),
);
const ProfilePage = lazy(() =>
  import('@/features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const ResponsesPage = lazy(() =>
  import('@/features/responses/components/responses-page').then((m) => ({ default: m.ResponsesPage })),
);

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-[50vh] items-center justify-center">
          <Spinner size="lg" label="Loading..." />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * The dashboard's route table (spec 000 section 2). The public pages (/, /pricing, /contact, /chat,
 * /chat-support) are the prerendered marketing app (decision 0018): a navigation to one of them from
 * here (the logo, a logout, a 401) leaves this app with a full page load. Other paths are Not found.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      ...PUBLIC_PAGE_PATHS.map((path) => ({ path, element: <LeaveForPublicPage /> })),
      { path: '*', element: <NotFoundRoute /> },
      {
        // Opened in a new tab from Manage Forms; it has its own loader and Access Denied screen (spec 001).
        path: '/dashboard/form-generator',
        element: (
          <>
            <title>Form Generator – SheetForms</title>
            <Loading>
              <FormGeneratorPage />
            </Loading>
          </>
        ),
      },
      {
        path: '/dashboard',
        element: (
          <ProtectedRoute>
            <DashboardLayout />
          </ProtectedRoute>
        ),
        children: [
          { index: true, element: <Navigate to="/dashboard/forms" replace /> },
          {
            path: 'forms',
            element: (
              <>
                <title>Manage Forms – SheetForms</title>
                <Loading>
                  <ManageFormsPage />
                </Loading>
              </>
            ),
          },
          {
            path: 'form-update',
            element: (
              <>
                <title>Edit Form – SheetForms</title>
                <Loading>
                  <FormEditorPage />
                </Loading>
              </>
            ),
          },
          {
            path: 'responses',
            element: (
              <>
                <title>Responses – SheetForms</title>
                <Loading>
                  <ResponsesPage />
                </Loading>
              </>
            ),
          },
          {
            path: 'chat',
            element: (
              <ProtectedRoute roles="Admin">
                {/* The page sets its own title: the unread count leads it. */}
                <Loading>
                  <AdminChatPage />
                </Loading>
              </ProtectedRoute>
            ),
          },
          {
            path: 'messages',
            element: (
              <ProtectedRoute roles="Admin">
                {/* The page sets its own title: the unread count leads it. */}
                <Loading>
                  <AdminMessagesPage />
                </Loading>
              </ProtectedRoute>
            ),
          },
          {
            path: 'profile',
            element: (
              <>
                <title>Profile – SheetForms</title>
                <Loading>
                  <ProfilePage />
                </Loading>
              </>
            ),
          },
          // Any other /dashboard/* path: Not found inside the layout, with the way back to Manage Forms.
          { path: '*', element: <DashboardNotFoundPage /> },
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  useEffect(() => {
    // A 401 that ends the session goes to '/', the public home page (another app: a full page load).
    setNavigateHome(() => {
      void router.navigate('/');
    });
    // 'Google sign-in successful', said by the public page that signed in and then opened this app.
    const flash = takeFlashMessage();
    if (flash) toast[flash.kind](flash.text);
  }, []);
  return <RouterProvider router={router} />;
}
