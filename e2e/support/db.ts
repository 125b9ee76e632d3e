import pg from 'pg';

/** Reads what only the database knows: the code a captcha image shows. */
export async function captchaCode(databaseUrl: string, randomStr: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ code: string }>('SELECT code FROM auth_captcha WHERE random_str = $1', [randomStr]);
    if (!rows[0]) throw new Error(`no captcha issued for ${randomStr}`);
    return rows[0].code;
  } finally {
    await client.end();
  }
}

export async function sql<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
