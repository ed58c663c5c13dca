import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { PublicApp } from './app';
import type { FormPageData } from './logic/page-data';

export { FORM_PAGE_DATA_ID, FORM_POST_FIELDS } from './logic/page-data';

/**
 * The server half of the public form (decision 0020): the markup inside #root for /form/{formId}, from
 * the same components the browser hydrates. `location` is the request's path and query.
 */
export function renderFormApp(location: string, data: FormPageData): string {
  return renderToString(
    <StrictMode>
      <PublicApp initial={{ location, data }} />
    </StrictMode>,
  );
}
