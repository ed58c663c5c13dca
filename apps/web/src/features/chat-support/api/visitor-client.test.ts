import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAdapter, problem } from '@/testing/fake-adapter';
import { sendChatMessage } from './send-message';
import { startChat } from './start-chat';
import { serverMessageOr, statusOf, visitorApi } from './visitor-client';

const originalAdapter = visitorApi.defaults.adapter;

afterEach(() => {
  visitorApi.defaults.adapter = originalAdapter;
});

function capture() {
  const calls: InternalAxiosRequestConfig[] = [];
  visitorApi.defaults.adapter = fakeAdapter((config) => {
    calls.push(config);
    if (config.url === '/chat/start')
      return { status: 201, data: { data: { sessionId: 's', messages: [] } } };
    return {
      status: 201,
      data: { data: { _id: 'm', text: 'hi', sender: 'user', timestamp: '2025-01-01T00:00:00Z', seq: 1 } },
    };
  });
  return calls;
}

describe('the visitor chat client', () => {
  it("never sends the dashboard's access token, so an admin on this page writes as a visitor", async () => {
    localStorage.setItem('accessToken', 'an-admins-access-token');
    const calls = capture();
    await startChat({ userName: 'Vera' });
    await sendChatMessage('s'.repeat(22), 'hi');
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call.headers.get('Authorization')).toBeFalsy();
  });

  it('sends the trimmed name, the email only when given, and never the honeypot', async () => {
    const calls = capture();
    await startChat({ userName: '  Vera  ', userEmail: ' ' });
    await startChat({ userName: 'Vera', userEmail: 'vera@example.org' });
    expect(JSON.parse(String(calls[0]?.data))).toEqual({ userName: 'Vera' });
    expect(JSON.parse(String(calls[1]?.data))).toEqual({ userName: 'Vera', userEmail: 'vera@example.org' });
  });

  it("reads the server's detail and status from a failure", async () => {
    visitorApi.defaults.adapter = fakeAdapter(() => ({
      status: 409,
      data: problem(409, 'This chat has been closed by support.'),
    }));
    const error = await sendChatMessage('s'.repeat(22), 'hi').catch((e: unknown) => e);
    expect(statusOf(error)).toBe(409);
    expect(serverMessageOr(error, 'Failed to send message')).toBe('This chat has been closed by support.');
    expect(serverMessageOr(new Error('Network Error'), 'Failed to start chat session')).toBe(
      'Failed to start chat session',
    );
  });
});
