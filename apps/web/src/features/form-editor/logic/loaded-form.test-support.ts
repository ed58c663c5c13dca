import type { Form } from '@sheetforms/contract';

/**
 * A form as the editor loads it (GET /forms/{formId}), for the tests of what the editor does with it. Its
 * settings leave out the optional flags (notifyOwner and the mail settings), as a form stored before them.
 */
export function loadedForm(overrides: Partial<Form> = {}): Form {
  return {
    id: 'row-1',
    formId: 'abcDEF123456',
    name: 'Survey',
    description: '',
    googleSheetsUrl: '',
    sheetName: '',
    jdata: [{ id: 'f1', label: 'Name', type: 'text', required: true, placeHolder: '', isRemoved: false }],
    settings: {
      loginRequired: 0,
      templateEnabled: 0,
      templateUrl: '',
      templates: [],
      signatureEnabled: 0,
      signatureWidth: 400,
      signatureHeight: 200,
      gdprEnabled: 0,
    },
    dueDate: '2025-01-01',
    status: 'Active',
    openFormUrl: 'http://localhost/form/abcDEF123456',
    iframeCode: '',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
