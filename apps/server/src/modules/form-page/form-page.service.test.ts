import { describe, expect, it } from 'vitest';
import { formDescription, viewErrors } from './form-page.service.js';

const form = { fields: [{ label: 'Name' }, { label: 'response.odd' }] } as Parameters<typeof viewErrors>[0];

describe('viewErrors', () => {
  it('puts each problem under its field, the pad, or above the form', () => {
    expect(
      viewErrors(
        form,
        [
          { path: 'response.Name', message: 'Name is required' },
          { path: 'response.response.odd', message: 'odd' },
          { path: 'response.signature', message: 'Signature is required' },
          { path: 'response.Gone', message: 'Unknown field: Gone' },
          { path: 'response', message: 'Please fill in at least one field' },
        ],
        'fallback',
      ),
    ).toEqual({
      errors: { Name: 'Name is required', 'response.odd': 'odd' },
      signatureError: 'Signature is required',
      formError: 'Unknown field: Gone',
    });
  });

  it("shows the problem's own text when no field is named", () => {
    expect(viewErrors(form, [], 'formId does not match')).toEqual({ formError: 'formId does not match' });
  });
});

describe('formDescription', () => {
  it("is the form's own description on one line, or a sentence naming the form when it has none", () => {
    expect(formDescription({ name: 'Spring Meetup', description: ' Save your seat.\n\nDoors at 6. ' })).toBe(
      'Save your seat. Doors at 6.',
    );
    expect(formDescription({ name: 'Spring Meetup', description: ' \n ' })).toBe(
      'Fill in “Spring Meetup” online, a form made with SheetForms.',
    );
  });

  it('shortens a long name so the sentence still ends', () => {
    const description = formDescription({ name: 'Very long name '.repeat(20), description: '' });
    expect(description).toMatch(/^Fill in “Very long name .*…” online, a form made with SheetForms\.$/);
    expect(description.length).toBeLessThanOrEqual(155);
  });
});
