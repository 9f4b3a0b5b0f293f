import { randomFillSync } from 'node:crypto';
import { ulid as encode } from 'ulid';

/**
 * The system's CSPRNG, drawn 4 kB at a time: the `ulid` package, left to itself, makes one
 * synchronous `getRandomValues` call per character, 16 per id (4 % of the server's CPU under
 * the API benchmark, for the request ids alone). Hand-written because it is the whole of it.
 */
const pool = new Uint8Array(4096);
let used = pool.length;

function randomByteFraction(): number {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  // 256 / 32 characters: every character of the alphabet stays equally likely.
  return pool[used++]! / 256;
}

/** A new ULID: the time in ms, then 80 random bits. */
export function ulid(seedTime?: number): string {
  return encode(seedTime, randomByteFraction);
}
