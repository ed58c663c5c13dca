/** Builds the success envelope `{ data, message? }` every API route answers with. */
export function ok<T>(data: T, message?: string): { data: T; message?: string } {
  return message === undefined ? { data } : { data, message };
}
