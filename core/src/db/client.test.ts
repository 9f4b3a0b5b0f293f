import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, withStatementName } from './client.ts';

const URL_ = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const prepared = createDatabase(URL_, 1);
const unprepared = createDatabase(URL_, 1, { prepare: false });

afterAll(async () => {
  await Promise.all([prepared.$client.end(), unprepared.$client.end()]);
});

/** The statements the pool's one connection holds prepared. */
async function preparedTexts(db: typeof prepared): Promise<string[]> {
  const { rows } = await db.$client.query<{ statement: string }>(
    'SELECT statement FROM pg_prepared_statements',
  );
  return rows.map((r) => r.statement);
}

describe('prepared statements', () => {
  it('names a parameterised text once, the same name every time', () => {
    const a = withStatementName({ text: 'SELECT $1::int AS n', values: [1] });
    const b = withStatementName({ text: 'SELECT $1::int AS n', values: [2] });
    expect(a.name).toMatch(/^SELECT #\d+$/);
    expect(b.name).toBe(a.name);
    expect(withStatementName({ text: 'SELECT $1::int + 1 AS n', values: [1] }).name).not.toBe(
      a.name,
    );
    // No parameters: perhaps several commands (a migration), never named.
    expect(withStatementName({ text: 'SELECT 1; SELECT 2' }).name).toBeUndefined();
    expect(withStatementName({ text: 'SELECT 1', name: 'mine' }).name).toBe('mine');
  });

  it('prepares what Drizzle and the pool run with parameters, and answers as before', async () => {
    const marker = `marker_${Date.now()}`;
    const drizzleText = sql`SELECT ${marker}::text AS m, ${41}::int + 1 AS n`;
    for (let i = 0; i < 3; i += 1) {
      const { rows } = await prepared.execute<{ m: string; n: number }>(drizzleText);
      expect(rows).toEqual([{ m: marker, n: 42 }]);
      const raw = await prepared.$client.query<{ m: string }>(`SELECT $1::text AS m /* raw */`, [
        marker,
      ]);
      expect(raw.rows).toEqual([{ m: marker }]);
    }
    const texts = await preparedTexts(prepared);
    expect(texts.filter((t) => t.includes('AS m, $2::int + 1 AS n'))).toHaveLength(1);
    expect(texts.filter((t) => t.includes('/* raw */'))).toHaveLength(1);

    await unprepared.execute(drizzleText);
    expect(await preparedTexts(unprepared)).toEqual([]);
  });

  it('prepares a statement again when a migration changed its table under it', async () => {
    const table = `stale_plan_${Date.now()}`;
    const read = `SELECT * FROM ${table} WHERE id = $1`;
    await prepared.$client.query(`CREATE TABLE ${table} (id int PRIMARY KEY)`);
    try {
      await prepared.$client.query(`INSERT INTO ${table} VALUES (1)`);
      expect((await prepared.$client.query(read, [1])).rows).toEqual([{ id: 1 }]);
      // A newer process's migration (a rolling deploy), on another connection.
      await unprepared.$client.query(`ALTER TABLE ${table} ADD COLUMN note text DEFAULT 'new'`);
      expect((await prepared.$client.query(read, [1])).rows).toEqual([{ id: 1, note: 'new' }]);
      expect((await prepared.execute(sql.raw(`SELECT 1`))).rows).toHaveLength(1);

      // Inside a transaction the refusal ends it; the statement is fresh afterwards.
      await unprepared.$client.query(`ALTER TABLE ${table} ADD COLUMN more int DEFAULT 2`);
      const client = await prepared.$client.connect();
      try {
        await client.query('BEGIN');
        await expect(client.query(read, [1])).rejects.toThrow(/cached plan/);
        await client.query('ROLLBACK');
        // pg's callback form, as the pool's own query uses it.
        const rows = await new Promise((resolve, reject) =>
          client.query(read, [1], (err: Error | null, res: { rows: unknown[] }) =>
            err ? reject(err) : resolve(res.rows),
          ),
        );
        expect(rows).toEqual([{ id: 1, note: 'new', more: 2 }]);
      } finally {
        client.release();
      }
    } finally {
      await unprepared.$client.query(`DROP TABLE ${table}`);
    }
  });
});
