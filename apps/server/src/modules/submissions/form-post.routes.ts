import { CHOICES_SEPARATOR } from '@sheetforms/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error.js';
import type { PublicLimits } from '../../http/rate-limits.js';
import type { FormAccessService } from '../form-access/form-access.service.js';
import { sendFormPage, sendTooManyPage } from '../form-page/form-page.routes.js';
import type { FormPageService } from '../form-page/form-page.service.js';
import { formPostKey, type PostedField, type PostedResponse, readFormPost } from './form-post.js';
import type { SubmissionsService } from './submissions.service.js';

export interface FormPostRoutesDeps {
  pages: FormPageService;
  submissions: Pick<SubmissionsService, 'submit'>;
  /** The JSON submit route's own counters (createSubmitLimits): one budget for both ways of submitting. */
  limits: PublicLimits;
  /** The form's fields: a checkboxes field's repeated name is all its ticked boxes; Other only where offered. */
  access: Pick<FormAccessService, 'load'>;
}

type FormPostRequest = FastifyRequest<{ Params: { formId: string } }>;

/** The form's fields, or none for a form that is not there (the submission then answers its 404 page). */
async function postedFields(access: FormPostRoutesDeps['access'], formId: string): Promise<PostedField[]> {
  try {
    return (await access.load(formId)).fields.map(({ label, type, allowOther }) => ({
      label,
      type,
      ...(allowOther ? { allowOther } : {}),
    }));
  } catch (error) {
    if (error instanceof HttpError) return [];
    throw error;
  }
}

/** What was sent, as the refused page shows it again: several ticked boxes as one 'A, B' text. */
function pageValues(response: PostedResponse): Record<string, string> {
  return Object.fromEntries(
    Object.entries(response).map(([label, value]) => [
      label,
      typeof value === 'string' ? value : value.join(CHOICES_SEPARATOR),
    ]),
  );
}

/**
 * POST /form/{formId}: the public form without JavaScript (decision 0020). A plain HTML form's POST goes
 * through the same submission service as POST /api/v1/forms/{formId}/submit-form (the same answer
 * checks, honeypot, idempotency and rate limits) and is answered with a page: the thank-you page, the
 * form again with its errors (400), or what stopped it. A login-protected form cannot be sent this way
 * (the respondent token lives in the browser's storage): it answers 401 with the login page's notice.
 */
export async function formPostRoutes(app: FastifyInstance, deps: FormPostRoutesDeps) {
  await app.register(async (scope) => {
    // This route reads HTML forms only; JSON, multipart and the rest are 415.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    );

    // Every failure is a page too, never a JSON problem the browser would show as text.
    scope.setErrorHandler(async (error, request: FormPostRequest, reply) => {
      const formId = request.params?.formId ?? '';
      if (error instanceof HttpError && error.status === 429) {
        return sendTooManyPage(request, reply, deps.pages, formId);
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const detail =
          status === 413
            ? 'The answers are too long to send.'
            : status === 415
              ? 'This form can only be sent from its page.'
              : 'The form could not be read. Reload the page and try again.';
        return sendFormPage(
          request,
          reply,
          deps.pages.message(formId, status, 'Failed to submit form', detail),
        );
      }
      request.log.error({ err: error }, 'form page submission failed');
      return sendFormPage(
        request,
        reply,
        deps.pages.message(formId, 500, 'Failed to submit form', 'Something went wrong. Please try again.'),
      );
    });

    scope.post<{ Params: { formId: string } }>(
      '/form/:formId',
      { onRequest: deps.limits },
      async (request, reply) => {
        const { formId } = request.params;
        const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
        const post = readFormPost(body, deps.pages.postFields, await postedFields(deps.access, formId));
        if (!post.ok) {
          return sendFormPage(
            request,
            reply,
            deps.pages.message(formId, 400, 'Failed to submit form', post.detail),
          );
        }
        try {
          await deps.submissions.submit(
            formId,
            {
              response: post.response,
              idempotencyKey: formPostKey(formId, post.nonce, post.response),
              ...(post.website !== undefined ? { website: post.website } : {}),
              ...(post.prefillToken !== undefined ? { prefillToken: post.prefillToken } : {}),
            },
            undefined,
          );
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          if (error.status === 401) return sendFormPage(request, reply, deps.pages.login(formId, 401));
          if (error.status === 400 || error.status === 409 || error.status === 404) {
            return sendFormPage(
              request,
              reply,
              await deps.pages.refused(formId, pageValues(post.response), error, post.prefillToken),
            );
          }
          throw error;
        }
        return sendFormPage(request, reply, deps.pages.submitted(formId));
      },
    );
  });
}
