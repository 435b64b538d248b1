import { describe, expect, it } from 'vitest';
import { SlotMap } from './slot-map';

describe('SlotMap', () => {
  it('answers the slot of every id set, whatever its kind, and none after delete or clear', () => {
    const m = new SlotMap();
    const ids = [1, 2, 3, 70_000, 5, 1_000_000_000, -4, 2.5, 0, 40_000, 200_000];
    ids.forEach((id, slot) => m.set(id, slot));
    ids.forEach((id, slot) => expect(m.get(id)).toBe(slot));
    expect(m.get(4)).toBeUndefined();
    expect(m.get(999_999_999)).toBeUndefined();
    m.delete(70_000);
    m.delete(-4);
    m.delete(2.5);
    expect([m.get(70_000), m.get(-4), m.get(2.5), m.get(5)]).toEqual([undefined, undefined, undefined, 4]);
    m.set(5, 9);
    expect(m.get(5)).toBe(9);
    m.clear();
    expect(ids.map((id) => m.get(id))).toEqual(ids.map(() => undefined));
  });

  it('keeps ids set far past the table when the table later grows over them', () => {
    const m = new SlotMap();
    m.set(300_000, 0); // beyond the first table: held beside it
    for (let id = 1; id <= 400_000; id++) if (id !== 300_000) m.set(id, id);
    expect(m.get(300_000)).toBe(0);
    expect(m.get(299_999)).toBe(299_999);
    expect(m.get(400_000)).toBe(400_000);
  });
});
