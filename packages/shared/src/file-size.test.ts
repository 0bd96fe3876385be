import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

describe('formatFileSize', () => {
  it('reads in B, KB and MB with a pt-PT decimal comma', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(12_800)).toBe('12,5 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(3.25 * 1024 * 1024)).toBe('3,3 MB');
  });

  it('never prints nonsense for a bad value', () => {
    expect(formatFileSize(-1)).toBe('—');
    expect(formatFileSize(Number.NaN)).toBe('—');
  });
});
