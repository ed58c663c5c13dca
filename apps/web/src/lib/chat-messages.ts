import type { ChatMessage } from '@sheetforms/contract';

/**
 * Chat messages as both chat screens hold them: one list per conversation, ordered by `seq` (1, 2, 3…
 * within a session), each message once. Polls, the event stream and the answers to sends all deliver
 * messages; whichever arrives first wins and later copies are dropped.
 */

/**
 * `current` with `incoming` merged in, ordered by seq, without duplicates (by seq or _id). Returns
 * `current` itself when nothing is new, so a poll that brings nothing re-renders nothing.
 */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): readonly ChatMessage[] {
  if (incoming.length === 0) return current;
  const seqs = new Set(current.map((message) => message.seq));
  const ids = new Set(current.map((message) => message._id));
  const added: ChatMessage[] = [];
  for (const message of incoming) {
    if (seqs.has(message.seq) || ids.has(message._id)) continue;
    seqs.add(message.seq);
    ids.add(message._id);
    added.push(message);
  }
  if (added.length === 0) return current;
  return [...current, ...added].sort((a, b) => a.seq - b.seq);
}

/**
 * The highest seq up to which nothing is missing (0 when the first message is missing). A poll asks
 * for the messages after it, so a message that arrived out of order (a send's answer ahead of the
 * message before it) never hides a gap.
 */
export function lastContiguousSeq(messages: readonly ChatMessage[]): number {
  let seq = 0;
  for (const message of messages) {
    if (message.seq === seq + 1) seq = message.seq;
    else if (message.seq > seq + 1) break;
  }
  return seq;
}

/** A message's time: the clock time today, else the date and time (in the browser's locale). */
export function formatChatTime(iso: string | null, now: Date = new Date()): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay
    ? at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : at.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}
