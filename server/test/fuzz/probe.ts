import type { RawRequest } from './raw-request.ts';

/** One bad request and what the API promises about it. */
export interface Probe {
  label: string;
  request: RawRequest;
  /**
   * True when the input is outside the documented contract: the answer must be a 4xx. False for
   * hostile but well-typed values (an injection string as a name): a 2xx is then legitimate,
   * as long as nothing breaks.
   */
  mustRefuse: boolean;
  /** The statuses the API conventions give this input (docs/api.md), when they are that precise. */
  expected?: number[];
  /** The probe is about the declared media type (a route reading any type skips `expected`). */
  mediaType?: boolean;
}

/** The probe with the statuses the conventions promise for it. */
export function expecting(probe: Probe, expected: number[], mediaType = false): Probe {
  return { ...probe, expected, ...(mediaType ? { mediaType } : {}) };
}

/** What a probe needs besides the operation: the base request and upload limits. */
export interface ProbeContext {
  /** The path with seeded ids, and the headers (session cookie, device credentials). */
  base: { path: string; headers: Record<string, string> };
  /** Path with one parameter replaced (already encoded). */
  pathWith: (param: string, encoded: string) => string;
  /** Fields the baseline body needs to get past authentication (the webhook's secret). */
  bodyExtras?: Record<string, unknown>;
  /** The seeded PRNG that picks which hostile strings each field and parameter gets. */
  random: () => number;
  /** Probes only this operation needs (device credentials…), added to the generated ones. */
  extra?: Probe[];
  /** Upload: the file the route accepts, a file of the wrong type, and the largest size. */
  upload?: {
    good: FilePart;
    wrongType?: FilePart;
    maxBytes: number;
    fields?: Record<string, string>;
  };
}

/** A file part of a multipart body. */
export interface FilePart {
  name: string;
  type: string;
  data: Buffer;
}
