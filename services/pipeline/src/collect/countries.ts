import { foldAccents } from '@neuralbeat/common/contracts';

/**
 * Countries a location names: for a remote job's JobPosting applicantLocationRequirements,
 * and for the city rule that joins one event from two sources (events/place.ts).
 * Only a clear country counts: a region (EMEA, North America), a city or a US
 * state is no country, and neither is a two-letter code that is also a US state's
 * ("Remote, CA" may be Canada or California).
 */

// ISO 3166-1 alpha-2, the codes officially assigned.
const ISO_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

// US states, DC and territories: as a bare code in a location these say a state as often as a country.
const US_STATE_CODES = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA ' +
    'RI SC SD TN TX UT VT VA WA WV WI WY DC AS GU MP PR VI'
  ).split(' '),
);

const ALIASES: Record<string, string> = {
  usa: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  uae: 'AE',
  'czech republic': 'CZ',
  turkey: 'TR',
  'hong kong': 'HK',
  macau: 'MO',
  burma: 'MM',
  'bosnia and herzegovina': 'BA',
  'ivory coast': 'CI',
  america: 'US',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  holland: 'NL',
  deutschland: 'DE',
  espana: 'ES',
  italia: 'IT',
  schweiz: 'CH',
  suisse: 'CH',
  osterreich: 'AT',
  brasil: 'BR',
};

const longNames = new Intl.DisplayNames(['en'], { type: 'region' });
const shortNames = new Intl.DisplayNames(['en'], { type: 'region', style: 'short' });

/** The name a visitor and a crawler read: "United States", "Hong Kong" (not "Hong Kong SAR China"), "Myanmar". */
const nameOf = (code: string) => {
  const long = longNames.of(code) ?? code;
  return /SAR|\(/.test(long) ? (shortNames.of(code) ?? long) : long;
};

const key = (text: string) =>
  foldAccents(text)
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/&/g, 'and')
    .replace(/^the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();

const BY_NAME = new Map<string, string>();
for (const code of ISO_CODES) {
  BY_NAME.set(key(longNames.of(code) ?? code), code);
  BY_NAME.set(key(nameOf(code)), code);
}
for (const [alias, code] of Object.entries(ALIASES)) BY_NAME.set(alias, code);
// A US state's name too.
BY_NAME.delete('georgia');

/** The country's name for an ISO code a board gives as such (Lever's `country`), or null for a code that is none. */
export function countryFromCode(code: string | null | undefined): string | null {
  const upper = (code ?? '').trim().toUpperCase();
  if (upper === 'UK') return nameOf('GB');
  return ISO_CODES.includes(upper) ? nameOf(upper) : null;
}

/** The country a bit of a location names, whole: "United States", "U.S.", "UK", "Italy", "DE" (no: Delaware too) → its name, else null. */
export function countryFromText(text: string): string | null {
  const k = key(text);
  if (/^[a-z]{2}$/.test(k)) {
    const code = k.toUpperCase();
    return US_STATE_CODES.has(code) ? null : countryFromCode(code);
  }
  const code = BY_NAME.get(k);
  return code ? nameOf(code) : null;
}

/**
 * The one country a remote posting's location names, with the words for remote
 * taken away: "Remote, Italy", "US-Remote", "Remote - United States", "Remote (Canada)"
 * → that country; "Remote", "Remote - EMEA", "Remote, US or Canada", "Remote - Austin, TX" → null.
 */
export function remoteCountry(location: string): string | null {
  const rest = location
    .replace(/\b(?:fully|remote|anywhere|work from home|wfh|first|only|based|friendly)\b|100%/gi, ' ')
    .replace(/[()[\]]/g, ' ')
    .replace(/^[\s,;:/|–—-]+|[\s,;:/|–—-]+$/g, '')
    .replace(/^(?:in|within)\s+/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return rest ? countryFromText(rest) : null;
}
