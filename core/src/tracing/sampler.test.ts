import { describe, expect, it } from 'vitest';
import { tracingEnabled } from './bootstrap.ts';
import { samplerFromEnv } from './sdk.ts';

describe('tracingEnabled', () => {
  it('is on only with an OTLP endpoint, unless the SDK is disabled', () => {
    expect(tracingEnabled({})).toBe(false);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBe(false);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' })).toBe(
      true,
    );
    expect(
      tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
  });
});

describe('samplerFromEnv', () => {
  it('keeps one trace in ten by default, whole (parent-based)', () => {
    expect(samplerFromEnv({}).toString()).toMatch(/^ParentBased\{root=TraceIdRatioBased\{0\.1\}/);
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER_ARG: 'lots' }).toString()).toContain('{0.1}');
  });

  it('follows OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG', () => {
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER_ARG: '1' }).toString()).toContain(
      'TraceIdRatioBased{1}',
    );
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER_ARG: '7' }).toString()).toContain('{1}');
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: 'always_off' }).toString()).toBe(
      'AlwaysOffSampler',
    );
    expect(
      samplerFromEnv({
        OTEL_TRACES_SAMPLER: 'traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.5',
      }).toString(),
    ).toBe('TraceIdRatioBased{0.5}');
  });
});
