import { eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/password.ts';
import type { Db } from './client.ts';
import { refreshTokens, users } from './schema/index.ts';

/** Creates the platform account, or resets its password, role and active flag; true when created. */
export async function upsertSuperadmin(
  db: Db,
  input: { email: string; password: string; firstName: string; lastName: string },
): Promise<boolean> {
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          passwordHash,
          role: 'superadmin',
          organizationId: null,
          teamId: null,
          isActive: true,
          updatedAt: new Date(),
        })
        .where(eq(users.id, existing.id));
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(eq(refreshTokens.userId, existing.id));
    });
    return false;
  }
  await db.insert(users).values({ ...input, passwordHash, role: 'superadmin', organizationId: null });
  return true;
}
