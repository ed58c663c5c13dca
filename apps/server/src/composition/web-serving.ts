import path from 'node:path';
import { notFoundProblem } from '../http/problem.js';
import { registerWebApp } from '../http/web-app.js';
import type { FormAccessService } from '../modules/form-access/form-access.service.js';
import { createPrefilledPageLimits, formPageRoutes } from '../modules/form-page/form-page.routes.js';
import { createFormPageService } from '../modules/form-page/form-page.service.js';
import type { FormPageCache } from '../modules/form-page/form-page-cache.js';
import { loadFormPageRenderer } from '../modules/form-page/form-page-renderer.js';
import type { PrefillTokens } from '../modules/prefill-links/prefill-tokens.js';
import { formPostRoutes } from '../modules/submissions/form-post.routes.js';
import type { createSubmitLimits } from '../modules/submissions/submissions.routes.js';
import type { SubmissionsService } from '../modules/submissions/submissions.service.js';
import { signatureFileRoutes } from '../modules/uploads/uploads.routes.js';
import type { UploadsService } from '../modules/uploads/uploads.service.js';
import type { AppContext } from './app-context.js';

export interface WebServingDeps {
  uploads: UploadsService;
  access: FormAccessService;
  formPageCache: FormPageCache;
  prefillTokens: PrefillTokens;
  submissions: SubmissionsService;
  submitLimits: ReturnType<typeof createSubmitLimits>;
}

/**
 * What is served outside /api: signature images, the server-rendered form page with its plain POST,
 * the web app; unknown paths go to the web app's fallback, or a problem+json 404 without one.
 */
export async function registerWebServing({ app, config }: AppContext, deps: WebServingDeps): Promise<void> {
  const { access, submissions } = deps;
  await signatureFileRoutes(app, { uploads: deps.uploads });

  // /form/{formId} rendered on the server and its no-JavaScript POST, when the web build has the renderer.
  const formPageRenderer = config.serveWeb
    ? await loadFormPageRenderer(path.resolve(config.webDistDir)).catch((error: unknown) => {
        app.log.error(
          { err: error },
          'the public form renderer could not be loaded; the browser renders forms',
        );
        return undefined;
      })
    : undefined;
  if (formPageRenderer) {
    const pages = createFormPageService({
      access,
      renderer: formPageRenderer,
      cache: deps.formPageCache,
      prefillTokens: deps.prefillTokens,
    });
    await formPageRoutes(app, {
      pages,
      limits: createPrefilledPageLimits(app, config.rateLimit.publicPerMinute),
    });
    await formPostRoutes(app, { pages, submissions, limits: deps.submitLimits, access });
  }

  const webFallback = config.serveWeb
    ? await registerWebApp(app, path.resolve(config.webDistDir), config.publicUrl)
    : undefined;
  app.setNotFoundHandler(webFallback ?? notFoundProblem);
}
