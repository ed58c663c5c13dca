import { useEffect } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { ChatOverview } from '@/features/dashboard/components/chat-overview';
import { FormsOverview } from '@/features/dashboard/components/forms-overview';
import { setNavigateHome } from '@/lib/api-client';
import { DashboardLayout } from './layouts/dashboard-layout';
import { PublicLayout } from './layouts/public-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

/**
 * The route table (spec 000 section 2). /pricing, /contact, /chat and /chat-support are registered
 * when their features land; until then they fall through to the Not found page.
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
          { path: '*', element: <NotFoundRoute /> },
        ],
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
                <FormsOverview />
              </>
            ),
          },
          {
            path: 'chat',
            element: (
              <ProtectedRoute roles="Admin">
                <title>Chat Management – SheetForms</title>
                <ChatOverview />
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
