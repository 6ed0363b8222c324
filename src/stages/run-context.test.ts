import { describe, expect, it } from 'vitest';
import { InputError } from '../model.js';
import { DEFAULT_OPTIONS, githubContextFromEnv } from '../options.js';
import { RunContext } from './run-context.js';

function context() {
  const said: string[] = [];
  const io = {
    info: (m: string) => void said.push(`info ${m}`),
    warn: (m: string) => void said.push(`warn ${m}`),
    error: (m: string) => void said.push(`error ${m}`),
  };
  return {
    ctx: new RunContext({ ...DEFAULT_OPTIONS, command: 'emit', github: githubContextFromEnv({}), notices: [] }, io, {
      jobSummary: false,
    }),
    said,
  };
}

describe('RunContext', () => {
  it('keeps warnings and user errors in order, and says each as it comes', () => {
    const { ctx, said } = context();
    ctx.warn('first');
    ctx.recordError(new InputError('a.csv', 2, 'bad cell'));
    ctx.warn('second');
    expect(ctx.warnings).toEqual(['first', 'second']);
    expect(ctx.errors).toEqual(['a.csv:2: bad cell']);
    expect(said).toEqual(['warn first', 'error a.csv:2: bad cell', 'warn second']);
  });
  it('lets anything but a user error through: a bug is not recorded as bad input', () => {
    const { ctx } = context();
    expect(() => ctx.recordError(new TypeError('bug'))).toThrow(TypeError);
    expect(ctx.errors).toEqual([]);
  });
  it('warns about a refused tag once', () => {
    const { ctx } = context();
    ctx.refuseTag('run_id looks like a unique id');
    ctx.refuseTag('run_id looks like a unique id');
    expect(ctx.warnings).toEqual(['tag refused: run_id looks like a unique id']);
  });
});
