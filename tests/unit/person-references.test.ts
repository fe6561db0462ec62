/** @jest-environment node */
import { columnsInSchema, NOT_PERSON_REFERENCES, PERSON_REFERENCES, personForeignKeysInSchema } from '@/server/db/person-references';

/** A column whose name says it may hold a person. */
const LOOKS_LIKE_A_PERSON = /(member|person|actor|owner|_by$|user)/;

describe('the list of places that hold a person', () => {
  const listed = new Set(PERSON_REFERENCES.map((r) => `${r.table}.${r.column}`));

  it('names every foreign key to members', () => {
    const missing = personForeignKeysInSchema()
      .map((c) => `${c.table}.${c.column}`)
      .filter((k) => !listed.has(k));
    expect(missing).toEqual([]);
  });

  it('names every integer column that looks like a person, or says why it is none', () => {
    const missing = columnsInSchema()
      .filter((c) => c.table !== 'members' && /^integer/.test(c.type) && LOOKS_LIKE_A_PERSON.test(c.column))
      .map((c) => `${c.table}.${c.column}`)
      .filter((k) => !listed.has(k) && !(k in NOT_PERSON_REFERENCES));
    expect(missing).toEqual([]);
  });

  it('lists only columns that exist, each once, keyed by table.column', () => {
    const columns = new Set(columnsInSchema().map((c) => `${c.table}.${c.column}`));
    for (const r of PERSON_REFERENCES) {
      expect(columns.has(`${r.table}.${r.column}`)).toBe(true);
      expect(r.key).toBe(`${r.table}.${r.column}`);
    }
    expect(new Set(PERSON_REFERENCES.map((r) => r.key)).size).toBe(PERSON_REFERENCES.length);
  });
});
