/** Whether any piece of a secret is in a text: a prefix or any other part printed is a leak too. */

/** Distinctive stand-ins, sharing no 8-character piece with anything the tool prints. */
export const GITHUB_TOKEN_UNDER_TEST = 'ghs_Qx7LmZ2vKp9WtR4nYb8HcJ3sFd6GaE1uVo5';
export const DATADOG_KEY_UNDER_TEST = 'dd7f3Kq9ZxW2mVb8RtY4pLn6HcJ1sG5a';

/** Every 8-character piece of `secret` found in `text`, with where it was seen. */
export function secretPieces(text: string, secret: string, where: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 8 <= secret.length; i++) {
    const piece = secret.slice(i, i + 8);
    if (text.includes(piece)) found.push(`${where}: "${piece}"`);
  }
  return found.slice(0, 3);
}

/** The pieces of either secret in each named output; empty when nothing leaked. */
export function leaks(outputs: Record<string, string>): string[] {
  return Object.entries(outputs).flatMap(([where, text]) => [
    ...secretPieces(text, GITHUB_TOKEN_UNDER_TEST, where),
    ...secretPieces(text, DATADOG_KEY_UNDER_TEST, where),
  ]);
}
