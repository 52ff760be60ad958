import type { Config, Knex, SessionStore, SessionUser } from '@neuralbeat/common';

type FirstAdminSettings = Pick<Config, 'ADMIN_USERNAME' | 'ADMIN_PASSWORD' | 'SITE_URL'>;
import { UsersRepository } from '../repositories/usersRepository';
import { DUMMY_HASH, generatePassword, hashPassword, verifyPassword } from './passwords';

export type FirstAdminOutcome =
  | { action: 'created' | 'unchanged'; username: string }
  | { action: 'updated'; username: string; userId: number; passwordChanged: boolean }
  | { action: 'generated'; username: string; password: string }
  | { action: 'none' };

const GENERATED_USERNAME = 'admin';

/** Sign-in and the first operator account. */
export class OperatorAccounts {
  private readonly users: UsersRepository;
  constructor(db: Knex) {
    this.users = new UsersRepository(db);
  }

  /** The user whose password matches, or null; as slow for an unknown username as for a wrong password. */
  async signIn(username: string, password: string): Promise<SessionUser | null> {
    const user = await this.users.findByUsername(username);
    const matches = await verifyPassword(password, user?.password ?? DUMMY_HASH);
    if (!user || !matches) return null;
    return { id: user.id, username: user.username, isAdmin: user.is_admin };
  }

  /**
   * ADMIN_USERNAME/ADMIN_PASSWORD name the operator account: created when
   * missing, made an operator and given that password when it exists (the
   * environment wins). Without them, a system with no operator at all gets one
   * with a generated password, which the caller prints once; it is never shown again.
   */
  async ensureFirstAdmin(cfg: Pick<Config, 'ADMIN_USERNAME' | 'ADMIN_PASSWORD'>): Promise<FirstAdminOutcome> {
    if (cfg.ADMIN_USERNAME && cfg.ADMIN_PASSWORD) {
      const existing = await this.users.findByUsername(cfg.ADMIN_USERNAME);
      if (!existing) {
        await this.users.create(cfg.ADMIN_USERNAME, await hashPassword(cfg.ADMIN_PASSWORD), true);
        return { action: 'created', username: cfg.ADMIN_USERNAME };
      }
      const samePassword = await verifyPassword(cfg.ADMIN_PASSWORD, existing.password);
      if (samePassword && existing.is_admin) return { action: 'unchanged', username: existing.username };
      await this.users.update(existing.id, {
        is_admin: true,
        ...(samePassword ? {} : { password: await hashPassword(cfg.ADMIN_PASSWORD) }),
      });
      return { action: 'updated', username: existing.username, userId: existing.id, passwordChanged: !samePassword };
    }
    if (await this.users.anyAdmin()) return { action: 'none' };
    const password = generatePassword();
    const taken = await this.users.findByUsername(GENERATED_USERNAME);
    if (taken) await this.users.update(taken.id, { is_admin: true, password: await hashPassword(password) });
    else await this.users.create(GENERATED_USERNAME, await hashPassword(password), true);
    return { action: 'generated', username: GENERATED_USERNAME, password };
  }
}

/**
 * Start-up step (scripts/start.ts, the seed command): makes sure an operator
 * can sign in, and prints a generated password the one time it is made.
 */
export async function ensureFirstAdmin(
  db: Knex,
  cfg: FirstAdminSettings,
  print: (line: string) => void = console.log,
  sessions?: Pick<SessionStore, 'destroyAllOf'>,
): Promise<FirstAdminOutcome> {
  if (cfg.ADMIN_USERNAME && !cfg.ADMIN_PASSWORD)
    print('ADMIN_USERNAME is set without ADMIN_PASSWORD; set both to choose the operator account.');
  const outcome = await new OperatorAccounts(db).ensureFirstAdmin(cfg);
  const signIn = `${cfg.SITE_URL.replace(/\/$/, '')}/admin/login`;
  if (outcome.action === 'generated') {
    print(
      [
        '',
        '  ┌─ Operator account (this password is shown only once) ─────────',
        `  │  sign in at  ${signIn}`,
        `  │  username    ${outcome.username}`,
        `  │  password    ${outcome.password}`,
        '  └─ Set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own. ─────',
        '',
      ].join('\n'),
    );
  } else if (outcome.action === 'created' || outcome.action === 'updated') {
    print(`Operator account "${outcome.username}" ${outcome.action} from ADMIN_USERNAME/ADMIN_PASSWORD; sign in at ${signIn}.`);
  }
  // A new password is how an operator shuts out whoever had the old one: their sessions end too.
  if (outcome.action === 'updated' && outcome.passwordChanged && sessions) {
    const ended = await sessions.destroyAllOf(outcome.userId);
    if (ended) print(`Signed out ${ended} session${ended === 1 ? '' : 's'} of "${outcome.username}": its password changed.`);
  }
  return outcome;
}
