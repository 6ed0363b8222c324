/** The fuzz rules themselves: each must catch what it is for, and pass what the CLI rightly prints. */
import { describe, expect, it } from 'vitest';
import { type CaseFacts, INJECTED_STOP_TOKEN, problems, workflowCommands } from './verdict.js';

const BOUNDS = { caseMs: 1000, heapGrowthBytes: 64 << 20, datagramBytes: 1432 };
const CLEAN: CaseFacts = {
  code: 2,
  stdout: '',
  stderr: 'error: metrics.csv:3: a cell is not a number\n',
  ms: 10,
  hang: false,
  died: null,
  uncaught: false,
  heapGrowth: 1 << 20,
  historyChanged: false,
};
const broken = (f: Partial<CaseFacts>): string[] => problems({ ...CLEAN, ...f }, BOUNDS);

describe('fuzz verdict', () => {
  it('passes an InputError with exit 2, and exits 0 and 1', () => {
    expect(broken({})).toEqual([]);
    expect(broken({ code: 0, stdout: 'training_metrics.loss:1|g\n' })).toEqual([]);
    expect(broken({ code: 1 })).toEqual([]);
  });

  it('catches other exit codes, hangs, deaths, slowness and heap growth', () => {
    expect(broken({ code: 134 })).toEqual(['exit code 134, not 0, 1 or 2']);
    expect(broken({ code: null, hang: true, ms: 1001 })[0]).toMatch(/^hang: /);
    expect(broken({ code: null, died: 'signal SIGABRT' })[0]).toMatch(/^crash: the process died \(signal SIGABRT\)/);
    expect(broken({ code: 1, uncaught: true })).toContain('crash: uncaught exception');
    expect(broken({ ms: 1500 })).toEqual(['slow: 1500 ms (bound 1000 ms)']);
    expect(broken({ heapGrowth: 65 << 20 })).toEqual(['heap: 65 MB left in use after the case (bound 64 MB)']);
  });

  it('holds `check --bisect` to its own codes: 125 passes, 2 (git bisect\'s "bad") is caught', () => {
    const bisect = { ...BOUNDS, exitCodes: [0, 1, 125] };
    expect(problems({ ...CLEAN, code: 125 }, bisect)).toEqual([]);
    expect(problems({ ...CLEAN, code: 2 }, bisect)).toEqual(['exit code 2, not 0, 1 or 125']);
  });

  it('catches stack frames and JavaScript error classes on either stream', () => {
    const trace = 'error: internal error: TypeError: x is not a function\n    at f (/repo/src/a.ts:3:9)\n';
    expect(broken({ stderr: trace })).toHaveLength(2);
    expect(broken({ code: 1, stdout: '    at file:///repo/src/a.js:10:2' })[0]).toMatch(/^stack trace/);
    expect(broken({ stderr: 'error: h.json: history cannot be read: Maximum call stack size exceeded' })[0]).toMatch(
      /^error class in output: "Maximum call stack"/,
    );
    expect(broken({ stderr: 'error: a.csv:2: RangeError: Invalid string length' })).toHaveLength(1);
    // A line of the file that mentions "at" is not a frame.
    expect(broken({ stderr: 'error: a.csv:2: "    at the end" is not a number' })).toEqual([]);
  });

  it('catches inherited properties read as data, and StatsD lines over the datagram size', () => {
    expect(broken({ code: 0, stdout: 'x:1|g|#model:function Object() { [native code] }\n' })[0]).toMatch(
      /^inherited property in output/,
    );
    const line = (name: string) => `training_metrics.${name}:1.5|g|#experiment:e`;
    expect(broken({ code: 0, stdout: `${line('a'.repeat(1390))}\n` })).toEqual([]);
    expect(broken({ code: 0, stdout: `${line('a'.repeat(1500))}\n` })).toEqual([
      'StatsD line of 1537 bytes, over the 1432-byte datagram',
    ]);
    // Other long lines (a long path in a message) are not StatsD lines.
    expect(broken({ code: 0, stdout: `history: recorded 1 run(s) in /${'d/'.repeat(1000)}h.json\n` })).toEqual([]);
  });

  it('refuses a changed history only when record refused it', () => {
    expect(broken({ historyChanged: true })).toEqual([
      'lost data: record refused the history (exit 2) but the file changed',
    ]);
    expect(broken({ code: 0, historyChanged: true })).toEqual([]);
  });

  it('finds workflow commands on stdout, not inside a stop-commands wrapper the tool opened', () => {
    expect(workflowCommands('gpt: pass\n::error::injected\nx\r::set-output name=a::b\n')).toEqual([
      '::error::injected',
      '::set-output name=a::b',
    ]);
    expect(workflowCommands('::stop-commands::r4nd0m\nname\n::error::inert\n::r4nd0m::\ndone\n')).toEqual([]);
    expect(workflowCommands('::stop-commands::r4nd0m\n::r4nd0m::\n::add-mask::x\n')).toEqual(['::add-mask::x']);
    const injected = `::stop-commands::${INJECTED_STOP_TOKEN}`;
    expect(workflowCommands(`x\n${injected}\n`)).toEqual([injected]);
    expect(workflowCommands(' ::error:: indented is not read by the runner\nerror: a::b\n')).toEqual([]);
    expect(broken({ stdout: 'run\n::error::injected\n' })).toEqual(['workflow command on stdout: "::error::injected"']);
    expect(broken({ stderr: '::error::on stderr is not on stdout' })).toEqual([]);
  });
});
