// Refuses common and guessable passwords with zxcvbn (docs/decisions/012-password-strength.md).
// Server only: the dictionary is large, so it is loaded on first use and never bundled for the web.
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { invalid } from './errors';

/** zxcvbn's score 3: at least 10^8 guesses, "safely unguessable" for an online attacker. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Only the first characters are scored: zxcvbn's cost grows with the length and it runs on the event
 * loop. A password whose first 64 characters are strong is strong.
 */
const SCORED_LENGTH = 64;

/** The app's own name, which people put in passwords made for it. */
const SITE_WORDS = ['presale'];

// zxcvbn reports its warnings as keys; the English texts are ours (no language pack for the words).
const WARNINGS: Record<string, string> = {
  straightRow: 'straight rows of keys are easy to guess',
  keyPattern: 'short keyboard patterns are easy to guess',
  simpleRepeat: 'repeated characters like "aaa" are easy to guess',
  extendedRepeat: 'repeated patterns like "abcabc" are easy to guess',
  sequences: 'sequences like "abc" or "1234" are easy to guess',
  recentYears: 'recent years are easy to guess',
  dates: 'dates are easy to guess',
  topTen: 'it is one of the most used passwords',
  topHundred: 'it is a very often used password',
  common: 'it is a commonly used password',
  similarToCommon: 'it is close to a commonly used password',
  wordByItself: 'a single word is easy to guess',
  namesByThemselves: 'a single name is easy to guess',
  commonNames: 'common names are easy to guess',
  userInputs: 'it contains your name, e-mail or login',
  pwned: 'it appeared in a data breach',
};

const ADVICE = 'Use a longer phrase of unrelated words.';

let checker: Promise<ZxcvbnFactory> | undefined;

function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
    // Levenshtein matching would cost ~50 ms a check for little: the l33t and dictionary matchers
    // already catch "password1" and "P@ssw0rd".
    return new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs, maxLength: SCORED_LENGTH });
  })();
  return checker;
}

/**
 * The words a guesser would try first for this person: each value whole and split into its parts
 * ("ada.king@example.com" → "ada.king", "ada", "king", "example", …).
 */
export function personalWords(...values: string[]): string[] {
  const words = new Set<string>(SITE_WORDS);
  for (const value of values) {
    const lower = value.trim().toLowerCase();
    if (!lower) continue;
    words.add(lower);
    const at = lower.lastIndexOf('@');
    if (at > 0) words.add(lower.slice(0, at));
    for (const part of lower.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/** Why this password is too easy to guess, or null when it is strong enough. */
export async function findPasswordWeakness(password: string, userInputs: string[] = []): Promise<string | null> {
  const zxcvbn = await loadChecker();
  const result = zxcvbn.check(password, userInputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const warning = result.feedback.warning ? WARNINGS[result.feedback.warning] : undefined;
  return warning ? `This password is too common or easy to guess: ${warning}. ${ADVICE}` : `This password is too common or easy to guess. ${ADVICE}`;
}

/** Throws the 400 invalid-input error, with the reason on `field`, when the password is too weak. */
export async function refuseWeakPassword(password: string, userInputs: string[], field: string): Promise<void> {
  const weakness = await findPasswordWeakness(password, userInputs);
  if (weakness) throw invalid(weakness, { [field]: weakness });
}
