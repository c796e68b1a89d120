import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

describe('data folder lock', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second process on the same folder with a clear message', () => {
    const dir = tempDir();
    // A live process that is not this one: the parent of the test runner.
    fs.writeFileSync(path.join(dir, 'sapa.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(
      `Another Sapa process (pid ${process.ppid}) is using the data folder`,
    );
  });

  it('takes over a lock left by a process that has ended', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'sapa.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'sapa.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'sapa.lock'))).toBe(false);
  });
});
