import { describe, expect, it } from 'vitest';
import { cliIn } from '../../test/helpers/cli-in-process.js';

describe('--help and -h on every command', () => {
  it.each([
    ['check', '--help'],
    ['record', '-h'],
    ['post-comment', '--help'],
    ['watch', '--help'],
    ['dashboard', 'grafana', '--help'],
    ['mapping', 'statsd-exporter', '-h'],
    ['monitors', 'datadog', '--help'],
    ['history', 'list', '-h'],
    ['calibrate', '--help'],
  ])('%s %s answers with its own usage, exit 0', async (...args) => {
    const r = await cliIn('.', args);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(new RegExp(`^Usage:\\n  training-metrics-gate ${args[0]} `));
  });

  it('lists the flags of its command, with their defaults, and not the flags of others', async () => {
    const emit = (await cliIn('.', ['emit', '-h'])).out;
    expect(emit).toContain('--statsd-port N');
    expect(emit).toContain('(default: 8125)');
    expect(emit).not.toContain('--listen');
    expect(emit).not.toContain('--bisect');
    const watch = (await cliIn('.', ['watch', '--help'])).out;
    expect(watch).toMatch(/--listen VALUE\n .*\(default: 127\.0\.0\.1:9094\)/);
    expect(watch).not.toContain('--bisect');
    expect((await cliIn('.', ['check', '--help'])).out).toContain('--bisect');
    const post = (await cliIn('.', ['post-comment', '--help'])).out;
    expect(post).toContain('--comment-file');
    expect(post).not.toContain('--statsd-host');
  });

  it("leaves a watched command's own --help to it, and suggests a command for a typo", async () => {
    const watch = await cliIn('.', ['watch', '--csv', 'x.csv', '--', 'python', '--help']);
    expect(watch.out).not.toContain('Usage:');
    const typo = await cliIn('.', ['chek']);
    expect(typo.code).toBe(2);
    expect(typo.err).toMatch(/unknown command "chek"; did you mean "check"\?/);
  });
});
