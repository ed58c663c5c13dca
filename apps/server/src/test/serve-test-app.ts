/**
 * A test app in a process of its own, for tests that measure the server's responsiveness: in the test's
 * own process the test's work and garbage collection would be measured with it. Prints one JSON line
 * (url, an owner's token, a form and a template of theirs) once it serves; stops on SIGTERM or when its
 * parent closes stdin. Run with `node --conditions=source --import tsx`.
 */
import { createForm } from './forms.js';
import { startTestApp } from './test-app.js';

const env = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
const t = await startTestApp('sqlite', env);
const owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
const formId = (await createForm(t, owner)).formId;
const created = await t.request('POST', `/api/v1/forms/${formId}/templates`, {
  token: owner,
  body: {
    name: 'Proof',
    googleDocsUrl: 'https://docs.google.com/document/d/1DocIdAbcdefghijklmnopqrstuvwxyz012345/edit',
    content: '<p>{{Full Name}}</p>',
  },
});
process.stdout.write(`${JSON.stringify({ url: t.url, owner, formId, templateId: created.body.data.id })}\n`);

const stop = () => void t.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
