import { describe, expect, it } from 'vitest';
import { cliIn } from '../../test/helpers/cli-in-process.js';

describe('--help and -h on every command', () => {
  it.each([
    ['check', '--help'],
    ['emit', '-h'],
    ['watch', '--help'],
    ['dashboard', 'grafana', '--help'],
    ['history', 'list', '-h'],
    ['calibrate', '--help'],
  ])('%s %s answers with the help, exit 0', async (...args) => {
    const r = await cliIn('.', args);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('Usage:');
    expect(r.out).toContain('--history');
  });

  it("leaves a watched command's own --help to it, and suggests a command for a typo", async () => {
    const watch = await cliIn('.', ['watch', '--csv', 'x.csv', '--', 'python', '--help']);
    expect(watch.out).not.toContain('Usage:');
    const typo = await cliIn('.', ['chek']);
    expect(typo.code).toBe(2);
    expect(typo.err).toMatch(/unknown command "chek"; did you mean "check"\?/);
  });
});
