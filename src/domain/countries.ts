// Countries as ISO 3166-1 alpha-2 codes (issue 34): what a buyer may declare as their residence and
// an operator may restrict. Names come from the runtime's English region names (Intl.DisplayNames).

/** The officially assigned codes, and XK (Kosovo), which GeoLite2/GeoIP2 databases return. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

const KNOWN = new Set(COUNTRY_CODES);

export function isCountryCode(code: string): boolean {
  return KNOWN.has(code);
}

/**
 * The starting list of restricted countries: the United States (token sales there are securities
 * offerings) and countries under comprehensive sanctions. A starting point for the operator to
 * review with their own legal advice, never a legal opinion.
 */
export const DEFAULT_RESTRICTED_COUNTRIES = ['US', 'CU', 'IR', 'KP', 'SY', 'RU', 'BY'];

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** "Germany" for DE; the code itself for one the runtime cannot name. */
export function countryName(code: string): string {
  return names.of(code) ?? code;
}

/** "Germany (DE)": how messages and the back-office name a country. */
export const countryLabel = (code: string): string => `${countryName(code)} (${code})`;

/** Every country, sorted by its English name (the registration select, the restricted list's picker). */
export function countriesByName(): { code: string; name: string }[] {
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
