import { describe, expect, it } from 'vitest';
import { composePage, escapeHtml, parseTemplate, scriptJson } from './form-page-html.js';

const TEMPLATE = [
  '<!doctype html><html><head><title>Form · SheetForms</title>',
  '<link rel="stylesheet" crossorigin href="/assets/form-1.css">',
  '<script type="module" crossorigin src="/assets/form-1.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('');

describe('scriptJson', () => {
  it('cannot close its script element or open a comment, and reads back as the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028\u2029' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('the page template', () => {
  it('inlines the stylesheet (a </style> in it stays inside), lowers the script priority, and puts title, markup and data in place', () => {
    const template = parseTemplate(TEMPLATE, (href) => {
      expect(href).toBe('/assets/form-1.css');
      return 'a{b:c}</style>';
    });
    const html = composePage(template, {
      title: 'A <b> & "c"',
      markup: '<main>form</main>',
      data: { x: '</script>' },
      dataElementId: 'sf-form-data',
    });
    expect(html).toBe(
      [
        '<!doctype html><html><head><title>A &lt;b&gt; &amp; &quot;c&quot;</title>',
        '<style>a{b:c}<\\/style></style>',
        '<script type="module" fetchpriority="low" crossorigin src="/assets/form-1.js"></script>',
        '</head><body><div id="root"><main>form</main></div>',
        '<script type="application/json" id="sf-form-data">{"x":"\\u003c/script\\u003e"}</script>',
        '</body></html>',
      ].join(''),
    );
  });

  it('refuses a template without one title and one root element', () => {
    expect(() => parseTemplate('<html><div id="root"></div></html>', () => '')).toThrow();
    expect(() =>
      parseTemplate('<title>x</title><div id="root"></div><div id="root"></div>', () => ''),
    ).toThrow();
    expect(() => parseTemplate('<title>x</title><main></main>', () => '')).toThrow();
  });

  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
