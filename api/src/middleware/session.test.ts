import Keygrip from 'keygrip';
import { describe, expect, it } from 'vitest';
import { sessionSigner } from './session';

describe('sessionSigner', () => {
  const secret = 'a-session-secret-of-some-length';
  const signer = sessionSigner(secret);
  const keygrip = new Keygrip([secret]);

  it('signs exactly as keygrip does, so cookies signed before stay valid', () => {
    for (const data of ['bp.session=eyJzaWQiOiJhYmMifQ==', 'bp.session=', `bp.session=${'x'.repeat(500)}`]) {
      expect(signer.sign(data)).toBe(keygrip.sign(data));
      expect(signer.index(data, keygrip.sign(data))).toBe(0);
    }
  });

  it('refuses a wrong, shortened or other-key signature', () => {
    const data = 'bp.session=eyJzaWQiOiJhYmMifQ==';
    const good = signer.sign(data);
    expect(signer.index(data, `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`)).toBe(-1);
    expect(signer.index(data, good.slice(0, -2))).toBe(-1);
    expect(signer.index(data, new Keygrip(['another-secret']).sign(data))).toBe(-1);
    expect(signer.index(`${data}x`, good)).toBe(-1);
    expect(signer.verify(data, good)).toBe(true);
  });
});
