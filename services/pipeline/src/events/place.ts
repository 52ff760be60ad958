import { foldAccents, placeUnknown } from '@neuralbeat/common/contracts';
import { countryFromText } from '../collect/countries';
import { isOnlineLocation } from './collectedEvent';

/** Lower case, accents folded ("Zürich" → "zurich"), dots dropped ("U.S." → "us"), spaces folded. */
const fold = (text: string) => foldAccents(text).toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();

/** Cities that are their country: "Marina Bay Sands, Singapore" is in the city of Singapore. */
const CITY_STATES = new Set([
  'singapore',
  'hong kong',
  'macao',
  'macau',
  'monaco',
  'luxembourg',
  'vatican city',
  'san marino',
  'gibraltar',
]);

/** States and provinces written after a city: the United States', Canada's and Australia's, by name and postal code. */
const REGIONS = new Set(
  [
    ...['Alabama AL', 'Alaska AK', 'Arizona AZ', 'Arkansas AR', 'California CA', 'Colorado CO', 'Connecticut CT', 'Delaware DE'],
    ...['District of Columbia DC', 'Florida FL', 'Georgia GA', 'Hawaii HI', 'Idaho ID', 'Illinois IL', 'Indiana IN', 'Iowa IA'],
    ...['Kansas KS', 'Kentucky KY', 'Louisiana LA', 'Maine ME', 'Maryland MD', 'Massachusetts MA', 'Michigan MI', 'Minnesota MN'],
    ...['Mississippi MS', 'Missouri MO', 'Montana MT', 'Nebraska NE', 'Nevada NV', 'New Hampshire NH', 'New Jersey NJ', 'New Mexico NM'],
    ...['New York NY', 'North Carolina NC', 'North Dakota ND', 'Ohio OH', 'Oklahoma OK', 'Oregon OR', 'Pennsylvania PA', 'Rhode Island RI'],
    ...['South Carolina SC', 'South Dakota SD', 'Tennessee TN', 'Texas TX', 'Utah UT', 'Vermont VT', 'Virginia VA', 'Washington WA'],
    ...['West Virginia WV', 'Wisconsin WI', 'Wyoming WY', 'Alberta AB', 'British Columbia BC', 'Manitoba MB', 'New Brunswick NB'],
    ...['Newfoundland and Labrador NL', 'Nova Scotia NS', 'Ontario ON', 'Prince Edward Island PE', 'Quebec QC', 'Saskatchewan SK'],
    ...['Northwest Territories NT', 'Nunavut NU', 'Yukon YT', 'New South Wales NSW', 'Victoria VIC', 'Queensland QLD'],
    ...['South Australia SA', 'Western Australia WA', 'Tasmania TAS', 'Australian Capital Territory ACT', 'Northern Territory NT'],
  ].flatMap((entry) => {
    const code = entry.slice(entry.lastIndexOf(' ') + 1);
    return [entry.slice(0, -code.length - 1), code].map(fold);
  }),
);

/**
 * The city of a location as sources write it, folded for comparison, or null for
 * none (online, to be announced). The location's parts (split at commas, slashes,
 * "·", "|", " - ") lose their numbers (street numbers, postal codes: "NY 11201",
 * "10115 Berlin") and what is in brackets; then, from the end, the country parts
 * and at most one US, Canadian or Australian state or province go, and the city is
 * the last part left: "Moscone Center, San Francisco, CA, USA" and "San Francisco,
 * California" are both "san francisco". The first part always stays ("New York,
 * NY" is "new york"). A region this does not know (Bavaria) is taken for the city:
 * two writings then differ, and two sources' events stay apart rather than merge.
 */
export function cityOf(location: string): string | null {
  const parts = location
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .split(/[,/·|]| - /)
    .map((part) =>
      fold(
        part
          .split(/\s+/)
          .filter((word) => !/\d/.test(word))
          .join(' '),
      ),
    )
    .filter((part) => part && !placeUnknown(part) && !isOnlineLocation(part));
  while (parts.length > 1 && countryFromText(parts.at(-1)!) && !CITY_STATES.has(parts.at(-1)!)) parts.pop();
  if (parts.length > 1 && REGIONS.has(parts.at(-1)!)) parts.pop();
  return parts.at(-1) ?? null;
}

/**
 * Same city or both online, for the cross-source match. A hybrid event (online
 * and at a place) is in its city. A shared venue or country alone is not the same
 * place: "Main Hall, Porto" is not "Main Hall, Lisbon", nor "Porto, Portugal" "Lisbon, Portugal".
 */
export function samePlace(a: { location: string; virtual: boolean }, b: { location: string; virtual: boolean }): boolean {
  if (a.virtual && b.virtual) return true;
  const city = cityOf(a.location);
  return city !== null && city === cityOf(b.location);
}
