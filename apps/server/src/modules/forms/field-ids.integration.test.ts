import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm } from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const ID = /^f[0-9a-z]{10}$/;

describeEachDialect('field ids', (dialect) => {
  let t: TestApp;
  let owner: string;
  const api = (method: string, path: string, body?: unknown) =>
    t.request(method, `/api/v1${path}`, { token: owner, ...(body === undefined ? {} : { body }) });
  const jdataOf = async (formId: string) => (await api('GET', `/forms/${formId}`)).body.data.form.jdata;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = (await t.signIn('ids@example.com', 'Owner')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps ids across renames and reorders, gives a field added without one a new id, keeps ids sent', async () => {
    const form = await createForm(t, owner, {
      jdata: [
        { id: 'client-name', label: 'Full Name', type: 'text' },
        { label: 'Email', type: 'email' },
      ],
    });
    const [name, email] = await jdataOf(form.formId);
    expect(name.id).toBe('client-name');
    expect(email.id).toMatch(ID);

    // The editor: Email moved first and renamed, a new field at the end.
    const res = await api('PUT', `/forms/${form.formId}`, {
      jdata: [
        { ...email, label: 'Work email' },
        { ...name, label: 'Name' },
        { label: 'Seats', type: 'number', min: 1, max: 10 },
      ],
    });
    expect(res.status).toBe(200);
    const after = await jdataOf(form.formId);
    expect(after.map((field: { id: string; label: string }) => [field.id, field.label])).toEqual([
      [email.id, 'Work email'],
      ['client-name', 'Name'],
      [expect.stringMatching(ID), 'Seats'],
    ]);
    expect(after[2]).toMatchObject({ type: 'number', min: 1, max: 10 });
    expect(new Set(after.map((field: { id: string }) => field.id)).size).toBe(3);
  });

  it('a client that sends no ids keeps them by label; a field with a new label gets a new one', async () => {
    const form = await createForm(t, owner);
    const [name, email] = await jdataOf(form.formId);
    await api('PUT', `/forms/${form.formId}`, {
      jdata: [
        { label: 'Email', type: 'email' },
        { label: 'Full Name', type: 'text', required: true },
        { label: 'Phone', type: 'tel' },
      ],
    });
    const after = await jdataOf(form.formId);
    expect(after.map((field: { id: string }) => field.id)).toEqual([
      email.id,
      name.id,
      expect.stringMatching(ID),
    ]);
    expect(after[2].id).not.toBe(name.id);
  });

  it('refuses two fields with one id, and an id of another shape, with a 400', async () => {
    const form = await createForm(t, owner);
    const twice = await api('PUT', `/forms/${form.formId}`, {
      jdata: [
        { id: 'same', label: 'A' },
        { id: 'same', label: 'B' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.detail).toContain('Field ids must be unique');
    const shaped = await api('PUT', `/forms/${form.formId}`, { jdata: [{ id: 'has space', label: 'A' }] });
    expect(shaped.status).toBe(400);
    expect(shaped.body.detail).toContain('Field ids are 1 to 40 letters, digits, _ or -');
  });

  it('reads a field stored without an id with an id from its position, the same on every read', async () => {
    const form = await createForm(t, owner);
    await t.database.db
      .updateTable('forms')
      .set({ fields_json: JSON.stringify([{ label: 'Old A' }, { label: 'Old B', type: 'email' }]) })
      .where('form_id', '=', form.formId)
      .execute();
    const first = await jdataOf(form.formId);
    expect(first.map((field: { id: string }) => field.id)).toEqual(['field-1', 'field-2']);
    expect(await jdataOf(form.formId)).toEqual(first);
    const validate = await t.request('GET', `/api/v1/forms/validate-form?formId=${form.formId}`);
    expect(validate.body.data.jdata.map((field: { id: string }) => field.id)).toEqual(['field-1', 'field-2']);
  });
});
