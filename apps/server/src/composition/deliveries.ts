import type { DeliveriesRepository } from '../modules/deliveries/deliveries.repository.js';
import { createDeliveriesWorker } from '../modules/deliveries/deliveries.worker.js';
import { leaseWarning } from '../modules/deliveries/lease-budget.js';
import type { ReceiptPdf } from '../modules/deliveries/receipt-pdf.js';
import { createWebhooksService } from '../modules/deliveries/webhooks.service.js';
import type { FormsService } from '../modules/forms/forms.service.js';
import { createSmtpMailer } from '../modules/mail/smtp-mailer.js';
import type { AppContext } from './app-context.js';

export interface DeliveriesDeps {
  forms: FormsService;
  /** Reloads a form on every instance: its webhooks decide whether its responses have deliveries to plan. */
  announceFormChange: (formId: string) => void;
  deliveriesRepository: DeliveriesRepository;
  /** Called only once the app is running, so it may reach a PDF service made after this worker. */
  receiptPdf: ReceiptPdf;
}

/** The owners' webhooks and the worker that sends the outbox: e-mails (SMTP or logged) and webhook calls. */
export function wireDeliveries({ app, config, database, clock }: AppContext, deps: DeliveriesDeps) {
  const { forms, deliveriesRepository, receiptPdf, announceFormChange } = deps;
  const deliveryMail = config.deliveries.mail;
  const deliveryMailer =
    deliveryMail && 'smtpUrl' in deliveryMail
      ? createSmtpMailer({ smtpUrl: deliveryMail.smtpUrl, timeoutMs: deliveryMail.timeoutMs })
      : undefined;
  if (deliveryMailer) app.addHook('onClose', async () => deliveryMailer.close());
  const webhooks = createWebhooksService({
    db: database.db,
    forms,
    deliveries: deliveriesRepository,
    onReplay: () => deliveriesWorker.notify(),
    onWebhooksChanged: announceFormChange,
    ...clock,
  });
  const deliveriesWorker = createDeliveriesWorker({
    repository: deliveriesRepository,
    disableWebhook: (webhookId, reason) => webhooks.disable(webhookId, reason),
    mail:
      deliveryMailer && deliveryMail && 'smtpUrl' in deliveryMail
        ? { mailer: deliveryMailer, from: deliveryMail.from }
        : deliveryMail
          ? { logOnly: true }
          : undefined,
    receiptPdf,
    publicUrl: config.publicUrl,
    log: app.log,
    allowPrivateWebhooks: config.deliveries.webhookAllowPrivate,
    pollMs: config.deliveries.pollMs,
    leaseMs: config.deliveries.leaseMs,
    ...clock,
  });
  if (config.deliveries.enabled) {
    const warning = leaseWarning(config.deliveries.leaseMs, {
      mailTimeoutMs:
        deliveryMailer && deliveryMail && 'smtpUrl' in deliveryMail ? deliveryMail.timeoutMs : undefined,
      // Receipts print a PDF wherever mail is planned, sent or logged.
      pdfTimeoutMs: deliveryMail ? config.pdf.timeoutMs : undefined,
      htmlWorkTimeoutMs: config.htmlWork.timeoutMs,
    });
    if (warning) app.log.warn(warning);
    app.addHook('onReady', async () => deliveriesWorker.start());
    app.addHook('preClose', async () => deliveriesWorker.stop());
  }
  return { webhooks, deliveriesWorker };
}
