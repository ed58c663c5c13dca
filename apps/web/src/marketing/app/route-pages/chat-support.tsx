import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ChatSupportPage } from '@/features/chat-support/components/chat-support-page';
import { loadToasts } from '../toasts';

/**
 * /chat-support in the marketing app: the page's shell (heading, the session warning, the empty chat
 * window) is prerendered; the live chat hydrates. Its query cache and toasts come with this page's own
 * chunk, so the other public pages do not load them.
 */
export function ChatSupportRoutePage() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  useEffect(() => {
    void loadToasts();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <ChatSupportPage />
    </QueryClientProvider>
  );
}
