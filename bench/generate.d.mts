import type pg from 'pg';

export const BENCH_PASSWORD: string;
export const BIG_ADMIN: string;
export const BIG_SALES: string;

export interface GenerateOptions {
  proposals?: number;
  clients?: number;
  products?: number;
  users?: number;
  teams?: number;
  smallOrgs?: number;
}

export function generateData(
  db: pg.Client,
  options?: GenerateOptions,
): Promise<Required<GenerateOptions> & { seconds: number }>;
