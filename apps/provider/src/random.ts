/** @module random — the injectable source of randomness for tokens and ids (CSPRNG by default). */
import { randomBytes, randomUUID } from 'node:crypto';

/** Random bytes and UUIDs; tests may swap in a deterministic source. */
export interface Random {
  bytes(length: number): Uint8Array;
  uuid(): string;
}

/** Node's CSPRNG. */
export const cryptoRandom: Random = {
  bytes: (length) => new Uint8Array(randomBytes(length)),
  uuid: () => randomUUID(),
};
