import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('defaults to the embedded database on port 8080 with the demo seeded', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, databaseUrl: undefined, seedDemo: true, workers: true });
    expect(config.dataDir).toMatch(/data$/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('does not seed the demo on PostgreSQL unless asked to', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/sapa' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/sapa', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('names every bad variable in one clear error', () => {
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT: .*\n {2}DATABASE_URL: DATABASE_URL must be a postgres:\/\/ URL/s,
    );
  });
});
