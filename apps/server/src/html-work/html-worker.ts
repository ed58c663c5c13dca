import { parentPort } from 'node:worker_threads';
import { HtmlLimitError } from './html-guard.js';
import type { TaskReply, TaskRequest } from './html-pool.js';
import { type HtmlTaskName, htmlTasks } from './html-tasks.js';

/**
 * An HTML worker thread: runs one task at a time (the pool sends the next only after the reply) and
 * answers with its result, the limit it hit, or the error's message.
 */
parentPort?.on('message', (request: TaskRequest) => {
  let reply: TaskReply;
  try {
    const task = htmlTasks[request.task as HtmlTaskName] as (input: unknown) => unknown;
    reply = { id: request.id, ok: true, result: task(request.input) };
  } catch (error) {
    reply =
      error instanceof HtmlLimitError
        ? { id: request.id, ok: false, limit: error.reason }
        : { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
