//! Route guards (spec §2, DESIGN §1). The UI guard is a convenience: the server is the wall.
import type { Params } from 'react-router';
import { paths } from '../paths';
import { isStaff, seesPerson, type CurrentUser } from '../lib/user';

export type GuardName = 'auth' | 'guest' | 'manager' | 'worker' | 'master-by-url' | 'owner-by-url';

export type GuardOutcome = { pass: true } | { redirect: string } | { forbidden: true };

const PASS: GuardOutcome = { pass: true };
const SIGN_IN: GuardOutcome = { redirect: paths.login };
const FORBIDDEN: GuardOutcome = { forbidden: true };

type Rule = (user: CurrentUser | null, params: Params) => GuardOutcome;

const RULES: Record<GuardName, Rule> = {
  auth: (user) => (user ? PASS : SIGN_IN),
  guest: (user) => (user ? { redirect: paths.home } : PASS),
  manager: (user) => (!user ? SIGN_IN : user.roles.includes('manager') ? PASS : FORBIDDEN),
  worker: (user) => (!user ? SIGN_IN : isStaff(user) ? PASS : FORBIDDEN),
  /** Staff see every user; anyone else himself and the children linked to him. */
  'master-by-url': (user, params) => {
    if (!user) return SIGN_IN;
    return seesPerson(user, Number(params.id)) ? PASS : FORBIDDEN;
  },
  /** What a person keeps for himself (his boards): he himself or a manager. */
  'owner-by-url': (user, params) => {
    if (!user) return SIGN_IN;
    return user.roles.includes('manager') || Number(params.id) === user.id ? PASS : FORBIDDEN;
  },
};

/** Runs the guards in order; the first that does not pass decides. */
export function evaluateGuards(names: readonly string[], user: CurrentUser | null, params: Params = {}): GuardOutcome {
  for (const name of names) {
    if (!Object.hasOwn(RULES, name)) throw new Error('Unknown route middleware');
    const outcome = RULES[name as GuardName](user, params);
    if (!('pass' in outcome)) return outcome;
  }
  return PASS;
}

/** Whether a menu entry for a route with these guards should be shown to the user. */
export function mayOpen(names: readonly string[], user: CurrentUser | null, params: Params = {}): boolean {
  return 'pass' in evaluateGuards(names, user, params);
}
