import type { ChatStarted } from '@sheetforms/contract';
import { useMutation } from '@tanstack/react-query';
import { type Envelope, visitorApi } from './visitor-client';

export interface StartChatInput {
  userName: string;
  userEmail?: string;
}

/** POST /chat/start: a new session (its id is the visitor's only credential). The honeypot is never sent. */
export async function startChat(input: StartChatInput): Promise<ChatStarted> {
  const body: StartChatInput = { userName: input.userName.trim() };
  const email = input.userEmail?.trim();
  if (email) body.userEmail = email;
  const { data } = await visitorApi.post<Envelope<ChatStarted>>('/chat/start', body);
  return data.data;
}

export function useStartChat() {
  return useMutation({ mutationFn: startChat });
}
