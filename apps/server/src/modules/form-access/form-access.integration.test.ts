import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { SHEET_URL } from '../../test/forms.js';
import { addFormUser, countStored, createPublicForm, formLogin, submit } from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { resolveJwtSecret } from '../auth/jwt-secret.js';
import { SignedTokens } from '../auth/signed-tokens.js';
import { RespondentTokens } from './respondent-tokens.js';

const FIELDS = [
  { label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
  { label: 'Secret Old Field', type: 'text', required: false, placeHolder: 'gone', isRemoved: true },
  { label: 'Email', type: 'email', required: false, placeHolder: 'Enter your email', name: 'E-mail column' },
];
const TEMPLATE = {
  id: 'tpl-1',
  name: 'Private Invoice Template',
  googleDocsUrl: 'https://docs.google.com/document/d/PRIVATE-DOC-ID/edit',
  content: '<p>PRIVATE TEMPLATE CONTENT</p>',
};

describeEachDialect('public form access', (dialect) => {
  let t: TestApp;
  let owner: string;
  const validate = (formId: string, token?: string) =>
    t.request('GET', `/api/v1/forms/validate-form?formId=${encodeURIComponent(formId)}`, { token });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /forms/validate-form', () => {
    it('answers only the public fields: no removed fields, templates, sheet or owner', async () => {
      const form = await createPublicForm(t, owner, {
        jdata: FIELDS,
        settings: {
          loginRequired: 0,
          signatureEnabled: 1,
          signatureWidth: 500,
          signatureHeight: 250,
          gdprEnabled: 1,
          templateEnabled: 1,
          templateUrl: 'https://docs.google.com/document/d/PRIVATE-TEMPLATE-URL/edit',
          templates: [TEMPLATE],
        },
      });
      const res = await validate(form.formId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          formId: form.formId,
          name: 'Customer Survey',
          description: 'Tell us how we did',
          settings: {
            loginRequired: 0,
            signatureEnabled: 1,
            signatureWidth: 500,
            signatureHeight: 250,
            gdprEnabled: 1,
          },
          jdata: [
            {
              id: expect.stringMatching(/^f[0-9a-z]{10}$/),
              label: 'Full Name',
              type: 'text',
              required: true,
              placeHolder: 'Enter your full name',
            },
            {
              id: expect.stringMatching(/^f[0-9a-z]{10}$/),
              label: 'Email',
              type: 'email',
              required: false,
              placeHolder: 'Enter your email',
            },
          ],
          acceptingResponses: true,
        },
      });
      const text = JSON.stringify(res.body);
      for (const secret of [
        'PRIVATE',
        'Secret Old Field',
        SHEET_URL,
        'Sheet1',
        form.id,
        'owner',
        'E-mail column',
      ]) {
        expect(text).not.toContain(secret);
      }
    });

    it('says an inactive form is not accepting responses', async () => {
      const form = await createPublicForm(t, owner, { status: 'Inactive' });
      const res = await validate(form.formId);
      expect(res.status).toBe(200);
      expect(res.body.data.acceptingResponses).toBe(false);
    });

    it('answers 404 for an unknown form and 400 without a form id', async () => {
      const unknown = await validate('no-such-form');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'FORM_NOT_FOUND', detail: 'Form not found' });
      for (const path of ['/api/v1/forms/validate-form', '/api/v1/forms/validate-form?formId=']) {
        const missing = await t.request('GET', path);
        expect(missing.status).toBe(400);
        expect(missing.body.detail).toBe('Missing form ID');
      }
    });

    it('needs a respondent token of this very form when login is required', async () => {
      const form = await createPublicForm(t, owner, { settings: { loginRequired: 1 } });
      const other = await createPublicForm(t, owner, { settings: { loginRequired: 1 } });
      const { password } = await addFormUser(t, owner, other.formId, 'guest@example.com');
      const otherToken = await formLogin(t, other.formId, 'guest@example.com', password);
      const strangerSecret = new RespondentTokens('x'.repeat(48));
      const forged = await strangerSecret.issue({
        formUserId: 'someone',
        formId: form.formId,
        tokenVersion: 0,
      });
      for (const token of [undefined, otherToken, forged, 'garbage', owner]) {
        const res = await validate(form.formId, token);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({
          code: 'LOGIN_REQUIRED',
          detail: 'Please log in to submit the form',
        });
        expect(JSON.stringify(res.body)).not.toContain('Customer Survey');
      }
      expect((await validate(other.formId, otherToken)).status).toBe(200);
    });
  });

  describe('POST /user/form/login', () => {
    it('answers a token that opens this form, for 12 hours, and only this form', async () => {
      const form = await createPublicForm(t, owner, { settings: { loginRequired: 1 } });
      const other = await createPublicForm(t, owner, { settings: { loginRequired: 1 } });
      const { password, formUser } = await addFormUser(t, owner, form.formId, 'Person@Example.com');
      const res = await t.request('POST', '/api/v1/user/form/login', {
        body: { email: ' PERSON@example.com ', password, formId: form.formId },
        headers: { clientToken: `Bearer ${form.formId}` },
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Login successful!');
      expect(res.body.data.user).toEqual({ name: 'Respondent', email: 'person@example.com' });
      const token = res.body.data.token;
      const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      expect(payload).toMatchObject({ typ: 'form-user', sub: formUser.id, formId: form.formId });
      expect(payload.exp - payload.iat).toBe(12 * 60 * 60);
      expect((await validate(form.formId, token)).status).toBe(200);
      expect((await validate(other.formId, token)).status).toBe(401);
      // A respondent token is no owner session either.
      expect((await t.request('GET', '/api/v1/forms', { token })).status).toBe(401);
    });

    it('answers the same 401 for a wrong password, an unknown email and an unknown form', async () => {
      const form = await createPublicForm(t, owner, { settings: { loginRequired: 1 } });
      const { password } = await addFormUser(t, owner, form.formId, 'known@example.com');
      const attempts = [
        { email: 'known@example.com', password: `${password}x`, formId: form.formId },
        { email: 'unknown@example.com', password, formId: form.formId },
        { email: 'known@example.com', password, formId: 'no-such-form' },
      ];
      const bodies: unknown[] = [];
      for (const body of attempts) {
        const res = await t.request('POST', '/api/v1/user/form/login', { body });
        expect(res.status).toBe(401);
        const { code, detail, status, title } = res.body;
        bodies.push({ code, detail, status, title });
      }
      expect(bodies[0]).toEqual({
        code: 'INVALID_CREDENTIALS',
        detail: 'Invalid email or password',
        status: 401,
        title: 'Unauthorized',
      });
      expect(bodies[1]).toEqual(bodies[0]);
      expect(bodies[2]).toEqual(bodies[0]);
    });

    it('a removed user’s token stops working at once', async () => {
      const form = await createPublicForm(t, owner, { settings: { loginRequired: 1 } });
      const { password, formUser } = await addFormUser(t, owner, form.formId, 'leaving@example.com');
      const token = await formLogin(t, form.formId, 'leaving@example.com', password);
      expect((await validate(form.formId, token)).status).toBe(200);
      const removed = await t.request('POST', '/api/v1/forms/delete-user', {
        token: owner,
        body: { formId: form.formId, id: formUser.id },
      });
      expect(removed.status).toBe(200);
      expect((await validate(form.formId, token)).status).toBe(401);
    });

    it('a password reset ends every token issued before it; a new login works', async () => {
      const form = await createPublicForm(t, owner, { settings: { loginRequired: 1 } });
      const { password, formUser } = await addFormUser(t, owner, form.formId, 'reset-me@example.com');
      const oldToken = await formLogin(t, form.formId, 'reset-me@example.com', password);
      const otherOldToken = await formLogin(t, form.formId, 'reset-me@example.com', password);
      const response = { 'Full Name': 'Ada' };
      expect((await validate(form.formId, oldToken)).status).toBe(200);
      expect((await submit(t, form.formId, { response, userToken: oldToken })).status).toBe(201);

      const reset = await t.request('POST', '/api/v1/forms/reset-user-password', {
        token: owner,
        body: { formId: form.formId, id: formUser.id },
      });
      expect(reset.status).toBe(200);
      const newPassword = reset.body.data.password as string;

      for (const token of [oldToken, otherOldToken]) {
        const validated = await validate(form.formId, token);
        expect(validated.status).toBe(401);
        expect(validated.body).toMatchObject({
          code: 'LOGIN_REQUIRED',
          detail: 'Please log in to submit the form',
        });
        expect((await submit(t, form.formId, { response, userToken: token })).status).toBe(401);
        expect((await submit(t, form.formId, { response }, { token })).status).toBe(401);
      }
      const stored = await countStored(t);

      const newToken = await formLogin(t, form.formId, 'reset-me@example.com', newPassword);
      const payload = JSON.parse(Buffer.from(newToken.split('.')[1] ?? '', 'base64url').toString());
      expect(payload).toMatchObject({ sub: formUser.id, tokenVersion: 1 });
      expect((await validate(form.formId, newToken)).status).toBe(200);
      expect((await submit(t, form.formId, { response, userToken: newToken })).status).toBe(201);
      expect((await countStored(t)).responses).toBe(stored.responses + 1);
      // And the old token stays refused after the new login.
      expect((await validate(form.formId, oldToken)).status).toBe(401);
    });

    it('refuses a token without a token version, or with another one, signed with the right key', async () => {
      const form = await createPublicForm(t, owner, { settings: { loginRequired: 1 } });
      const { password, formUser } = await addFormUser(t, owner, form.formId, 'versions@example.com');
      const good = await formLogin(t, form.formId, 'versions@example.com', password);
      expect((await validate(form.formId, good)).status).toBe(200);
      const ours = new SignedTokens(
        await resolveJwtSecret(t.database.db, t.config.jwtSecret),
        { issuer: 'sheetforms', audience: 'sheetforms-form', typ: 'form-user' },
        3600,
      );
      const unversioned = await ours.issue(formUser.id, { formId: form.formId });
      const ahead = await ours.issue(formUser.id, { formId: form.formId, tokenVersion: 1 });
      const asText = await ours.issue(formUser.id, { formId: form.formId, tokenVersion: '0' });
      for (const token of [unversioned, ahead, asText]) {
        expect((await validate(form.formId, token)).status).toBe(401);
      }
    });

    it("validates with the spec's messages", async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ password: 'x', formId: 'f' }, 'Email is required'],
        [{ email: '', password: 'x', formId: 'f' }, 'Email is required'],
        [{ email: 'nope', password: 'x', formId: 'f' }, 'Please enter a valid email'],
        [{ email: 'a@b.co', formId: 'f' }, 'Password is required'],
        [{ email: 'a@b.co', password: '', formId: 'f' }, 'Password is required'],
        [{ email: 'a@b.co', password: 'x' }, 'Missing form ID'],
      ];
      for (const [body, detail] of cases) {
        const res = await t.request('POST', '/api/v1/user/form/login', { body });
        expect(res.status, detail).toBe(400);
        expect(res.body.detail).toBe(detail);
      }
    });
  });

  it('rate limits login per IP and email (429), other emails still get through', async () => {
    const limited = await startTestApp(dialect, { LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const session = await limited.signIn('owner@example.com');
      const form = await createPublicForm(limited, session.accessToken, { settings: { loginRequired: 1 } });
      const { password } = await addFormUser(limited, session.accessToken, form.formId, 'victim@example.com');
      const attempt = (email: string, pw = 'wrong-password') =>
        limited.request('POST', '/api/v1/user/form/login', {
          body: { email, password: pw, formId: form.formId },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await attempt('victim@example.com')).status);
      expect(statuses).toEqual([401, 401, 401]);
      const blocked = await attempt('VICTIM@example.com', password);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({
        code: 'RATE_LIMITED',
        detail: 'Too many login attempts. Please try again later.',
      });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await attempt('someone-else@example.com')).status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
