import type { ContactMessage } from '@sheetforms/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { InboxIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { getErrorMessage } from '@/lib/api-client';
import { useDeleteMessage } from '../api/delete-message';
import { useMessages } from '../api/get-messages';
import { useSetMessageRead } from '../api/set-message-read';
import { flattenMessages, MESSAGES_TEXTS, messageCounts } from '../logic/messages';
import { DeleteMessageDialog } from './delete-message-dialog';
import { MessageItem } from './message-item';

/** /dashboard/messages (Admin only): the contact form's messages, newest first, with Load more. */
export function AdminMessagesPage() {
  const messages = useMessages();
  const setRead = useSetMessageRead();
  const remove = useDeleteMessage();
  const [toDelete, setToDelete] = useState<ContactMessage | null>(null);

  const pages = messages.data?.pages ?? [];
  const items = flattenMessages(pages);
  const { total, unread } = messageCounts(pages);

  const toggleRead = (message: ContactMessage) =>
    setRead.mutate(
      { id: message.id, read: !message.read },
      { onError: (error) => toast.error(getErrorMessage(error, MESSAGES_TEXTS.updateFailed)) },
    );
  const confirmDelete = (message: ContactMessage) =>
    remove.mutate(message.id, {
      onSuccess: () => {
        setToDelete(null);
        toast.success(MESSAGES_TEXTS.deleted);
      },
      onError: (error) => toast.error(getErrorMessage(error, MESSAGES_TEXTS.deleteFailed)),
    });

  return (
    <>
      <title>{unread > 0 ? `(${unread}) Messages – SheetForms` : 'Messages – SheetForms'}</title>
      <PageHeader title={MESSAGES_TEXTS.title} description={MESSAGES_TEXTS.description} />
      {messages.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label={MESSAGES_TEXTS.loading} />
        </div>
      ) : !messages.data ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-800 text-sm">
          <p>{getErrorMessage(messages.error, MESSAGES_TEXTS.loadFailed)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void messages.refetch()}>
            {MESSAGES_TEXTS.retry}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<InboxIcon className="size-7" />}
          title={MESSAGES_TEXTS.emptyTitle}
          description={MESSAGES_TEXTS.emptyDescription}
        />
      ) : (
        <Card as="section" aria-labelledby="messages-heading">
          <CardHeader
            title="Inbox"
            titleId="messages-heading"
            description={`${total} ${total === 1 ? 'message' : 'messages'}, ${unread} unread`}
          />
          <ul className="divide-y divide-slate-100">
            {items.map((message) => (
              <li key={message.id}>
                <MessageItem
                  message={message}
                  busy={setRead.isPending && setRead.variables?.id === message.id}
                  onToggleRead={toggleRead}
                  onDelete={setToDelete}
                />
              </li>
            ))}
          </ul>
          {messages.hasNextPage ? (
            <div className="flex flex-col items-center gap-2 border-slate-100 border-t p-4">
              {messages.isFetchNextPageError ? (
                <p role="alert" className="text-red-700 text-sm">
                  {getErrorMessage(messages.error, MESSAGES_TEXTS.loadFailed)}
                </p>
              ) : null}
              <Button
                variant="secondary"
                isLoading={messages.isFetchingNextPage}
                onClick={() => void messages.fetchNextPage()}
              >
                {MESSAGES_TEXTS.loadMore}
              </Button>
            </div>
          ) : null}
        </Card>
      )}
      <DeleteMessageDialog
        message={toDelete}
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
