import { HTML_LIMIT_MESSAGES, type TemplateEntry, type TemplateValues } from '@sheetforms/contract';
import { HttpError } from '../http/http-error.js';
import { HtmlLimitError, type HtmlLimitReason } from './html-limit-error.js';
import { HtmlBusyError, type HtmlPool } from './html-pool.js';
import type { HtmlTaskName, HtmlTasks, TemplateForFill } from './html-tasks.js';

/** How each limit is answered: nesting is a malformed request (400), sizes are 413. */
const LIMIT_PROBLEMS: Record<HtmlLimitReason, () => HttpError> = {
  'too-large': () => new HttpError(413, 'HTML_TOO_LARGE', HTML_LIMIT_MESSAGES.tooLarge),
  'too-deep': () => new HttpError(400, 'HTML_TOO_DEEP', HTML_LIMIT_MESSAGES.tooDeep),
  'too-many-nodes': () => new HttpError(413, 'HTML_TOO_COMPLEX', HTML_LIMIT_MESSAGES.tooManyNodes),
  'filled-too-large': () => new HttpError(413, 'FILLED_TOO_LARGE', HTML_LIMIT_MESSAGES.filledTooLarge),
};

export const htmlLimitProblem = (reason: HtmlLimitReason) => LIMIT_PROBLEMS[reason]();

/**
 * The HTML work the services ask for, run on the pool's threads and answered as problems: a limit is
 * its 400/413, a pool that cannot take or finish the work in time is 503 with Retry-After.
 */
export function createHtmlWork(pool: HtmlPool) {
  async function run<K extends HtmlTaskName>(
    task: K,
    input: Parameters<HtmlTasks[K]>[0],
    key: string,
  ): Promise<ReturnType<HtmlTasks[K]>> {
    try {
      return await pool.run(task, input, key);
    } catch (error) {
      if (error instanceof HtmlLimitError) throw htmlLimitProblem(error.reason);
      if (error instanceof HtmlBusyError) {
        const [status, detail] = error.caller
          ? [429, HTML_LIMIT_MESSAGES.busyForYou]
          : [503, HTML_LIMIT_MESSAGES.busy];
        throw new HttpError(status, 'HTML_BUSY', detail, undefined, error.retryAfterSeconds);
      }
      throw error;
    }
  }

  /**
   * Each call names whose work it is (the owner's id, or a public client's address key), so that one of
   * them can hold only a few of the pool's places (html-pool.ts perKeyLimit).
   */
  return {
    /** A signature upload re-encoded (undefined when it does not decode). */
    async reencodePng(png: Buffer, key: string): Promise<Buffer | undefined> {
      const result = await run('reencodePng', png, `public:${key}`);
      // A Buffer crosses threads as a plain Uint8Array.
      return 'png' in result
        ? Buffer.from(result.png.buffer, result.png.byteOffset, result.png.byteLength)
        : undefined;
    },
    decodeHtmlToPdfForm: (body: string, key: string) => run('decodeHtmlToPdfForm', body, key),
    sanitizeTemplate: (html: string, ownerId: string) => run('sanitizeTemplate', html, `owner:${ownerId}`),
    sanitizeForPdf: (html: string, ownerId: string) => run('sanitizeForPdf', html, `owner:${ownerId}`),
    fillDocument: (content: string, values: TemplateValues, ownerId: string) =>
      run('fillDocument', { content, values }, `owner:${ownerId}`),
    fillPage: (
      templates: TemplateForFill[],
      responses: TemplateValues[],
      ownerId: string,
    ): Promise<TemplateEntry[][]> =>
      templates.length === 0
        ? Promise.resolve(responses.map(() => []))
        : run('fillPage', { templates, responses }, `owner:${ownerId}`),
    stats: () => pool.stats(),
  };
}

export type HtmlWork = ReturnType<typeof createHtmlWork>;
