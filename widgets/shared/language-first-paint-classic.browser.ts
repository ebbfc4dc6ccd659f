/**
 * The classic script (kasuwa-widgets.iife.js) paints its first text in the reader's language too: the
 * widget waits for the language's chunk, the fallback on screen meanwhile; without it, English.
 */
import { holdChunks, loadScript } from '../../testing/browser/browser.js';
import {
  CLASSIC,
  englishWhenChunkFails,
  firstLabelOnceReleased,
  formFixture,
} from '../../testing/browser/first-paint.js';

await loadScript(CLASSIC);

// Pidgin, which the ES-module file does not use (the two files' pages fetch the same URLs); the
// pseudo-locale fails in both.
describe('the first paint of a widget from the classic script', () => {
  it('given lang="pcm" and a slow network should show Pidgin first', async () => {
    await holdChunks('widgets.pcm');
    await firstLabelOnceReleased(formFixture('lang="pcm"'), 'Your email address');
  });

  it('given its language chunk fails to load (offline) should show English rather than nothing', englishWhenChunkFails);
});
