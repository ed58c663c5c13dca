import { verify } from '@node-rs/argon2';
import { GENERATED_PASSWORD_ALPHABET } from '@sheetforms/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm } from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { createFormUsersRepository } from './form-users.repository.js';
import { createFormUsersService } from './form-users.service.js';

const PASSWORD_SHAPE = new RegExp(`^[${GENERATED_PASSWORD_ALPHABET.replace(/[\\\]^-]/g, '\\$&')}]{10}$`);

describeEachDialect('authorized form users API', (dialect) => {
  let t: TestApp;
  let owner: string;
  let ownerId: string;

  const api = (path: string, body: unknown, token = owner) =>
    t.request('POST', `/api/v1${path}`, { token, body });
  const storedHash = async (id: string) =>
    (
      await t.database.db
        .selectFrom('form_users')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.password_hash;
  /** The respondent-login use case, over the same database (it needs no owner). */
  const verifyFormUserPassword = (formId: string, email: string, password: string) =>
    createFormUsersService({
      forms: {
        requireOwned: () => {
          throw new Error('not used by verifyFormUserPassword');
        },
      },
      users: createFormUsersRepository(t.database.db),
    }).verifyFormUserPassword(formId, email, password);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const session = await t.signIn('owner@example.com', 'Owner');
    owner = session.accessToken;
    ownerId = session.user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds a user: 201, the generated password once, stored only as an argon2id hash', async () => {
    const form = await createForm(t, owner);
    const res = await api('/forms/add-user', {
      userId: ownerId,
      formId: form.formId,
      email: '  Guest@Example.COM ',
      name: 'Guest User',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('User added successfully!');
    const { formUser, password } = res.body.data;
    expect(formUser).toEqual({
      id: expect.any(String),
      name: 'Guest User',
      email: 'guest@example.com',
      createdAt: expect.any(String),
    });
    expect(password).toMatch(PASSWORD_SHAPE);
    expect(password).toMatch(/[A-Za-z]/);
    expect(password).toMatch(/[0-9]/);
    expect(password).toMatch(/[!@#$%^&*]/);

    const hash = await storedHash(formUser.id);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain(password);
    expect(await verify(hash ?? '', password)).toBe(true);
    expect(await verify(hash ?? '', `${password}x`)).toBe(false);
  });

  it('never takes the password from the body: it is generated on the server', async () => {
    const form = await createForm(t, owner);
    const res = await api('/forms/add-user', {
      formId: form.formId,
      email: 'chosen@example.com',
      name: 'Chooser',
      password: 'MyOwnPassw0rd!',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.password).not.toBe('MyOwnPassw0rd!');
    const hash = await storedHash(res.body.data.formUser.id);
    expect(await verify(hash ?? '', 'MyOwnPassw0rd!')).toBe(false);
    expect(await verify(hash ?? '', res.body.data.password)).toBe(true);
  });

  it('refuses a second user with the same email on one form (409), but not on another form', async () => {
    const form = await createForm(t, owner);
    const other = await createForm(t, owner);
    const body = { formId: form.formId, email: 'twice@example.com', name: 'Twice' };
    expect((await api('/forms/add-user', body)).status).toBe(201);
    const again = await api('/forms/add-user', { ...body, email: 'TWICE@example.com' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This email is already an authorized user of this form');
    expect((await api('/forms/add-user', { ...body, formId: other.formId })).status).toBe(201);
  });

  it("validates the new user with the spec's messages", async () => {
    const form = await createForm(t, owner);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: '', name: 'Valid Name' }, 'Email is required'],
      [{ email: 'not-an-email', name: 'Valid Name' }, 'Valid email is required'],
      [{ email: 'ok@example.com', name: '' }, 'Name is required'],
      [{ email: 'ok@example.com', name: 'A' }, 'Name must be at least 2 characters'],
      [{ email: 'ok@example.com', name: 'Valid Name', formId: '' }, 'Form ID is required'],
    ];
    for (const [fields, detail] of cases) {
      const res = await api('/forms/add-user', { formId: form.formId, ...fields });
      expect(res.status, detail).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    const rows = await t.database.db
      .selectFrom('form_users')
      .select('id')
      .where('form_id', '=', form.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('resets a password: the new one verifies, the old one no longer does, the token version moves', async () => {
    const form = await createForm(t, owner);
    const added = await api('/forms/add-user', {
      formId: form.formId,
      email: 'reset@example.com',
      name: 'Resetter',
    });
    const { formUser, password: oldPassword } = added.body.data;
    expect(await verifyFormUserPassword(form.formId, 'reset@example.com', oldPassword)).toEqual({
      ...formUser,
      tokenVersion: 0,
    });

    const res = await api('/forms/reset-user-password', { formId: form.formId, id: formUser.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password reset successfully');
    expect(res.body.data.formUser).toEqual(formUser);
    const newPassword = res.body.data.password;
    expect(newPassword).toMatch(PASSWORD_SHAPE);
    expect(newPassword).not.toBe(oldPassword);

    const hash = await storedHash(formUser.id);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verify(hash ?? '', newPassword)).toBe(true);
    expect(await verify(hash ?? '', oldPassword)).toBe(false);
    // Respondent tokens issued before the reset carry version 0: they no longer match.
    expect(await verifyFormUserPassword(form.formId, 'RESET@example.com', newPassword)).toEqual({
      ...formUser,
      tokenVersion: 1,
    });
    expect(await verifyFormUserPassword(form.formId, 'reset@example.com', oldPassword)).toBeUndefined();

    const missing = await api('/forms/reset-user-password', { formId: form.formId, id: 'no-such-user' });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('User not found');
  });

  it('checks respondent passwords per form: wrong password, unknown email and other forms fail', async () => {
    const form = await createForm(t, owner);
    const other = await createForm(t, owner);
    const added = await api('/forms/add-user', {
      formId: form.formId,
      email: 'login@example.com',
      name: 'Login',
    });
    const { password } = added.body.data;
    expect(await verifyFormUserPassword(form.formId, 'login@example.com', password)).toMatchObject({
      email: 'login@example.com',
    });
    expect(await verifyFormUserPassword(form.formId, 'login@example.com', 'wrong-Passw0rd!')).toBeUndefined();
    expect(await verifyFormUserPassword(form.formId, 'nobody@example.com', password)).toBeUndefined();
    expect(await verifyFormUserPassword(other.formId, 'login@example.com', password)).toBeUndefined();
  });

  it('removes a user, who then is gone from the form and can no longer log in', async () => {
    const form = await createForm(t, owner);
    const keep = await api('/forms/add-user', {
      formId: form.formId,
      email: 'keep@example.com',
      name: 'Keeper',
    });
    const gone = await api('/forms/add-user', {
      formId: form.formId,
      email: 'gone@example.com',
      name: 'Goner',
    });

    const res = await api('/forms/delete-user', {
      userId: ownerId,
      formId: form.formId,
      id: gone.body.data.formUser.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, message: 'User removed successfully' });

    const detail = await t.request('GET', `/api/v1/forms/${form.formId}`, { token: owner });
    expect(detail.body.data.formUsers).toEqual([keep.body.data.formUser]);
    expect(
      await verifyFormUserPassword(form.formId, 'gone@example.com', gone.body.data.password),
    ).toBeUndefined();

    const again = await api('/forms/delete-user', { formId: form.formId, id: gone.body.data.formUser.id });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe('User not found');
  });

  it("cannot touch a user through another form of the same owner (the user's form decides)", async () => {
    const form = await createForm(t, owner);
    const other = await createForm(t, owner);
    const added = await api('/forms/add-user', {
      formId: form.formId,
      email: 'scoped@example.com',
      name: 'Scoped',
    });
    const id = added.body.data.formUser.id;
    expect((await api('/forms/delete-user', { formId: other.formId, id })).status).toBe(404);
    expect((await api('/forms/reset-user-password', { formId: other.formId, id })).status).toBe(404);
    expect(
      await verifyFormUserPassword(form.formId, 'scoped@example.com', added.body.data.password),
    ).toBeTruthy();
  });

  it("ignores body.userId: another owner's form answers 404 even when the body names its owner", async () => {
    const form = await createForm(t, owner);
    const intruder = await t.signIn('someone-else@example.com');
    const res = await api(
      '/forms/add-user',
      { userId: ownerId, formId: form.formId, email: 'sneaky@example.com', name: 'Sneaky' },
      intruder.accessToken,
    );
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', detail: 'Form not found' });
    const rows = await t.database.db
      .selectFrom('form_users')
      .select('id')
      .where('form_id', '=', form.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
