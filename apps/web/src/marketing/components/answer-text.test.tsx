import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROWS } from '../testing/feed';
import { AnswerText } from './answer-text';

const row = ROWS[0];

describe('AnswerText', () => {
  it("links the markers to the row's URLs in a new tab and makes 'Chat With Us' a link to /chat-support", () => {
    render(
      <MemoryRouter>
        <p>
          <AnswerText
            answer="See the Demo Website, Watch How It Works, open the Demo Google Sheet or Chat With Us."
            row={row}
          />
        </p>
      </MemoryRouter>,
    );

    const site = screen.getByRole('link', { name: /Demo Website/ });
    expect(site.getAttribute('href')).toBe('https://sheetforms.example.com/');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: /Watch How It Works/ }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=demo',
    );
    expect(screen.getByRole('link', { name: /Demo Google Sheet/ }).getAttribute('href')).toBe(
      'https://docs.google.com/spreadsheets/d/abc/edit',
    );
    const chat = screen.getByRole('link', { name: 'Chat With Us' });
    expect(chat.getAttribute('href')).toBe('/chat-support');
    expect(chat.getAttribute('target')).toBeNull();
    expect(document.body.textContent).toContain('See the Demo Website');
  });

  it('leaves a marker without a safe URL as text', () => {
    render(
      <MemoryRouter>
        <AnswerText
          answer="Open the Demo Website."
          row={{ ...row, websiteLink: 'javascript:alert(1)' } as typeof row}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.body.textContent).toBe('Open the Demo Website.');
  });
});
