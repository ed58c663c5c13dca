import { isEmailShape } from '@sheetforms/contract/answers';

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** Spec 001 section 5 (Login). */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = values.email.trim();
  if (email === '') errors.email = 'Email is required';
  else if (!isEmailShape(email)) errors.email = 'Please enter a valid email';
  if (values.password === '') errors.password = 'Password is required';
  return errors;
}

/**
 * Spec 001 section 8 (Form login): the server's message when it answered, else 'Invalid credentials';
 * 'Network error. Please try again.' when no response arrived; 'Login failed' otherwise.
 */
export function loginErrorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    if (error.status === 0) return 'Network error. Please try again.';
    const detail = 'detail' in error && typeof error.detail === 'string' ? error.detail : '';
    return detail || 'Invalid credentials';
  }
  return 'Login failed';
}
