import { describe, expect, it } from 'vitest';
import { sanitizeTemplateHtml } from './template-sanitizer.js';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('sanitizeTemplateHtml: the bad input of the templates issue', () => {
  it.each([
    ['a script', '<p>Hi</p><script>fetch("/api")</script>', '<p>Hi</p>'],
    ['a script in an svg', '<svg><script>alert(1)</script><circle r="1"/></svg><p>Hi</p>', '<p>Hi</p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>Hi</p>', '<p>Hi</p>'],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf"><p>Hi</p>', '<p>Hi</p>'],
    ['a form', '<form action="https://evil.example"><input name="a"><button>Go</button></form>', 'Go'],
    ['a style element', '<style>body{background:url(https://evil.example)}</style><p>Hi</p>', '<p>Hi</p>'],
    ['event handlers', '<p onclick="alert(1)" onmouseover="x()">Hi</p>', '<p>Hi</p>'],
    ['an onerror image', '<img src="x" onerror="alert(1)"><p>Hi</p>', '<p>Hi</p>'],
  ])('removes %s', (_name, dirty, clean) => {
    expect(sanitizeTemplateHtml(dirty)).toBe(clean);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    '/relative/path',
    '//evil.example/x',
    '#heading',
  ])('keeps the text of a link to %s but drops the URL', (href) => {
    expect(sanitizeTemplateHtml(`<a href="${href}">Click</a>`)).toBe('<a>Click</a>');
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'https://example.com/logo.png',
    '//internal.local/x.png',
    '/uploads/signatures/abc.png',
    'file:///etc/passwd',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    'data:image/png,notbase64<script>',
  ])('drops an image whose source is %s, so the renderer never fetches it', (src) => {
    expect(sanitizeTemplateHtml(`<p>A<img src="${src}" alt="x">B</p>`)).toBe('<p>AB</p>');
  });

  it.each([
    ['url()', 'background-color:url(https://evil.example/x)'],
    ['a url() shorthand', 'background:url(http://169.254.169.254/)'],
    ['expression()', 'color:expression(alert(1))'],
    ['a CSS escape spelling url(', 'color:\\75 rl(https://evil.example)'],
    ['var()', 'color:var(--x)'],
    ['calc()', 'width:calc(100% - 1px)'],
    ['behavior', 'behavior:url(x.htc)'],
    ['position', 'position:fixed'],
  ])('removes inline CSS with %s', (_name, style) => {
    expect(sanitizeTemplateHtml(`<p style="${style}">Hi</p>`)).toBe('<p>Hi</p>');
  });

  it('keeps the safe declarations of a style and drops the rest', () => {
    expect(sanitizeTemplateHtml('<p style="font-size:12px;@import &quot;x&quot;;color:url(x)">Hi</p>')).toBe(
      '<p style="font-size:12px">Hi</p>',
    );
  });

  it('forces rel on links and removes target', () => {
    expect(sanitizeTemplateHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('drops classes and ids (their stylesheet is gone)', () => {
    expect(sanitizeTemplateHtml('<p class="c1" id="h.x"><span class="c0">Hi</span></p>')).toBe(
      '<p><span>Hi</span></p>',
    );
  });
});

describe('sanitizeTemplateHtml: legitimate documents', () => {
  it('keeps the HTML a Google Doc converts to, in substance unchanged', () => {
    const doc = [
      '<h1 style="text-align:center">Certificate of Completion</h1>',
      '<p style="line-height:1.15;margin-top:0pt;margin-bottom:10pt">',
      '<span style="color:#000000;font-weight:700;font-style:italic;font-size:11pt">This certifies that </span>',
      '<span style="text-decoration:underline;background-color:rgb(255, 242, 204)">{{Full Name}}</span>',
      ' completed the course on {{date}}.</p>',
      '<ul><li>Email: <b>{{Email}}</b></li><li><i>Timestamp</i>: {{Timestamp}}</li></ul>',
      '<ol><li><u>One</u></li><li><s>Two</s> H<sub>2</sub>O x<sup>2</sup></li></ol>',
      '<table style="border-collapse:collapse;width:100%"><thead><tr><th colspan="2">Answers</th></tr></thead>',
      '<tbody><tr><td rowspan="1" style="border:1pt solid #000000;padding:5pt 5pt 5pt 5pt;vertical-align:top;width:50%">Name</td>',
      '<td style="border:1pt solid rgba(0, 0, 0, 0.5)">{{Full Name}}</td></tr></tbody><tfoot><tr><td>End</td></tr></tfoot></table>',
      '<hr /><blockquote>Quote</blockquote><pre><code>code()</code></pre>',
      `<p><img src="${PNG}" alt="Logo" style="width:120px;height:40px" /></p>`,
      '<p><a href="https://example.com/terms" rel="noopener noreferrer nofollow">Terms</a> or ',
      '<a href="mailto:info@example.com" rel="noopener noreferrer nofollow">mail us</a><br />',
      '{{Signature}} {{Response ID}}</p>',
      '<h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6><div><strong>S</strong><em>E</em></div>',
    ].join('');
    expect(sanitizeTemplateHtml(doc)).toBe(doc);
  });

  it('keeps placeholders wherever they are in the text', () => {
    const html = '<p>{{ Full Name }} &amp; {{Name &amp; Title}}: "{{Company}}"</p>';
    expect(sanitizeTemplateHtml(html)).toBe(html);
  });

  it('keeps every allowed inline image type', () => {
    for (const type of ['png', 'jpeg', 'gif', 'webp']) {
      const img = `<img src="data:image/${type};base64,AAAA" />`;
      expect(sanitizeTemplateHtml(img)).toBe(img);
    }
  });

  it('is idempotent', () => {
    const dirty = '<p style="color:red;background:url(x)" onclick="x">A <a href="https://e.com">b</a></p>';
    const once = sanitizeTemplateHtml(dirty);
    expect(sanitizeTemplateHtml(once)).toBe(once);
  });
});

describe('sanitizeTemplateHtml: lengths a page can hold (review finding 5)', () => {
  it.each([
    'padding-top:99999in',
    'padding-top:10000in',
    'margin:0 0 5000px 0',
    'height:2000px',
    'font-size:900pt',
    'line-height:400',
    'width:5000%',
    'border:99999px solid #000',
    'padding-top:1e9px',
  ])('drops %s', (style) => {
    expect(sanitizeTemplateHtml(`<p style="${style}">Hi</p>`)).toBe('<p>Hi</p>');
  });

  it('keeps the lengths of real documents, and the other declarations beside a dropped one', () => {
    expect(
      sanitizeTemplateHtml(
        '<p style="margin-top:72pt;padding:5pt 5pt 5pt 5pt;line-height:1.15;font-size:24pt;padding-top:99999in">Hi</p>',
      ),
    ).toBe('<p style="margin-top:72pt;padding:5pt 5pt 5pt 5pt;line-height:1.15;font-size:24pt">Hi</p>');
    expect(sanitizeTemplateHtml('<table style="width:100%"><tbody><tr><td>x</td></tr></tbody></table>')).toBe(
      '<table style="width:100%"><tbody><tr><td>x</td></tr></tbody></table>',
    );
  });

  it('filters a huge style attribute in linear time and keeps nothing of it', () => {
    const started = performance.now();
    const style = `color:red;${'padding:1px 1px 1px 1px;'.repeat(40_000)}`;
    expect(sanitizeTemplateHtml(`<p style="${style}">Hi</p>`)).toBe('<p>Hi</p>');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
