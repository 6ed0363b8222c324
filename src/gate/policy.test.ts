import { describe, expect, it } from 'vitest';
import { shouldRecord } from './policy.js';

const ctx = (ref: string, eventName: string) => ({ ref, eventName, defaultBranch: 'main' });

describe('shouldRecord', () => {
  it('never records a pull request in auto mode', () => {
    expect(shouldRecord('auto', ctx('refs/pull/12/merge', 'pull_request')).record).toBe(false);
    expect(shouldRecord('auto', ctx('refs/heads/feature', 'pull_request_target')).record).toBe(false);
  });
  it('records default-branch pushes and scheduled runs', () => {
    expect(shouldRecord('auto', ctx('refs/heads/main', 'push')).record).toBe(true);
    expect(shouldRecord('auto', { ref: 'refs/heads/trunk', eventName: 'push', defaultBranch: 'trunk' }).record).toBe(
      true,
    );
    expect(shouldRecord('auto', ctx('refs/heads/main', 'schedule')).record).toBe(true);
  });
  it('does not record other branches or local runs in auto mode', () => {
    expect(shouldRecord('auto', ctx('refs/heads/feature', 'push')).record).toBe(false);
    expect(shouldRecord('auto', ctx('', '')).record).toBe(false);
  });
  it('obeys always and never', () => {
    expect(shouldRecord('always', ctx('refs/pull/1/merge', 'pull_request')).record).toBe(true);
    expect(shouldRecord('never', ctx('refs/heads/main', 'push')).record).toBe(false);
  });
});
