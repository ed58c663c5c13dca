/** Texts and paths of the marketing app's shell (spec 000 sections 2, 4 and 8). */
export const SIGN_IN_FAILURE_MESSAGE = 'Google sign-in failed';
export const LOGOUT_SUCCESS_MESSAGE = 'Logged out successfully';
