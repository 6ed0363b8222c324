import { describe, expect, it } from 'vitest';
import { looksLikeSecretName } from './secret-field.js';

describe('looksLikeSecretName', () => {
  it.each([
    'GITHUB_TOKEN',
    'hf_token',
    'hfToken',
    'db.password',
    'Passwd',
    'apiKey',
    'API_KEY',
    'wandb.apikey',
    'AWS_ACCESS_KEY_ID',
    'private-key',
    'gcp.credentials',
    'client_secret',
    'x-auth',
    'Authorization',
  ])('%s is a secret name', (name) => expect(looksLikeSecretName(name)).toBe(true));

  it.each(['torch', 'tokenizers', 'max_tokens', 'keyring', 'author', 'cuda', 'image', 'monkey-patch', 'passport'])(
    '%s is not',
    (name) => expect(looksLikeSecretName(name)).toBe(false),
  );
});
