import { createDeliveriesRepository } from '../modules/deliveries/deliveries.repository.js';
import type { FormsService } from '../modules/forms/forms.service.js';
import type { ResponseReader } from '../modules/responses/response-reader.js';
import { createResponsesService } from '../modules/responses/responses.service.js';
import { createStatsRepository } from '../modules/stats/stats.repository.js';
import { createStatsService } from '../modules/stats/stats.service.js';
import type { TemplatesRepository } from '../modules/templates/templates.repository.js';
import type { AppContext } from './app-context.js';

export interface ResponsesDeps {
  forms: FormsService;
  templatesRepository: TemplatesRepository;
  responseReader: ResponseReader;
}

/** The owner's view of the responses (with the outbox their resends go to) and the dashboard's stats. */
export function wireResponses({ database, clock }: AppContext, deps: ResponsesDeps) {
  // Every other destination of a response (the owner's e-mail, webhooks): a durable outbox of its own
  // worker, beside the sheet's (issue 24, decision 0028).
  const deliveriesRepository = createDeliveriesRepository(database.db, {
    sqliteWriter: database.sqliteWriter,
  });
  const responses = createResponsesService({
    forms: deps.forms,
    templates: deps.templatesRepository,
    reader: deps.responseReader,
    deliveries: deliveriesRepository,
  });
  const stats = createStatsService({ stats: createStatsRepository(database.db), ...clock });
  return { deliveriesRepository, responses, stats };
}
