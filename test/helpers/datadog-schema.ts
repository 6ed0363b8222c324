/**
 * Check JSON against Datadog's published API schema, as encoded in Datadog's own generated client
 * (@datadog/datadog-api-client): required fields, enum values, one-of widget definitions, and — stricter
 * than the client — no fields the schema does not know (a misspelt field would be silently dropped).
 * The client is an optional package (optional-packages.ts): without it nothing is checked here, loudly.
 */
import { loadOptional } from './optional-packages.js';

type Version = 'v1' | 'v2';

interface Serializer {
  deserialize(data: unknown, type: string, format: string): unknown;
}
type Client = Record<Version, { ObjectSerializer: Serializer }>;

let client: Client | null | undefined;

/** Whether the schema can be checked here (the client is installed). */
export function datadogSchemaAvailable(): boolean {
  client ??= loadOptional<Client>('@datadog/datadog-api-client');
  return client !== null;
}

/**
 * What is wrong with `data` as the API type `type` (e.g. v1 `Dashboard`, v1 `Monitor`, v2 `MetricPayload`);
 * [] when valid, and when the client is not installed (said once, loudly).
 */
export function schemaProblems(data: unknown, type: string, version: Version): string[] {
  if (!datadogSchemaAvailable()) return [];
  const serializer = client![version].ObjectSerializer;
  let parsed: unknown;
  try {
    parsed = serializer.deserialize(data, type, '');
  } catch (e) {
    return [`${type}: ${e instanceof Error ? e.message : String(e)}`];
  }
  const problems: string[] = [];
  walk(parsed, type, problems);
  return problems;
}

function walk(node: unknown, path: string, problems: string[]): void {
  if (node === null || typeof node !== 'object') return;
  const name = (node as object).constructor?.name;
  if (name === 'UnparsedObject') {
    const data = JSON.stringify((node as { _data: unknown })._data);
    problems.push(`${path}: does not match the schema (${data.length > 160 ? `${data.slice(0, 160)}…` : data})`);
    return;
  }
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) walk(item, `${path}[${i}]`, problems);
    return;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === '_unparsed') continue;
    if (key === 'additionalProperties') {
      const extra = value && typeof value === 'object' ? Object.keys(value) : [];
      if (extra.length) problems.push(`${path}: fields the schema does not know: ${extra.join(', ')}`);
      continue;
    }
    walk(value, `${path}.${key}`, problems);
  }
}
