import { describe, expect, it } from 'vitest';
import { TagsSchema } from './templates.ts';

describe('TagsSchema (docs/product.md#templates)', () => {
  it('trims, drops empty tags and removes duplicates ignoring case, keeping the first spelling', () => {
    expect(TagsSchema.parse([' Web ', 'web', '', '  ', 'WEB', 'Design', 'Ótimo', 'ótimo'])).toEqual([
      'Web',
      'Design',
      'Ótimo',
    ]);
  });

  it('defaults to no tags and refuses more than 20', () => {
    expect(TagsSchema.parse(undefined)).toEqual([]);
    expect(TagsSchema.safeParse(Array.from({ length: 21 }, (_, i) => `t${i}`)).success).toBe(false);
  });
});
