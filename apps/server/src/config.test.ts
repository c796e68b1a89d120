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

  it('takes the Graph API address from the deployment, https only unless private networks are allowed', () => {
    expect(loadConfig({}).whatsappGraphBaseUrl).toBe('https://graph.facebook.com/v23.0');
    expect(loadConfig({}).outboundAllowPrivateNetworks).toBe(false);
    expect(() => loadConfig({ WHATSAPP_GRAPH_BASE_URL: 'http://127.0.0.1:8080/v23.0' })).toThrow(
      /WHATSAPP_GRAPH_BASE_URL: must be https/,
    );
    expect(() => loadConfig({ WHATSAPP_GRAPH_BASE_URL: 'file:///etc/passwd' })).toThrow(ConfigError);
    const local = loadConfig({
      WHATSAPP_GRAPH_BASE_URL: 'http://127.0.0.1:8080/v23.0/',
      OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    expect(local.whatsappGraphBaseUrl).toBe('http://127.0.0.1:8080/v23.0');
    expect(local.outboundAllowPrivateNetworks).toBe(true);
  });

  it('keeps /metrics local unless a metrics token is set', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-token-long-enough-1234' }).metricsToken).toBe(
      'a-token-long-enough-1234',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
