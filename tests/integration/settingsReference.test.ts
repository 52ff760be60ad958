import fs from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@neuralbeat/common';
import { ENV_EXAMPLE, SETTINGS_DOC, envExample, settings, settingsMarkdown } from '../../scripts/settingsReference';

describe('the settings reference is generated from the catalogue', () => {
  it('every setting says what it means in the catalogue', () => {
    const all = settings();
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((s) => !s.description?.trim()).map((s) => s.name)).toEqual([]);
  });

  it('every setting is in the pick of some program that reads it', () => {
    expect(
      settings()
        .filter((s) => s.readers.length === 0)
        .map((s) => s.name),
    ).toEqual([]);
  });

  it('docs/settings.md is what the script writes', () => {
    expect(fs.readFileSync(SETTINGS_DOC, 'utf8'), 'docs/settings.md is stale: run `npm run docs:settings`').toBe(settingsMarkdown());
  });

  it('.env.example is what the script writes, and its values are the defaults', () => {
    const text = fs.readFileSync(ENV_EXAMPLE, 'utf8');
    expect(text, '.env.example is stale: run `npm run docs:settings`').toBe(envExample());
    expect(parseConfig(parseEnv(text))).toEqual(parseConfig({}));
  });
});
