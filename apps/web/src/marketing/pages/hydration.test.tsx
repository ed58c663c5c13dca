import { act } from '@testing-library/react';
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/feed';
import { AssistantChatPage } from './assistant-chat-page';
import { ContactPage } from './contact-page';
import { HomePage } from './home-page';
import { PricingPage } from './pricing-page';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const PAGES: Array<[path: string, Page: ComponentType]> = [
  ['/', HomePage],
  ['/chat', AssistantChatPage],
  ['/pricing', PricingPage],
  ['/contact', ContactPage],
];

describe('hydration', () => {
  it.each(PAGES)('%s hydrates the server HTML without a mismatch', async (path, Page) => {
    stubFetch();
    const app = (
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(app);
    document.body.append(container);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');

    const root = await act(async () => hydrateRoot(container, app, { onRecoverableError: recoverable }));

    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });
});
