import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkedText } from './linked-text';
import { linkify } from './linkify';

describe('linkify', () => {
  it('keeps text without addresses as one text part', () => {
    expect(linkify('Hello there')).toEqual([{ kind: 'text', text: 'Hello there' }]);
    expect(linkify('')).toEqual([]);
  });

  it('turns http and https addresses into links between the text around them', () => {
    expect(linkify('See https://example.org/a?b=1#c and http://example.com now')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.org/a?b=1#c', href: 'https://example.org/a?b=1#c' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://example.com', href: 'http://example.com/' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves the full stop, comma or closing bracket of a sentence outside the link', () => {
    expect(linkify('Go to https://example.org.')[1]).toEqual({
      kind: 'link',
      text: 'https://example.org',
      href: 'https://example.org/',
    });
    expect(linkify('(see https://example.org/x), then')[1]).toMatchObject({ text: 'https://example.org/x' });
    expect(linkify('https://en.wikipedia.org/wiki/Ada_(language)')[0]).toMatchObject({
      text: 'https://en.wikipedia.org/wiki/Ada_(language)',
    });
  });

  it('never links other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:someone@example.org',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
    ]) {
      expect(linkify(text)).toEqual([{ kind: 'text', text }]);
    }
  });

  it('links only the https address after another scheme, and nothing glued to a word', () => {
    expect(linkify('javascript:https://example.org')).toEqual([
      { kind: 'text', text: 'javascript:' },
      { kind: 'link', text: 'https://example.org', href: 'https://example.org/' },
    ]);
    expect(linkify('xhttps://example.org')).toEqual([{ kind: 'text', text: 'xhttps://example.org' }]);
  });

  it('keeps an address without a host as text', () => {
    expect(linkify('https:// nothing')).toEqual([{ kind: 'text', text: 'https:// nothing' }]);
  });
});

describe('LinkedText', () => {
  it('renders markup-looking text as text, never as elements', () => {
    const text = '<img src=x onerror="alert(1)"><script>alert(2)</script><b>bold</b>';
    const { container } = render(<LinkedText text={text} />);
    expect(container.textContent).toBe(text);
    expect(container.querySelector('img, script, b')).toBeNull();
  });

  it('renders a javascript: address as plain text, without a link', () => {
    const { container } = render(<LinkedText text="click javascript:alert(1)" />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('click javascript:alert(1)');
  });

  it('opens links in a new tab without an opener, a referrer or an endorsement', () => {
    const { getByRole } = render(<LinkedText text='Docs: https://example.org/"><b>x</b>' />);
    const link = getByRole('link');
    expect(link.getAttribute('href')).toBe('https://example.org/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });
});
