/** The API-key credential as the vendor's SDK sends it: HTTP Basic, key as user name, no password. */
export function basicAuthHeader(apiKey: string): string {
  return `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;
}
