import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROWS } from '../testing/feed';
import { CLEAR_LABEL, QuestionBox, suggestionsFor } from './question-box';

function setup() {
  const onSend = vi.fn();
  render(<QuestionBox rows={ROWS} onSend={onSend} />);
  const box = screen.getByRole('combobox', { name: 'Ask the spreadsheet assistant' }) as HTMLInputElement;
  const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
  return { onSend, box, send };
}

function activeOption(box: HTMLElement): string | null {
  const id = box.getAttribute('aria-activedescendant');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('QuestionBox', () => {
  it("starts with 'I want to' and a closed list", () => {
    const { box } = setup();
    expect(box.value).toBe('I want to');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('opens on click with every question, in a listbox of at most 16rem that the box controls', () => {
    const { box } = setup();
    fireEvent.click(box);

    expect(box.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(list.className).toContain('max-h-64');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(ROWS.map((r) => r.question));
  });

  it('moves with the arrows (wrapping), picks with Enter and locks the box', () => {
    const { box, onSend } = setup();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(activeOption(box)).toBe(ROWS[0]?.question);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(activeOption(box)).toBe(ROWS[1]?.question);
    expect(screen.getByRole('option', { selected: true }).textContent).toBe(ROWS[1]?.question);

    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(activeOption(box)).toBe(ROWS[3]?.question);

    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe(ROWS[3]?.question);
    expect(box.readOnly).toBe(true);
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    expect(onSend).not.toHaveBeenCalled();

    // Locked: typing and the arrows change nothing until the box is cleared.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: CLEAR_LABEL }));
    expect(box.value).toBe('I want to');
    expect(box.readOnly).toBe(false);
    expect(document.activeElement).toBe(box);
    expect(screen.queryByRole('button', { name: CLEAR_LABEL })).toBeNull();
  });

  it('opens upwards from the last question with ArrowUp', () => {
    const { box } = setup();
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(activeOption(box)).toBe(ROWS[3]?.question);
  });

  it('closes on Escape and on a click outside, but not on a click inside', () => {
    const { box } = setup();
    fireEvent.click(box);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(box);
    fireEvent.pointerDown(screen.getByRole('listbox'));
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(document.body);
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('picks a clicked suggestion', () => {
    const { box } = setup();
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('option', { name: ROWS[2]?.question }));
    expect(box.value).toBe(ROWS[2]?.question);
    expect(box.readOnly).toBe(true);
  });

  it('filters the suggestions by what is typed after the prefix', () => {
    const { box } = setup();
    fireEvent.change(box, { target: { value: 'I want to embed' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([ROWS[1]?.question]);
    expect(suggestionsFor('sheet status', ROWS)[0]).toBe(ROWS[2]?.question);
    expect(suggestionsFor('I want to', ROWS)).toHaveLength(ROWS.length);
  });

  it('suggests by the text search too: other word forms, synonyms and typos, as typed matches first', () => {
    expect(suggestionsFor('embeding', ROWS)).toEqual([ROWS[1]?.question]);
    // 'survey' means 'form': both form questions come up, neither mentions a survey.
    expect(suggestionsFor('I want to make a survey', ROWS).sort()).toEqual(
      [ROWS[0]?.question, ROWS[1]?.question].sort(),
    );
    // 'spreadsheet' means 'sheet': the questions that say so first, then a row whose answer does.
    expect(suggestionsFor('spreadsheet', ROWS)).toEqual([
      ROWS[0]?.question,
      ROWS[2]?.question,
      ROWS[1]?.question,
    ]);
    expect(suggestionsFor('pizza', ROWS)).toEqual([]);
  });

  it("disables Send for an empty box or only 'I want'", () => {
    const { box, send } = setup();
    expect(send.disabled).toBe(false);
    for (const text of ['', '   ', 'I want', '  i WANT  ']) {
      fireEvent.change(box, { target: { value: text } });
      expect(send.disabled).toBe(true);
    }
    fireEvent.change(box, { target: { value: 'I want a form' } });
    expect(send.disabled).toBe(false);
  });

  it('sends the trimmed question with Enter when no suggestion is active', () => {
    const { box, onSend } = setup();
    fireEvent.change(box, { target: { value: '  I want a contact form  ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(onSend).toHaveBeenCalledWith('I want a contact form');
  });

  it("does not send 'I want' even when the form is submitted", () => {
    const { box, onSend } = setup();
    fireEvent.change(box, { target: { value: 'I want' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(onSend).not.toHaveBeenCalled();
  });
});
