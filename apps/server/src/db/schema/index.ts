export * from './audit.ts';
export * from './auth.ts';
export * from './organizations.ts';
export * from './outbox.ts';
export * from './teams.ts';
export * from './users.ts';
