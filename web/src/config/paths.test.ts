import { describe, expect, it } from 'vitest';
import { loginUrl, safeReturnPath } from './paths';

describe('return path after sign-in', () => {
  it.each(['/enrollments/users', '/enrollments/contracts/12?tab=accounts', '/enrollments/contracts/amendment/1+2'])(
    'keeps the same-origin path %s',
    (ref) => {
      // Prepare / Act / Assess
      expect(safeReturnPath(ref)).toBe(ref);
    },
  );

  it.each([
    '//evil.example/x',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\\evil.example',
    '/\t/evil.example',
    'enrollments',
    '/login',
    '/login/abc',
    '',
    null,
  ])('refuses %s (open redirect or loop)', (ref) => {
    // Prepare / Act / Assess
    expect(safeReturnPath(ref)).toBeNull();
  });

  it('builds the login URL with the encoded ref', () => {
    // Prepare / Act / Assess
    expect(loginUrl('/enrollments/reports?x=1')).toBe('/login?ref=%2Fenrollments%2Freports%3Fx%3D1');
    expect(loginUrl('/login')).toBe('/login');
  });
});
