import { describe, expect, it } from 'vitest';
import { aUser } from '../test/user';
import { evaluateGuards, mayOpen } from './guards';

const user = aUser;

describe('guards', () => {
  it('fails an unknown guard name with the spec message', () => {
    expect(() => evaluateGuards(['admin'], null)).toThrowError('Unknown route middleware');
    expect(() => evaluateGuards(['constructor'], null)).toThrowError('Unknown route middleware');
  });

  it('auth sends a signed-out visitor to sign in', () => {
    expect(evaluateGuards(['auth'], null)).toEqual({ redirect: '/auth/login' });
    expect(evaluateGuards(['auth'], user(['parent']))).toEqual({ pass: true });
  });

  it('guest admits only the signed out', () => {
    expect(evaluateGuards(['guest'], null)).toEqual({ pass: true });
    expect(evaluateGuards(['guest'], user(['student']))).toEqual({ redirect: '/' });
  });

  it('manager admits managers; worker admits managers and workers', () => {
    expect(mayOpen(['manager'], user(['manager']))).toBe(true);
    expect(evaluateGuards(['manager'], user(['worker']))).toEqual({ forbidden: true });
    expect(mayOpen(['worker'], user(['manager']))).toBe(true);
    expect(mayOpen(['worker'], user(['worker']))).toBe(true);
    expect(evaluateGuards(['worker'], user(['student', 'parent']))).toEqual({ forbidden: true });
    expect(evaluateGuards(['worker'], null)).toEqual({ redirect: '/auth/login' });
  });

  it('master-by-url: staff see anyone, others themselves and their children', () => {
    expect(mayOpen(['master-by-url'], user(['worker']))).toBe(true);
    const parent = user(['parent'], { children_ids: [12] });
    expect(evaluateGuards(['master-by-url'], parent, { id: '7' })).toEqual({ pass: true });
    expect(evaluateGuards(['master-by-url'], parent, { id: '12' })).toEqual({ pass: true });
    expect(evaluateGuards(['master-by-url'], parent, { id: '13' })).toEqual({ forbidden: true });
  });

  it('owner-by-url: the person himself or a manager', () => {
    expect(evaluateGuards(['owner-by-url'], user(['worker']), { id: '7' })).toEqual({ pass: true });
    expect(evaluateGuards(['owner-by-url'], user(['worker']), { id: '8' })).toEqual({ forbidden: true });
    expect(evaluateGuards(['owner-by-url'], user(['parent'], { children_ids: [8] }), { id: '8' })).toEqual({ forbidden: true });
    expect(evaluateGuards(['owner-by-url'], user(['manager']), { id: '8' })).toEqual({ pass: true });
    expect(evaluateGuards(['owner-by-url'], null, { id: '7' })).toEqual({ redirect: '/auth/login' });
  });

  it('stops at the first guard that does not pass', () => {
    expect(evaluateGuards(['auth', 'manager'], null)).toEqual({ redirect: '/auth/login' });
  });
});
