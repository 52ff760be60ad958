import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema } from '@neuralbeat/common';
import { contentConfig, contentSettings } from '../../services/content/src/config';
import { searchConfig, searchSettings } from '../../services/search/src/config';
import { pipelineConfig, pipelineSettings } from '../../services/pipeline/src/config';
import { gatewayConfig, gatewaySettings } from '../../services/gateway/src/config';

const catalogue = Object.keys(configSchema.shape);

describe('each service parses only the settings it uses', () => {
  it('picks its settings from the one catalogue', () => {
    for (const settings of [contentSettings, searchSettings, pipelineSettings, gatewaySettings]) {
      const names = Object.keys(settings.shape);
      expect(names.length).toBeGreaterThan(5);
      for (const name of names) expect(catalogue).toContain(name);
    }
  });

  it('a bad value of a setting a service does not read cannot stop it; the service that reads it names it', () => {
    const env = { OPENAI_BASE_URL: 'not a url', GATEWAY_PORT: 'eighty', CONTENT_CACHE_SECONDS: '-4' };
    expect(() => searchConfig(env)).not.toThrow();
    expect(() => pipelineConfig(env)).toThrow(ConfigError);
    expect(() => pipelineConfig(env)).toThrow(/OPENAI_BASE_URL/);
    expect(() => gatewayConfig(env)).toThrow(/GATEWAY_PORT/);
    expect(() => contentConfig(env)).toThrow(/CONTENT_CACHE_SECONDS/);
    expect(() => contentConfig(env)).not.toThrow(/OPENAI_BASE_URL|GATEWAY_PORT/);
  });

  it('holds no secret it does not need', () => {
    const env = {
      OPENAI_API_KEY: 'sk-secret',
      GEMINI_API_KEY: 'g-secret',
      MEILI_MASTER_KEY: 'master',
      MEILI_API_KEY: 'search-key',
      DATABASE_URL: 'postgres://u:p@db:5432/x',
    };
    const gateway = gatewayConfig(env) as Record<string, unknown>;
    const content = contentConfig(env) as Record<string, unknown>;
    const search = searchConfig(env) as Record<string, unknown>;
    const pipeline = pipelineConfig(env) as Record<string, unknown>;
    expect(gateway).not.toHaveProperty('DATABASE_URL');
    for (const cfg of [gateway, content, search, pipeline]) expect(cfg).not.toHaveProperty('MEILI_MASTER_KEY');
    for (const cfg of [gateway, content, search]) {
      expect(cfg).not.toHaveProperty('OPENAI_API_KEY');
      expect(cfg).not.toHaveProperty('GEMINI_API_KEY');
    }
    expect(pipeline).toMatchObject({ OPENAI_API_KEY: 'sk-secret', GEMINI_API_KEY: 'g-secret' });
    expect(search).toMatchObject({ MEILI_API_KEY: 'search-key' });
    expect(content).toMatchObject({ DATABASE_URL: 'postgres://u:p@db:5432/x', CONTENT_PORT: 4001 });
  });
});
