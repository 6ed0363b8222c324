import { describe, expect, it } from 'vitest';
import { datadogSeriesUrl, resolveDatadogTarget } from './target.js';

describe('datadogSeriesUrl', () => {
  it('appends /api/v2/series to a base, and keeps a full URL', () => {
    expect(datadogSeriesUrl('https://api.datadoghq.eu')).toBe('https://api.datadoghq.eu/api/v2/series');
    expect(datadogSeriesUrl('http://127.0.0.1:9/proxy/')).toBe('http://127.0.0.1:9/proxy/api/v2/series');
    expect(datadogSeriesUrl('https://api.datadoghq.com/api/v2/series')).toBe('https://api.datadoghq.com/api/v2/series');
  });
});

describe('resolveDatadogTarget', () => {
  it('is off when neither a URL nor an explicit key is given, even with DD_API_KEY set', () => {
    expect(resolveDatadogTarget({ url: null, apiKey: null }, { DD_API_KEY: 'k' })).toBeNull();
  });
  it('takes the site from DD_SITE when the URL is empty or auto', () => {
    expect(resolveDatadogTarget({ url: 'auto', apiKey: null }, { DD_API_KEY: 'k', DD_SITE: 'datadoghq.eu' })).toEqual({
      url: 'https://api.datadoghq.eu/api/v2/series',
      apiKey: 'k',
    });
    expect(resolveDatadogTarget({ url: null, apiKey: 'k2' }, { DD_SITE: 'us5.datadoghq.com' })).toEqual({
      url: 'https://api.us5.datadoghq.com/api/v2/series',
      apiKey: 'k2',
    });
    expect(resolveDatadogTarget({ url: '', apiKey: 'k' }, {})).toEqual({
      url: 'https://api.datadoghq.com/api/v2/series',
      apiKey: 'k',
    });
  });
  it('skips with a reason when the key is missing or the URL is bad, never echoing the key', () => {
    expect(resolveDatadogTarget({ url: 'https://api.datadoghq.com', apiKey: null }, {})).toEqual({
      skip: expect.stringMatching(/no API key/),
    });
    const bad = resolveDatadogTarget({ url: 'not a url secretkey', apiKey: 'secretkey' }, {});
    expect(bad).toEqual({ skip: expect.stringMatching(/is not a URL/) });
    expect(JSON.stringify(bad)).not.toContain('secretkey');
    expect(resolveDatadogTarget({ url: 'ftp://x', apiKey: 'k' }, {})).toEqual({
      skip: expect.stringMatching(/not an http/),
    });
  });
});
