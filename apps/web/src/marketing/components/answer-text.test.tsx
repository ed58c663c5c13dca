import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROWS } from '../testing/feed';
import { AnswerText } from './answer-text';
import { demoLinksFor, demoLinksFrom } from './demo-links';

afterEach(() => {
  vi.unstubAllEnvs();
});

const ANSWER = 'See the Demo Website, Watch How It Works, open the Demo Google Sheet or Chat With Us.';

/** A row with no link columns, as a feed row often is. */
const BARE_ROW = { ...ROWS[2], websiteLink: '', googleSheetLink: '', youtubeLink: '' } as NonNullable<
  (typeof ROWS)[2]
>;

function renderAnswer(answer = ANSWER, row = BARE_ROW) {
  render(
    <MemoryRouter>
      <p>
        <AnswerText answer={answer} row={row} />
      </p>
    </MemoryRouter>,
  );
}

describe('AnswerText', () => {
  it("links the markers to the configured demo URLs in a new tab and makes 'Chat With Us' a link to /chat-support", () => {
    vi.stubEnv('VITE_DEMO_WEBSITE_URL', 'https://demo.sheetforms.app');
    vi.stubEnv('VITE_DEMO_VIDEO_URL', 'https://www.youtube.com/watch?v=abc123');
    vi.stubEnv('VITE_DEMO_SHEET_URL', 'https://docs.google.com/spreadsheets/d/abc/edit');
    renderAnswer();

    const site = screen.getByRole('link', { name: /Demo Website/ });
    expect(site.getAttribute('href')).toBe('https://demo.sheetforms.app/');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: /Watch How It Works/ }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=abc123',
    );
    expect(screen.getByRole('link', { name: /Demo Google Sheet/ }).getAttribute('href')).toBe(
      'https://docs.google.com/spreadsheets/d/abc/edit',
    );
    const chat = screen.getByRole('link', { name: 'Chat With Us' });
    expect(chat.getAttribute('href')).toBe('/chat-support');
    expect(chat.getAttribute('target')).toBeNull();
    expect(document.body.textContent).toContain('See the Demo Website');
  });

  it('hides the demo links that are not configured: their markers stay text', () => {
    vi.stubEnv('VITE_DEMO_WEBSITE_URL', 'https://demo.sheetforms.app');
    renderAnswer();

    expect(screen.getByRole('link', { name: /Demo Website/ })).toBeDefined();
    expect(screen.queryByRole('link', { name: /Watch How It Works/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Demo Google Sheet/ })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('leaves a marker whose configured URL is not a safe http(s) URL as text', () => {
    vi.stubEnv('VITE_DEMO_WEBSITE_URL', 'javascript:alert(1)');
    renderAnswer('Open the Demo Website.');
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.body.textContent).toBe('Open the Demo Website.');
  });
});

describe('AnswerText without configured demo links', () => {
  it("falls back to the answering row's own links (the operator's questions sheet)", () => {
    renderAnswer(ANSWER, ROWS[0]);
    expect(screen.getByRole('link', { name: /Demo Website/ }).getAttribute('href')).toBe(
      'https://sheetforms.example.com/',
    );
  });

  it('prefers a configured link over the row', () => {
    vi.stubEnv('VITE_DEMO_WEBSITE_URL', 'https://demo.sheetforms.app');
    renderAnswer(ANSWER, ROWS[0]);
    expect(screen.getByRole('link', { name: /Demo Website/ }).getAttribute('href')).toBe(
      'https://demo.sheetforms.app/',
    );
    expect(screen.getByRole('link', { name: /Watch How It Works/ }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=demo',
    );
  });

  it('shows no demo link at all when neither configures one', () => {
    renderAnswer();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Chat With Us']);
  });
});

describe('demoLinksFor', () => {
  it('takes each link from the configuration, else the row, else leaves it empty', () => {
    const configured = { websiteLink: 'https://a.example/', googleSheetLink: '', youtubeLink: '' };
    expect(
      demoLinksFor({ websiteLink: 'https://row.example/', youtubeLink: 'javascript:x' }, configured),
    ).toEqual({ websiteLink: 'https://a.example/', googleSheetLink: '', youtubeLink: '' });
    expect(demoLinksFor({ googleSheetLink: 'https://row.example/s' }, configured).googleSheetLink).toBe(
      'https://row.example/s',
    );
  });
});

describe('demoLinksFrom', () => {
  it("reads the three settings, '' for unset or unsafe ones", () => {
    expect(demoLinksFrom({})).toEqual({ websiteLink: '', googleSheetLink: '', youtubeLink: '' });
    expect(
      demoLinksFrom({ VITE_DEMO_WEBSITE_URL: ' https://a.example/ ', VITE_DEMO_SHEET_URL: 'data:x' }),
    ).toEqual({ websiteLink: 'https://a.example/', googleSheetLink: '', youtubeLink: '' });
  });
});
