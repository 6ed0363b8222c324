import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLeftoverOf, temporaryName, writeFileAtomic } from './write-file.js';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'tmg-write-file-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('writes a new file and replaces an old one, keeping its permission bits, and leaves nothing beside it', async () => {
    const dir = tmp();
    const path = join(dir, 'report.md');
    expect(await writeFileAtomic(path, 'one\n')).toEqual({ replacedLink: false });
    chmodSync(path, 0o640);
    await writeFileAtomic(path, 'two\n');
    expect(readFileSync(path, 'utf8')).toBe('two\n');
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['report.md']);
  });

  it('replaces a symlink by the file and says so, leaving the file it pointed to as it was', async () => {
    const dir = tmp();
    const outside = join(tmp(), 'authorized_keys');
    writeFileSync(outside, 'ssh-ed25519 AAAA…\n');
    const link = join(dir, 'index.html');
    symlinkSync(outside, link);
    expect(await writeFileAtomic(link, '<html></html>\n')).toEqual({ replacedLink: true });
    expect(lstatSync(link).isFile()).toBe(true);
    expect(readFileSync(link, 'utf8')).toBe('<html></html>\n');
    expect(readFileSync(outside, 'utf8')).toBe('ssh-ed25519 AAAA…\n');
    // A dangling link too: nothing is created where it points.
    const dangling = join(dir, 'x.csv');
    symlinkSync(join(dir, 'nowhere', 'x.csv'), dangling);
    expect(await writeFileAtomic(dangling, 'a,b\n')).toEqual({ replacedLink: true });
    expect(readdirSync(dir).sort()).toEqual(['index.html', 'x.csv']);
  });

  it('refuses a folder or a FIFO in the file’s place, and leaves no temporary file', async () => {
    const dir = tmp();
    mkdirSync(join(dir, 'a.json'));
    await expect(writeFileAtomic(join(dir, 'a.json'), '{}')).rejects.toMatchObject({ code: 'EISDIR' });
    execFileSync('mkfifo', [join(dir, 'b.json')]);
    await expect(writeFileAtomic(join(dir, 'b.json'), '{}')).rejects.toMatchObject({ code: 'ENOTREG' });
    await expect(writeFileAtomic(join(dir, 'missing', 'c.json'), '{}')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'b.json']);
  });

  it("names its temporary files so that a killed writer's are told from a running one's", () => {
    const name = temporaryName('/site/index.html').split('/').pop()!;
    expect(name).toMatch(/^\.index\.html\.\d+\.[0-9a-z]+\.tmp$/);
    // This process is running: its own are not leftovers; a process that is gone left its own.
    expect(isLeftoverOf(name, 'index.html')).toBe(false);
    expect(isLeftoverOf('.index.html.999999999.abc.tmp', 'index.html')).toBe(true);
    expect(isLeftoverOf('.index.html.999999999.abc.tmp', 'other.html')).toBe(false);
    expect(isLeftoverOf('.index.html.tmp', 'index.html')).toBe(false);
    // A name far longer than any temporary name may be still gets a temporary name a file system takes.
    expect(
      temporaryName(`/d/${'x'.repeat(250)}.html`)
        .split('/')
        .pop()!.length,
    ).toBeLessThan(120);
  });
});
