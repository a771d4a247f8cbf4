import { createPasswordHasher, DEFAULT_SCRYPT } from './passwords.js';

/** A cheap cost for the tests (the default costs ~0.1 s a hash). */
const hasher = createPasswordHasher({ N: 1024, r: 8, p: 1 });

describe('password hashing (scrypt)', () => {
  it('stores parameters, salt and hash, never the password', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('correct');
    expect(await hasher.hash('correct horse battery')).not.toBe(hash); // a new salt each time
  });

  it('verifies the right password only', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(await hasher.verify('correct horse battery', hash)).toBe(true);
    expect(await hasher.verify('correct horse batterY', hash)).toBe(false);
    expect(await hasher.verify('', hash)).toBe(false);
  });

  it('answers false for an unknown user (undefined hash) and a corrupt hash, after the same work', async () => {
    expect(await hasher.verify('anything', undefined)).toBe(false);
    expect(await hasher.verify('anything', 'scrypt$1024$8$1$bad')).toBe(false);
    expect(await hasher.verify('anything', 'scrypt$4294967296$8$1$c2FsdA==$aGFzaGhhc2hoYXNoaGFzaA==')).toBe(
      false,
    );
  });

  it('verifies hashes made with other parameters (they are read from the hash)', async () => {
    const other = createPasswordHasher({ N: 2048, r: 4, p: 2 });
    expect(await hasher.verify('s3cret-pass', await other.hash('s3cret-pass'))).toBe(true);
  });

  it('uses a memory-hard default of 32 MiB per hash', () => {
    expect(128 * DEFAULT_SCRYPT.N * DEFAULT_SCRYPT.r).toBe(32 * 1024 * 1024);
  });
});
