import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from './save-blob';

describe('saveBlob', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('clicks a temporary download link for an object URL and revokes the URL later', () => {
    vi.useFakeTimers();
    // jsdom has no object URLs; these stand in for the browser's.
    const create = vi.fn(() => 'blob:http://localhost/1');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });

    const blob = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    saveBlob(blob, 'Certificate été.pdf');

    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([
      { href: 'blob:http://localhost/1', download: 'Certificate été.pdf', attached: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(revoke).toHaveBeenCalledWith('blob:http://localhost/1');
  });
});
