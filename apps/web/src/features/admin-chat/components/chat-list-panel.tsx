import { CHAT_LIMITS, CHAT_MESSAGES, type ChatSessionSummary } from '@sheetforms/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import axios from 'axios';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ErrorIcon, InboxIcon, SearchIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { ChatListStatus } from '../api/query-keys';
import {
  ACTIVE_TAB,
  CHAT_LIST_LABEL,
  CHAT_STATUS_TABS_LABEL,
  CLOSED_TAB,
  LOADING_CHATS,
  NO_ACTIVE_CHATS,
  NO_CLOSED_CHATS,
  NO_MATCHING_CHATS,
  TRY_AGAIN,
} from '../logic/texts';
import { ChatListItem } from './chat-list-item';

export interface ChatListPanelProps {
  status: ChatListStatus;
  onStatusChange: (status: ChatListStatus) => void;
  search: string;
  onSearchChange: (search: string) => void;
  searching: boolean;
  chats: UseQueryResult<ChatSessionSummary[]>;
  selectedId: string | null;
  onSelect: (sessionId: string) => void;
  className?: string;
}

/** The left column: search ('Search conversations...'), Active/Closed tabs, the chats. */
export function ChatListPanel({
  status,
  onStatusChange,
  search,
  onSearchChange,
  searching,
  chats,
  selectedId,
  onSelect,
  className,
}: ChatListPanelProps) {
  const list = (
    <ChatList
      status={status}
      searching={searching}
      chats={chats}
      selectedId={selectedId}
      onSelect={onSelect}
    />
  );
  return (
    <Tabs
      value={status}
      onValueChange={(value) => onStatusChange(value === 'closed' ? 'closed' : 'active')}
      className={cn('min-h-0 flex-col border-slate-200 md:border-r', className)}
    >
      <div className="space-y-3 border-slate-200 border-b p-3">
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <Input
            type="search"
            aria-label={CHAT_MESSAGES.searchPlaceholder}
            placeholder={CHAT_MESSAGES.searchPlaceholder}
            maxLength={CHAT_LIMITS.searchMax}
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            className="pl-9"
          />
        </div>
        <TabsList aria-label={CHAT_STATUS_TABS_LABEL} className="border-b-0!">
          <TabsTrigger value="active">{ACTIVE_TAB}</TabsTrigger>
          <TabsTrigger value="closed">{CLOSED_TAB}</TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="active" className="min-h-0 flex-1 overflow-y-auto pt-0!">
        {list}
      </TabsContent>
      <TabsContent value="closed" className="min-h-0 flex-1 overflow-y-auto pt-0!">
        {list}
      </TabsContent>
    </Tabs>
  );
}

function ChatList({
  status,
  searching,
  chats,
  selectedId,
  onSelect,
}: Pick<ChatListPanelProps, 'status' | 'searching' | 'chats' | 'selectedId' | 'onSelect'>) {
  const sessions = chats.data ?? [];
  if (chats.isPending) {
    return (
      <div className="flex justify-center py-12 text-emerald-600">
        <Spinner label={LOADING_CHATS} />
      </div>
    );
  }
  if (sessions.length === 0 && chats.isError) {
    // A 401 in the admin chat is ignored silently (spec 001 section 6).
    if (axios.isAxiosError(chats.error) && chats.error.response?.status === 401) return null;
    return (
      <div
        role="alert"
        className="m-3 rounded-xl bg-red-50 px-4 py-3 text-red-800 text-sm ring-1 ring-red-200"
      >
        <p className="flex items-center gap-2 font-medium">
          <ErrorIcon className="size-4 shrink-0" />
          {CHAT_MESSAGES.loadChatsFailed}
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => void chats.refetch()}
          isLoading={chats.isFetching}
        >
          {TRY_AGAIN}
        </Button>
      </div>
    );
  }
  if (sessions.length === 0) {
    return (
      <div className="flex flex-col items-center px-6 py-12 text-center text-slate-500">
        <InboxIcon className="size-8 text-slate-400" strokeWidth={1.6} />
        <p className="mt-3 font-medium text-slate-700 text-sm">
          {searching ? NO_MATCHING_CHATS : status === 'active' ? NO_ACTIVE_CHATS : NO_CLOSED_CHATS}
        </p>
      </div>
    );
  }
  const now = new Date();
  return (
    <ul aria-label={CHAT_LIST_LABEL}>
      {sessions.map((session) => (
        <ChatListItem
          key={session.sessionId}
          session={session}
          selected={session.sessionId === selectedId}
          onSelect={onSelect}
          now={now}
        />
      ))}
    </ul>
  );
}
