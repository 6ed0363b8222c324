import { describe, expect, it } from 'vitest';
import { historyArgSecrets } from './history-arg-secrets.js';

describe('historyArgSecrets', () => {
  it('takes the password of every --history, --from and --to URL, in both flag forms, and PGPASSWORD', () => {
    const secrets = historyArgSecrets(
      [
        'calibrate',
        '--history',
        'postgres://u:pa%24s@127.0.0.1:5432/db',
        '--from=postgresql://v:second@host/db',
        '--to',
        'git:data',
        '--csv',
        'postgres://x:not-a-history@h/db',
      ],
      { PGPASSWORD: 'from-env' },
    );
    expect(secrets).toEqual(expect.arrayContaining(['pa%24s', 'pa$s', 'second', 'from-env']));
    expect(secrets).not.toContain('not-a-history');
  });

  it('finds nothing on a command line without a database URL', () => {
    expect(historyArgSecrets(['check', '--history', 'h.json', '--csv', 'a.csv'], {})).toEqual([]);
  });
});
