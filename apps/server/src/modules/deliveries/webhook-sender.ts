import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_LIMITS } from '@sheetforms/contract';
import { resolveAllowed } from './outbound-address.js';

export interface WebhookAttempt {
  /** The receiver's HTTP status; undefined when no answer came (refused, timed out, address refused). */
  status?: number;
  /** Why it was not delivered: the error, or the start of the receiver's answer. */
  error?: string;
}

/**
 * One POST to a receiver. The name is resolved and checked at this attempt and the connection pinned to
 * that address (outbound-address.ts); redirects are not followed (a 3xx is an answer like any other, and
 * not a 2xx); the whole attempt, connecting included, ends after `timeoutMs`; at most
 * WEBHOOK_LIMITS.responseReadBytes of the answer are read, then the connection is dropped.
 */
export async function postWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<WebhookAttempt> {
  const url = new URL(input.url);
  const timeoutMs = input.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs;
  let pinned: { address: string; family: 4 | 6 };
  try {
    pinned = await resolveAllowed(url.hostname, input.allowPrivate);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [pinned]);
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookAttempt>((resolve) => {
    let settled = false;
    const finish = (attempt: WebhookAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(attempt);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...input.headers, 'content-length': Buffer.byteLength(input.body).toString() },
        lookup,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // A 2xx is delivered as soon as it arrives; its body is not waited for.
        if (status >= 200 && status < 300) return finish({ status });
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_LIMITS.responseReadBytes);
          finish({ status, error: `HTTP ${status}${text.trim() ? `: ${text.trim()}` : ''}` });
        };
        response.on('data', (chunk: Buffer) => {
          if (read >= WEBHOOK_LIMITS.responseReadBytes) return;
          chunks.push(chunk);
          read += chunk.length;
          if (read >= WEBHOOK_LIMITS.responseReadBytes) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(
      () => finish({ error: `No answer within ${Math.round(timeoutMs / 1000)} s` }),
      timeoutMs,
    );
    request.on('error', (error) => finish({ error: error.message }));
    request.end(input.body);
  });
}
