import type { FormTemplate } from '@sheetforms/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TemplateCard } from './template-card';

const ID = '1DocIdOfTwentyFiveCharsOrMore';

function renderCard(googleDocsUrl: string) {
  const template: FormTemplate = { id: 't1', name: 'Certificate', googleDocsUrl, content: '<p>x</p>' };
  render(
    <TemplateCard
      template={template}
      fieldLabels={[]}
      disabled={false}
      onPreview={() => {}}
      onEdit={() => {}}
      onDelete={() => {}}
    />,
  );
}

describe('TemplateCard source link', () => {
  it("links to the document's https edit address, whatever shape the URL came in", () => {
    renderCard(`docs.google.com/document/d/${ID}/edit?usp=sharing#heading=h.1`);
    const link = screen.getByRole('link', { name: /Open in Google Docs/ });
    expect(link.getAttribute('href')).toBe(`https://docs.google.com/document/d/${ID}/edit`);
  });

  it('says Google Sheets for a spreadsheet', () => {
    renderCard(`https://docs.google.com/spreadsheets/d/${ID}/edit#gid=0`);
    const link = screen.getByRole('link', { name: /Open in Google Sheets/ });
    expect(link.getAttribute('href')).toBe(`https://docs.google.com/spreadsheets/d/${ID}/edit`);
  });

  it.each([
    `javascript:alert(1)//docs.google.com/document/d/${ID}`,
    `https://evil.example/?https://docs.google.com/document/d/${ID}`,
    `data:text/html,docs.google.com/document/d/${ID}`,
    '',
  ])('shows no link for %j', (url) => {
    renderCard(url);
    expect(screen.getByRole('heading', { name: 'Certificate' })).toBeDefined();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
