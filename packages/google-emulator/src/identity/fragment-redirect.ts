/**
 * `{redirectUri}#a=1&b=2`: the implicit flow returns its results in the fragment, so they never reach a
 * server log. Values use percent-encoding (spaces as %20, not +) so both URLSearchParams and
 * decodeURIComponent read them back unchanged.
 */
export function fragmentRedirectUrl(
  redirectUri: string,
  params: ReadonlyArray<[string, string | undefined]>,
): string {
  const fragment = params
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${redirectUri}#${fragment}`;
}
