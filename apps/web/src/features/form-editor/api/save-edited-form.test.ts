// @vitest-environment node
import type { Form, FormDetail } from '@sheetforms/contract';
import { AxiosError, AxiosHeaders } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadedForm } from '../logic/loaded-form.test-support';
import * as api from './form-editor-api';
import { FormChangedError, saveEditedForm, saveOver } from './save-edited-form';

vi.mock('./form-editor-api', () => ({ updateForm: vi.fn(), getFormDetail: vi.fn() }));
const updateForm = vi.mocked(api.updateForm);
const getFormDetail = vi.mocked(api.getFormDetail);

const loaded = loadedForm();
const LATER = '2025-01-02T00:00:00.000Z';
const body = { name: 'Renamed' };
const saved = { data: { ...loaded, name: 'Renamed' }, message: 'Form updated successfully!' };

function refusal(status: number, code: string): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, {
    status,
    statusText: '',
    headers,
    config: { headers },
    data: { status, code, detail: 'refused' },
  });
}
const detailWith = (form: Form) => ({ form }) as unknown as FormDetail;

describe('saveEditedForm', () => {
  beforeEach(() => {
    updateForm.mockReset();
    getFormDetail.mockReset();
  });

  it('expects the updatedAt the editor loaded', async () => {
    updateForm.mockResolvedValue(saved);
    await expect(saveEditedForm('abcDEF123456', body, loaded)).resolves.toBe(saved);
    expect(updateForm).toHaveBeenCalledWith('abcDEF123456', { ...body, expectedUpdatedAt: loaded.updatedAt });
    expect(getFormDetail).not.toHaveBeenCalled();
  });

  it('saves again over a form that changed only in its templates (added in this editor a moment ago)', async () => {
    updateForm.mockRejectedValueOnce(refusal(409, 'FORM_CHANGED')).mockResolvedValueOnce(saved);
    getFormDetail.mockResolvedValue(
      detailWith({
        ...loaded,
        updatedAt: LATER,
        settings: {
          ...loaded.settings,
          templateEnabled: 1,
          templates: [{ id: 't1', name: 'Receipt', googleDocsUrl: '', content: '<p/>' }],
        },
      }),
    );
    await expect(saveEditedForm('abcDEF123456', body, loaded)).resolves.toBe(saved);
    expect(updateForm).toHaveBeenLastCalledWith('abcDEF123456', { ...body, expectedUpdatedAt: LATER });
  });

  it('keeps the refusal when anything else changed: another tab saved the form, which the error carries', async () => {
    updateForm.mockRejectedValueOnce(refusal(409, 'FORM_CHANGED'));
    const elsewhere = { ...loaded, updatedAt: LATER, name: 'Saved elsewhere' };
    getFormDetail.mockResolvedValue(detailWith(elsewhere));
    const failure = await saveEditedForm('abcDEF123456', body, loaded).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FormChangedError);
    expect((failure as FormChangedError).current).toBe(elsewhere);
    expect(updateForm).toHaveBeenCalledTimes(1);
  });

  it('saves my version over the save the owner was told about, and over nothing newer', async () => {
    updateForm.mockResolvedValueOnce(saved);
    await expect(saveOver('abcDEF123456', body, LATER)).resolves.toBe(saved);
    expect(updateForm).toHaveBeenCalledWith('abcDEF123456', { ...body, expectedUpdatedAt: LATER });
    expect(getFormDetail).not.toHaveBeenCalled();

    // Saved elsewhere again while the owner decided: refused, with that newer form to ask about.
    const newer = { ...loaded, updatedAt: '2025-01-03T00:00:00.000Z', name: 'Saved again' };
    updateForm.mockRejectedValueOnce(refusal(409, 'FORM_CHANGED'));
    getFormDetail.mockResolvedValue(detailWith(newer));
    const failure = await saveOver('abcDEF123456', body, LATER).catch((error: unknown) => error);
    expect((failure as FormChangedError).current).toBe(newer);
  });

  it('passes any other error on without reading the form', async () => {
    const invalid = refusal(400, 'VALIDATION_FAILED');
    updateForm.mockRejectedValueOnce(invalid);
    await expect(saveEditedForm('abcDEF123456', body, loaded)).rejects.toBe(invalid);
    expect(getFormDetail).not.toHaveBeenCalled();
  });
});
