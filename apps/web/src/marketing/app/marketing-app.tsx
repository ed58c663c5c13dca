import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { MarketingLayout } from './layout';
import { RoutePage } from './route-page';
import { MARKETING_ROUTES } from './routes';

/**
 * The public pages' router (decision 0018): react-router's declarative routes, rendered by a StaticRouter
 * at build time and a BrowserRouter in the browser. Any other path belongs to another app (the
 * dashboard, a public form): a link there is a full page load.
 */
export function MarketingApp() {
  return (
    <Routes>
      <Route element={<MarketingLayout />}>
        {MARKETING_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
        ))}
      </Route>
      <Route path="*" element={<LeaveForServer />} />
    </Routes>
  );
}

function LeaveForServer() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return null;
}
