import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountChoice } from './account-choice.js';

/** The cookie naming the account a browser last chose on the chooser. */
export const SESSION_COOKIE = 'EMULATOR_SID';

/**
 * Which account each browser is signed in with, like Google's session cookie, so that a token request
 * without `prompt` (or with `prompt=none`) can be answered without the chooser. Sessions live in memory:
 * after a restart, browsers see the chooser once more. The cookie is HttpOnly, SameSite=Lax and limited to
 * the emulator's path, so the app on the same origin never sees it.
 */
export class BrowserSessions {
  readonly #accounts = new Map<string, AccountChoice>();

  /** The account of the request's session, if it has one. */
  accountOf(request: FastifyRequest): AccountChoice | undefined {
    const id = cookieValue(request.headers.cookie, SESSION_COOKIE);
    return id ? this.#accounts.get(id) : undefined;
  }

  /** Starts (or switches) the browser's session to `account`, setting the cookie on `reply`. */
  signIn(request: FastifyRequest, reply: FastifyReply, account: AccountChoice, cookiePath: string) {
    const existing = cookieValue(request.headers.cookie, SESSION_COOKIE);
    const id = existing && this.#accounts.has(existing) ? existing : randomBytes(24).toString('base64url');
    this.#accounts.set(id, { email: account.email, name: account.name });
    reply.header('set-cookie', `${SESSION_COOKIE}=${id}; Path=${cookiePath}; HttpOnly; SameSite=Lax`);
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
