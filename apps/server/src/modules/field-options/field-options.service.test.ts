import type { FormField } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { GoogleApiError } from '../../google/google-api-error.js';
import { createFieldOptions, type OptionsSource } from './field-options.service.js';
import { createOptionsCache } from './options-cache.js';

const PLAN: FormField & { id: string } = {
  id: 'fplan',
  label: 'Plan',
  type: 'dropdown',
  required: true,
  placeHolder: '',
  isRemoved: false,
  optionsFrom: { range: 'Lists!A2:A' },
  options: ['Saved'],
};
const NAME: FormField & { id: string } = {
  id: 'fname',
  label: 'Name',
  type: 'text',
  required: false,
  placeHolder: '',
  isRemoved: false,
};
const PROVEN: OptionsSource = { ownerId: 'ada', spreadsheetId: 'sheet1', editAccessProvenFor: 'sheet1' };

function setup(options: { values?: string[][]; error?: GoogleApiError; canEdit?: boolean } = {}) {
  const calls: string[] = [];
  let clock = 0;
  const state = { ...options };
  const service = createFieldOptions({
    sheets: {
      async getSpreadsheet(spreadsheetId) {
        calls.push(`${spreadsheetId} metadata`);
        if (state.error) throw state.error;
        return {
          spreadsheetId,
          title: 'Book',
          sheets: [{ sheetId: 1, title: 'Lists', index: 0, rowCount: 5000, columnCount: 26 }],
        };
      },
      async getValues(spreadsheetId, range) {
        calls.push(`${spreadsheetId} ${range}`);
        if (state.error) throw state.error;
        return { range, values: state.values ?? [] };
      },
    },
    ownerCanEdit: async () => state.canEdit ?? false,
    cache: createOptionsCache({ now: () => clock }),
  });
  return {
    service,
    calls,
    state,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('field options', () => {
  it('gives optionsFrom fields the options the range holds, and leaves others alone', async () => {
    const { service, calls } = setup({ values: [['Free'], ['Pro']] });
    expect(await service.resolve([NAME, PLAN], PROVEN)).toEqual({
      fields: [NAME, { ...PLAN, options: ['Free', 'Pro'] }],
      warnings: [],
    });
    expect(calls).toEqual(['sheet1 metadata', "sheet1 'Lists'!A2:A1001"]);
  });

  it("reads a range's first column within the sheet's grid, at most 1,000 cells, whatever the owner wrote", async () => {
    const { service, calls } = setup({ values: [['Free'], ['Pro']] });
    const huge = { ...PLAN, id: 'fhuge', optionsFrom: { range: 'Lists!A1:ZZZ9999999' } };
    const same = { ...PLAN, id: 'fsame', optionsFrom: { range: "'Lists'!A1:A" } };
    const read = await service.resolve([huge, same], PROVEN);
    expect(read.fields.map((field) => field.options)).toEqual([
      ['Free', 'Pro'],
      ['Free', 'Pro'],
    ]);
    // Both name the same cells once bounded: one read serves both.
    expect(calls).toEqual(['sheet1 metadata', "sheet1 'Lists'!A1:A1000"]);
  });

  it('warns, without reading values, about a range on a sheet that is not there', async () => {
    const { service, calls } = setup({ values: [['Free']] });
    const gone = { ...PLAN, optionsFrom: { range: 'Gone!A2:A' } };
    const read = await service.resolve([gone], PROVEN);
    expect(read.warnings[0]?.message).toBe(
      'Options could not be read from Gone!A2:A: Google Sheets could not find that range (check the sheet name). Respondents see the last list read.',
    );
    expect(calls).toEqual(['sheet1 metadata']);
  });

  it('reads nothing for a form without optionsFrom fields', async () => {
    const { service, calls } = setup();
    expect(await service.resolve([NAME], undefined)).toEqual({ fields: [NAME], warnings: [] });
    expect(calls).toEqual([]);
  });

  it('keeps the last good list when the range cannot be read, and warns the owner', async () => {
    const { service, state, tick } = setup({ values: [['Free'], ['Pro']] });
    await service.resolve([PLAN], PROVEN);
    state.error = new GoogleApiError('SHEET_NOT_FOUND', 'Unable to parse range: Lists!A2:A');
    tick(60_000);
    expect(await service.resolve([PLAN], PROVEN)).toEqual({
      fields: [{ ...PLAN, options: ['Free', 'Pro'] }],
      warnings: [
        {
          fieldId: 'fplan',
          label: 'Plan',
          message:
            'Options could not be read from Lists!A2:A: Google Sheets could not find that range (check the sheet name). Respondents see the last list read.',
        },
      ],
    });
  });

  it('falls back to the list saved with the field when nothing was read yet, or the range is empty', async () => {
    const failing = setup({ error: new GoogleApiError('UNAVAILABLE', 'down') });
    const read = await failing.service.resolve([PLAN], PROVEN);
    expect(read.fields).toEqual([{ ...PLAN, options: ['Saved'] }]);
    expect(read.warnings[0]?.message).toBe(
      'Options could not be read from Lists!A2:A: Google Sheets did not answer. Respondents see the last list read.',
    );
    const empty = setup({ values: [[''], ['  ']] });
    const { options: _saved, ...unsaved } = PLAN;
    expect(await empty.service.resolve([unsaved], PROVEN)).toEqual({
      fields: [{ ...unsaved, options: [] }],
      warnings: [
        {
          fieldId: 'fplan',
          label: 'Plan',
          message:
            'Options could not be read from Lists!A2:A: the range holds no options. Respondents see no options until it can be read.',
        },
      ],
    });
  });

  it("never reads a spreadsheet its owner has not shown they can edit, nor hands them another form's list", async () => {
    const { service, calls, state } = setup({ values: [['Secret salary band']] });
    // Another owner's form on the same spreadsheet and range filled the cache.
    await service.resolve([PLAN], PROVEN);
    const stranger: OptionsSource = { ownerId: 'eve', spreadsheetId: 'sheet1', editAccessProvenFor: null };
    const read = await service.resolve([PLAN], stranger);
    expect(read.fields).toEqual([{ ...PLAN, options: ['Saved'] }]);
    expect(read.warnings[0]?.message).toBe(
      'Options could not be read from Lists!A2:A: SheetForms has not confirmed that you can edit this spreadsheet. Respondents see the last list read.',
    );
    expect(calls).toHaveLength(2);
    // Once the owner-access check says they can edit it, it is read.
    state.canEdit = true;
    expect((await service.resolve([PLAN], stranger)).fields[0]?.options).toEqual(['Secret salary band']);
  });

  it('a form without a spreadsheet keeps its saved list', async () => {
    const { service } = setup();
    const read = await service.resolve([PLAN], {
      ownerId: 'ada',
      spreadsheetId: null,
      editAccessProvenFor: null,
    });
    expect(read.fields[0]?.options).toEqual(['Saved']);
    expect(read.warnings[0]?.message).toContain('the form has no spreadsheet');
  });
});
