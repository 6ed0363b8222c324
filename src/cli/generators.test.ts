import { describe, expect, it } from 'vitest';
import { InputError } from '../model.js';
import { GENERATORS } from './generators.js';

describe('generator commands', () => {
  it('refuses a target the command does not have', async () => {
    await expect(GENERATORS.mapping!.run(['grafana'], {})).rejects.toBeInstanceOf(InputError);
  });
});
