import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP/ASVS minimum: 19 MiB, 2 iterations, 1 lane. The whole password is
// hashed as UTF-8 (no truncation, unlike bcrypt's 72 bytes), so long and CJK passwords are safe.
// `algorithm: 2` is Argon2id (the package exports it as a const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password.normalize('NFC'));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password for timing equality');
  await verifyPassword(await dummyHash, password);
  return false;
}
