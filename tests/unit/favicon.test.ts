/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Browsers that take no SVG icon ask for a favicon.ico; without one under the app (served as
 * /admin/favicon.ico and linked from every page) they fall back to /favicon.ico outside /admin,
 * which does not exist. app/favicon.ico is the archery target of app/icon.svg as an ICO file.
 */
it('has a 32×32 favicon.ico next to icon.svg', () => {
  const ico = readFileSync(path.join(__dirname, '../../app/favicon.ico'));
  // ICONDIR: reserved 0, type 1 (icon), at least one image
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(1);
  // first ICONDIRENTRY: 32×32, its data inside the file
  expect([ico[6], ico[7]]).toEqual([32, 32]);
  const size = ico.readUInt32LE(6 + 8);
  const offset = ico.readUInt32LE(6 + 12);
  expect(offset + size).toBeLessThanOrEqual(ico.length);
});
