import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm, strictlyIncreasingClock } from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { settingsFromJson } from './form-settings.js';
import { createFormsRepository, type FormsRepository } from './forms.repository.js';
import { createFormsService } from './forms.service.js';

const DOC_URL = 'https://docs.google.com/document/d/1DocIdAbcdefghijklmnopqrstuvwxyz012345/edit';

/**
 * The templates module sets the form's templateEnabled flag by reading the settings and writing them
 * back. A settings save (PUT /forms) that commits in between must survive: a form the owner just made
 * login-only must not turn public again.
 */
describeEachDialect('templateEnabled beside a settings save', (dialect) => {
  let t: TestApp;
  let owner: { token: string; id: string };

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { now: strictlyIncreasingClock() });
    const session = await t.signIn('owner@example.com', 'Owner');
    owner = { token: session.accessToken, id: session.user.id };
  });
  afterAll(async () => {
    await t.close();
  });

  const storedForm = (formId: string) =>
    t.database.db
      .selectFrom('forms')
      .select(['settings_json', 'updated_at'])
      .where('form_id', '=', formId)
      .executeTakeFirstOrThrow();
  const saveSettings = (formId: string, settings: Record<string, unknown>) =>
    t.request('PUT', `/api/v1/forms/${formId}`, { token: owner.token, body: { settings } });

  /**
   * The forms service over the test app's database, whose repository runs `betweenReadAndWrite` (once)
   * right after the service reads the form: the save it makes commits between the flag's read and write.
   */
  function serviceWithPause() {
    const repository = createFormsRepository(t.database.db);
    const pause: { betweenReadAndWrite?: () => Promise<void>; everyTime?: boolean } = {};
    const paused: FormsRepository = {
      ...repository,
      async findByFormIdForOwner(ownerId, formId) {
        const row = await repository.findByFormIdForOwner(ownerId, formId);
        const work = pause.betweenReadAndWrite;
        if (!pause.everyTime) pause.betweenReadAndWrite = undefined;
        await work?.();
        return row;
      },
    };
    const changed: string[] = [];
    const service = createFormsService({
      forms: paused,
      responses: { newest: async () => ({ items: [], total: 0 }) },
      templates: { listForForm: async () => [] },
      formUsers: { listByForm: async () => [] },
      publicUrl: 'http://localhost',
      sheetAccess: { requireForBinding: async () => ({ kind: 'unreachable' }) },
      onFormChanged: (formId) => changed.push(formId),
    });
    return { service, pause, changed };
  }

  it('keeps a settings save that commits between reading and writing the flag (add, then delete)', async () => {
    const form = await createForm(t, owner.token, { settings: { loginRequired: 0 } });
    const { service, pause, changed } = serviceWithPause();

    let saveUpdatedAt = '';
    pause.betweenReadAndWrite = async () => {
      const res = await saveSettings(form.formId, { loginRequired: 1 });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Form updated successfully!');
      saveUpdatedAt = res.body.data.updatedAt;
    };
    await service.setTemplateEnabled(owner.id, form.formId, true);
    expect(pause.betweenReadAndWrite).toBeUndefined();
    let stored = await storedForm(form.formId);
    expect(settingsFromJson(stored.settings_json)).toMatchObject({ loginRequired: 1, templateEnabled: 1 });
    // The flag's write is a change of the form: a newer updated_at (an editor's conditional save of the
    // copy before it gets 409), and the cached public form dropped.
    expect(stored.updated_at > saveUpdatedAt).toBe(true);
    expect(changed).toEqual([form.formId]);

    // The last template deleted: the flag goes off, and a save in between (which re-sends the flag) holds.
    pause.betweenReadAndWrite = async () => {
      const res = await saveSettings(form.formId, {
        loginRequired: 1,
        signatureEnabled: 1,
        templateEnabled: 1,
      });
      expect(res.status).toBe(200);
    };
    await service.setTemplateEnabled(owner.id, form.formId, false);
    stored = await storedForm(form.formId);
    expect(settingsFromJson(stored.settings_json)).toMatchObject({
      loginRequired: 1,
      signatureEnabled: 1,
      templateEnabled: 0,
    });
    expect(changed).toEqual([form.formId, form.formId]);
  });

  it('answers 404 when the form is deleted between reading and writing the flag', async () => {
    const form = await createForm(t, owner.token);
    const { service, pause, changed } = serviceWithPause();
    pause.betweenReadAndWrite = async () => {
      const res = await t.request('DELETE', `/api/v1/forms/${form.formId}`, { token: owner.token });
      expect(res.status).toBe(200);
    };
    await expect(service.setTemplateEnabled(owner.id, form.formId, true)).rejects.toMatchObject({
      status: 404,
    });
    expect(changed).toEqual([]);
  });

  it('gives up with an error, storing nothing, when the settings change before every write', async () => {
    const form = await createForm(t, owner.token, { settings: { loginRequired: 0 } });
    const { service, pause, changed } = serviceWithPause();
    let saves = 0;
    pause.everyTime = true;
    pause.betweenReadAndWrite = async () => {
      saves++;
      expect(
        (await saveSettings(form.formId, { loginRequired: 1, signatureHeight: 200 + saves })).status,
      ).toBe(200);
    };
    await expect(service.setTemplateEnabled(owner.id, form.formId, true)).rejects.toThrow(
      /settings kept changing/,
    );
    expect(saves).toBe(5);
    expect(settingsFromJson((await storedForm(form.formId)).settings_json)).toMatchObject({
      loginRequired: 1,
      signatureHeight: 205,
      templateEnabled: 0,
    });
    expect(changed).toEqual([]);
  });

  it('never loses loginRequired when a template is added while the settings are saved (API race)', async () => {
    for (let round = 0; round < 20; round++) {
      const form = await createForm(t, owner.token, { settings: { loginRequired: 0 } });
      const [added, saved] = await Promise.all([
        t.request('POST', `/api/v1/forms/${form.formId}/templates`, {
          token: owner.token,
          body: { name: 'Certificate', googleDocsUrl: DOC_URL, content: '<p>Hi</p>' },
        }),
        // The editor sends the whole settings, the flag it shows included.
        saveSettings(form.formId, { loginRequired: 1, templateEnabled: 1 }),
      ]);
      expect(added.status).toBe(201);
      expect(saved.status).toBe(200);
      const settings = settingsFromJson((await storedForm(form.formId)).settings_json);
      expect(settings, `round ${round}`).toMatchObject({ loginRequired: 1, templateEnabled: 1 });
    }
  });
});
