import type { Knex } from '@neuralbeat/common';

export interface UserRow {
  id: number;
  username: string;
  password: string;
  is_admin: boolean;
  created_at: Date;
}

/** Knex access to `users`. Usernames are matched without regard to case. */
export class UsersRepository {
  private readonly db: Knex;
  constructor(db: Knex) {
    this.db = db;
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db<UserRow>('users').whereRaw('lower(username) = lower(?)', [username]).orderBy('id').first();
  }

  async anyAdmin(): Promise<boolean> {
    return Boolean(await this.db('users').where({ is_admin: true }).first('id'));
  }

  async create(username: string, passwordHash: string, isAdmin: boolean): Promise<UserRow> {
    const [row] = await this.db<UserRow>('users').insert({ username, password: passwordHash, is_admin: isAdmin }).returning('*');
    return row!;
  }

  async update(id: number, changes: Partial<Pick<UserRow, 'password' | 'is_admin'>>): Promise<void> {
    await this.db('users').where({ id }).update(changes);
  }
}
