import { describe, expect, it } from 'vitest';
import { emptyVolume, volumeBefore, volumeLogChanges, type AccountVolume } from './volume';

const block = (over: Partial<AccountVolume> = {}): AccountVolume => ({ ...emptyVolume(), ...over });

describe('the volume block before logged changes (an import undone)', () => {
  it('sets back each changed month, date, unit and usage-charge row to what it was', () => {
    const before = block({ startDate: '2026-01-01T00:00:00', accountVolumeUom: 'KWH', volumeData: [{ year: 2026, months: [100, null, null, null, null, null, null, null, null, null, null, null] }] });
    const after = block({
      startDate: '2026-02-01T00:00:00',
      accountVolumeUom: 'KWH',
      btuFactor: 1.5,
      volumeData: [
        { year: 2026, months: [120, 90, null, null, null, null, null, null, null, null, null, null] },
        { year: 2027, months: [5, null, null, null, null, null, null, null, null, null, null, null] },
      ],
    });
    const { volume, differs } = volumeBefore(after, volumeLogChanges(before, after));
    expect(differs).toEqual([]);
    expect(volumeLogChanges(before, volume)).toEqual([]);
  });

  it('gives back no block when the import made it, and sets nothing back when a month was changed since', () => {
    const made = block({ volumeData: [{ year: 2026, months: [1, 2, null, null, null, null, null, null, null, null, null, null] }] });
    expect(volumeBefore(made, volumeLogChanges(null, made)).volume).toBeNull();
    const since = block({ volumeData: [{ year: 2026, months: [7, 2, null, null, null, null, null, null, null, null, null, null] }] });
    const r = volumeBefore(since, volumeLogChanges(null, made));
    expect(r.volume).toBeNull();
    expect(r.differs.map((c) => [c.fieldName, c.newValue, c.currentValue])).toEqual([['volume.Jan 2026', '1', '7']]);
  });
});
