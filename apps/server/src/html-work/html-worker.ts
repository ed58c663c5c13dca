import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { HtmlLimitError } from './html-limit-error.js';
import type { TaskReply, TaskRequest } from './html-pool.js';
import { type HtmlTaskName, htmlTasks } from './html-tasks.js';

/**
 * An HTML worker thread: runs one task at a time (the pool sends the next only after the reply) and
 * answers with its result, the limit it hit, or the error's message.
 */
/**
 * A new thread's first large task ran about four times slower than the next (1.1 s against 0.3 s for a
 * 1 MB document): the sanitizer's code was not yet optimised. A small document of the same shape, run
 * once at start, takes most of that cost before any request waits on it.
 */
function warmUp() {
  const cell = '<td style="border:1pt solid #000000;padding:5pt;width:50%"><p><span>Cell</span></p></td>';
  const paragraph =
    '<p style="line-height:1.15;margin-top:0pt;text-align:left"><span style="color:#000000;font-weight:700;' +
    'font-size:11pt">Text of {{Full Name}} </span><a href="https://example.com">link</a></p>';
  const table = `<table style="border-collapse:collapse;width:100%"><tbody><tr>${cell}${cell}</tr></tbody></table>`;
  const document = `<h1>Title</h1>${`${paragraph}${table}<ul><li>Item</li></ul>`.repeat(300)}`;
  for (let i = 0; i < 3; i++) htmlTasks.sanitizeTemplate(document);
}

/**
 * HTML work yields the CPU to the thread that answers requests. On Linux a thread has a nice value of
 * its own, and setPriority(0, …) sets this thread's alone; elsewhere it would lower the whole process,
 * so it is left as is there.
 */
function yieldToTheMainThread() {
  if (process.platform !== 'linux') return;
  try {
    setPriority(0, 10);
  } catch {
    // Not permitted here: the pool's time budget still bounds the work.
  }
}

yieldToTheMainThread();
warmUp();

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
