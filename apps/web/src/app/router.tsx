import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Spinner } from '@/components/ui/spinner';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { setNavigateHome } from '@/lib/api-client';
import { DashboardLayout } from './layouts/dashboard-layout';
import { PublicLayout } from './layouts/public-layout';
import { HomeRoute } from './routes/home';
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
const ChatSupportPage = lazy(() =>
  import('@/features/chat-support/components/chat-support-page').then((m) => ({
    default: m.ChatSupportPage,
  })),
);
const AdminChatPage = lazy(() =>
  import('@/features/admin-chat/components/admin-chat-page').then((m) => ({ default: m.AdminChatPage })),
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
 * The route table (spec 000 section 2). /pricing, /contact and /chat are registered when their
 * features land; until then they fall through to the Not found page.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          {
            path: 'chat-support',
            element: (
              <>
                <title>Chat Support – SheetForms</title>
                <Loading>
                  <ChatSupportPage />
                </Loading>
              </>
            ),
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
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
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  // A 401 that ends the session navigates within the app instead of reloading it.
  useEffect(() => {
    setNavigateHome(() => {
      void router.navigate('/');
    });
  }, []);
  return <RouterProvider router={router} />;
}
