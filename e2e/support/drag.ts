import type { Locator, Page } from '@playwright/test';

/** Waits until the page has stopped scrolling (the app scrolls smoothly), for 200 ms in a row. */
export async function scrollSettled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let stillSince = performance.now();
        const check = () => {
          if (window.scrollY !== last) {
            last = window.scrollY;
            stillSince = performance.now();
          }
          if (performance.now() - stillSince >= 200) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** Drags one handle onto another with the mouse, in small steps as a person would. */
export async function dragHandle(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('drag handles are not visible');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 - 8, { steps: 4 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 - 4, { steps: 12 });
  await page.mouse.up();
}

/**
 * Picks a row up by its handle with Space, moves it one place with the arrow key, and drops it with
 * Space. The page scrolls smoothly (to the focused handle, and with the row being moved): a person
 * presses the next key once they see where the row is.
 */
export async function moveByKeyboard(page: Page, handle: Locator, key: 'ArrowDown' | 'ArrowUp') {
  await handle.focus();
  await scrollSettled(page);
  await page.keyboard.press('Space');
  await scrollSettled(page);
  await page.keyboard.press(key);
  await scrollSettled(page);
  await page.keyboard.press('Space');
}
