import { describe, expect, it } from 'vitest';
import { ProfileKeyError, profileKey } from './profiles.ts';

describe('profileKey (the seed’s document-key rule)', () => {
  it('takes uid, else sub, else id, else the email with . and @ replaced by _', () => {
    expect(profileKey({ uid: 'u1', sub: 's1', id: 'i1', email: 'a.b@c.org' })).toBe('u1');
    expect(profileKey({ sub: 's1', id: 'i1', email: 'a.b@c.org' })).toBe('s1');
    expect(profileKey({ id: 'i1', email: 'a.b@c.org' })).toBe('i1');
    expect(profileKey({ email: 'ada.lovelace@math.example.org' })).toBe('ada_lovelace_math_example_org');
    expect(profileKey({ uid: '', sub: null, email: 'x@y.z' })).toBe('x_y_z');
  });

  it('gives no key when nothing identifies the user', () => {
    expect(profileKey({})).toBeUndefined();
    expect(profileKey({ uid: '', email: '' })).toBeUndefined();
  });

  it('refuses a key with a colon', () => {
    expect(() => profileKey({ uid: 'tenant:42' })).toThrow(ProfileKeyError);
    expect(() => profileKey({ email: 'a:b@c.org' })).toThrow(ProfileKeyError);
  });
});
