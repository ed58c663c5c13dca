import { type ComponentType, use } from 'react';
import type { MarketingRoute } from './routes';

/**
 * A route's page, loaded on demand. The browser loads the current page's module before hydrating (so
 * the first render matches the prerendered HTML without suspending); later pages load when visited,
 * while the router's transition keeps the current page on screen.
 */
const loaded = new Map<string, ComponentType>();
const loading = new Map<string, Promise<ComponentType>>();

export function preloadRoute(route: MarketingRoute): Promise<ComponentType> {
  let promise = loading.get(route.path);
  if (!promise) {
    promise = route.load().then((page) => {
      loaded.set(route.path, page);
      return page;
    });
    loading.set(route.path, promise);
  }
  return promise;
}

export function RoutePage({ route }: { route: MarketingRoute }) {
  const Page = loaded.get(route.path) ?? use(preloadRoute(route));
  return <Page />;
}
