import { describe, expect, it } from 'vitest';
import { LEVELS, levelIcon, levelOf, levelProgress } from './levels';

describe('levelOf', () => {
  it.each([
    ['0', null],
    ['39.999999', null],
    ['40', 'Bronze'],
    ['199.999999', 'Bronze'],
    ['200', 'Silver'],
    ['499.999999', 'Silver'],
    ['500', 'Gold'],
    ['999.999999', 'Gold'],
    ['1000', 'Platinum'],
    ['4999.999999', 'Platinum'],
    ['5000', 'Diamond'],
    ['49999.999999', 'Diamond'],
    ['50000', 'Legend'],
    ['100000', 'Legend'],
    ['99999999999999999999.5', 'Legend'],
  ])('%s tokens → %s', (amount, expected) => {
    expect(levelOf(amount)?.name ?? null).toBe(expected);
  });
});

describe('levelProgress', () => {
  it('below the first threshold progresses toward Bronze', () => {
    expect(levelProgress('20')).toEqual({ level: null, next: LEVELS[0], percent: '50.00' });
    expect(levelProgress('0').percent).toBe('0.00');
    expect(levelProgress('39.999999')).toMatchObject({ level: null, next: { name: 'Bronze' }, percent: '100.00' });
  });

  it('measures amount ÷ next threshold at each boundary', () => {
    expect(levelProgress('40')).toMatchObject({ level: { name: 'Bronze' }, next: { name: 'Silver' }, percent: '20.00' });
    expect(levelProgress('199.999999')).toMatchObject({ level: { name: 'Bronze' }, next: { name: 'Silver' }, percent: '100.00' });
    expect(levelProgress('200')).toMatchObject({ level: { name: 'Silver' }, next: { name: 'Gold' }, percent: '40.00' });
    expect(levelProgress('25000')).toMatchObject({ level: { name: 'Diamond' }, next: { name: 'Legend' }, percent: '50.00' });
  });

  it('at Legend there is no next level and progress is 100%', () => {
    expect(levelProgress('50000')).toEqual({ level: LEVELS[5], next: null, percent: '100.00' });
    expect(levelProgress('100000').percent).toBe('100.00');
  });

  it('names icons by lower-cased level', () => {
    expect(levelIcon('Platinum')).toBe('/status/platinum.svg');
  });
});
