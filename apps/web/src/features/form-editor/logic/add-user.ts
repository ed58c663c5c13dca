import { AddFormUserBodySchema } from '@sheetforms/contract';

export interface AddUserInput {
  name: string;
  email: string;
}

export type AddUserErrors = Partial<Record<keyof AddUserInput, string>>;

const schema = AddFormUserBodySchema.pick({ name: true, email: true });

/**
 * The add-user checks of spec 001 section 5, with the same schema the server applies: 'Email is required',
 * 'Valid email is required', 'Name is required', 'Name must be at least 2 characters'. One message per input.
 */
export function validateAddUser(input: AddUserInput): AddUserErrors {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: AddUserErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if ((key === 'name' || key === 'email') && errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}
