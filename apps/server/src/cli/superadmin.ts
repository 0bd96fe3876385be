// Creates or resets a platform superadmin: npm run superadmin -- --email a@b.pt --password '…'
import { parseArgs } from 'node:util';
import { readEnv } from '@/config/env.ts';
import { openDatabase } from '@/db/bootstrap.ts';
import { upsertSuperadmin } from '@/db/superadmin.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: 'Super' },
    'last-name': { type: 'string', default: 'Admin' },
  },
});

if (!values.email || !values.password || values.password.length < 8) {
  console.error('Uso: npm run superadmin -- --email EMAIL --password PASSWORD (8 caracteres no mínimo)');
  process.exit(2);
}

const email = values.email.trim().toLowerCase();
try {
  const env = readEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    log: () => {},
  });
  try {
    const created = await upsertSuperadmin(database.db, {
      email,
      password: values.password,
      firstName: values['first-name'] ?? 'Super',
      lastName: values['last-name'] ?? 'Admin',
    });
    console.log(created ? `Superadmin ${email} criado.` : `Superadmin ${email} atualizado.`);
  } finally {
    await database.shutdown();
  }
} catch (error) {
  // One sentence for the person at the terminal (the embedded database's start-up errors say what to do).
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
