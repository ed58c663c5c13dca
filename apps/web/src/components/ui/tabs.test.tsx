import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

describe('Tabs', () => {
  it('shows the panel of the selected tab and moves between tabs with the arrow keys', async () => {
    render(
      <Tabs defaultValue="fields">
        <TabsList aria-label="Editor sections">
          <TabsTrigger value="fields">Fields</TabsTrigger>
          <TabsTrigger value="templates">Document Templates</TabsTrigger>
        </TabsList>
        <TabsContent value="fields">Field list</TabsContent>
        <TabsContent value="templates">Template list</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tablist', { name: 'Editor sections' })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Fields' }).textContent).toBe('Field list');

    const fields = screen.getByRole('tab', { name: 'Fields' });
    fields.focus();
    fireEvent.keyDown(fields, { key: 'ArrowRight' });

    const templates = screen.getByRole('tab', { name: 'Document Templates' });
    // Radix moves focus on the next tick.
    await waitFor(() => expect(document.activeElement).toBe(templates));
    expect(templates.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Document Templates' }).textContent).toBe('Template list');
  });
});
