import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';

describe('worker processes (WEB_CONCURRENCY)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bumps-config-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const DATABASE_URL = 'postgres://user:secret@db.invalid:5432/bumps';

  it('runs one worker per core on PostgreSQL unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL }).workers).toBe(availableParallelism());
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL, WEB_CONCURRENCY: '3' }).workers).toBe(3);
  });

  it('keeps PGlite in one process and says when more were asked for', () => {
    const config = loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: '4' });
    expect(config.workers).toBe(1);
    expect(config.workersRefused).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir }).workersRefused).toBe(false);
  });

  it('refuses a worker count that is not a positive whole number', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL, WEB_CONCURRENCY: '0' })).toThrow();
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL, WEB_CONCURRENCY: 'two' })).toThrow();
  });
});

describe('trusted proxies (TRUST_PROXY)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bumps-config-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const trustProxy = (TRUST_PROXY?: string) =>
    loadConfig({ DATA_DIR: dataDir, ...(TRUST_PROXY !== undefined && { TRUST_PROXY }) }).trustProxy;

  it("trusts nobody unless told: X-Forwarded-For on a laptop is anyone's to forge", () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
  });

  it("takes a hop count, or the proxies' addresses, CIDRs and proxy-addr's names", () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('10.0.0.5, 10.1.0.0/16,loopback, ::1')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
  });

  it('refuses to believe everybody, and an address it cannot read', () => {
    expect(() => trustProxy('true')).toThrow(/forged X-Forwarded-For/u);
    expect(() => trustProxy('proxy.internal')).toThrow(/invalid IP address/u);
    expect(() => trustProxy('10.0.0.0/40')).toThrow(/invalid range/u);
  });
});

describe('cross-origin callers (CORS_ORIGINS)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bumps-config-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const corsOrigins = (CORS_ORIGINS?: string) =>
    loadConfig({ DATA_DIR: dataDir, ...(CORS_ORIGINS !== undefined && { CORS_ORIGINS }) })
      .corsOrigins;

  it('lets no other origin in unless told', () => {
    expect(corsOrigins()).toEqual([]);
    expect(corsOrigins('')).toEqual([]);
    expect(corsOrigins(' , ')).toEqual([]);
  });

  it('takes origins as the browser sends them in Origin', () => {
    expect(
      corsOrigins('https://app.example.org, http://localhost:5173/,HTTPS://Other.Example:443'),
    ).toEqual(['https://app.example.org', 'http://localhost:5173', 'https://other.example']);
  });

  it('refuses what is not an origin: a wildcard, null, a path, a query or another scheme', () => {
    for (const given of [
      '*',
      'null',
      'app.example.org',
      'https://app.example.org/app',
      'https://app.example.org/?x',
      'https://user@app.example.org',
      'ftp://app.example.org',
    ])
      expect(() => corsOrigins(`https://ok.example,${given}`), given).toThrow(/is not an origin/u);
  });
});

describe('sign-in with an OpenID provider (OIDC_*)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bumps-config-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const CLIENT = { OIDC_CLIENT_ID: 'client-id', OIDC_CLIENT_SECRET: 'client-secret' };
  const oidc = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir, ...env }).oidc;

  it('is off unless a client id and secret are set', () => {
    expect(oidc({})).toBeNull();
    expect(oidc({ OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '' })).toBeNull();
  });

  it('means Google, named so on the button, when only the client is set', () => {
    expect(oidc(CLIENT)).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'client-id',
      clientSecret: 'client-secret',
      providerName: 'Google',
      allowHttp: false,
    });
  });

  it('takes any https issuer, and its name for the button', () => {
    expect(
      oidc({
        ...CLIENT,
        OIDC_ISSUER: 'https://id.example.org/realms/bumps',
        OIDC_PROVIDER_NAME: 'Example ID',
      }),
    ).toMatchObject({
      issuer: 'https://id.example.org/realms/bumps',
      providerName: 'Example ID',
      allowHttp: false,
    });
  });

  it('takes a plain-http issuer only on this machine', () => {
    for (const issuer of ['http://127.0.0.1:8080', 'http://localhost:9000/realms/dev'])
      expect(oidc({ ...CLIENT, OIDC_ISSUER: issuer }), issuer).toMatchObject({
        issuer,
        allowHttp: true,
      });
    for (const issuer of ['http://id.example.org', 'http://10.0.0.5:8080', 'http://127.0.0.2'])
      expect(() => oidc({ ...CLIENT, OIDC_ISSUER: issuer }), issuer).toThrow(
        /OIDC_ISSUER must be an https:\/\/ address/u,
      );
  });

  it('refuses what is not an issuer address', () => {
    for (const issuer of [
      'accounts.google.com',
      'https://id.example.org/?realm=x',
      'ftp://id.example.org',
    ])
      expect(() => oidc({ ...CLIENT, OIDC_ISSUER: issuer }), issuer).toThrow(/OIDC_ISSUER/u);
  });

  it('refuses half a client, or an issuer without one', () => {
    expect(() => oidc({ OIDC_CLIENT_ID: 'client-id' })).toThrow(
      /both OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/u,
    );
    expect(() => oidc({ OIDC_CLIENT_SECRET: 'secret' })).toThrow(/both OIDC_CLIENT_ID/u);
    expect(() => oidc({ OIDC_ISSUER: 'https://accounts.google.com' })).toThrow(
      /need OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/u,
    );
  });
});

describe('the app secret (APP_SECRET)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bumps-config-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const DATABASE_URL = 'postgres://user:secret@db.invalid:5432/bumps';

  it('starts in production on PostgreSQL without one, flagged so the start warns', () => {
    const local = loadConfig({ DATA_DIR: dataDir, DATABASE_URL, NODE_ENV: 'production' });
    expect(local.appSecret).toMatch(/^[0-9a-f]{64}$/u);
    expect(local.appSecretIsLocal).toBe(true);
    const secret = 'x'.repeat(32);
    const given = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL,
      NODE_ENV: 'production',
      APP_SECRET: secret,
    });
    expect(given).toMatchObject({ appSecret: secret, appSecretIsLocal: false });
  });

  it('generates one into DATA_DIR on the embedded database, and keeps it', () => {
    const first = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }).appSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/u);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }).appSecret).toBe(first);
  });
});

describe('payments (STRIPE_*, DONATION_URL)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bumps-config-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const KEYS = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

  it('turns payments off without a key, and on with the key and the webhook secret', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).stripe).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, ...KEYS }).stripe).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      api: null,
    });
  });

  it('needs the webhook secret with the key, and the key with the other settings', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      'STRIPE_WEBHOOK_SECRET',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(
      'STRIPE_SECRET_KEY',
    );
  });

  it('takes STRIPE_API_BASE apart into host, port and protocol, and refuses a path', () => {
    const base = (STRIPE_API_BASE: string) =>
      loadConfig({ DATA_DIR: dataDir, ...KEYS, STRIPE_API_BASE }).stripe?.api;
    expect(base('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(base('https://stripe-proxy.example.org')).toEqual({
      host: 'stripe-proxy.example.org',
      port: 443,
      protocol: 'https',
    });
    expect(() => base('https://api.stripe.com/v1')).toThrow('STRIPE_API_BASE');
  });

  it('takes an http(s) DONATION_URL, and none when unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).donationUrl).toBeNull();
    const url = 'https://donate.example.org/bumps';
    expect(loadConfig({ DATA_DIR: dataDir, DONATION_URL: url }).donationUrl).toBe(url);
    expect(() => loadConfig({ DATA_DIR: dataDir, DONATION_URL: 'javascript:alert(1)' })).toThrow();
  });
});
