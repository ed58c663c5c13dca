/**
 * Where a sign-in from a page outside the dashboard app lands, and what it says there (spec 000
 * section 4).
 */
export const DASHBOARD_PATH = '/dashboard/forms';
export const SIGN_IN_SUCCESS_MESSAGE = 'Google sign-in successful';
