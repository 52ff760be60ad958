import { describe, expect, it } from 'vitest';
import { countryFromCode, remoteCountry } from './countries';

describe('the country a remote posting names', () => {
  it.each([
    ['Remote, Italy', 'Italy'],
    ['US-Remote', 'United States'],
    ['Remote - United States', 'United States'],
    ['Remote (Canada)', 'Canada'],
    ['Remote, UK', 'United Kingdom'],
    ['Remote - USA', 'United States'],
    ['Remote, U.S.', 'United States'],
    ['United States (Remote)', 'United States'],
    ['Fully remote in Germany', 'Germany'],
    ['100% Remote - Hong Kong', 'Hong Kong'],
    ['Remote, the Netherlands', 'Netherlands'],
    ['Remote, US-based', 'United States'],
  ])('%s → %s', (location, country) => {
    expect(remoteCountry(location)).toBe(country);
  });

  it.each([
    'Remote',
    'Anywhere',
    'Remote - EMEA',
    'Remote (North America)',
    'Remote, US or Canada',
    'Remote - US & Canada',
    'Remote - Austin, TX',
    'Remote, San Francisco',
    // A code that is also a US state's, and a state's name, are not clear.
    'Remote, CA',
    'Remote - DE',
    'Remote - Georgia',
    'Remote - California',
  ])('%s → none', (location) => {
    expect(remoteCountry(location)).toBeNull();
  });

  it('takes a board country code as such, even one a US state shares', () => {
    expect(countryFromCode('DE')).toBe('Germany');
    expect(countryFromCode('ca')).toBe('Canada');
    expect(countryFromCode('UK')).toBe('United Kingdom');
    expect(countryFromCode('EU')).toBeNull();
    expect(countryFromCode('ZZ')).toBeNull();
    expect(countryFromCode(null)).toBeNull();
  });
});
