import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ContactPage } from './contact-page';

describe('ContactPage', () => {
  it('is the contact form under one h1, with the way to live chat', () => {
    render(
      <MemoryRouter>
        <ContactPage />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Contact us']);
    expect(screen.getByLabelText('Name')).toBeDefined();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText(/Company/)).toBeDefined();
    expect(screen.getByLabelText('Message')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Chat with our team' }).getAttribute('href')).toBe(
      '/chat-support',
    );
  });
});
