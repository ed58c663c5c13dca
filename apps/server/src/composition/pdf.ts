import type { HtmlWork } from '../html-work/html-work.js';
import { createReceiptPdf } from '../modules/deliveries/receipt-pdf.js';
import type { FormsService } from '../modules/forms/forms.service.js';
import { createChromiumLauncher } from '../modules/pdf/chromium-browser.js';
import { createPdfService } from '../modules/pdf/pdf.service.js';
import { createPdfResponsesRepository } from '../modules/pdf/pdf-responses.repository.js';
import { createQueuedPdfRenderer } from '../modules/pdf/queued-pdf-renderer.js';
import type { ResponsesService } from '../modules/responses/responses.service.js';
import type { TemplatesService } from '../modules/templates/templates.service.js';
import type { UploadsService } from '../modules/uploads/uploads.service.js';
import type { AppContext } from './app-context.js';

export interface PdfDeps {
  forms: FormsService;
  templates: TemplatesService;
  responses: ResponsesService;
  uploads: UploadsService;
  html: HtmlWork;
}

/** PDF export of filled templates, and the receipts that deliveries attach. */
export function wirePdf({ app, config, database, clock }: AppContext, deps: PdfDeps) {
  // PDF export: one warm Chromium per process behind a bounded queue (decision 0012), started on first
  // use (or with the server, not delaying it), closed with the server. Without Chromium only PDFs fail.
  const pdfRenderer = createQueuedPdfRenderer({
    launch: createChromiumLauncher({ executablePath: config.pdf.chromiumPath }),
    concurrency: config.pdf.concurrency,
    queueLimit: config.pdf.queueLimit,
    timeoutMs: config.pdf.timeoutMs,
    recycleAfter: config.pdf.recycleAfter,
    log: app.log,
  });
  if (config.pdf.warmStart) app.addHook('onReady', async () => void pdfRenderer.warm());
  app.addHook('onClose', async () => pdfRenderer.close());
  const pdf = createPdfService({
    renderer: pdfRenderer,
    forms: deps.forms,
    templates: deps.templates,
    responses: deps.responses,
    responsesByIds: createPdfResponsesRepository(database.db),
    signatures: deps.uploads,
    html: deps.html,
    timeZone: config.sheetSync.timeZone,
    ...clock,
  });
  const receiptPdf = createReceiptPdf({ pdf, format: 'A4', log: app.log });
  return { pdf, receiptPdf };
}
