import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from './save-blob';

describe('saveBlob (the one way a downloaded file is saved)', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('clicks a temporary link that saves under the name, or opens a tab, and releases the URL later', () => {
    vi.useFakeTimers();
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: revoke });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    saveBlob(new Blob(['x']), 'sepa.xml');
    saveBlob(new Blob(['x']), 'contrato.pdf', { openInTab: true });

    expect(clicked.map((a) => [a.download, a.target, a.getAttribute('href')])).toEqual([
      ['sepa.xml', '', 'blob:file'],
      ['', '_blank', 'blob:file'],
    ]);
    // The links are gone; the URL stays until the save has read it.
    expect(document.querySelectorAll('a[href="blob:file"]')).toHaveLength(0);
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledTimes(2);
  });
});
