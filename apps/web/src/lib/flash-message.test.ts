import { beforeEach, describe, expect, it } from 'vitest';
import { setFlashMessage, takeFlashMessage } from './flash-message';

describe('flash message', () => {
  beforeEach(() => sessionStorage.clear());

  it('is read once', () => {
    setFlashMessage({ kind: 'success', text: 'Logged out successfully' });
    expect(takeFlashMessage()).toEqual({ kind: 'success', text: 'Logged out successfully' });
    expect(takeFlashMessage()).toBeNull();
  });

  it('drops an entry that is not a message', () => {
    for (const raw of ['{', '{"kind":"info","text":"x"}', '{"kind":"error","text":""}', 'null', '[]']) {
      sessionStorage.setItem('sheetforms:flash', raw);
      expect(takeFlashMessage(), raw).toBeNull();
      expect(sessionStorage.getItem('sheetforms:flash')).toBeNull();
    }
  });
});
