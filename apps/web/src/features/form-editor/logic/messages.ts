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

/** Spec 001 section 9: the forms dashboard opens 1 second after an update. */
export const REDIRECT_AFTER_UPDATE_MS = 1000;
export const FORMS_DASHBOARD_PATH = '/dashboard/forms';

export function sharePasswordText(name: string): string {
  return `Share this password with ${name}; it will not be shown again.`;
}
