/** @jest-environment node */
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ABANDONED_UPLOAD_AGE_MS,
  REQUEST_TIMEOUT_MS,
  startUploadTempCleanup,
  UPLOAD_TEMP_SWEEP_MS,
  uploadTempDir,
} from '@/server/files/upload-temp';

/**
 * Temporary files of uploads a crashed process left behind (`.tmp/<uuid>.part` and a gallery
 * picture's thumbnails beside it) are removed when the API starts; while it runs, those nobody has
 * written to for longer than an upload can take are removed every few minutes, and a file being
 * uploaded right now is left alone. Stored files are never touched.
 * (The API process's start doing this is checked in database-outage-process.test.ts.)
 */

const root = mkdtempSync(path.join(os.tmpdir(), 'upload-temp-'));
const tmp = uploadTempDir(root);
const put = (name: string, ageMs = 0) => {
  const file = path.join(tmp, name);
  writeFileSync(file, 'x'.repeat(1000));
  const at = (Date.now() - ageMs) / 1000;
  utimesSync(file, at, at);
  return file;
};

beforeEach(() => {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  mkdirSync(path.join(root, 'org'), { recursive: true });
  writeFileSync(path.join(root, 'org', 'stored.pdf'), 'kept');
});
afterEach(() => jest.useRealTimers());
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('the longest upload is the request time limit, and a temporary file is abandoned after twice that', () => {
  expect(REQUEST_TIMEOUT_MS).toBe(5 * 60_000);
  expect(ABANDONED_UPLOAD_AGE_MS).toBe(10 * 60_000);
});

it('at start the abandoned temporary upload files go; a fresh one (another process uploading into a shared folder) and other files stay', async () => {
  const old = ABANDONED_UPLOAD_AGE_MS + 1000;
  const leftovers = [
    put('0b6c1c52-7d0e-4c54-9d8e-1f1e0c7a4b11.part', old),
    put('0b6c1c52-7d0e-4c54-9d8e-1f1e0c7a4b11.part.small.webp', old),
    put('9f3e.part', 3 * 3600_000),
  ];
  const other = put('notes.txt', 3 * 3600_000);
  const uploading = put('5d1e.part');
  const lines: string[] = [];
  const stop = await startUploadTempCleanup(root, (l) => lines.push(l));
  stop();
  expect(leftovers.filter(existsSync)).toEqual([]);
  expect(existsSync(uploading)).toBe(true);
  expect(existsSync(other)).toBe(true);
  expect(existsSync(path.join(root, 'org', 'stored.pdf'))).toBe(true);
  expect(lines).toEqual(['[files] removed 3 temporary upload file(s) left by an interrupted upload']);
});

it('a missing temporary folder is no error', async () => {
  rmSync(tmp, { recursive: true });
  const stop = await startUploadTempCleanup(root, () => undefined);
  stop();
});

it('while running, only files untouched for longer than an upload can take are removed', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'Date'] });
  const stop = await startUploadTempCleanup(root, () => undefined);
  try {
    const abandoned = put('abandoned.part', ABANDONED_UPLOAD_AGE_MS + 60_000);
    const abandonedThumb = put('abandoned.part.large.webp', ABANDONED_UPLOAD_AGE_MS + 60_000);
    const uploading = put('uploading.part', REQUEST_TIMEOUT_MS - 1000);
    jest.advanceTimersByTime(UPLOAD_TEMP_SWEEP_MS);
    for (let i = 0; i < 200 && existsSync(abandoned); i++) await new Promise((r) => setImmediate(r));
    expect(existsSync(abandoned)).toBe(false);
    for (let i = 0; i < 200 && existsSync(abandonedThumb); i++) await new Promise((r) => setImmediate(r));
    expect(existsSync(abandonedThumb)).toBe(false);
    expect(existsSync(uploading)).toBe(true);
  } finally {
    stop();
  }
});
