/**
 * The stylesheet shared by the emulator's pages. It is inlined (the pages load nothing else) and follows
 * Google's sign-in look: a centred rounded card on a tinted page, full-bleed on popups and phones.
 */
export const PAGE_STYLES = `
:root {
  color-scheme: light dark;
  --page: #f0f4f9;
  --surface: #ffffff;
  --text: #1f1f1f;
  --muted: #444746;
  --line: #e1e3e1;
  --outline: #747775;
  --accent: #0b57d0;
  --on-accent: #ffffff;
  --hover: rgba(31, 31, 31, 0.06);
  --accent-hover: rgba(11, 87, 208, 0.08);
  --error: #b3261e;
  --badge-bg: #fef7e0;
  --badge-text: #6b4400;
  --badge-line: #f5d58a;
  --details-bg: #f8fafd;
}
@media (prefers-color-scheme: dark) {
  :root {
    --page: #0e0e0e;
    --surface: #1e1f20;
    --text: #e3e3e3;
    --muted: #c4c7c5;
    --line: #444746;
    --outline: #8e918f;
    --accent: #a8c7fa;
    --on-accent: #062e6f;
    --hover: rgba(227, 227, 227, 0.08);
    --accent-hover: rgba(168, 199, 250, 0.12);
    --error: #f2b8b5;
    --badge-bg: #3b2f12;
    --badge-text: #fbd98a;
    --badge-line: #6b5520;
    --details-bg: #28292a;
  }
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  padding: 24px;
  background: var(--page);
  color: var(--text);
  font-family: "Google Sans Text", "Google Sans", Roboto, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif;
  font-size: 14px;
  line-height: 20px;
}
.card {
  width: 100%;
  max-width: 450px;
  padding: 36px 40px 24px;
  background: var(--surface);
  border-radius: 28px;
}
.badge {
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin: 0;
  padding: 3px 10px 3px 8px;
  border: 1px solid var(--badge-line);
  border-radius: 999px;
  background: var(--badge-bg);
  color: var(--badge-text);
  font-size: 12px;
  line-height: 16px;
  font-weight: 500;
  letter-spacing: 0.1px;
}
.badge svg { width: 14px; height: 14px; flex: none; }
h1 {
  margin: 20px 0 4px;
  font-family: "Google Sans", Roboto, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif;
  font-size: 28px;
  line-height: 36px;
  font-weight: 400;
}
.subtitle { margin: 0 0 24px; font-size: 16px; line-height: 24px; color: var(--text); }
.app-name { color: var(--accent); font-weight: 500; }
.accounts { list-style: none; margin: 0; padding: 0; border-bottom: 1px solid var(--line); }
.accounts > li { border-top: 1px solid var(--line); }
.accounts > li:first-child { border-top: 0; }
.accounts form { margin: 0; }
.row {
  display: flex;
  align-items: center;
  gap: 14px;
  width: 100%;
  min-height: 60px;
  margin: 0;
  padding: 10px 12px;
  border: 0;
  border-radius: 12px;
  background: none;
  color: inherit;
  font: inherit;
  text-align: left;
  cursor: pointer;
}
.row:hover { background: var(--hover); }
.row:focus-visible { outline: 2px solid var(--accent); outline-offset: -2px; }
.avatar {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  color: #ffffff;
  font-size: 15px;
  font-weight: 500;
}
.avatar-0 { background: #1a73e8; }
.avatar-1 { background: #188038; }
.avatar-2 { background: #c5221f; }
.avatar-3 { background: #a142f4; }
.avatar-4 { background: #007b83; }
.avatar-5 { background: #b3570b; }
.avatar-6 { background: #c2185b; }
.avatar-7 { background: #5f6368; }
.avatar-icon { background: none; color: var(--muted); }
.avatar-icon svg { width: 24px; height: 24px; }
.row-text { display: flex; flex-direction: column; min-width: 0; }
.row-title { font-weight: 500; color: var(--text); overflow-wrap: anywhere; }
.row-detail { font-size: 12px; line-height: 16px; color: var(--muted); overflow-wrap: anywhere; }
details > summary { list-style: none; }
details > summary::-webkit-details-marker { display: none; }
.chevron { margin-left: auto; width: 20px; height: 20px; flex: none; color: var(--muted); transition: transform 0.15s; }
details[open] .chevron { transform: rotate(180deg); }
@media (prefers-reduced-motion: reduce) { .chevron { transition: none; } }
.account-form { margin: 0; }
.account-form-nested { padding: 8px 12px 20px; }
.field { margin: 0 0 16px; }
.field label { display: block; margin: 0 0 6px; font-weight: 500; }
.field input {
  display: block;
  width: 100%;
  height: 48px;
  padding: 0 14px;
  border: 1px solid var(--outline);
  border-radius: 8px;
  background: var(--surface);
  color: var(--text);
  font: inherit;
  font-size: 16px;
}
.field input:hover { border-color: var(--text); }
.field input:focus { outline: none; border-color: var(--accent); box-shadow: inset 0 0 0 1px var(--accent); }
.field input[aria-invalid="true"] { border-color: var(--error); }
.field input[aria-invalid="true"]:focus { box-shadow: inset 0 0 0 1px var(--error); }
.field-error { display: flex; gap: 6px; align-items: flex-start; margin: 6px 0 0; color: var(--error); font-size: 12px; line-height: 16px; }
.field-error svg { width: 16px; height: 16px; flex: none; }
.hint { margin: 0 0 20px; color: var(--muted); font-size: 12px; line-height: 16px; }
.actions { display: flex; flex-wrap: wrap; align-items: center; justify-content: flex-end; gap: 8px; }
.button {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 40px;
  padding: 0 24px;
  border: 0;
  border-radius: 20px;
  background: var(--accent);
  color: var(--on-accent);
  font: inherit;
  font-weight: 500;
  cursor: pointer;
}
.button:hover { box-shadow: 0 1px 3px 1px rgba(0, 0, 0, 0.15), 0 1px 2px rgba(0, 0, 0, 0.3); }
.button:focus-visible, .text-button:focus-visible, .details-summary:focus-visible {
  outline: 2px solid var(--accent);
  outline-offset: 2px;
}
.disclosure { margin: 24px 0; color: var(--muted); font-size: 12px; line-height: 16px; }
.account-form .disclosure { margin-top: 0; }
.card-footer { margin-bottom: 8px; }
.card-footer .text-button { margin-right: -16px; }
.text-button {
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 16px;
  border-radius: 20px;
  color: var(--accent);
  font-weight: 500;
  text-decoration: none;
}
.text-button:hover { background: var(--accent-hover); }
.account-chip { display: inline-block; margin: 0 0 20px; padding: 4px 12px; border: 1px solid var(--line); border-radius: 16px; font-weight: 500; overflow-wrap: anywhere; }
.consent-lead { margin: 0 0 8px; }
.scope-list { margin: 0; padding: 0 0 0 20px; }
.scope-list li { margin: 0 0 8px; }
.error-code { margin: 20px 0 0; font-weight: 500; }
.error-lead { margin: 0; font-size: 16px; line-height: 24px; }
.request-details { margin-top: 20px; border-radius: 12px; background: var(--details-bg); }
.details-summary { display: block; padding: 12px 16px; border-radius: 12px; font-weight: 500; cursor: pointer; }
.request-details dl { margin: 0; padding: 0 16px 14px; }
.request-details dt { margin-top: 8px; color: var(--muted); font-size: 12px; line-height: 16px; }
.request-details dd { margin: 0; font-family: ui-monospace, "Roboto Mono", Menlo, Consolas, monospace; font-size: 12px; line-height: 18px; overflow-wrap: anywhere; }
.page-footer { width: 100%; max-width: 450px; margin: 16px 0 0; padding: 0 16px; color: var(--muted); font-size: 12px; line-height: 16px; text-align: center; }
@media (max-width: 600px) {
  body { justify-content: flex-start; padding: 0; background: var(--surface); }
  .card { max-width: none; padding: 24px 24px 8px; border-radius: 0; }
  h1 { margin-top: 16px; font-size: 24px; line-height: 32px; }
  .subtitle { margin-bottom: 16px; }
  .page-footer { max-width: none; margin: 8px 0 16px; padding: 0 24px; text-align: left; }
}
`;
