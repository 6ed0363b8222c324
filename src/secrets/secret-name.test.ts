import { describe, expect, it } from 'vitest';
import { looksLikeSecretName, nameParts } from './secret-name.js';

describe('looksLikeSecretName', () => {
  it.each([
    'GITHUB_TOKEN',
    'HF_TOKEN',
    'hf_token',
    'hfToken',
    'db.password',
    'Passwd',
    'PGPASSWORD',
    'MYSQL_PWD',
    'DB_PASS',
    'GH_PAT',
    'CI_JOB_JWT',
    'SLACK_WEBHOOK_URL',
    'SESSION_ID',
    'session',
    'cookie',
    'apiKey',
    'APIKey',
    'API_KEY',
    'wandb.apikey',
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'private-key',
    'ssh.key',
    'gcp.credentials',
    'client_secret',
    'clientsecret',
    'x-auth',
    'Authorization',
    'NPM_AUTH_TOKEN',
    'hftoken',
  ])('%s is a secret name', (name) => expect(looksLikeSecretName(name)).toBe(true));

  it.each([
    'torch',
    'tokenizers',
    'max_tokens',
    'num_keys',
    'keyring',
    'keys',
    'author',
    'cuda',
    'image',
    'monkey',
    'monkey-patch',
    'passport',
    'path',
    'PYTHONPATH',
    'patch',
    'compass',
    'bypass',
    'sessions_per_gpu',
    'driver',
    'runner-image',
    'hf_hub_cache',
    'transformers',
  ])('%s is not', (name) => expect(looksLikeSecretName(name)).toBe(false));

  it('splits at every character that is not a letter or digit, and at a lower-case letter before an upper-case one', () => {
    expect(nameParts('wandbApiKey.v2-x_y')).toEqual(['wandb', 'api', 'key', 'v2', 'x', 'y']);
    expect(nameParts('PGPASSWORD')).toEqual(['pgpassword']);
  });
});
