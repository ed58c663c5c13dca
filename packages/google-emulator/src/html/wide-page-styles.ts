/** Extra styles for the data pages: a wide card, sections, tables and inline forms, in the sign-in look. */
export const WIDE_PAGE_STYLES = `
body.wide { justify-content: flex-start; }
body.wide .card { max-width: 1120px; padding: 28px 32px 24px; }
body.wide .page-footer { max-width: 1120px; }
h2 { margin: 28px 0 12px; font-family: "Google Sans", Roboto, "Segoe UI", system-ui, sans-serif; font-size: 20px; line-height: 28px; font-weight: 400; }
h3 { margin: 0 0 6px; font-size: 16px; line-height: 24px; font-weight: 500; }
a { color: var(--accent); }
a:focus-visible, select:focus-visible, textarea:focus-visible, .field input:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.notice { margin: 16px 0 0; padding: 10px 14px; border-radius: 12px; background: var(--details-bg); }
.notice.error { color: var(--error); }
.items { list-style: none; margin: 0; padding: 0; }
.item { padding: 16px 0; border-top: 1px solid var(--line); }
.item:first-child { border-top: 0; }
.meta { margin: 0 0 8px; color: var(--muted); font-size: 13px; }
.tabs { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 10px; padding: 0; list-style: none; }
.tabs a, .tabs span { display: inline-block; padding: 2px 10px; border: 1px solid var(--line); border-radius: 999px; font-size: 13px; text-decoration: none; }
.tabs [aria-current="page"] { background: var(--accent); color: var(--on-accent); border-color: var(--accent); }
.copy-row { display: flex; gap: 8px; align-items: center; margin: 0 0 10px; }
.copy-row input { flex: 1; min-width: 0; height: 36px; padding: 0 10px; border: 1px solid var(--outline); border-radius: 8px; background: var(--surface); color: var(--text); font: 13px ui-monospace, "Roboto Mono", Menlo, Consolas, monospace; }
.button.small, .button.secondary { min-height: 36px; padding: 0 16px; }
.button.secondary { background: none; color: var(--accent); border: 1px solid var(--outline); }
.inline-form { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; }
.inline-form label { display: block; margin: 0 0 4px; font-size: 12px; font-weight: 500; }
select, textarea { padding: 8px 10px; border: 1px solid var(--outline); border-radius: 8px; background: var(--surface); color: var(--text); font: inherit; }
select { height: 36px; padding-top: 0; padding-bottom: 0; }
textarea { width: 100%; min-height: 90px; font: 13px ui-monospace, "Roboto Mono", Menlo, Consolas, monospace; }
.inline-form textarea { min-height: 36px; height: 36px; width: 280px; }
.grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 24px; }
.panel h2 { margin-top: 0; }
.panel { padding: 20px; border: 1px solid var(--line); border-radius: 16px; }
.field textarea { display: block; }
.table-wrap { overflow-x: auto; border: 1px solid var(--line); border-radius: 12px; }
table { border-collapse: collapse; font-size: 13px; min-width: 100%; }
th, td { padding: 6px 10px; border-bottom: 1px solid var(--line); border-right: 1px solid var(--line); text-align: left; vertical-align: top; white-space: pre-wrap; max-width: 360px; overflow-wrap: anywhere; }
thead th, tbody th { background: var(--details-bg); color: var(--muted); font-weight: 500; }
tbody th { text-align: right; }
.pager { display: flex; gap: 12px; align-items: center; margin: 12px 0; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
