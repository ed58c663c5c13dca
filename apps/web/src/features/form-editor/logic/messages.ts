/** The texts of the form editor (spec 001 sections 2, 5 and 8). */
export const EDITOR_TEXT = {
  loading: 'Loading form...',
  missingFormId: 'Missing form ID parameter',
  loadFailed: 'Failed to load form',
  updateFailed: 'Failed to update form',
  updated: 'Form updated successfully!',
  updatedScreen: 'Updated Successfully!',
  updating: 'Updating...',
  updateForm: 'Update Form',
  userAdded: 'User added successfully!',
  userAddFailed: 'Failed to add user',
  userRemoved: 'User removed successfully',
  userRemoveFailed: 'Failed to remove user',
  passwordReset: 'Password reset successfully',
  passwordResetFailed: 'Failed to reset password',
  formNameRequired: 'Form name is required',
  fieldLabelRequired: 'Field label is required',
} as const;

/**
 * The dialog of a save refused because the form was saved elsewhere meanwhile (decision 0041's 409; the
 * spec has no text for it). Nothing is lost until the owner picks.
 */
export const CONFLICT_TEXT = {
  title: 'This form was saved somewhere else',
  body: 'Someone saved this form after you opened it here, perhaps you in another tab or on another device. Your changes here are not saved yet.',
  choices:
    'Save your version to replace that save entirely, or load the latest version and lose your changes here.',
  keepEditing: 'Keep editing',
  loadLatest: 'Load latest version',
  saveMine: 'Save my version',
  changedAgain: 'The form was saved somewhere else again. Choose once more.',
} as const;

/** What the field list says about moving fields, and what a screen reader hears as they move. */
export const REORDER_TEXT = {
  hint: 'Drag a field by its handle to reorder (long press on touch screens), or use its arrow buttons. The sheet keeps its column order.',
  moved: (label: string, position: number, count: number) =>
    `${label} moved to position ${position} of ${count}.`,
  added: (label: string, count: number) => `${label} added as field ${count}.`,
  pickedUp: (label: string, position: number) => `Picked up ${label}, position ${position}.`,
  movedTo: (label: string, position: number) => `${label} moved to position ${position}.`,
  droppedAt: (label: string, position: number) => `${label} dropped at position ${position}.`,
  dropped: (label: string) => `${label} dropped.`,
  cancelled: (label: string) => `Reordering cancelled. ${label} was dropped.`,
} as const;

/** Above the fields when an options range of the sheet could not be read (FormDetail.fieldWarnings). */
export const FIELD_WARNINGS_TITLE = 'Some options could not be read from your sheet';

/** Spec 001 section 9: the forms dashboard opens 1 second after an update. */
export const REDIRECT_AFTER_UPDATE_MS = 1000;
export const FORMS_DASHBOARD_PATH = '/dashboard/forms';

export function sharePasswordText(name: string): string {
  return `Share this password with ${name}; it will not be shown again.`;
}

/** The rule builder of a field (issue 23: conditional questions). */
export const CONDITION_TEXT = {
  heading: 'Show this question only when…',
  add: 'Add condition',
  addHint: 'Always shown. Add a condition to show it only after certain answers.',
  noTargets: 'Conditions use the questions above this one. Move it down to add one.',
  match: { all: 'All of these', any: 'Any of these' },
  matchLabel: 'Which conditions must hold',
  question: 'Question',
  operator: 'Condition',
  value: 'Value',
  removeRule: 'Remove condition',
  max: (max: number) => `A question can have at most ${max} conditions.`,
  valueRequired: 'Enter a value',
  removed: 'This condition refers to a removed field',
  below: 'This condition refers to a question below it — move it up or change the condition',
  opDoesNotFit: (op: string, label: string) => `'${op}' does not fit ${label}: choose another condition`,
  removedOnSave: (label: string) => `${label}: a condition refers to a removed field`,
  removedOption: (label: string) => `${label} (removed)`,
  belowOption: (label: string) => `${label} (below this question)`,
} as const;
