import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../../http/json-body';
import { packDays, readImportText, unpackedDays } from './import-file';

const habit = (completedDays: unknown) => ({
  id: '8f4c3a52-5d0e-4b7e-9a39-2f8f4f5f6a01',
  title: 'Stretch',
  isToday: false,
  todaySortOrder: 0,
  sortOrder: 0,
  completedDays,
});
const file = (habits: unknown[]) => JSON.stringify({ format: 'stride-export', version: 3, habits });

describe('readImportText', () => {
  it('reads a file and fills in its defaults as the schema does', () => {
    const reading = readImportText(file([habit(['2026-03-01', '2026-03-02'])]));
    expect(reading).toMatchObject({
      file: { goals: [], tasks: [], habits: [{ repeat: null, completedDays: ['2026-03-01', '2026-03-02'] }] },
    });
  });

  it('refuses what Fastify would: empty, malformed, prototype keys, too deep', () => {
    const malformed = { refusal: { status: 400, message: 'Malformed JSON body' } };
    expect(readImportText('')).toEqual(malformed);
    expect(readImportText('{"format":')).toEqual(malformed);
    expect(readImportText('{"format":"stride-export","__proto__":{"x":1}}')).toEqual(malformed);
    expect(readImportText('{"constructor":{"prototype":{"x":1}}}')).toEqual(malformed);
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect(readImportText(deep)).toEqual({ refusal: { status: 400, message: TOO_DEEP_MESSAGE } });
  });

  it('names the first issue and every issue by its dotted path', () => {
    const reading = readImportText(file([habit(['2026-03-01']), habit(['2026-03-01', '2026-02-30'])]));
    expect(reading).toEqual({
      refusal: {
        status: 400,
        message: 'Day must be a date written YYYY-MM-DD',
        issues: [{ path: 'habits.1.completedDays.1', message: 'Day must be a date written YYYY-MM-DD' }],
      },
    });
    expect(readImportText('[]')).toMatchObject({
      refusal: { message: 'Request body must be a JSON object' },
    });
  });
});

describe('packed days', () => {
  it('come back as the same days in the same order', () => {
    const reading = readImportText(file([habit(['2026-03-02', '1999-12-31', '2026-03-01']), habit([])]));
    if (!('file' in reading)) throw new Error('the file was refused');
    const packed = packDays(reading.file);
    expect(packed.habits.map((h) => h.completedDays)).toEqual(['2026-03-021999-12-312026-03-01', '']);
    expect(packed.habits.map((h) => unpackedDays(h.completedDays))).toEqual(
      reading.file.habits.map((h) => h.completedDays),
    );
  });
});
