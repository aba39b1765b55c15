import { describe, expect, it } from 'vitest';
import { UNALLOCATED, withUnallocated } from './tokenomics';

describe('withUnallocated', () => {
  it('adds what the slices leave of 100% as Unallocated, exactly', () => {
    expect(withUnallocated([{ label: 'Sale', percent: '40.1' }, { label: 'Team', percent: '19.8' }])).toEqual([
      { label: 'Sale', percent: '40.1' },
      { label: 'Team', percent: '19.8' },
      { label: UNALLOCATED, percent: '40.1' },
    ]);
  });
  it('adds nothing when the slices fill 100%', () => {
    expect(withUnallocated([{ label: 'Sale', percent: '60' }, { label: 'Team', percent: '40' }])).toHaveLength(2);
  });
  it('drops empty slices and makes no slices all Unallocated', () => {
    expect(withUnallocated([{ label: 'Nothing', percent: '0' }])).toEqual([{ label: UNALLOCATED, percent: '100' }]);
    expect(withUnallocated([])).toEqual([{ label: UNALLOCATED, percent: '100' }]);
  });
});
